package printer

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"sigs.k8s.io/yaml"

	"github.com/studioctl/studioctl/sanitize"
)

// JSON and YAML escape what Go's encoder and the YAML emitter leave raw, in keys and values, and
// still read back as the same data.
func TestDocumentsEscapeControls(t *testing.T) {
	hostile := "x\x7fy\x1b[2J\u0085\u009b\u202e\u2066\u200b\u200e\u061c\u2060\ufeff\u2028\u00ad\ufffe\U000e0068\U000e007f"
	doc := map[string]any{"a": hostile, "k" + hostile: []any{hostile, "plain"}}
	for _, format := range []string{"json", "yaml"} {
		var out bytes.Buffer
		if err := writeDocument(&out, format, doc); err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		if bad := strings.IndexFunc(out.String(), rawControl); bad >= 0 {
			t.Fatalf("%s carried %q raw: %q", format, out.String()[bad:], out.String())
		}
		var back map[string]any
		// YAML readers refuse JSON's surrogate pairs: JSON is read as JSON.
		read := func(b []byte, v any) error { return yaml.Unmarshal(b, v) }
		if format == "json" {
			read = json.Unmarshal
		}
		if err := read(out.Bytes(), &back); err != nil {
			t.Fatalf("%s does not read back: %v\n%s", format, err, out.String())
		}
		if diff := cmp.Diff(doc, back); diff != "" {
			t.Fatalf("%s read back differently (-want +got):\n%s", format, diff)
		}
	}
}

// terminalControl is what no output may hold raw (tab and newline separate cells and lines).
func terminalControl(r rune) bool {
	return (r < 0x20 && r != '\t' && r != '\n') || r == 0x7f || (r >= 0x80 && r < 0xa0) || sanitize.Invisible(r)
}

// rawControl adds the line and paragraph separators, which JSON and YAML escape too.
func rawControl(r rune) bool {
	return terminalControl(r) || r == 0x2028 || r == 0x2029
}

func TestDocumentsKeepExactNumbers(t *testing.T) {
	var out bytes.Buffer
	doc := map[string]any{"big": json.Number("123456789012345678901234567890"), "f": json.Number("0.1000")}
	if err := writeDocument(&out, "json", doc); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"123456789012345678901234567890", "0.1000"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("json lost %s: %s", want, out.String())
		}
	}
}

func TestTableCellsAreSanitized(t *testing.T) {
	var out bytes.Buffer
	w := NewWriter(&out, &bytes.Buffer{}, People)
	tbl := &Table{Columns: []Column{{Header: "NAME"}, {Header: "NOTE"}},
		Rows: [][]string{{"a\x1b]0;title\x07b", "line1\nline2"}, {"c\u202ed", "tab\there"}}}
	if err := w.Write(&Result{Table: tbl}); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, bad := range []string{"\x1b", "\x07", "\u202e", "line2"} {
		if strings.Contains(got, bad) {
			t.Fatalf("table printed %q: %q", bad, got)
		}
	}
	for _, want := range []string{"ab", `c\u202ed`, "line1...", `tab\there`} {
		if !strings.Contains(got, want) {
			t.Fatalf("table lacks %q: %q", want, got)
		}
	}
}

// A column name from the server is sanitised after the reader upper-cased it, on every table.
func TestHeadersAndEmptyAreSanitized(t *testing.T) {
	for _, mode := range []RedactMode{People, Machine} {
		var out, errOut bytes.Buffer
		w := NewWriter(&out, &errOut, mode)
		name := strings.ToUpper("name\x1b]0;title\x07\x1b[2J\x1b[H\u009b2J\u202e\tx\ny")
		tbl := &Table{Columns: []Column{{Header: name, Role: RoleName}, {Header: "AGE"}}, Rows: [][]string{{"a", "1m"}}}
		if err := w.Write(&Result{Table: tbl, Notices: []string{"n\x1b[2J"}}); err != nil {
			t.Fatal(err)
		}
		if err := w.Write(&Result{Empty: "No resources found in \x1b]0;x\x07 namespace."}); err != nil {
			t.Fatal(err)
		}
		for _, s := range []string{out.String(), errOut.String()} {
			if bad := strings.IndexFunc(s, rawControl); bad >= 0 {
				t.Fatalf("mode %d printed %q: %q", mode, s[bad:], s)
			}
		}
		if !strings.HasPrefix(out.String(), `NAME\u202e\tX...`) {
			t.Fatalf("mode %d header: %q", mode, out.String())
		}
	}
}
