package mcp

import (
	"bytes"
	"fmt"
	"io"
	"sort"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/redact"
	"github.com/studioctl/studioctl/sanitize"
)

// ruleDescribed counts the values a describe answer masked; describe renders its own text, so
// its receipt says how many, not by which rule.
const ruleDescribed = "described values"

// answer prints a result in machine mode (the text the model reads) and fills out's rows and
// redaction receipt from the same masked values.
func answer(res *printer.Result, out *ReadOutput) ([]sdk.Content, error) {
	switch {
	case res.Table != nil:
		tableRows(res.Table, out)
	case res.Describe != nil:
		describeLines(res.Describe, out)
	case res.Docs != nil:
		maskDocs(res.Docs, out)
	}
	var stdout, stderr bytes.Buffer
	if err := printer.NewWriter(&stdout, &stderr, printer.Machine).Write(res); err != nil {
		return nil, err
	}
	switch {
	case res.Describe != nil, len(res.Groups) > 0:
		out.Lines = splitLines(stdout.String())
	case res.Lines != nil:
		linesOf(res.Lines, stdout.String(), out)
	case res.Docs != nil:
		docsOf(res.Docs, stdout.String(), out)
	case res.Body != nil:
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

// tableRows masks each cell as the Writer masks it in machine mode (through the Writer, one cell at
// a time) and counts the cells it masked by their column's role.
func tableRows(t *printer.Table, out *ReadOutput) {
	for _, c := range t.Columns {
		out.Columns = append(out.Columns, sanitize.String(c.Header))
	}
	for i, row := range t.Rows {
		cells := make([]string, len(row))
		for j, raw := range row {
			cells[j] = maskedCell(t, i, j)
			if strings.Contains(cells[j], redact.Masked) && !strings.Contains(raw, redact.Masked) {
				out.Redaction.Add(cellRule(t, j), 1)
			}
		}
		out.Rows = append(out.Rows, cells)
	}
	out.RowCount = len(t.Rows)
}

// maskedCell prints one cell alone through a machine-mode Writer: a one-column table with the
// cell's column and row marks, so the cell reads exactly as the printed table's.
func maskedCell(t *printer.Table, row, col int) string {
	one := &printer.Table{Rows: [][]string{{t.Rows[row][col]}}, NoHeaders: true, SecretNames: t.SecretNames, Columns: []printer.Column{{}}}
	if col < len(t.Columns) {
		one.Columns[0] = t.Columns[col]
	}
	if row < len(t.SecretRows) {
		one.SecretRows = []bool{t.SecretRows[row]}
	}
	var b bytes.Buffer
	printer.NewWriter(&b, io.Discard, printer.Machine).Write(&printer.Result{Table: one})
	return strings.TrimSuffix(b.String(), "\n")
}

func cellRule(t *printer.Table, col int) string {
	if col < len(t.Columns) {
		switch t.Columns[col].Role {
		case printer.RoleResourceNames:
			return redact.RuleResourceNames
		case printer.RoleServerCell:
			return redact.RuleCells
		}
	}
	return redact.RuleSecretNames
}

// describeLines renders a describe answer in machine mode and counts the values it masked against
// the same answer rendered for people (which never leaves this function).
func describeLines(d printer.Rendered, out *ReadOutput) {
	machine := d.Render(printer.Machine)
	count := func(lines []string) int { return strings.Count(strings.Join(lines, "\n"), redact.Masked) }
	out.Redaction.Add(ruleDescribed, count(machine)-count(d.Render(printer.People)))
	out.RowCount = 1
}

// maskDocs masks documents before the Writer does (it masks again, changing nothing), counting
// each masked value by rule; a read of core secrets masks every object's name too.
func maskDocs(d *printer.Docs, out *ReadOutput) {
	if d.Value != nil {
		out.Redaction.Merge(redact.MachineCounted(d.Value))
		out.RowCount = 1
		return
	}
	for _, o := range d.Objects {
		if md, ok := o["metadata"].(map[string]any); ok && d.SecretNames {
			if n, present := md["name"]; present && n != redact.Masked {
				md["name"] = redact.Masked
				out.Redaction.Add(redact.RuleSecretNames, 1)
			}
		}
		out.Redaction.Merge(redact.MachineCounted(o))
	}
	out.RowCount = len(d.Objects)
}

// docsOf keeps a JSON answer as the masked document and a YAML answer as its printed lines.
func docsOf(d *printer.Docs, printed string, out *ReadOutput) {
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

// linesOf keeps the printed lines (masked and sanitised by the Writer) and counts the -o name
// lines of secrets it masked.
func linesOf(l *printer.Lines, printed string, out *ReadOutput) {
	out.Lines = splitLines(printed)
	out.RowCount = len(out.Lines)
	if l.Names && l.SecretNames {
		for _, s := range out.Lines {
			if strings.HasSuffix(s, "/"+redact.Masked) {
				out.Redaction.Add(redact.RuleSecretNames, 1)
			}
		}
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
