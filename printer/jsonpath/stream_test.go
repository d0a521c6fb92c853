package jsonpath

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// listDoc is a List as get prints it: the envelope, and items that hold the envelope's own keys
// (kind, metadata) and a few values a recursive descent finds.
const listDoc = `{"apiVersion":"v1","kind":"List","metadata":{"resourceVersion":""},"items":[
 {"apiVersion":"v1","kind":"Pod","metadata":{"name":"a","labels":{"app":"web"}},"spec":{"containers":[{"name":"c1","image":"nginx:1"},{"name":"c2","image":"redis:7"}]}},
 {"apiVersion":"v1","kind":"Pod","metadata":{"name":"b"},"spec":{"containers":[]}},
 {"apiVersion":"v1","kind":"Pod","metadata":{"name":"c"},"spec":{"containers":[{"name":"c3","image":"busybox"}]}}]}`

func decodedList(t testing.TB, text string) any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// streamed runs a Stream over the List's items.
func streamed(t *testing.T, s *Stream, list any) string {
	t.Helper()
	var b bytes.Buffer
	if err := s.Begin(&b); err != nil {
		t.Fatal(err)
	}
	for _, it := range list.(map[string]any)["items"].([]any) {
		if err := s.Item(&b, it); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.End(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestStreamMatchesExecute: every template Streamer takes prints item by item exactly what
// Execute prints on the whole List (also with no items), and the templates that need the whole
// List are not taken.
func TestStreamMatchesExecute(t *testing.T) {
	empty := `{"apiVersion":"v1","kind":"List","metadata":{"resourceVersion":""},"items":[]}`
	streams := []string{
		`{.items[*].metadata.name}`,
		`{$.items[*].metadata.name}{"\n"}`,
		`names: {.items[:].metadata.name} end`,
		`{..image}`,
		`{..containers[*].name}`,
		`{range .items[*]}{.metadata.name}{"\t"}{.spec.containers[*].image}{"\n"}{end}`,
		`{range ..containers[*]}[{.name}]{end}`,
		`{.items[*]}`,
		`{.items[*].spec.containers[?(@.name=="c3")].image}`,
		`{"just text"}`,
		`plain`,
	}
	for _, tmpl := range streams {
		tp, err := Parse(tmpl)
		if err != nil {
			t.Fatalf("%s: %v", tmpl, err)
		}
		s, ok := tp.Streamer(true)
		if !ok {
			t.Errorf("%s: not streamed", tmpl)
			continue
		}
		for _, text := range []string{listDoc, empty} {
			list := decodedList(t, text)
			want, err := tp.String(list, true)
			if err != nil {
				t.Fatal(err)
			}
			s, _ := tp.Streamer(true)
			if diff := cmp.Diff(want, streamed(t, s, list)); diff != "" {
				t.Errorf("%s: streamed differs (-whole +streamed):\n%s", tmpl, diff)
			}
		}
		_ = s
	}
	whole := []string{
		`{.items[0].metadata.name}`,
		`{.items[-1].metadata.name}`,
		`{.items[*].metadata.name}{.items[*].kind}`,
		`{..kind}`,
		`{..metadata.name}`,
		`{..resourceVersion}`,
		`{.kind}`,
		`{@}`,
		`{.items[*]['metadata.name','kind']}`,
		`{range .items[0:2]}{.metadata.name}{end}`,
		`{.items[?(@.metadata.name=="a")].kind}`,
	}
	for _, tmpl := range whole {
		tp, err := Parse(tmpl)
		if err != nil {
			t.Fatalf("%s: %v", tmpl, err)
		}
		if _, ok := tp.Streamer(true); ok {
			t.Errorf("%s: streamed, but its output needs the whole List", tmpl)
		}
	}
	tp, _ := Parse(`{.items[*].metadata.name}`)
	if _, ok := tp.Streamer(false); ok {
		t.Error("a template without allowMissing is streamed")
	}
}
