package statement

import (
	"testing"

	"github.com/google/go-cmp/cmp"
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
		got := parseLabelSelector(c.sel)
		if c.pos == 0 {
			if got != nil {
				t.Errorf("%q: refused at %d: %s", c.sel, got.pos, got.what)
			}
			continue
		}
		if got == nil {
			t.Errorf("%q: accepted, want refused at %d", c.sel, c.pos)
			continue
		}
		if d := cmp.Diff(selectorError{pos: c.pos, what: c.what}, *got, cmp.AllowUnexported(selectorError{})); d != "" {
			t.Errorf("%q (-want +got):\n%s", c.sel, d)
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
		got := parseFieldSelector(c.sel)
		if c.pos == 0 {
			if got != nil {
				t.Errorf("%q: refused at %d: %s", c.sel, got.pos, got.what)
			}
			continue
		}
		if got == nil {
			t.Errorf("%q: accepted, want refused at %d", c.sel, c.pos)
			continue
		}
		if d := cmp.Diff(selectorError{pos: c.pos, what: c.what}, *got, cmp.AllowUnexported(selectorError{})); d != "" {
			t.Errorf("%q (-want +got):\n%s", c.sel, d)
		}
	}
}

// A hostile selector is read in one pass: bounded work, no panic.
func FuzzSelectors(f *testing.F) {
	for _, s := range []string{"app in (web", "a=b,!c", "x notin (,)", `a=b\,c`, "(((", "!!!", "a>1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if e := parseLabelSelector(s); e != nil && (e.pos < 1 || e.pos > len([]rune(s))+1) {
			t.Fatalf("%q: position %d outside the selector", s, e.pos)
		}
		if e := parseFieldSelector(s); e != nil && (e.pos < 1 || e.pos > len([]rune(s))+1) {
			t.Fatalf("%q: position %d outside the selector", s, e.pos)
		}
	})
}
