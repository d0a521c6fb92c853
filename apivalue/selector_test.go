package apivalue

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// Each selector is one kubectl's labels.Parse accepts, or rejects at the position given.
func TestLabelSelectorGrammar(t *testing.T) {
	for _, c := range []struct {
		sel  string
		pos  int // 0: valid
		what string
	}{
		{sel: "app=web"}, {sel: "app==web"}, {sel: "app!=web"}, {sel: "app"}, {sel: "!app"},
		{sel: "app in (web,db)"}, {sel: "app notin (web)"}, {sel: "tier in ()"}, {sel: "tier in (,a)"},
		{sel: "app=web, tier in (front , back),!legacy"}, {sel: "app.kubernetes.io/name=x"},
		{sel: "app="}, {sel: "replicas>2"}, {sel: "replicas<10"}, {sel: ""}, {sel: "  "},
		{sel: "app in (web", pos: 12, what: "found the end, expected ',' or ')'"},
		{sel: "app in web", pos: 8, what: `found "web", expected '(' after in or notin`},
		{sel: "app=web,", pos: 9, what: "found the end, expected a label key after ','"},
		{sel: "app=web db", pos: 9, what: `found "db", expected ',' or the end`},
		{sel: "=web", pos: 1, what: "found '=', expected '!', a label key or the end"},
		{sel: "!app=web", pos: 5, what: "found '=', expected ',' or the end after !KEY"},
		{sel: "app web", pos: 5, what: `found "web", expected an operator: =, ==, !=, in, notin, > or <`},
		{sel: "app=(web)", pos: 5, what: "found '(', expected a label value"},
		{sel: "replicas>two", pos: 10, what: `"two" is not a whole number, which '>' compares`},
		{sel: "replicas<", pos: 10, what: "found the end, expected a whole number after '<'"},
		{sel: "-app=web", pos: 1, what: `"-app" is not a label key: a key's name is at most 63 letters, digits, '-', '_' or '.', beginning and ending with a letter or digit`},
		{sel: "Example.com/app=web", pos: 1, what: `"Example.com/app" is not a label key: its prefix must be a DNS subdomain (lower-case letters, digits, '-' and '.')`},
		{sel: "app=web-", pos: 5, what: `"web-" is not a label value: a value is at most 63 letters, digits, '-', '_' or '.', beginning and ending with a letter or digit`},
		{sel: "app in (a b)", pos: 11, what: `found "b", expected ',' or ')'`},
	} {
		_, got := ParseLabelSelector(c.sel)
		checkRefusal(t, c.sel, c.pos, c.what, got)
	}
}

// TestLabelSelectorMatches evaluates the server's label selector syntax, set-based forms
// included, on one set of labels.
func TestLabelSelectorMatches(t *testing.T) {
	labels := map[string]string{"app": "web", "tier": "frontend", "replicas": "3"}
	cases := map[string]bool{
		"":                               true,
		"app":                            true,
		"!app":                           false,
		"!gone":                          true,
		"app=web":                        true,
		"app==web":                       true,
		"app!=web":                       false,
		"gone!=x":                        true,
		"app in (web,api)":               true,
		"app in (api)":                   false,
		"app notin (api, db)":            true,
		"gone notin (a)":                 true,
		"tier in (frontend),app=web":     true,
		"tier in (frontend) , app = api": false,
		"replicas>2":                     true,
		"replicas<3":                     false,
		"app,tier,!gone":                 true,
	}
	for sel, want := range cases {
		s, err := ParseLabelSelector(sel)
		if err != nil {
			t.Errorf("%q: %v", sel, err)
			continue
		}
		if got := s.Matches(labels); got != want {
			t.Errorf("%q: %v, want %v", sel, got, want)
		}
	}
	for _, bad := range []string{"app in web", "=x", "a b", "in (x)"} {
		if _, err := ParseLabelSelector(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// Field selectors: kubectl's fields.ParseSelector, whose first !=, == or = splits a term.
func TestFieldSelectorGrammar(t *testing.T) {
	for _, c := range []struct {
		sel  string
		pos  int
		what string
	}{
		{sel: "status.phase=Running"}, {sel: "status.phase==Running"}, {sel: "spec.nodeName!="},
		{sel: "metadata.name=a,status.phase!=Failed"}, {sel: `metadata.name=a\,b`}, {sel: ""}, {sel: "a=b,,c=d"},
		{sel: "status.phase", pos: 1, what: `"status.phase" has no operator: a term is FIELD=VALUE, FIELD==VALUE or FIELD!=VALUE`},
		{sel: "a=b,c", pos: 5, what: `"c" has no operator: a term is FIELD=VALUE, FIELD==VALUE or FIELD!=VALUE`},
		{sel: "a==b=c", pos: 5, what: `'=' inside a value must be escaped as '\='`},
		{sel: `a=b\x`, pos: 4, what: `a backslash escapes only '\', ',' or '=' in a value`},
		{sel: `a=b\`, pos: 4, what: `a backslash escapes only '\', ',' or '=' in a value`},
	} {
		_, got := ParseFieldSelector(c.sel)
		checkRefusal(t, c.sel, c.pos, c.what, got)
	}
}

// checkRefusal compares a parser's answer with a case: accepted when pos is 0, else refused at pos
// saying what.
func checkRefusal(t *testing.T, sel string, pos int, what string, got *SelectorError) {
	t.Helper()
	switch {
	case pos == 0 && got != nil:
		t.Errorf("%q: refused at %d: %s", sel, got.Pos, got.What)
	case pos != 0 && got == nil:
		t.Errorf("%q: accepted, want refused at %d", sel, pos)
	case pos != 0:
		if d := cmp.Diff(SelectorError{Pos: pos, What: what}, *got); d != "" {
			t.Errorf("%q (-want +got):\n%s", sel, d)
		}
	}
}

// A hostile selector is read in one pass: bounded work, no panic.
func FuzzSelectors(f *testing.F) {
	for _, s := range []string{"app in (web", "a=b,!c", "x notin (,)", `a=b\,c`, "(((", "!!!", "a>1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sel, e := ParseLabelSelector(s)
		if e != nil && (e.Pos < 1 || e.Pos > len([]rune(s))+1) {
			t.Fatalf("%q: position %d outside the selector", s, e.Pos)
		}
		// What was read writes back to text that reads to the same requirements.
		if e == nil {
			again, e2 := ParseLabelSelector(sel.String())
			if e2 != nil {
				t.Fatalf("%q read, but its text %q does not: %s", s, sel.String(), e2.What)
			}
			if diff := cmp.Diff(sel, again, cmpopts.EquateEmpty()); diff != "" {
				t.Fatalf("%q read otherwise from its text %q (-first +again):\n%s", s, sel.String(), diff)
			}
		}
		if _, e := ParseFieldSelector(s); e != nil && (e.Pos < 1 || e.Pos > len([]rune(s))+1) {
			t.Fatalf("%q: position %d outside the selector", s, e.Pos)
		}
	})
}

// What a field selector reads to: terms split at the first operator, values unescaped.
func TestFieldSelectorTerms(t *testing.T) {
	got, err := ParseFieldSelector(`involvedObject.name=a\,b\=c,,type!=Normal,status.phase==Running`)
	if err != nil {
		t.Fatal(err.What)
	}
	want := FieldSelector{
		{Field: "involvedObject.name", Equal: true, Value: "a,b=c"},
		{Field: "type", Equal: false, Value: "Normal"},
		{Field: "status.phase", Equal: true, Value: "Running"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// A LabelSelector object reads to the requirements its text would, and writes that text as
// kubectl does: sorted by key, matchLabels first on a tie, set values sorted.
func TestLabelSelectorOf(t *testing.T) {
	for _, c := range []struct {
		name string
		sel  map[string]any
		text string
		ok   bool
	}{
		{"absent", nil, "", true},
		{"labels", map[string]any{"matchLabels": map[string]any{"tier": "web", "app": "shop"}}, "app=shop,tier=web", true},
		{"every operator", map[string]any{"matchLabels": map[string]any{"track": "stable"}, "matchExpressions": []any{
			map[string]any{"key": "zone", "operator": "In", "values": []any{"b", "a"}},
			map[string]any{"key": "track", "operator": "NotIn", "values": []any{"canary"}},
			map[string]any{"key": "legacy", "operator": "DoesNotExist"},
			map[string]any{"key": "app", "operator": "Exists"},
		}}, "app,!legacy,track=stable,track notin (canary),zone in (a,b)", true},
		{"unknown operator left out", map[string]any{"matchExpressions": []any{
			map[string]any{"key": "a", "operator": "Near", "values": []any{"x"}},
			map[string]any{"key": "b", "operator": "Exists"},
		}}, "b", false},
		{"a number for a value", map[string]any{"matchLabels": map[string]any{"replicas": 3.0}}, "replicas=", false},
	} {
		sel, ok := LabelSelectorOf(c.sel)
		if sel.String() != c.text || ok != c.ok {
			t.Errorf("%s: %q, %v; want %q, %v", c.name, sel.String(), ok, c.text, c.ok)
		}
		if !ok {
			continue
		}
		again, err := ParseLabelSelector(sel.String())
		if err != nil {
			t.Errorf("%s: its text does not read: %s", c.name, err.What)
			continue
		}
		if diff := cmp.Diff(sel, again, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: the text reads otherwise (-object +text):\n%s", c.name, diff)
		}
	}
}
