package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/demo"
)

var (
	demoOnce sync.Once
	demoRec  *studioctl.Recording
	demoErr  error
)

// demoConnection is the demo recording as the one connection "demo"; sent counts the requests
// its session admitted.
func demoConnection(t testing.TB, sent *atomic.Int64) Connection {
	t.Helper()
	demoOnce.Do(func() { demoRec, demoErr = demo.Recording() })
	if demoErr != nil {
		t.Fatal(demoErr)
	}
	return FromRecording("demo", demoRec, studioctl.Options{Observe: func(string, string) { sent.Add(1) }})
}

// connect serves a Server on in-memory transports and answers a connected client.
func connect(t testing.TB, o Options) *sdk.ClientSession {
	t.Helper()
	ctx := context.Background()
	ct, st := sdk.NewInMemoryTransports()
	ss, err := New(o).MCP().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// callTool calls a tool and answers its text and whether it was an error.
func callTool(t testing.TB, cs *sdk.ClientSession, name string, args any) (*sdk.CallToolResult, string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error: %v", name, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return res, b.String()
}

// structured decodes a result's structured content into out.
func structured(t testing.TB, res *sdk.CallToolResult, out any) {
	t.Helper()
	data, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, out); err != nil {
		t.Fatalf("structured content %s: %v", data, err)
	}
}

// readDemo runs one statement on the demo and requires an answer.
func readDemo(t *testing.T, cs *sdk.ClientSession, line string) (ReadOutput, string) {
	t.Helper()
	res, text := callTool(t, cs, "run_kubectl_read", map[string]any{"statement": line})
	if res.IsError {
		t.Fatalf("%s: %s", line, text)
	}
	var out ReadOutput
	structured(t, res, &out)
	return out, text
}
