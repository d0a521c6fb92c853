package jsonpath

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// doc is the input of kubectl's JSONPath reference page (a List of two pods and their
// containers), decoded with exact numbers as studioctl decodes answers.
const doc = `{"kind":"List","items":[
 {"kind":"None","metadata":{"name":"127.0.0.1","labels":{"app":"web","tier":"<front>"}},
  "status":{"capacity":{"cpu":"4"},"addresses":[{"type":"LegacyHostIP","address":"127.0.0.1"}]},
  "spec":{"replicas":3,"ratio":1.50,"big":1000000,"ok":true,"none":null}},
 {"kind":"None","metadata":{"name":"127.0.0.2"},
  "status":{"capacity":{"cpu":"8"},"addresses":[{"type":"LegacyHostIP","address":"127.0.0.2"},{"type":"another","address":"127.0.0.3"}]},
  "spec":{"replicas":1}}],
 "users":[{"name":"myself","user":{}},{"name":"e2e","user":{"username":"admin","password":"secret"}}]}`

func decoded(t testing.TB) any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(doc))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// Each case pins what kubectl (client-go's jsonpath, AllowMissingKeys(true) as kubectl's printer
// sets it) prints for the same template and input.
func TestKubectlExamples(t *testing.T) {
	cases := []struct{ tmpl, want string }{
		{`{.kind}`, "List"},
		{`{['kind']}`, "List"},
		{`{..name}`, "127.0.0.1 127.0.0.2 myself e2e"},
		{`{.items[*].metadata.name}`, "127.0.0.1 127.0.0.2"},
		{`{.users[0].name}`, "myself"},
		{`{.users[-1].name}`, "e2e"},
		{`{.items[0:1].metadata.name}`, "127.0.0.1"},
		{`{.items[::2].metadata.name}`, "127.0.0.1"},
		{`{.users[?(@.name=="e2e")].user.password}`, "secret"},
		{`{.items[*]['metadata.name', 'status.capacity']}`, `127.0.0.1 127.0.0.2 {"cpu":"4"} {"cpu":"8"}`},
		{`{.users[0,1].name}`, "myself e2e"},
		{`{range .items[*]}[{.metadata.name}, {.status.capacity}] {end}`, `[127.0.0.1, {"cpu":"4"}] [127.0.0.2, {"cpu":"8"}] `},
		{`{range .items[*]}{.metadata.name}{"\t"}{.spec.replicas}{"\n"}{end}`, "127.0.0.1\t3\n127.0.0.2\t1\n"},
		{`{range .items[*]}{.metadata.name}{'\t'}{end}`, `127.0.0.1\t127.0.0.2\t`},
		{`{.items[0].metadata.labels}`, `{"app":"web","tier":"\u003cfront\u003e"}`},
		{`{.items[0].spec.ratio} {.items[0].spec.big} {.items[0].spec.ok} {.items[0].spec.none}`, "1.5 1000000 true <no value>"},
		{`{.items[?(@.spec.replicas>1)].metadata.name}`, "127.0.0.1"},
		{`{.items[?(@.spec.replicas<=1)].metadata.name}`, "127.0.0.2"},
		{`{.items[?(@.metadata.labels)].metadata.name}`, "127.0.0.1"},
		{`{.items[?(@.spec.replicas>=1 && @.status.capacity.cpu=="8")].metadata.name}`, "127.0.0.2"},
		{`{.items[?(@.spec.replicas==3 || @.status.capacity.cpu=="8")].metadata.name}`, "127.0.0.1 127.0.0.2"},
		{`{.items[?(@.metadata.name!="127.0.0.1")].metadata.name}`, "127.0.0.2"},
		{`{.items[*].status.addresses[?(@.type=="LegacyHostIP")].address}`, "127.0.0.1 127.0.0.2"},
		{`{.items[0].metadata.*}`, `{"app":"web","tier":"\u003cfront\u003e"} 127.0.0.1`},
		{`{.missing}`, ""},
		{`plain text`, "plain text"},
		{`{.items[*].metadata.labels.app}`, "web"},
		{`{range .items[*]}{range .status.addresses[*]}{.address},{end};{end}`, "127.0.0.1,;127.0.0.2,127.0.0.3,;"},
		{`{$.kind}{@.kind}`, "ListList"},
		{`{.items[5:5]}`, ""},
	}
	data := decoded(t)
	for _, c := range cases {
		tmpl, err := Parse(c.tmpl)
		if err != nil {
			t.Errorf("%s: %v", c.tmpl, err)
			continue
		}
		got, err := tmpl.String(data, true)
		if err != nil {
			t.Errorf("%s: %v", c.tmpl, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.tmpl, got, c.want)
		}
	}
}

// kubectl's --allow-missing-template-keys=false: a missing key is an error; an index outside the
// list is an error whatever the flag says.
func TestMissingKeysAndRanges(t *testing.T) {
	data := decoded(t)
	for _, c := range []struct {
		tmpl  string
		allow bool
		want  string
	}{
		{`{.missing}`, false, "missing is not found"},
		{`{.items[*].metadata.labels.app}`, false, ""},
		{`{.items[9].metadata.name}`, true, "index 9 is outside the list, which has 2 items"},
		{`{.items[::0]}`, true, "step must be greater than 0"},
		{`{.kind[0]}`, true, "not one"},
		{`{.kind[?(@.a)]}`, true, "filter reads a list"},
		{`{.items[?(@.metadata.name==1)]}`, true, "different kinds"},
	} {
		tmpl, err := Parse(c.tmpl)
		if err != nil {
			t.Fatalf("%s: %v", c.tmpl, err)
		}
		_, err = tmpl.String(data, c.allow)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.tmpl, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: got %v, want %q", c.tmpl, err, c.want)
		}
	}
}

func TestParseErrorsNamePositions(t *testing.T) {
	for tmpl, want := range map[string]string{
		`{.a`:             "never closed with '}' (at character 1)",
		`{.a[}`:           "'[' is never closed",
		`{range .items}x`: "has no {end}",
		`x{end}`:          "{end} closes no {range} (at character 2)",
		`{.a b}`:          `"b" is not read`,
		`{.a[x]}`:         `"x" is not an index`,
		`{.a{.b}}`:        "may not open another",
		`{"abc}`:          "never closed",
		`{.a[?(@.b==)]}`:  "needs a value on each side",
		`{#}`:             `"#" is not read`,
	} {
		_, err := Parse(tmpl)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", tmpl, err, want)
		}
	}
}

func TestBounds(t *testing.T) {
	if _, err := Parse(strings.Repeat("{range .a}", MaxDepth+2) + strings.Repeat("{end}", MaxDepth+2)); err == nil {
		t.Fatal("a range nested past the cap was read")
	}
	if _, err := Parse(strings.Repeat("x", MaxTemplateBytes+1)); err == nil {
		t.Fatal("a template past the cap was read")
	}
	// Unions multiply: 16 alternatives over 8 steps would be 16^8 values.
	u := "[" + strings.TrimSuffix(strings.Repeat("0,", 16), ",") + "]"
	tmpl, err := Parse("{.users" + strings.Repeat(u+".name", 1) + "}{.items" + strings.Repeat(u, 8) + "}")
	if err != nil {
		t.Fatal(err)
	}
	data := map[string]any{"users": []any{map[string]any{"name": "x"}}, "items": nested(8)}
	if _, err := tmpl.String(data, true); err == nil || !strings.Contains(err.Error(), "too many values") {
		t.Fatalf("unions past the work cap: %v", err)
	}
	big, _ := Parse(strings.Repeat(`{range .items[*]}{.v}{end}`, 1))
	items := make([]any, 2000)
	for i := range items {
		items[i] = map[string]any{"v": strings.Repeat("x", 8<<10)}
	}
	var out bytes.Buffer
	if err := big.Execute(&out, map[string]any{"items": items}, true); err == nil {
		t.Fatal("output past the cap was printed")
	}
	if out.Len() > MaxOutputBytes {
		t.Fatalf("printed %d bytes", out.Len())
	}
}

func nested(depth int) any {
	if depth == 0 {
		return "leaf"
	}
	return []any{nested(depth - 1)}
}

func TestRelaxed(t *testing.T) {
	for in, want := range map[string]string{"a.b": "{.a.b}", ".a.b": "{.a.b}", "{a.b}": "{.a.b}", "{.a.b}": "{.a.b}"} {
		got, err := Relaxed(in)
		if err != nil || got != want {
			t.Errorf("%s: %q %v", in, got, err)
		}
	}
	if _, err := Relaxed("{.a}{.b}"); err == nil {
		t.Error("two actions read as one path")
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{`{.items[*].metadata.name}`, `{range .items[*]}{.a}{"\n"}{end}`, `{..x[?(@.a=="b" && @.c>1)]}`, `{.a['b.c'][1:-1:2]}`, `{.a[0,1]}`} {
		f.Add(s)
	}
	data := map[string]any{"items": []any{map[string]any{"a": json.Number("1"), "metadata": map[string]any{"name": "x"}}}}
	f.Fuzz(func(t *testing.T, s string) {
		tmpl, err := Parse(s)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("%q: %T", s, err)
			}
			return
		}
		var out bytes.Buffer
		_ = tmpl.Execute(&out, data, true)
		_ = tmpl.Execute(&out, data, false)
	})
}

// Skeleton builds the document a simple path finds its leaf in, and refuses the paths whose
// values depend on the document (descent, filters, unions, slices, text).
func TestSkeleton(t *testing.T) {
	for expr, ok := range map[string]bool{
		"{.metadata.name}": true, "{.spec.containers[0].env[2].value}": true, "{.a[*].b}": true,
		"{.a[-1].b}": true, "{.metadata.labels['app.kubernetes.io/name']}": true, "{.a.*.b}": true,
		"{..value}": false, "{.a[?(@.x==1)].b}": false, "{.a[0,1]}": false, "{.a[0:2]}": false,
		"x{.a}": false, "{.a}{.b}": false, "{range .a}{.b}{end}": false, "{.a[100]}": false,
	} {
		tmpl, err := Parse(expr)
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		doc, got := tmpl.Skeleton("leaf")
		if got != ok {
			t.Errorf("%s: ok %v, want %v", expr, got, ok)
			continue
		}
		if !ok {
			continue
		}
		vals, err := tmpl.Find(doc)
		if err != nil || len(vals) != 1 || vals[0] != "leaf" {
			t.Errorf("%s: the path finds %v (%v) in %v", expr, vals, err, doc)
		}
	}
}
