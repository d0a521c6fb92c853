package mcp

import (
	"context"
	"encoding/json"
	"path/filepath"
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
	demoSnap *studioctl.Snapshot
	demoErr  error
)

// demoConnection is the demo snapshot as the one connection "demo"; sent counts the requests its
// session admitted.
func demoConnection(t testing.TB, sent *atomic.Int64) Connection {
	t.Helper()
	demoOnce.Do(func() { demoSnap, demoErr = demo.Snapshot() })
	if demoErr != nil {
		t.Fatal(demoErr)
	}
	return FromSnapshot("demo", demoSnap, studioctl.Options{Observe: func(string, string) { sent.Add(1) }})
}

// adminConnection is the live suite's recording of the admin identity (testdata/replay/v1.37.2)
// as the one connection "demo": the tests that need Secrets to mask read it, since the demo's
// reader identity may not list Secrets.
func adminConnection(t testing.TB, sent *atomic.Int64) Connection {
	t.Helper()
	rec, err := studioctl.LoadRecording(filepath.Join("..", "testdata", "replay", "v1.37.2", "admin"))
	if err != nil {
		t.Fatal(err)
	}
	return FromRecording("demo", rec, studioctl.Options{Observe: func(string, string) { sent.Add(1) }})
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
