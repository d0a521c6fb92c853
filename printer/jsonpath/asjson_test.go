package jsonpath

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Each case pins what client-go's JSONPath prints with JSON output on (kubectl's -o
// jsonpath-as-json) for the same template and input: a JSON array per piece of the template,
// four-space indented, HTML characters escaped as encoding/json escapes them, nested ranges once
// per value, an empty range nothing, a missing key [].
func TestExecuteJSON(t *testing.T) {
	const data = `{"items":[{"name":"a","ports":[1,2],"ok":true,"lbl":{"x":"<&>"}},{"name":"b","ports":[],"ok":false}],"n":1.5}`
	dec := json.NewDecoder(strings.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ tmpl, want string }{
		{`{range .items[*]}{range .ports[*]}{@}{end}{end}`, "[\n    1\n]\n[\n    2\n]\n"},
		{`{.n}`, "[\n    1.5\n]\n"},
		{`{.items[*].ok}`, "[\n    true,\n    false\n]\n"},
		{`{.items[0].lbl}`, "[\n    {\n        \"x\": \"\\u003c\\u0026\\u003e\"\n    }\n]\n"},
		{`{range .items[*]}[{.name}]{end}`, "[\n    \"[\"\n]\n[\n    \"a\"\n]\n[\n    \"]\"\n]\n[\n    \"[\"\n]\n[\n    \"b\"\n]\n[\n    \"]\"\n]\n"},
		{`{.items[?(@.ok==true)].name}`, "[\n    \"a\"\n]\n"},
		{`{.nope}`, "[]\n"},
		{`text only`, "[\n    \"text only\"\n]\n"},
	}
	for _, c := range cases {
		tm, err := Parse(c.tmpl)
		if err != nil {
			t.Fatalf("%s: %v", c.tmpl, err)
		}
		var b bytes.Buffer
		if err := tm.ExecuteJSON(&b, v, true); err != nil {
			t.Fatalf("%s: %v", c.tmpl, err)
		}
		if d := cmp.Diff(c.want, b.String()); d != "" {
			t.Errorf("%s (-want +got):\n%s", c.tmpl, d)
		}
	}
	// Without allowMissing a missing key is an error, as with -o jsonpath.
	tm, _ := Parse(`{.nope}`)
	if err := tm.ExecuteJSON(&bytes.Buffer{}, v, false); err == nil {
		t.Error("a missing key printed with allowMissing false")
	}
}
