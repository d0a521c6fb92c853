package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/studioctl/studioctl/fault"
)

// Tool arguments are read here rather than by the SDK (issue 34): the SDK's validation answered a
// null argument with "<invalid reflect.Value>" and its own wording for the rest, and it would
// answer a schema's maxLength or pattern before studioctl's sentence could. The input schemas
// still declare every constraint (a statement's 4,096 characters, a namespace's DNS-1123 label),
// and each is enforced by the handler in studioctl's words; here an argument must be a string,
// known, and present when required.

// namespacePattern and maxNamespaceChars are a DNS-1123 label, as fault.IsDNS1123Label reads one.
const (
	namespacePattern  = `^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`
	maxNamespaceChars = 63
)

// toolHandler is a tool's typed handler, as the SDK's AddTool takes it.
type toolHandler[In, Out any] func(context.Context, *sdk.CallToolRequest, In) (*sdk.CallToolResult, Out, error)

// addTool registers a tool with input and output schemas inferred from In and Out (the input's
// constrained by constrain), whose arguments readArguments reads.
func addTool[In, Out any](s *Server, t *sdk.Tool, h toolHandler[In, Out]) {
	in, err := jsonschema.For[In](nil)
	if err != nil {
		panic(fmt.Sprintf("tool %s: input schema: %v", t.Name, err)) // the types are this package's
	}
	out, err := jsonschema.For[Out](nil)
	if err != nil {
		panic(fmt.Sprintf("tool %s: output schema: %v", t.Name, err))
	}
	constrain(in)
	tool := *t
	tool.InputSchema, tool.OutputSchema = in, out
	s.sdk.AddTool(&tool, func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		var args In
		if err := readArguments(tool.Name, in, req.Params.Arguments, &args); err != nil {
			s.log.write(&logRecord{Tool: tool.Name}, 0, err)
			return errorResult(toolError(err)), nil
		}
		res, answer, err := h(ctx, req, args)
		if wire, ok := err.(*jsonrpc.Error); ok {
			return nil, wire
		}
		if err != nil {
			return errorResult(err), nil
		}
		return withStructured(res, answer)
	})
}

// constrain declares in the input schema what the handlers enforce: a statement's length and a
// namespace's form.
func constrain(s *jsonschema.Schema) {
	if p := s.Properties["statement"]; p != nil {
		p.MaxLength = jsonschema.Ptr(MaxStatementChars)
	}
	if p := s.Properties["namespace"]; p != nil {
		p.Pattern, p.MaxLength = namespacePattern, jsonschema.Ptr(maxNamespaceChars)
	}
}

// errorResult is a failed call as the agent reads it: the error's words, isError set.
func errorResult(err error) *sdk.CallToolResult {
	res := &sdk.CallToolResult{}
	res.SetError(err)
	return res
}

// withStructured sets the answer as the result's structured content, and as its text when the
// handler wrote none (as the SDK's typed tools do).
func withStructured(res *sdk.CallToolResult, answer any) (*sdk.CallToolResult, error) {
	data, err := json.Marshal(answer)
	if err != nil {
		return nil, err
	}
	if res == nil {
		res = &sdk.CallToolResult{}
	}
	res.StructuredContent = json.RawMessage(data)
	if res.Content == nil {
		res.Content = []sdk.Content{&sdk.TextContent{Text: string(data)}}
	}
	return res, nil
}

// readArguments reads a call's arguments into args: absent or null arguments are no arguments;
// otherwise one object whose every value is a string the schema names, with every required one
// present. Each refusal names the argument and says what it takes.
func readArguments(tool string, schema *jsonschema.Schema, raw json.RawMessage, args any) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		raw = json.RawMessage("{}")
	}
	var given map[string]json.RawMessage
	if raw[0] != '{' || json.Unmarshal(raw, &given) != nil {
		return fault.Refusef(CodeArguments, sentenceArgsShape, tool, argumentNames(schema), jsonKind(raw))
	}
	for _, name := range sortedKeys(given) {
		p, known := schema.Properties[name]
		if !known {
			return fault.Refusef(CodeArguments, sentenceArgUnknown, tool, name, argumentNames(schema))
		}
		v := bytes.TrimSpace(given[name])
		if len(v) == 0 || v[0] != '"' {
			return fault.Refusef(CodeArguments, sentenceArgType, name, tool, jsonKind(v), p.Description)
		}
	}
	for _, name := range schema.Required {
		if _, ok := given[name]; !ok {
			return fault.Refusef(CodeArguments, sentenceArgMissing, tool, name, schema.Properties[name].Description)
		}
	}
	if err := json.Unmarshal(raw, args); err != nil {
		return fault.Refusef(CodeArguments, sentenceArgsShape, tool, argumentNames(schema), jsonKind(raw))
	}
	return nil
}

// argumentNames says which arguments a tool takes.
func argumentNames(schema *jsonschema.Schema) string {
	names := sortedKeys(schema.Properties)
	if len(names) == 0 {
		return "it takes none"
	}
	return "its arguments are " + strings.Join(names, ", ")
}

// jsonKind names a JSON value's kind for a sentence.
func jsonKind(v []byte) string {
	if len(v) == 0 {
		return "nothing"
	}
	switch v[0] {
	case 'n':
		return "null"
	case 't', 'f':
		return "a boolean"
	case '[':
		return "an array"
	case '{':
		return "an object"
	case '"':
		return "a string"
	}
	return "a number"
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
