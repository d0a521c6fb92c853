package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// syncBuffer is a bytes.Buffer safe for the server's writes and the test's reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// Bad frames on stdio are answered with JSON-RPC errors and the server goes on; every request
// read before the end of the input is answered, the last one with no line end included (issue 32
// item 12, issue 34).
func TestBadFramesAreAnsweredAndServingGoesOn(t *testing.T) {
	in := strings.Join([]string{
		`this is not json`,
		`{"jsonrpc":"2.0","id":5,"method":"pi`, // a truncated line: the next line is read on its own
		`{"jsonrpc":"1.0","id":7,"method":"ping"}`,
		`[{"jsonrpc":"2.0","id":8,"method":"ping"}]`,
		`{"jsonrpc":"2.0","id":"m","method":5}`,
		`{"jsonrpc":"2.0","id":null,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"list_connections","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":9,"method":"ping"}`, // the input ends here, with no line end
	}, "\n")
	var sent atomic.Int64
	srv := New(Options{Connections: []Connection{demoConnection(t, &sent)}})
	var out syncBuffer
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := srv.ServeStream(ctx, strings.NewReader(in), &out); err != nil && ctx.Err() != nil {
		t.Fatalf("the server did not end at the end of its input: %v", err)
	}
	byID := map[string]map[string]any{}
	var nullErrors []float64
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var msg map[string]any
		if err := json.Unmarshal([]byte(line), &msg); err != nil {
			t.Fatalf("an answer that is not JSON: %q", line)
		}
		if msg["id"] == nil {
			if e, ok := msg["error"].(map[string]any); ok {
				nullErrors = append(nullErrors, e["code"].(float64))
			}
			continue
		}
		byID[strings.Trim(string(mustJSON(msg["id"])), `"`)] = msg
	}
	code := func(id string) float64 {
		e, _ := byID[id]["error"].(map[string]any)
		c, _ := e["code"].(float64)
		return c
	}
	if code("7") != codeInvalidRequest || code("m") != codeInvalidRequest {
		t.Errorf("jsonrpc 1.0 and a method that is no string: %v %v", byID["7"], byID["m"])
	}
	// not JSON and the truncated line (parse errors), the batch and id null (invalid requests),
	// each with id null.
	if diff := cmp.Diff([]float64{codeParseError, codeParseError, codeInvalidRequest, codeInvalidRequest}, nullErrors); diff != "" {
		t.Errorf("answers with id null (-want +got):\n%s", diff)
	}
	for _, id := range []string{"1", "2", "3", "9"} {
		if byID[id] == nil || byID[id]["result"] == nil {
			t.Errorf("request %s has no result: %v\n%s", id, byID[id], out.String())
		}
	}
}

func mustJSON(v any) []byte { b, _ := json.Marshal(v); return b }
