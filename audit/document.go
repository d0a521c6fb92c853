package audit

import (
	"encoding/json"
	"strings"

	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/sanitize"
)

// The -o json document's schema (docs/audit.md).
const (
	SchemaVersion = "studioctl.dev/audit/v1"
	SchemaKind    = "AuditReport"
)

// namespaceOf is the namespace a finding counts against ("" for a cluster-wide one).
func namespaceOf(f Finding) string {
	if f.Kind == "Namespace" && f.Namespace == "" {
		return f.Name
	}
	return f.Namespace
}

// scores: each namespace starts at 100 and loses 10 per error, 3 per warning and 1 per info
// finding counted in this run, never below 0; a namespace not audited scores 0.
func (r *Report) scores() map[string]int {
	by := map[string][]Finding{}
	for _, f := range r.Findings {
		by[namespaceOf(f)] = append(by[namespaceOf(f)], f)
	}
	out := map[string]int{}
	for _, ns := range r.Namespaces {
		if ns.Audited {
			out[ns.Name] = scoreOf(by[ns.Name])
		}
	}
	return out
}

type docWorkload struct {
	Kind            string    `json:"kind"`
	Name            string    `json:"name"`
	Desired         *int64    `json:"desired"`
	Ready           int64     `json:"ready"`
	Pods            int       `json:"pods"`
	Restarts        int64     `json:"restarts"`
	LastTermination *docTerm  `json:"lastTermination"`
	NoRequests      []string  `json:"containersWithoutRequests"`
	NoLimits        []string  `json:"containersWithoutLimits"`
	NoReadiness     []string  `json:"containersWithoutReadinessProbe"`
	NoLiveness      []string  `json:"containersWithoutLivenessProbe"`
	Warnings        []Warning `json:"warningEvents"`
}

type docTerm struct {
	At     string `json:"at"`
	Reason string `json:"reason"`
}

type docNamespace struct {
	Name    string `json:"name"`
	Audited bool   `json:"audited"`
	Score   int    `json:"score"`
	// Both lists are always present (empty when the reading has none), so a jq path over either
	// never meets null.
	Workloads  []docWorkload     `json:"workloads"`
	Containers []*ContainerUsage `json:"containers"`
}

type docSummary struct {
	Namespaces int            `json:"namespaces"`
	Audited    int            `json:"audited"`
	Findings   map[string]int `json:"findings"`
	Ignored    int            `json:"ignored"`
	Baseline   int            `json:"inBaseline"`
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func (w *Workload) doc() docWorkload {
	d := docWorkload{Kind: w.Kind, Name: w.Name, Desired: w.Desired, Ready: w.Ready, Pods: w.Pods, Restarts: w.Restarts,
		NoRequests: nonNil(w.NoRequests), NoLimits: nonNil(w.NoLimits), NoReadiness: nonNil(w.NoReadiness), NoLiveness: nonNil(w.NoLiveness),
		Warnings: w.Warnings}
	if d.Warnings == nil {
		d.Warnings = []Warning{}
	}
	if w.LastTermination != "" {
		d.LastTermination = &docTerm{At: w.LastTermination, Reason: w.LastReason}
	}
	return d
}

// Document is -o json: the versioned report of docs/audit.md, as the printer's generic value.
func (r *Report) Document() map[string]any {
	c := r.counts()
	doc := map[string]any{
		"apiVersion": SchemaVersion, "kind": SchemaKind, "reading": r.Reading,
		"summary": docSummary{Namespaces: len(r.Namespaces), Audited: r.Audited(), Ignored: r.Ignored, Baseline: len(r.Suppressed),
			Findings: map[string]int{"error": c[SeverityError], "warning": c[SeverityWarning], "info": c[SeverityInfo]}},
		"findings": nonNilFindings(r.Findings), "baselineFindings": nonNilFindings(r.Suppressed),
	}
	if r.Reading == ReadingUsage {
		doc["usageAvailable"] = !r.UsageUnavailable
	}
	if r.Reading == ReadingRBAC {
		doc["clusterAudited"] = r.ClusterAudited
		doc["grants"] = r.grantsDoc()
	}
	scores := r.scores()
	nss := []docNamespace{}
	for _, ns := range r.Namespaces {
		d := docNamespace{Name: ns.Name, Audited: ns.Audited, Score: scores[ns.Name], Containers: ns.Usage, Workloads: []docWorkload{}}
		if d.Containers == nil {
			d.Containers = []*ContainerUsage{}
		}
		for _, w := range ns.Workloads {
			d.Workloads = append(d.Workloads, w.doc())
		}
		nss = append(nss, d)
	}
	doc["namespaces"] = nss
	return generic(doc)
}

func (r *Report) grantsDoc() []Grant {
	if r.Grants == nil {
		return []Grant{}
	}
	return r.Grants
}

func nonNilFindings(f []Finding) []Finding {
	if f == nil {
		return []Finding{}
	}
	return f
}

// generic turns a value into decoded JSON (numbers as json.Number), what the printer writes, with
// every string in it (keys too) sanitised as the text form's are: JSON escapes an escape sequence
// a server put in a name, but jq -r would print it raw, so -o json and -o sarif hold none.
func generic(v any) map[string]any {
	data, _ := json.Marshal(v)
	d := json.NewDecoder(strings.NewReader(string(data)))
	d.UseNumber()
	var out map[string]any
	_ = d.Decode(&out)
	return sanitizeStrings(out, 0).(map[string]any)
}

// sanitizeStrings applies sanitize.String to every string of a decoded value, in place for maps
// and lists; the report is studioctl's own document, nested a handful of levels deep.
func sanitizeStrings(v any, depth int) any {
	if depth > 64 {
		return v
	}
	switch t := v.(type) {
	case string:
		return sanitize.String(t)
	case []any:
		for i, c := range t {
			t[i] = sanitizeStrings(c, depth+1)
		}
	case map[string]any:
		for k, c := range t {
			clean := sanitize.String(k)
			if clean != k {
				delete(t, k)
			}
			t[clean] = sanitizeStrings(c, depth+1)
		}
	}
	return v
}

// Result is the printer's answer for an output format: "" (tables), json, junit, sarif or
// markdown. Every form goes through printer.Writer, which sanitises every line and escapes JSON.
func (r *Report) Result(format string) *printer.Result {
	res := &printer.Result{Notices: r.Notices}
	switch format {
	case "json":
		res.Docs = &printer.Docs{Format: "json", Value: r.Document()}
	case "sarif":
		res.Docs = &printer.Docs{Format: "json", Value: r.SARIF()}
	case "junit":
		res.Lines = &printer.Lines{Text: r.JUnit()}
	case "markdown":
		res.Lines = &printer.Lines{Text: r.MarkdownLines()}
	default:
		res.Lines = &printer.Lines{Text: r.TextLines()}
	}
	return res
}

// Formats are the -o values audit takes.
var Formats = []string{"", "json", "junit", "sarif", "markdown"}
