package mcp

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/redact"
	"github.com/studioctl/studioctl/sanitize"
)

// answer masks a result in machine mode once (printer.MaskCounted), fills out's rows, document and
// redaction receipt from the masked structures, and prints the same masked result for the text
// the model reads.
func answer(res *printer.Result, out *ReadOutput) ([]sdk.Content, error) {
	masked, receipt := printer.MaskCounted(res, printer.Machine)
	out.Redaction.Merge(receipt)
	var stdout, stderr bytes.Buffer
	if err := printer.NewWriter(&stdout, &stderr, printer.Machine).Write(masked); err != nil {
		return nil, err
	}
	switch {
	case masked.Table != nil:
		tableRows(masked.Table, out)
	case res.Describe != nil:
		out.Lines = splitLines(stdout.String())
		out.RowCount = 1
	case len(masked.Groups) > 0:
		out.Lines = splitLines(stdout.String())
	case masked.Lines != nil:
		out.Lines = splitLines(stdout.String())
		out.RowCount = len(out.Lines)
	case masked.Docs != nil:
		docsOf(masked.Docs, stdout.String(), out)
	case masked.Body != nil:
		bodyLines(stdout.String(), out)
	}
	for _, n := range res.Notices {
		out.Notices = append(out.Notices, sanitize.String(n))
	}
	if res.Empty != "" {
		out.Notices = append(out.Notices, sanitize.String(res.Empty))
	}
	for _, e := range res.Errors {
		printer.WriteError(&stderr, e, false)
		out.Errors = append(out.Errors, e.Code+": "+sanitize.String(e.Sentence))
	}
	return content(stdout.String(), stderr.String(), out.Redaction), nil
}

// tableRows keeps a masked table's headers and cells as the Writer prints them (each made safe,
// a line break cut).
func tableRows(t *printer.Table, out *ReadOutput) {
	for _, c := range t.Columns {
		out.Columns = append(out.Columns, sanitize.String(c.Header))
	}
	for _, row := range t.Rows {
		cells := make([]string, len(row))
		for j, cell := range row {
			cells[j] = printer.CellText(cell)
		}
		out.Rows = append(out.Rows, cells)
	}
	out.RowCount = len(t.Rows)
}

// docsOf keeps a JSON answer as the masked document and a YAML answer as its printed lines.
func docsOf(d *printer.Docs, printed string, out *ReadOutput) {
	out.RowCount = len(d.Objects)
	if d.Value != nil {
		out.RowCount = 1
	}
	if d.Format != "json" {
		out.Lines = splitLines(printed)
		return
	}
	switch {
	case d.Value != nil:
		out.Document = d.Value
	case d.Single && len(d.Objects) == 1:
		out.Document = d.Objects[0]
	default:
		items := make([]any, 0, len(d.Objects))
		for _, o := range d.Objects {
			items = append(items, o)
		}
		out.Document = map[string]any{"apiVersion": "v1", "kind": "List", "items": items}
	}
}

// bodyLines keeps get --raw's answer as the Writer printed it (sanitised), one line a line: the
// client read at most limits.MaxRawBytes of it, so the lines are bounded as the text is.
func bodyLines(printed string, out *ReadOutput) {
	out.Lines = splitLines(printed)
	out.RowCount = len(out.Lines)
}

// content is what the model reads: the answer as printed, alone in its own item, so a jsonpath
// or a document stays exactly what the command prints (issue 34: the redaction note was glued to
// jsonpath output); then, in a second item, the notices and errors and one line saying what was
// masked.
func content(stdout, stderr string, r redact.Receipt) []sdk.Content {
	var notes strings.Builder
	notes.WriteString(stderr)
	if r.Masked > 0 {
		rules := make([]string, 0, len(r.ByRule))
		for rule, n := range r.ByRule {
			rules = append(rules, fmt.Sprintf("%s %d", rule, n))
		}
		sort.Strings(rules)
		fmt.Fprintf(&notes, "(machine redaction masked %d values as %s: %s; each exists but is withheld)\n", r.Masked, redact.Masked, strings.Join(rules, ", "))
	}
	var items []sdk.Content
	for _, text := range []string{stdout, notes.String()} {
		if text != "" {
			items = append(items, &sdk.TextContent{Text: text})
		}
	}
	if len(items) == 0 {
		return []sdk.Content{&sdk.TextContent{Text: "(no output)\n"}}
	}
	return items
}

func splitLines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
