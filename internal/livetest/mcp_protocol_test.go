package livetest

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// checkProtocol is what the official Go SDK's client asks of any MCP server, on one session
// (issue 25): ping answers; every tool's inputSchema is a JSON Schema the SDK's own validator
// resolves, and an argument outside it is answered as an error result or a JSON-RPC error, never
// a dropped session; resources/list and prompts/list answer, or say method-not-found. how names
// the transport in failures.
func (lt *mcpLive) checkProtocol(ctx context.Context, cs *sdk.ClientSession, how string) {
	if err := cs.Ping(ctx, nil); err != nil {
		lt.t.Errorf("%s: ping: %v", how, err)
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		lt.t.Fatalf("%s: tools/list: %v", how, err)
	}
	for _, tool := range tools.Tools {
		lt.checkSchema(how, tool)
		// An argument no tool declares, of a type no schema admits.
		res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: tool.Name, Arguments: map[string]any{"statement": 42, "connection": []any{1}}})
		// studioctl reads the arguments itself and logs the refusal, one call log line.
		lt.mu.Lock()
		lt.calls++
		lt.mu.Unlock()
		if err == nil && (res == nil || !res.IsError) && tool.Name != "list_connections" {
			lt.t.Errorf("%s: %s with arguments of the wrong type answered as if they were right", how, tool.Name)
		}
		if err != nil && !isWireError(err) {
			lt.t.Errorf("%s: %s with bad arguments: %v (a fault, not an answer)", how, tool.Name, err)
		}
	}
	if _, err := cs.ListResources(ctx, nil); err != nil && !methodNotFound(err) {
		lt.t.Errorf("%s: resources/list: %v", how, err)
	}
	if _, err := cs.ListPrompts(ctx, nil); err != nil && !methodNotFound(err) {
		lt.t.Errorf("%s: prompts/list: %v", how, err)
	}
	// The session still answers after all of the above.
	if err := cs.Ping(ctx, nil); err != nil {
		lt.t.Errorf("%s: ping after bad arguments: %v", how, err)
	}
}

// checkSchema resolves a tool's input schema with the SDK's JSON Schema implementation: an
// object schema, valid as JSON Schema.
func (lt *mcpLive) checkSchema(how string, tool *sdk.Tool) {
	data, err := json.Marshal(tool.InputSchema)
	if err != nil {
		lt.t.Errorf("%s: %s: inputSchema: %v", how, tool.Name, err)
		return
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(data, &s); err != nil {
		lt.t.Errorf("%s: %s: inputSchema is no JSON Schema: %v", how, tool.Name, err)
		return
	}
	if s.Type != "object" {
		lt.t.Errorf("%s: %s: inputSchema type %q, want object", how, tool.Name, s.Type)
	}
	if _, err := s.Resolve(nil); err != nil {
		lt.t.Errorf("%s: %s: inputSchema does not resolve: %v", how, tool.Name, err)
	}
}

func isWireError(err error) bool {
	var we *jsonrpc.Error
	return errors.As(err, &we)
}

func methodNotFound(err error) bool {
	var we *jsonrpc.Error
	return errors.As(err, &we) && we.Code == jsonrpc.CodeMethodNotFound
}
