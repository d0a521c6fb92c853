package printer

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/studioctl/studioctl/kube"
)

func TestYAMLRefusesWhatItCannotCarry(t *testing.T) {
	var out bytes.Buffer
	err := writeDocument(&out, "yaml", map[string]any{"a": "x\x7fy"})
	if e, ok := kube.AsError(err); !ok || e.Code != CodeYAML {
		t.Fatalf("err = %v", err)
	}
	out.Reset()
	if err := writeDocument(&out, "json", map[string]any{"a": "x\x7fy\x1b[2J"}); err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(out.String(), "\x1b") {
		t.Fatalf("json carried a raw escape: %q", out.String())
	}
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
