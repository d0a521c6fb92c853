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
		`{"metadata":{"name":"m","managedFields":[{"manager":"kubectl","fieldsV1":{"f:spec":{}}}],"uid":"u-1"}}`,
		`{"metadata":{"managedFields":[{"manager":"a"}] , "name":"first-cut"}}`,
		`{"metadata":{"name":"last-cut", "managedFields":[]}}`,
		`{"metadata":{"managedFields":null}}`,
		`{"metadata":{"managedFields":[1],"managedFields":[2],"name":"twice"}}`,
	} {
		for _, stored := range []string{`{"object":` + obj + `,"cells":["a",1]}`, `{"cells":["a",1],"obj\u0065ct":` + obj + `}`} {
			checkItemMetadata(t, obj, stored)
		}
	}
}

// checkItemMetadata compares decodeItem's metadata for stored with obj's decoded whole.
func checkItemMetadata(t *testing.T, obj, stored string) {
	t.Helper()
	got, err := decodeItem([]byte(stored))
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
	if md, ok := got.Meta["metadata"].(map[string]any); ok {
		if raw, ok := md["managedFields"].(json.RawMessage); ok {
			var v any
			d := json.NewDecoder(bytes.NewReader(raw))
			d.UseNumber()
			if err := d.Decode(&v); err != nil {
				t.Fatal(err)
			}
			md["managedFields"] = v // kept as bytes; the same value decoded
		}
	}
	if diff := cmp.Diff(want, got.Meta); diff != "" {
		t.Errorf("%s (-decoder +skim):\n%s", obj, diff)
	}
}

// withoutMember cuts a member out wherever it stands (first, middle, last, twice) and answers its
// last value; what is left is the same object without it.
func TestWithoutMember(t *testing.T) {
	for _, tc := range []struct{ obj, rest, val string }{
		{`{"managedFields":[1],"name":"a"}`, `{"name":"a"}`, `[1]`},
		{`{"name":"a","managedFields":[1],"uid":"u"}`, `{"name":"a","uid":"u"}`, `[1]`},
		{`{"name":"a", "managedFields" : [1] }`, `{"name":"a"}`, `[1]`},
		{`{"managedFields":[1]}`, `{}`, `[1]`},
		{`{"managedFields":[1],"name":"a","managedFields":[2]}`, `{"name":"a"}`, `[2]`},
		{`{"name":"a"}`, `{"name":"a"}`, ``},
	} {
		rest, val, ok := withoutMember([]byte(tc.obj), "managedFields")
		if !ok || string(rest) != tc.rest || string(val) != tc.val || !json.Valid(rest) {
			t.Errorf("%s: %s %s %v, want %s %s", tc.obj, rest, val, ok, tc.rest, tc.val)
		}
	}
}
