package printer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/sanitize"
)

// RedactMode is how much a Writer masks: the session's own mode, so a session's mode reaches
// the Writer as it is, with no conversion between two types that could drift apart. It can be
// raised from People to Machine, never lowered.
type RedactMode = studioctl.Mode

const (
	People  = studioctl.People  // Secret values stripped (always, at decode); everything else shown
	Machine = studioctl.Machine // also mask values an agent must not read, keys kept
)

// Writer prints results. It is the one place where answers are sanitized for a terminal and, in
// machine mode, masked; every reader's result goes through it.
type Writer struct {
	Out  io.Writer
	Err  io.Writer
	mode RedactMode
}

// NewWriter builds a writer in the given mode.
func NewWriter(out, errOut io.Writer, mode RedactMode) *Writer {
	return &Writer{Out: out, Err: errOut, mode: mode}
}

// Mode is the writer's redaction mode.
func (w *Writer) Mode() RedactMode { return w.mode }

// Raise moves the writer to a stricter mode; it never lowers it.
func (w *Writer) Raise(m RedactMode) error {
	if m < w.mode {
		return fault.Refusef(CodeMachineLower, sentenceMachineLower)
	}
	w.mode = m
	return nil
}

// Write prints a result: notices and the empty line on stderr, the answer on stdout. It masks
// the result in the writer's mode first (Mask), unless it was masked so already.
func (w *Writer) Write(r *Result) error {
	r = Mask(r, w.mode)
	for _, n := range r.Notices {
		fmt.Fprintln(w.Err, sanitize.String(n))
	}
	var err error
	switch {
	case r.Table != nil:
		err = w.writeTable(r.Table)
	case len(r.Groups) > 0:
		err = w.writeGroups(r.Groups)
	case r.Lines != nil:
		err = w.writeLines(r.Lines)
	case r.Docs != nil:
		err = w.writeDocs(r.Docs)
	case r.Body != nil:
		_, err = w.Out.Write(sanitizeLines(string(r.Body)))
	}
	if err != nil {
		return err
	}
	if r.Empty != "" {
		fmt.Fprintln(w.Err, sanitize.String(r.Empty))
	}
	return nil
}

// kubectl's table layout: text/tabwriter with a minimum cell width of 6, tab width 4 and three
// spaces of padding.
func NewTabWriter(out io.Writer) *tabwriter.Writer { return tabwriter.NewWriter(out, 6, 4, 3, ' ', 0) }

// writeGroups prints each kind's table with its own column widths, as kubectl flushes its tab
// writer between kinds, and a blank line before each table after the first unless headers are off.
func (w *Writer) writeGroups(groups []*Table) error {
	printed := false
	for _, t := range groups {
		if len(t.Rows) == 0 {
			continue
		}
		if printed && !t.NoHeaders {
			fmt.Fprintln(w.Out)
		}
		if err := w.writeTable(t); err != nil {
			return err
		}
		printed = true
	}
	return nil
}

func (w *Writer) writeTable(t *Table) error {
	if len(t.Rows) == 0 {
		return nil
	}
	if t.Heading != "" {
		fmt.Fprintln(w.Out, sanitize.String(t.Heading))
	}
	tw := NewTabWriter(w.Out)
	if t.Narrow {
		tw = tabwriter.NewWriter(w.Out, 0, 8, 2, ' ', 0)
	}
	var line []byte
	if !t.NoHeaders {
		line = headerLine(line, t.Columns)
		tw.Write(line)
	}
	for _, row := range t.Rows {
		line = line[:0]
		for j, cell := range row {
			if j > 0 {
				line = append(line, '\t')
			}
			line = append(line, cellText(cell)...)
		}
		line = append(line, '\n')
		tw.Write(line)
	}
	return tw.Flush()
}

// headerLine is the one place a header is printed. A column name can come from the server (a
// Table's columnDefinitions) and readers upper-case it, which keeps an escape sequence working
// (CSI finals such as J and H are capitals), so it is made safe here, after any upper-casing, as
// a cell is.
func headerLine(line []byte, cols []Column) []byte {
	for i, c := range cols {
		if i > 0 {
			line = append(line, '\t')
		}
		line = append(line, cellText(c.Header)...)
	}
	return append(line, '\n')
}

// CellText is a table cell as the Writer prints it (cellText), for a caller that lays cells out
// itself (the agent surface's rows).
func CellText(s string) string { return cellText(s) }

// cellText cuts a cell at its first line break as kubectl does ("..." marks the cut), then makes
// it safe; a tab inside a cell would split the column, so it is escaped too.
func cellText(s string) string {
	if k := strings.IndexAny(s, "\f\n\r"); k >= 0 {
		s = s[:k] + "..."
	}
	s = sanitize.String(s)
	if strings.IndexByte(s, '\t') >= 0 {
		s = strings.ReplaceAll(s, "\t", `\t`)
	}
	return s
}

func (w *Writer) writeLines(l *Lines) error {
	var buf bytes.Buffer
	for _, s := range l.Text {
		buf.WriteString(sanitize.String(s))
		buf.WriteByte('\n')
		if buf.Len() > 64<<10 {
			if _, err := w.Out.Write(buf.Bytes()); err != nil {
				return err
			}
			buf.Reset()
		}
	}
	_, err := w.Out.Write(buf.Bytes())
	return err
}

func (w *Writer) writeDocs(d *Docs) error {
	var doc any
	switch {
	case d.Value != nil:
		doc = d.Value
	case d.Single && len(d.Objects) == 1:
		doc = d.Objects[0]
	default:
		items := make([]any, 0, len(d.Objects))
		for _, o := range d.Objects {
			items = append(items, o)
		}
		doc = map[string]any{"apiVersion": "v1", "kind": "List", "items": items, "metadata": map[string]any{"resourceVersion": ""}}
		if d.ListKind != "" {
			doc = map[string]any{"apiVersion": "v1", "kind": d.ListKind, "items": items, "metadata": map[string]any{}}
		}
	}
	if d.Form != nil {
		return w.writeForm(d.Form, doc)
	}
	if d.FieldOrder != nil && d.Format == "json" {
		return writeOrdered(w.Out, doc, d.FieldOrder)
	}
	return writeDocument(w.Out, d.Format, doc)
}

// writeDocument prints JSON as kubectl does (four-space indent, keys sorted) or YAML through
// sigs.k8s.io/yaml, the library kubectl prints YAML with. Numbers keep their exact text.
func writeDocument(out io.Writer, format string, doc any) error {
	data, err := MarshalJSON(doc)
	if err != nil {
		return err
	}
	if format == "yaml" {
		y, err := toYAML(data)
		if err != nil {
			return &fault.Error{Code: CodeYAML, Class: fault.ServerError, Sentence: sentenceYAML}
		}
		_, err = out.Write(y)
		return err
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, data, "", "    "); err != nil {
		return err
	}
	buf.WriteByte('\n')
	_, err = out.Write(buf.Bytes())
	return err
}

// MarshalJSON encodes without HTML escaping, as kubectl's printer does, and escapes what Go's
// encoder leaves raw but a terminal must not receive (escapeJSON).
func MarshalJSON(v any) ([]byte, error) {
	if out, ok := jsonWriter.Append(nil, v, "", ""); ok {
		return out, nil
	}
	return encoderJSON(v)
}

// encoderJSON is MarshalJSON by Go's encoder, for values jsonWriter does not write.
func encoderJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return escapeJSON(bytes.TrimRight(buf.Bytes(), "\n")), nil
}
