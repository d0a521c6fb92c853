package snapshot

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// topLevelMember finds what a decoder would decode for the key: the last occurrence, at the top
// level only, whatever strings, escapes and nesting sit around it; and it says when it cannot.
func TestTopLevelMember(t *testing.T) {
	for _, tc := range []struct {
		obj  string
		want string
		ok   bool
	}{
		{`{"metadata":{"name":"a"},"spec":{}}`, `{"name":"a"}`, true},
		{` { "spec" : {"metadata":{"name":"inner"}} , "metadata" : {"name":"outer"} } `, `{"name":"outer"}`, true},
		{`{"a":"}\"{[","metadata":{"s":"]}\\\\"},"b":[1,{"c":[]}],"n":-1.5e3,"t":true,"z":null}`, `{"s":"]}\\\\"}`, true},
		{`{"metadata":{"name":"first"},"metadata":{"name":"last"}}`, `{"name":"last"}`, true},
		{`{"metadata":null}`, `null`, true},
		{`{"spec":{}}`, ``, true},
		{`{}`, ``, true},
		{`{"meta\u0064ata":{"name":"escaped"}}`, ``, false},
		{`[1]`, ``, false},
		{`{"metadata":{"name":"a"}`, ``, false},
	} {
		got, ok := topLevelMember([]byte(tc.obj), "metadata")
		if ok != tc.ok || string(got) != tc.want {
			t.Errorf("%s: %q %v, want %q %v", tc.obj, got, ok, tc.want, tc.ok)
		}
	}
}

// decodeItem reads the same metadata by the skim as by decoding the whole object.
func TestDecodeItemMetadataIsTheDecoders(t *testing.T) {
	for _, obj := range []string{
		`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-1","namespace":"shop","labels":{"app":"web"},"resourceVersion":"12","generation":3},"spec":{"containers":[{"name":"c","image":"x"}]}}`,
		`{"spec":{"metadata":{"name":"not-this"}},"metadata":{"name":"this","annotations":{"a":"{\"b\":[1]}"}}}`,
		`{"meta\u0064ata":{"name":"escaped-key"}}`,
		`{"metadata":null,"kind":"X"}`,
		`{"kind":"NoMeta"}`,
	} {
		stored := `{"object":` + obj + `,"cells":["a",1]}`
		dec := json.NewDecoder(bytes.NewReader([]byte(stored)))
		dec.UseNumber()
		got, err := decodeItem(dec)
		if err != nil {
			t.Fatalf("%s: %v", obj, err)
		}
		var whole struct {
			Metadata map[string]any `json:"metadata"`
		}
		d := json.NewDecoder(bytes.NewReader([]byte(obj)))
		d.UseNumber()
		if err := d.Decode(&whole); err != nil {
			t.Fatal(err)
		}
		want := map[string]any{}
		if whole.Metadata != nil {
			want["metadata"] = whole.Metadata
		}
		if diff := cmp.Diff(want, got.Meta); diff != "" {
			t.Errorf("%s (-decoder +skim):\n%s", obj, diff)
		}
	}
}
