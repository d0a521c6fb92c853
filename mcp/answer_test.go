package mcp

import (
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// A jsonpath answer is its own content item, exactly as the command prints it, and the redaction
// note another (issue 34: the note was glued to the jsonpath text, which no longer parsed).
func TestTheRedactionNoteIsNotGluedToTheAnswer(t *testing.T) {
	var sent atomic.Int64
	cs := connect(t, Options{Connections: []Connection{demoConnection(t, &sent)}})
	res, text := callTool(t, cs, "run_kubectl_read", map[string]any{"statement": "get pods -n shop -o jsonpath={.items[*].metadata.annotations}"})
	if res.IsError || len(res.Content) != 2 {
		t.Fatalf("%v, %d content items: %s", res.IsError, len(res.Content), text)
	}
	printed := res.Content[0].(*sdk.TextContent).Text
	// One JSON object per pod with annotations, separated by spaces, as kubectl prints them.
	d, objects := json.NewDecoder(strings.NewReader(printed)), 0
	for d.More() {
		var doc map[string]any
		if err := d.Decode(&doc); err != nil {
			t.Fatalf("the jsonpath answer does not parse on its own after %d objects (%v): %q", objects, err, printed)
		}
		objects++
	}
	if objects == 0 {
		t.Errorf("no object in %q", printed)
	}
	if note := res.Content[1].(*sdk.TextContent).Text; !strings.HasPrefix(note, "(machine redaction masked") {
		t.Errorf("the second item is not the redaction note: %q", note)
	}
}

// A named object that is not found is a failed call (isError), as the command exits 1 for it; the
// error is still in the answer's data.
func TestNotFoundIsAFailedCall(t *testing.T) {
	var sent atomic.Int64
	cs := connect(t, Options{Connections: []Connection{demoConnection(t, &sent)}})
	res, text := callTool(t, cs, "run_kubectl_read", map[string]any{"statement": "get pod no-such-pod -n shop"})
	var out ReadOutput
	structured(t, res, &out)
	if !res.IsError || len(out.Errors) != 1 || !strings.HasPrefix(out.Errors[0], "http.not_found: ") || !strings.Contains(text, "no-such-pod") {
		t.Errorf("not found: isError %v, errors %q, text %q", res.IsError, out.Errors, text)
	}
	if res, text := callTool(t, cs, "run_kubectl_read", map[string]any{"statement": "get pods -n shop"}); res.IsError {
		t.Errorf("a read that answered is a failed call: %s", text)
	}
}
