package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/studioctl/studioctl/redact"
)

// tools registers every tool, in the order tools/list answers them.
var tools = []func(*Server){registerRead, registerReadings, registerOutline, registerList}

// readOnly is every tool's annotation: it reads, changes nothing, answers the same twice, and
// reads only the connections the server was started with.
func readOnly(title string) *sdk.ToolAnnotations {
	no := false
	return &sdk.ToolAnnotations{Title: title, ReadOnlyHint: true, DestructiveHint: &no, IdempotentHint: true, OpenWorldHint: &no}
}

// ReadInput is run_kubectl_read's input.
type ReadInput struct {
	Connection string `json:"connection,omitempty" jsonschema:"the connection to read, as list_connections names it; may be left out when the server reads one connection"`
	Statement  string `json:"statement" jsonschema:"one kubectl read of at most 4096 characters, such as: get pods -n shop -o wide"`
}

// ReadOutput is run_kubectl_read's answer: the rows (a table's columns and cells, or the lines, or
// the JSON document), masked in machine mode, and the receipt of what was masked.
type ReadOutput struct {
	Connection string         `json:"connection"`
	Statement  string         `json:"statement"`
	Columns    []string       `json:"columns,omitempty" jsonschema:"a table's column headers"`
	Rows       [][]string     `json:"rows,omitempty" jsonschema:"a table's rows, one cell per column"`
	Lines      []string       `json:"lines,omitempty" jsonschema:"an answer printed as lines (-o name, -o yaml, describe, logs, get --raw)"`
	Document   any            `json:"document,omitempty" jsonschema:"the answer of -o json, masked"`
	RowCount   int            `json:"rowCount" jsonschema:"how many rows, lines or objects the answer holds"`
	Notices    []string       `json:"notices,omitempty"`
	Errors     []string       `json:"errors,omitempty" jsonschema:"per-item failures, such as a named object not found"`
	Redaction  redact.Receipt `json:"redaction" jsonschema:"how many values machine redaction masked, by rule: each exists but is withheld"`
}

// OutlineInput is outline_cluster's input.
type OutlineInput struct {
	Connection string `json:"connection,omitempty" jsonschema:"the connection to outline, as list_connections names it; may be left out when the server reads one connection"`
}

// ListInput is list_connections' input: nothing.
type ListInput struct{}

// ListOutput is list_connections' answer.
type ListOutput struct {
	Connections []ConnectionInfo `json:"connections"`
}

// ConnectionInfo is all the agent learns of a connection.
type ConnectionInfo struct {
	Name string `json:"name"`
	Host string `json:"host" jsonschema:"the API server's host name"`
}

func registerRead(s *Server) {
	addTool(s, &sdk.Tool{
		Name:        "run_kubectl_read",
		Annotations: readOnly("Run one kubectl read"),
		Description: "Run one read-only kubectl statement (get, describe, logs, events, top, explain, auth can-i, auth whoami, api-resources, api-versions, version) on a connection. " +
			"Writes, exec, watch (-w), follow (-f) and connection or identity flags are refused before anything is sent. A read past 1000 rows is refused: narrow by namespace, selector or name. " +
			"Values an agent must not read are masked as <redacted>; the redaction receipt counts them.",
	}, s.runRead)
}

func registerOutline(s *Server) {
	addTool(s, &sdk.Tool{
		Name:        "outline_cluster",
		Annotations: readOnly("Outline a cluster"),
		Description: "Outline a connection's cluster: the Cluster container and the default namespace walked (each kind with its count and object names; Secrets as a count only), " +
			"every namespace named, and how many namespaces were not read. Read one of those with run_kubectl_read.",
	}, s.outline)
}

func registerList(s *Server) {
	addTool(s, &sdk.Tool{
		Name:        "list_connections",
		Annotations: readOnly("List connections"),
		Description: "List the connections this server may read: each name and its API server's host name.",
	}, s.list)
}

func (s *Server) list(ctx context.Context, _ *sdk.CallToolRequest, _ ListInput) (*sdk.CallToolResult, ListOutput, error) {
	out := ListOutput{Connections: []ConnectionInfo{}}
	err := s.call(ctx, &logRecord{Tool: "list_connections"}, func(context.Context) (int, error) {
		for _, c := range s.opts.Connections {
			out.Connections = append(out.Connections, ConnectionInfo{Name: c.Name, Host: c.Host})
		}
		return len(out.Connections), nil
	})
	return nil, out, err
}
