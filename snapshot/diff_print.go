package snapshot

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/sanitize"
)

// The forms snapshot diff prints.
const (
	DiffTable    = "table"
	DiffJSON     = "json"
	DiffMarkdown = "markdown"
)

// DiffForms are the -o values snapshot diff takes.
var DiffForms = []string{DiffTable, DiffJSON, DiffMarkdown}

// CheckDiffForm refuses an -o value snapshot diff does not print.
func CheckDiffForm(form string) error {
	for _, f := range DiffForms {
		if f == form {
			return nil
		}
	}
	return fault.Refusef(CodeFlags, sentenceDiffForm, form, strings.Join(DiffForms, ", "))
}

// Print writes the report in form; every string from either file is made safe for a terminal
// first (JSON included: jq -r would print an escape raw).
func (r *DiffReport) Print(w io.Writer, form string) error {
	s := r.sanitized()
	switch form {
	case DiffJSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(diffDocument{APIVersion: DiffSchema, Kind: DiffKind, DiffReport: s})
	case DiffMarkdown:
		return s.markdown(w)
	}
	return s.table(w)
}

func (r *DiffReport) sanitized() *DiffReport {
	out := *r
	for _, sd := range []*Side{&out.A, &out.B} {
		sd.Path, sd.Server, sd.User, sd.Cluster = sanitize.String(sd.Path), sanitize.String(sd.Server), sanitize.String(sd.User), sanitize.String(sd.Cluster)
	}
	out.Objects = make([]ObjectChange, len(r.Objects))
	for i, c := range r.Objects {
		c.Kind, c.Namespace, c.Name = sanitize.String(c.Kind), sanitize.String(c.Namespace), sanitize.String(c.Name)
		fields := make([]string, len(c.Fields))
		for j, f := range c.Fields {
			fields[j] = sanitize.String(f)
		}
		c.Fields = fields
		out.Objects[i] = c
	}
	out.Kinds = make([]KindSummary, len(r.Kinds))
	for i, k := range r.Kinds {
		k.Kind = sanitize.String(k.Kind)
		out.Kinds[i] = k
	}
	return &out
}

// headerLines name both sides: the file, the server's version, who captured and when.
func (r *DiffReport) headerLines() []string {
	lines := []string{}
	for _, x := range []struct {
		label string
		s     Side
	}{{"A", r.A}, {"B", r.B}} {
		lines = append(lines, fmt.Sprintf(lineDiffSide, x.label, x.s.Path, orNone(x.s.Server), orNone(x.s.User), x.s.CapturedAt))
	}
	return append(lines, r.Notes...)
}

func (c ObjectChange) fieldList() string {
	s := strings.Join(c.Fields, ", ")
	if c.MoreFields > 0 {
		s += fmt.Sprintf(lineDiffMoreFields, c.MoreFields)
	}
	return s
}

func (k KindSummary) line() string {
	if k.NotCompared != "" {
		return fmt.Sprintf(lineDiffNotCompared, k.Kind, k.NotCompared)
	}
	return fmt.Sprintf(lineDiffKind, k.Kind, k.Added, k.Removed, k.Changed)
}

func (r *DiffReport) table(w io.Writer) error {
	for _, l := range r.headerLines() {
		fmt.Fprintln(w, l)
	}
	if !r.Changed() {
		fmt.Fprintln(w, lineDiffNone)
	}
	if len(r.Objects) > 0 {
		fmt.Fprintln(w)
		tw := tabwriter.NewWriter(w, 0, 8, 3, ' ', 0)
		fmt.Fprintln(tw, "KIND\tNAMESPACE\tNAME\tCHANGE\tFIELDS")
		for _, c := range r.Objects {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", c.Kind, dash(c.Namespace), c.Name, c.Change, dash(c.fieldList()))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	r.tail(w, "")
	return nil
}

func (r *DiffReport) markdown(w io.Writer) error {
	fmt.Fprintln(w, "## Snapshot diff")
	fmt.Fprintln(w)
	for _, l := range r.headerLines() {
		fmt.Fprintln(w, "- "+mdCell(l))
	}
	if !r.Changed() {
		fmt.Fprintln(w, "\n"+lineDiffNone)
	}
	if len(r.Objects) > 0 {
		fmt.Fprintln(w, "\n| kind | namespace | name | change | fields |\n|---|---|---|---|---|")
		for _, c := range r.Objects {
			fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", mdCell(c.Kind), mdCell(dash(c.Namespace)), mdCell(c.Name), c.Change, mdCell(dash(c.fieldList())))
		}
	}
	r.tail(w, "- ")
	return nil
}

// tail is the summary line per kind, and the count of changes not listed.
func (r *DiffReport) tail(w io.Writer, bullet string) {
	if len(r.Kinds) == 0 {
		return
	}
	fmt.Fprintln(w)
	for _, k := range r.Kinds {
		fmt.Fprintln(w, bullet+mdIf(bullet, k.line()))
	}
	if r.Unlisted > 0 {
		fmt.Fprintln(w, bullet+fmt.Sprintf(lineDiffUnlisted, r.Unlisted))
	}
}

func mdIf(bullet, s string) string {
	if bullet == "" {
		return s
	}
	return mdCell(s)
}

// mdCell keeps a value inside its Markdown cell: a pipe or a backtick would end or open one.
func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "`", "\\`", "<", "&lt;", ">", "&gt;").Replace(s)
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
