package audit

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/sanitize"
)

// table is one table of a report: the text and Markdown forms print the same tables.
type table struct {
	title  string
	header []string
	rows   [][]string
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func list(names []string) string { return dash(strings.Join(names, ",")) }

func (w *Workload) desiredCell() string {
	if w.Desired == nil {
		return "-"
	}
	return itoa(*w.Desired)
}

func (w *Workload) terminationCell() string {
	if w.LastTermination == "" {
		return "-"
	}
	return dash(w.LastReason) + " " + w.LastTermination
}

func (w *Workload) warningsCell() string {
	if len(w.Warnings) == 0 {
		return "0"
	}
	var n int64
	for _, e := range w.Warnings {
		n += e.Count
	}
	return itoa(n) + " (" + dash(w.Warnings[0].Reason) + ")"
}

func (r *Report) rowTable() table {
	if r.Reading == ReadingRBAC {
		t := table{title: "Grants", header: []string{"SCOPE", "BINDING", "ROLE", "SUBJECT", "RIGHTS"}}
		for _, g := range r.Grants {
			t.rows = append(t.rows, []string{dash(g.Scope), g.Binding, g.Role, g.Subject, strings.Join(g.Rights, ",")})
		}
		return t
	}
	if r.Reading == ReadingUsage {
		t := table{title: "Usage", header: []string{"NAMESPACE", "POD", "CONTAINER", "CPU", "CPU REQ", "CPU LIM", "CPU/LIM", "MEMORY", "MEM REQ", "MEM LIM", "MEM/LIM"}}
		for _, ns := range r.Namespaces {
			for _, u := range ns.Usage {
				cpu, mem := dash(u.CPU), dash(u.Memory)
				if !u.Measured {
					cpu, mem = "<unknown>", "<unknown>"
				}
				t.rows = append(t.rows, []string{u.Namespace, u.Pod, u.Container, cpu, dash(u.CPURequest), dash(u.CPULimit), percent(u.CPU, u.CPULimit),
					mem, dash(u.MemRequest), dash(u.MemLimit), percent(u.Memory, u.MemLimit)})
			}
		}
		return t
	}
	t := table{title: "Workloads", header: []string{"NAMESPACE", "KIND", "NAME", "DESIRED", "READY", "RESTARTS", "LAST TERMINATION",
		"NO REQUESTS", "NO LIMITS", "NO READINESS", "NO LIVENESS", "WARNINGS"}}
	for _, ns := range r.Namespaces {
		for _, w := range ns.Workloads {
			t.rows = append(t.rows, []string{w.Namespace, w.Kind, w.Name, w.desiredCell(), itoa(w.Ready), itoa(w.Restarts), w.terminationCell(),
				list(w.NoRequests), list(w.NoLimits), list(w.NoReadiness), list(w.NoLiveness), w.warningsCell()})
		}
	}
	return t
}

func (r *Report) findingTable() table {
	t := table{title: "Findings", header: []string{"SEVERITY", "CODE", "OBJECT", "CONTAINER", "MESSAGE"}}
	if r.Reading == ReadingRBAC {
		t.header[3] = "SUBJECT"
	}
	for _, f := range r.Findings {
		t.rows = append(t.rows, []string{string(f.Severity), f.Code, f.Object(), dash(f.Container + f.Subject), f.Message})
	}
	return t
}

// Summary is the report's last line.
func (r *Report) Summary() string {
	c := r.counts()
	s := fmt.Sprintf("%d namespaces, %d audited; %d findings (%d error, %d warning, %d info)",
		len(r.Namespaces), r.Audited(), len(r.Findings), c[SeverityError], c[SeverityWarning], c[SeverityInfo])
	if r.Ignored > 0 {
		s += fmt.Sprintf("; %d ignored", r.Ignored)
	}
	if len(r.Suppressed) > 0 {
		s += fmt.Sprintf("; %d already in the baseline", len(r.Suppressed))
	}
	return s + "."
}

func (r *Report) counts() map[Severity]int {
	c := map[Severity]int{}
	for _, f := range r.Findings {
		c[f.Severity]++
	}
	return c
}

// cell is what a server-provided string may become in a table cell: one line, sanitised.
func cell(s string) string {
	if k := strings.IndexAny(s, "\f\n\r"); k >= 0 {
		s = s[:k] + "..."
	}
	return strings.ReplaceAll(sanitize.String(s), "\t", `\t`)
}

// textLines lays out tables as kubectl does (tabwriter 6/4/3), a blank line between them.
func textLines(ts []table, tail string) []string {
	var buf bytes.Buffer
	for i, t := range ts {
		if i > 0 {
			buf.WriteString("\n")
		}
		if len(t.rows) == 0 {
			buf.WriteString("No " + strings.ToLower(t.title) + ".\n")
			continue
		}
		tw := printer.NewTabWriter(&buf)
		fmt.Fprintln(tw, strings.Join(t.header, "\t"))
		for _, row := range t.rows {
			cells := make([]string, len(row))
			for j, c := range row {
				cells[j] = cell(c)
			}
			fmt.Fprintln(tw, strings.Join(cells, "\t"))
		}
		tw.Flush()
	}
	buf.WriteString("\n" + tail + "\n")
	return strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
}

// TextLines is the default output: the rows, the findings and the summary.
func (r *Report) TextLines() []string {
	return textLines(r.tables(), r.Summary())
}

// tables are the report's tables: the rows and the findings; the hygiene reading's rows are
// its findings.
func (r *Report) tables() []table {
	if r.Reading == ReadingHygiene {
		return []table{r.findingTable()}
	}
	return []table{r.rowTable(), r.findingTable()}
}

// mdCell escapes what would break a Markdown table cell or render as markup.
func mdCell(s string) string {
	s = cell(s)
	r := strings.NewReplacer(`\`, `\\`, "|", `\|`, "`", "\\`", "<", "&lt;", ">", "&gt;", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`)
	return r.Replace(s)
}

// markdownTable renders a GitHub-flavoured Markdown table with tablewriter's Markdown renderer;
// cells are already escaped (mdCell). Headers are kept as written, left-aligned, and no cell is
// wrapped: a line break inside a row would end the table.
func markdownTable(header []string, rows [][]string) []string {
	var buf bytes.Buffer
	t := tablewriter.NewTable(&buf, tablewriter.WithRenderer(renderer.NewMarkdown()),
		tablewriter.WithHeaderAutoFormat(tw.Off), tablewriter.WithHeaderAlignment(tw.AlignLeft),
		tablewriter.WithHeaderAutoWrap(tw.WrapNone), tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithRowAlignment(tw.AlignLeft), tablewriter.WithTrimSpace(tw.Off))
	t.Header(header)
	for _, r := range rows {
		if err := t.Append(r); err != nil {
			return plainMarkdownTable(header, rows)
		}
	}
	if err := t.Render(); err != nil {
		return plainMarkdownTable(header, rows)
	}
	return strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
}

// plainMarkdownTable is the table without padding, should tablewriter refuse a row.
func plainMarkdownTable(header []string, rows [][]string) []string {
	out := []string{"| " + strings.Join(header, " | ") + " |"}
	sep := make([]string, len(header))
	for i := range sep {
		sep[i] = "---"
	}
	out = append(out, "|"+strings.Join(sep, "|")+"|")
	for _, r := range rows {
		out = append(out, "| "+strings.Join(r, " | ")+" |")
	}
	return out
}

// MarkdownLines is -o markdown: a report for a pull-request comment.
func (r *Report) MarkdownLines() []string {
	out := []string{"## studioctl audit " + r.Reading, "", mdCell(r.Summary()), ""}
	scores := r.scores()
	var nsRows [][]string
	for _, ns := range r.Namespaces {
		nsRows = append(nsRows, []string{mdCell(ns.Name), strconv.FormatBool(ns.Audited), strconv.Itoa(scores[ns.Name])})
	}
	out = append(out, markdownTable([]string{"namespace", "audited", "score"}, nsRows)...)
	ts := r.tables()
	slices.Reverse(ts)
	for _, t := range ts {
		out = append(out, "", "### "+t.title, "")
		if len(t.rows) == 0 {
			out = append(out, "None.")
			continue
		}
		rows := make([][]string, len(t.rows))
		for i, row := range t.rows {
			rows[i] = make([]string, len(row))
			for j, c := range row {
				rows[i][j] = mdCell(c)
			}
		}
		out = append(out, markdownTable(t.header, rows)...)
	}
	return out
}
