package printer

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"sigs.k8s.io/yaml"

	"github.com/studioctl/studioctl/fault"
)

// fuzzed is what a server (or a user, in an error) can put in an answer.
type fuzzed struct {
	column, cell, name, key, value, message string
}

// FuzzPrinters drives server text through every Writer path (table with and without headers,
// lines, -o name, describe text, notices, Empty, JSON and YAML documents and lists, error lines)
// in both redaction modes, and checks that no control character reaches the output raw and that
// JSON and YAML read back as the data they print.
func FuzzPrinters(f *testing.F) {
	f.Add("Name\x1b]0;title\x07\x1b[2J\x1b[H", "web\u009b31m", "web-0\u202e", "note\u200b", "x\x7fy\u0085", "line\nline\r\t")
	f.Add("", "", "", "", "", "")
	f.Add("Age", "5m", "db", "kubectl.kubernetes.io/last-applied-configuration", `{"a":1}`, "ok")
	f.Add("\u2028", "\ufeff", "\ufffe", "\xff\xfe", "- a: b", "? x : y # z")
	f.Add(" lead\u0085", "trail \u200b ", "studioctlheld0q", strings.Repeat("k", 1100)+"\u202e", strings.Repeat("v ", 100)+"\u2066", "a\n\n b\u2029")
	f.Add("studioctlheld", "\"\\\u0085", "true\u200b", strings.Repeat("k", 300), "\U0001F600\u009f", "#\u200c")
	f.Fuzz(func(t *testing.T, column, cell, name, key, value, message string) {
		in := fuzzed{column, cell, name, key, value, message}
		for _, mode := range []RedactMode{People, Machine} {
			checkText(t, mode, in)
			for _, format := range []string{"json", "yaml"} {
				checkDocs(t, mode, format, in)
			}
		}
		checkErrors(t, in)
	})
}

// checkText prints the text results (tables, lines, describe) and checks both streams.
func checkText(t *testing.T, mode RedactMode, in fuzzed) {
	cols := []Column{{Header: "NAME", Role: RoleName}, {Header: strings.ToUpper(in.column)},
		{Header: strings.ToUpper(in.column), Role: RoleServerCell}, {Header: "REF", Role: RoleObjectRef}, {Header: in.key, Role: RoleLabel}}
	row := []string{in.name, in.cell, in.message, "Secret/" + in.name, in.value}
	results := []*Result{
		{Table: &Table{Columns: cols, Rows: [][]string{row, row[:2]}}, Notices: []string{in.message}},
		{Table: &Table{Columns: cols, Rows: [][]string{row}, NoHeaders: true, SecretNames: true}},
		{Lines: &Lines{Text: []string{"pod/" + in.name, in.name}, Names: true, SecretNames: true}},
		{Lines: &Lines{Text: []string{in.message, in.cell}, Raw: true}, Empty: in.message},
		{Describe: fakeDescribe{in}},
		{Groups: []*Table{{Columns: cols, Rows: [][]string{row}}, {Columns: cols, Rows: [][]string{{"secret/" + in.name, in.cell}}, SecretNames: true}}},
		{Body: []byte(in.message + in.cell + in.value)}, // get --raw: the server's bytes, any of them
	}
	for _, r := range results {
		var out, errOut bytes.Buffer
		if err := NewWriter(&out, &errOut, mode).Write(r); err != nil {
			t.Fatalf("mode %d: %v", mode, err)
		}
		terminalSafe(t, "stdout", out.Bytes())
		terminalSafe(t, "stderr", errOut.Bytes())
	}
	// get --raw streamed on the command line, a piece at a time.
	var out bytes.Buffer
	live := NewWriter(&out, io.Discard, mode).Stream()
	for _, piece := range []string{in.message, in.cell, in.value} {
		if err := live.Text([]byte(piece)); err != nil {
			t.Fatalf("mode %d: %v", mode, err)
		}
	}
	terminalSafe(t, "streamed stdout", out.Bytes())
}

// fakeDescribe renders as describe does: labels, then values, one per line.
type fakeDescribe struct{ in fuzzed }

func (d fakeDescribe) Render(RedactMode) []string {
	return []string{"Name:         " + d.in.name, "Annotations:  " + d.in.key + ": " + d.in.value, "Message:      " + d.in.message}
}

// object is a Pod as a server could send it, every text field fuzzed; Go's decoder would have
// made the text valid UTF-8.
func object(in fuzzed) map[string]any {
	v := func(s string) string { return strings.ToValidUTF8(s, "\ufffd") }
	return map[string]any{"apiVersion": "v1", "kind": "Pod",
		"metadata": map[string]any{"name": v(in.name), "annotations": map[string]any{v(in.key): v(in.value)},
			"labels": map[string]any{"app": v(in.cell)}},
		"status": map[string]any{"message": v(in.message), "restartCount": json.Number("3"),
			"conditions": []any{map[string]any{"type": v(in.column), "status": nil, "ready": true}}}}
}

// table is a server's Table answer, printed as a document (-o json of a Table reads this way).
func table(in fuzzed) map[string]any {
	v := func(s string) string { return strings.ToValidUTF8(s, "\ufffd") }
	return map[string]any{"kind": "Table", "columnDefinitions": []any{map[string]any{"name": v(in.column), "description": v(in.message)}},
		"rows": []any{map[string]any{"cells": []any{v(in.cell), json.Number("-1.50")}, "object": object(in)}}}
}

// checkDocs prints a single object, a List and a Table value, and reads each back.
func checkDocs(t *testing.T, mode RedactMode, format string, in fuzzed) {
	docs := []struct {
		d    *Docs
		want any
	}{
		{&Docs{Objects: []map[string]any{object(in)}, Single: true}, object(in)},
		{&Docs{Objects: []map[string]any{object(in), object(in)}},
			map[string]any{"apiVersion": "v1", "kind": "List", "items": []any{object(in), object(in)}, "metadata": map[string]any{"resourceVersion": ""}}},
		{&Docs{Value: table(in)}, table(in)},
		// kubectl events' typed EventList: keys in a field order, any others after them.
		{&Docs{Objects: []map[string]any{object(in)}, ListKind: "EventList", FieldOrder: map[string][]string{"items[]": {"metadata", "kind"}, "items[].metadata": {"name"}}},
			map[string]any{"apiVersion": "v1", "kind": "EventList", "items": []any{object(in)}, "metadata": map[string]any{}}},
		{&Docs{Objects: []map[string]any{object(in), object(in)}, SecretItems: []bool{false, true}},
			map[string]any{"apiVersion": "v1", "kind": "List", "items": []any{object(in), object(in)}, "metadata": map[string]any{"resourceVersion": ""}}},
	}
	for _, c := range docs {
		c.d.Format = format
		var out bytes.Buffer
		if err := NewWriter(&out, &bytes.Buffer{}, mode).Write(&Result{Docs: c.d}); err != nil {
			t.Fatalf("%s mode %d: %v", format, mode, err)
		}
		terminalSafe(t, format, out.Bytes())
		if mode == People { // machine mode masks values: only its safety is checked
			readsBack(t, format, out.Bytes(), c.want)
		}
		streamsAsWritten(t, mode, c.d, out.String())
	}
}

// streamsAsWritten prints a List's objects (fresh copies: masking changes them) through a
// DocStream and compares the bytes with what Write printed for the whole List.
func streamsAsWritten(t *testing.T, mode RedactMode, d *Docs, whole string) {
	if d.Single || d.Value != nil || d.ListKind != "" {
		return
	}
	var out bytes.Buffer
	ds, ok := NewWriter(&out, &bytes.Buffer{}, mode).Stream().Docs(&Docs{Format: d.Format})
	if !ok {
		t.Fatalf("a %s List is not streamed", d.Format)
	}
	for i, o := range d.Objects {
		if err := ds.Item(viaJSONObject(t, o), d.secretItem(i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := ds.Close(); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(whole, out.String()); diff != "" {
		t.Fatalf("%s mode %d: streamed differs (-whole +streamed):\n%s", d.Format, mode, diff)
	}
}

// viaJSONObject is an object's copy as the decoder would give it (exact numbers).
func viaJSONObject(t *testing.T, o map[string]any) map[string]any {
	data, err := MarshalJSON(o)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out map[string]any
	if err := dec.Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

// readsBack decodes printed JSON (exact numbers) or YAML and compares it with want.
func readsBack(t *testing.T, format string, out []byte, want any) {
	var got any
	if format == "json" {
		dec := json.NewDecoder(bytes.NewReader(out))
		dec.UseNumber()
		if err := dec.Decode(&got); err != nil {
			t.Fatalf("json does not decode: %v\n%s", err, out)
		}
	} else {
		if err := yaml.Unmarshal(out, &got); err != nil {
			t.Fatalf("yaml does not parse: %v\n%s", err, out)
		}
		want = viaJSON(t, want) // YAML's numbers come back as float64, as sigs.k8s.io/yaml reads them
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("%s read back differently (-want +got):\n%s\n%s", format, diff, out)
	}
}

func viaJSON(t *testing.T, v any) any {
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// checkErrors composes sentences with the fuzzed values and prints them as text and JSON.
func checkErrors(t *testing.T, in fuzzed) {
	sentences := []string{
		fault.Sentencef("pods %q not found in namespace %s.", in.name, in.cell),
		fault.Sentencef("The API server refused to list %s (%d).", in.column, 403),
		fault.Sentencef("container %q is not in pod %q; it has %v.", in.message, in.name, []string{in.key, in.value}),
		fault.Sentencef("internal error: %v", errors.New(in.message)),
		in.message, // a sentence built without Sentencef is sanitized when printed
	}
	for _, s := range sentences {
		e := &fault.Error{Code: "fuzz", Sentence: s, Class: fault.ServerError}
		var text, js bytes.Buffer
		WriteError(&text, e, false)
		WriteError(&js, e, true)
		terminalSafe(t, "error", text.Bytes())
		terminalSafe(t, "json error", js.Bytes())
		if !json.Valid(js.Bytes()) {
			t.Fatalf("json error is not JSON: %q", js.Bytes())
		}
	}
}

// terminalSafe fails when out is not UTF-8 or holds ESC, a C0 control other than tab and
// newline, DEL, a C1 control, a bidi override or a zero-width character.
func terminalSafe(t *testing.T, label string, out []byte) {
	t.Helper()
	if !utf8.Valid(out) {
		t.Fatalf("%s is not UTF-8: %q", label, out)
	}
	if i := bytes.IndexFunc(out, terminalControl); i >= 0 {
		t.Fatalf("%s holds %q raw: %q", label, out[i:min(len(out), i+4)], out)
	}
}
