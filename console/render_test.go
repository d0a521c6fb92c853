package console

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

func TestSanitize(t *testing.T) {
	cases := map[string]string{
		"plain text":                 "plain text",
		"\x1b[31mred\x1b[0m":         "red",
		"\x1b]8;;http://x\x1b\\link": "link",
		"\x1b(Bsgr0":                 "sgr0",
		"bell\x07":                   `bell\x07`,
		"nul\x00":                    `nul\x00`,
		"c1\u009b31mX":               "c1X",
		"\u200bzero":                 `\u200bzero`,
		"bad\xffutf":                 `bad\xffutf`,
		"keep\ttab":                  "keep\ttab",
		"\x1bPdcs\x1b\\after":        "after",
		"del\x7f":                    `del\x7f`,
	}
	for in, want := range cases {
		if got := Sanitize(in); got != want {
			t.Errorf("Sanitize(%q) = %q, want %q", in, got, want)
		}
	}
}
