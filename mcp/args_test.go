package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The input schemas declare what the handlers enforce (issue 34): a statement of at most 4,096
// characters, a namespace that is a DNS-1123 label of at most 63.
func TestInputSchemasDeclareTheirConstraints(t *testing.T) {
	var sent atomic.Int64
	cs := connect(t, Options{Connections: []Connection{demoConnection(t, &sent)}})
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	type constraint struct {
		MaxLength int    `json:"maxLength"`
		Pattern   string `json:"pattern"`
	}
	got := map[string]constraint{}
	for _, tool := range res.Tools {
		data, _ := json.Marshal(tool.InputSchema)
		var schema struct {
			Properties map[string]constraint `json:"properties"`
		}
		if err := json.Unmarshal(data, &schema); err != nil {
			t.Fatalf("%s: %v", tool.Name, err)
		}
		for name, c := range schema.Properties {
			if c != (constraint{}) {
				got[tool.Name+"."+name] = c
			}
		}
	}
	label := constraint{MaxLength: 63, Pattern: `^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`}
	want := map[string]constraint{
		"run_kubectl_read.statement":  {MaxLength: 4096},
		"profile_workloads.namespace": label,
		"inspect_usage.namespace":     label,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("constraints (-want +got):\n%s", diff)
	}
}

// A null argument, null arguments, an argument of another type or an unknown one are answered in
// studioctl's words, naming the argument (issue 34: the SDK said "<invalid reflect.Value>").
func TestArgumentsAreReadInStudioctlsWords(t *testing.T) {
	var sent atomic.Int64
	cs := connect(t, Options{Connections: []Connection{demoConnection(t, &sent)}})
	cases := []struct {
		tool, args, says string
	}{
		{"profile_workloads", `{"namespace":null}`, "The argument namespace of profile_workloads is null"},
		{"profile_workloads", `null`, "profile_workloads needs the argument namespace"},
		{"inspect_usage", `{"namespace":"shop","selector":null}`, "The argument selector of inspect_usage is null"},
		{"run_kubectl_read", `null`, "run_kubectl_read needs the argument statement"},
		{"run_kubectl_read", `{"statement":42}`, "The argument statement of run_kubectl_read is a number"},
		{"run_kubectl_read", `{"statement":"get pods","verb":"delete"}`, `run_kubectl_read takes no argument "verb"`},
		{"run_kubectl_read", `["get pods"]`, "an array was given"},
		{"list_connections", `{"x":1}`, `list_connections takes no argument "x"; it takes none`},
	}
	for _, c := range cases {
		res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: c.tool, Arguments: json.RawMessage(c.args)})
		if err != nil {
			t.Fatalf("%s %s: %v", c.tool, c.args, err)
		}
		text := res.Content[0].(*sdk.TextContent).Text
		if !res.IsError || !strings.HasPrefix(text, CodeArguments+": ") || !strings.Contains(text, c.says) || strings.Contains(text, "reflect") {
			t.Errorf("%s %s: %v %s", c.tool, c.args, res.IsError, text)
		}
	}
	// No arguments at all are none: list_connections answers.
	if res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "list_connections", Arguments: json.RawMessage(`null`)}); err != nil || res.IsError {
		t.Errorf("list_connections with null arguments: %v %+v", err, res)
	}
	if sent.Load() != 0 {
		t.Errorf("refused arguments sent %d requests", sent.Load())
	}
}
