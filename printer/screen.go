package printer

import (
	"bytes"
	"strings"
)

// ScreenSink receives what a Stream would print, already masked (machine mode) and made safe for
// a terminal, for a full-screen program that lays the screen out itself (studioctl browse). The
// rules are the Writer's: a screen never draws a cell or a line the Writer would not print.
type ScreenSink struct {
	// Rows receives a batch of rows: the headers and each row's cells.
	Rows func(headers []string, rows [][]string) error
	// Lines receives log or status lines.
	Lines func(text []string) error
}

// ScreenStream is a live answer handed to a screen instead of printed: each batch passes the
// same masking and sanitising as Stream.Rows and Stream.Lines.
func (w *Writer) ScreenStream(sink ScreenSink) *Stream { return &Stream{w: w, sink: &sink} }

// ScreenTable is a table's headers and cells as writeTable prints them (masked in machine mode,
// each made safe, a line break cut), without the layout.
func (w *Writer) ScreenTable(t *Table) (headers []string, rows [][]string) {
	headers = make([]string, len(t.Columns))
	for i, c := range t.Columns {
		headers[i] = cellText(c.Header)
	}
	t = w.maskedTable(t)
	rows = make([][]string, len(t.Rows))
	for i, row := range t.Rows {
		out := make([]string, len(row))
		for j, cell := range row {
			out[j] = cellText(cell)
		}
		rows[i] = out
	}
	return headers, rows
}

// ScreenLines is a result as Write prints it (tables laid out, describe, documents, lines), in
// the writer's mode, cut into lines for a screen; notices and the empty sentence come first.
func (w *Writer) ScreenLines(r *Result) ([]string, error) {
	var out, errOut bytes.Buffer
	if err := NewWriter(&out, &errOut, w.mode).Write(r); err != nil {
		return nil, err
	}
	text := errOut.String() + out.String()
	text = strings.TrimSuffix(text, "\n")
	if text == "" {
		return nil, nil
	}
	return strings.Split(text, "\n"), nil
}

// screenLines masks and makes safe a batch of lines as writeLines prints them.
func (w *Writer) screenLines(l *Lines) []string {
	var buf bytes.Buffer
	sub := &Writer{Out: &buf, Err: &buf, mode: w.mode}
	if err := sub.writeLines(w.maskedLines(l)); err != nil {
		return nil
	}
	return strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
}
