package mcp

import (
	"context"
	"encoding/json"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/audit"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/redact"
)

// ProfileInput is profile_workloads' input: one namespace, no selector (section 9).
type ProfileInput struct {
	Connection string `json:"connection,omitempty" jsonschema:"the connection to read, as list_connections names it; may be left out when the server reads one connection"`
	Namespace  string `json:"namespace" jsonschema:"the namespace to profile, a DNS-1123 label such as shop"`
}

// UsageInput is inspect_usage's input: one namespace, optionally narrowed by a label selector.
type UsageInput struct {
	Connection string `json:"connection,omitempty" jsonschema:"the connection to read, as list_connections names it; may be left out when the server reads one connection"`
	Namespace  string `json:"namespace" jsonschema:"the namespace whose containers' usage to read, a DNS-1123 label such as shop"`
	Selector   string `json:"selector,omitempty" jsonschema:"a label selector narrowing the pods, such as app=web"`
}

// ReadingOutput is a reading's answer: the report (rows and findings), masked in machine mode,
// and the receipt of what was masked.
type ReadingOutput struct {
	Connection string         `json:"connection"`
	Reading    string         `json:"reading"`
	Report     map[string]any `json:"report" jsonschema:"the reading as studioctl audit -o json prints it (docs/audit.md): apiVersion, kind, summary, findings with their codes and severities, and per namespace its workloads or containers"`
	Redaction  redact.Receipt `json:"redaction" jsonschema:"how many values machine redaction masked, by rule: each exists but is withheld"`
}

func registerReadings(s *Server) {
	addTool(s, &sdk.Tool{
		Name:        "profile_workloads",
		Annotations: readOnly("Profile a namespace's workloads"),
		Description: "Profile one namespace's workloads: one row per workload (deployments, stateful sets, daemon sets, jobs, cron jobs, bare pods, and any controller owning a pod) " +
			"with desired and ready counts, restarts with the last termination, containers missing requests, limits or probes, Warning events, and findings. " +
			"Refused past 500 rows: profile a smaller namespace.",
	}, s.profile)
	addTool(s, &sdk.Tool{
		Name:        "inspect_usage",
		Annotations: readOnly("Inspect a namespace's resource usage"),
		Description: "Inspect one namespace's containers: CPU and memory use from metrics.k8s.io against requests and limits, with findings. " +
			"Refused past 500 rows: narrow with a selector. When metrics.k8s.io is not served it says so and names metrics-server.",
	}, s.usage)
}

func (s *Server) profile(ctx context.Context, _ *sdk.CallToolRequest, in ProfileInput) (*sdk.CallToolResult, ReadingOutput, error) {
	return s.reading(ctx, "profile_workloads", in.Connection, in.Namespace, audit.Options{Agent: true}, audit.ProfileWorkloads)
}

func (s *Server) usage(ctx context.Context, _ *sdk.CallToolRequest, in UsageInput) (*sdk.CallToolResult, ReadingOutput, error) {
	return s.reading(ctx, "inspect_usage", in.Connection, in.Namespace, audit.Options{Agent: true, Selector: in.Selector}, audit.InspectUsage)
}

// readingFunc is one of the audit room's readings.
type readingFunc func(ctx context.Context, s *studioctl.Session, ns string, o audit.Options) (*audit.Report, error)

// reading runs one reading of one namespace on a connection's machine-mode session, under the
// agents' 500-row cap, and masks the report as every machine answer is masked.
func (s *Server) reading(ctx context.Context, tool, conn, ns string, o audit.Options, run readingFunc) (*sdk.CallToolResult, ReadingOutput, error) {
	out := ReadingOutput{Connection: conn, Reading: tool}
	rec := &logRecord{Tool: tool, Connection: conn, Statement: ns}
	var text string
	err := s.call(ctx, rec, func(ctx context.Context) (int, error) {
		c, err := s.resolve(rec, conn)
		if err != nil {
			return 0, err
		}
		out.Connection = c.Name
		if !fault.IsDNS1123Label(ns) {
			return 0, fault.Refusef(CodeNamespace, sentenceNamespace)
		}
		sess, err := s.session(c)
		if err != nil {
			return 0, err
		}
		r, err := run(ctx, sess, ns, o)
		if err != nil {
			return 0, err
		}
		out.Report, out.Redaction, text, err = maskedReport(r)
		return reportRows(r), err
	})
	if err != nil {
		return nil, ReadingOutput{}, err
	}
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: text}}}, out, nil
}

// maskedReport is the report as audit -o json prints it (the document of docs/audit.md, never
// the Go structure's field names), masked by the machine rules with a count of what was masked;
// the text for the model is the same document.
func maskedReport(r *audit.Report) (map[string]any, redact.Receipt, string, error) {
	doc := r.Document()
	receipt := redact.MachineCounted(doc)
	text, err := json.Marshal(doc)
	return doc, receipt, string(text), err
}

func reportRows(r *audit.Report) int {
	n := 0
	for _, ns := range r.Namespaces {
		n += len(ns.Workloads) + len(ns.Usage)
	}
	return n
}
