package printer

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// encoderIndented is the road jsonWriter replaces: Go's encoder, escapeJSON, then json.Indent.
func encoderIndented(t testing.TB, v any, prefix, indent string) string {
	data, err := encoderJSON(v)
	if err != nil {
		t.Fatal(err)
	}
	if indent == "" {
		return string(data)
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, data, prefix, indent); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// jsonWriter writes what Go's encoder and json.Indent write, compact and indented, over every
// recorded answer and over strings with every character class the escaping treats apart.
func TestAppendJSONIsTheEncoders(t *testing.T) {
	docs := recordedDocuments(t)
	docs = append(docs,
		`{"s":"a\"b\\c\b\f\n\r\t\u0001\u001f\u007f\u0085\u00a0\u200b\u202e\u2028\u2029\ufeff\ufffe\uffff\ud83d\ude00\udb40\udc41 <&>","e":"","n":-0.5e10,"z":0}`,
		`{"b":[true,false,null,[],{},[[]],[{}]],"a":{"b10":1,"b2":2,"B":3,"":4,"é":5}}`,
		`[1,"two",{"three":3}]`, `"just a string"`, `42`, `null`,
	)
	seen := map[string]bool{}
	for _, doc := range docs {
		if seen[doc] {
			continue
		}
		seen[doc] = true
		dec := json.NewDecoder(strings.NewReader(doc))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		for _, ind := range [][2]string{{"", ""}, {"", "    "}, {"    ", "    "}} {
			got, ok := jsonWriter.Append(nil, v, ind[0], ind[1])
			if !ok {
				t.Fatalf("jsonWriter refused a decoded document: %.200s", doc)
			}
			if diff := cmp.Diff(encoderIndented(t, v, ind[0], ind[1]), string(got)); diff != "" {
				t.Fatalf("indent %q (-encoder +jsonWriter):\n%s", ind[1], diff)
			}
		}
	}
	// Strings that are not valid UTF-8 are written as the encoder writes them.
	bad := map[string]any{"k\xff": "v\xc3(\xed\xa0\x80", "ok": json.Number("1")}
	got, _ := jsonWriter.Append(nil, bad, "", "")
	if want := encoderIndented(t, bad, "", ""); string(got) != want {
		t.Fatalf("invalid UTF-8: %s, want %s", got, want)
	}
}

// A value that is not decoded JSON takes the encoder's road, with the same bytes.
func TestAppendJSONLeavesOtherValuesToTheEncoder(t *testing.T) {
	for _, v := range []any{map[string]any(nil), []any(nil), map[string]any{"m": map[string]any(nil), "s": []any(nil)}} {
		got, ok := jsonWriter.Append(nil, v, "", "")
		if want := encoderIndented(t, v, "", ""); !ok || string(got) != want {
			t.Errorf("%#v: %s, want %s", v, got, want)
		}
	}
	for _, v := range []any{1.5, 3, map[string]any{"f": 0.1}, []any{struct{ A int }{1}}, json.Number("x1"), json.Number(`"1"`), json.RawMessage(`{}`)} {
		if _, ok := jsonWriter.Append(nil, v, "", ""); ok {
			t.Errorf("%#v written by jsonWriter", v)
		}
	}
	got, err := MarshalJSON(map[string]any{"f": 0.1, "s": "x"})
	if err != nil || string(got) != `{"f":0.1,"s":"x"}` {
		t.Fatalf("%s %v", got, err)
	}
}
