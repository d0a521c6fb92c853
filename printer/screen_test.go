package printer

import (
	"io"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/redact"
)

func TestScreenTableMasksAndSanitisesAsTheWriterPrints(t *testing.T) {
	tab := &Table{
		Columns:     []Column{{Header: "NAME", Role: RoleName}, {Header: "DATA"}},
		Rows:        [][]string{{"db-password", "1\x1b[2J"}},
		SecretNames: true,
	}
	for _, tc := range []struct {
		mode RedactMode
		want [][]string
	}{
		{People, [][]string{{"db-password", "1"}}},
		{Machine, [][]string{{redact.Masked, "1"}}},
	} {
		headers, rows := NewWriter(io.Discard, io.Discard, tc.mode).ScreenTable(tab)
		if diff := cmp.Diff([]string{"NAME", "DATA"}, headers); diff != "" {
			t.Errorf("mode %d headers (-want +got):\n%s", tc.mode, diff)
		}
		if diff := cmp.Diff(tc.want, rows); diff != "" {
			t.Errorf("mode %d rows (-want +got):\n%s", tc.mode, diff)
		}
	}
}

func TestScreenStreamHandsBatchesOver(t *testing.T) {
	var gotRows [][]string
	var gotLines []string
	s := NewWriter(io.Discard, io.Discard, People).ScreenStream(ScreenSink{
		Rows:  func(_ []string, rows [][]string) error { gotRows = append(gotRows, rows...); return nil },
		Lines: func(text []string) error { gotLines = append(gotLines, text...); return nil },
	})
	if err := s.Rows(&Table{Columns: []Column{{Header: "NAME"}}, Rows: [][]string{{"a"}, {"b\tc"}}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Lines(&Lines{Text: []string{"x\x07", "y"}}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([][]string{{"a"}, {`b\tc`}}, gotRows); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{`x\x07`, "y"}, gotLines); diff != "" {
		t.Errorf("lines (-want +got):\n%s", diff)
	}
}
