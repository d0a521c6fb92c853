package mcp

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// answerCodes serves lines on stdio and answers each answer's error code by id (0 for a result).
func answerCodes(t *testing.T, lines []string) map[string]int {
	t.Helper()
	var sent atomic.Int64
	srv := New(Options{Connections: []Connection{demoConnection(t, &sent)}})
	var out syncBuffer
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	srv.ServeStream(ctx, strings.NewReader(strings.Join(lines, "\n")), &out)
	codes := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var msg struct {
			ID     json.RawMessage
			Result json.RawMessage
			Error  *struct{ Code int }
		}
		if err := json.Unmarshal([]byte(line), &msg); err != nil {
			t.Fatalf("an answer that is not JSON: %q", line)
		}
		code := 0
		if msg.Error != nil {
			code = msg.Error.Code
			if code == 0 {
				t.Errorf("an error answer with code 0: %s", line)
			}
		}
		codes[string(msg.ID)] = code
	}
	return codes
}

// Every JSON-RPC error on stdio has its JSON-RPC code (issue 34): the SDK answered a call before
// initialize, a second initialize and unreadable initialize params with code 0, and took any
// logging level.
func TestJSONRPCErrorsHaveTheirCodesOnStdio(t *testing.T) {
	got := answerCodes(t, []string{
		`{"jsonrpc":"2.0","id":0,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":2,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":3,"method":"initialize","params":"x"}`,
		`{"jsonrpc":"2.0","id":4,"method":"initialize","params":{"protocolVersion":5}}`,
		initializeBody,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":5,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`,
		`{"jsonrpc":"2.0","id":6,"method":"logging/setLevel","params":{"level":"bogus"}}`,
		`{"jsonrpc":"2.0","id":7,"method":"logging/setLevel","params":{"level":"WARNING"}}`,
		`{"jsonrpc":"2.0","id":8,"method":"logging/setLevel","params":{"level":"emergency"}}`,
		`{"jsonrpc":"2.0","id":9,"method":"no/such/method"}`,
		`{"jsonrpc":"2.0","id":10,"method":"tools/list"}`,
	})
	want := map[string]int{"0": codeInvalidRequest, "1": 0, "2": 0, "3": codeInvalidParams, "4": codeInvalidParams, "5": codeInvalidRequest,
		"6": codeInvalidParams, "7": codeInvalidParams, "8": 0, "9": codeMethodNotFound, "10": 0}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("error codes by id (-want +got):\n%s", diff)
	}
}

// Every level MCP defines is taken.
func TestEveryLoggingLevelIsTaken(t *testing.T) {
	lines := []string{initializeBody, `{"jsonrpc":"2.0","method":"notifications/initialized"}`}
	want := map[string]int{"1": 0}
	for i, level := range loggingLevels {
		id := string(rune('a' + i))
		lines = append(lines, `{"jsonrpc":"2.0","id":"`+id+`","method":"logging/setLevel","params":{"level":"`+level+`"}}`)
		want[`"`+id+`"`] = 0
	}
	if diff := cmp.Diff(want, answerCodes(t, lines)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// httpAnswer posts body to path and answers the status and the JSON-RPC answer (from a JSON
// body or the event stream's data line).
func httpAnswer(t *testing.T, url, token, body, session string) (int, map[string]any, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Authorization", "Bearer "+token)
	if session != "" {
		req.Header.Set("Mcp-Session-Id", session)
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	text := string(raw)
	if _, data, ok := strings.Cut(text, "data: "); ok {
		text, _, _ = strings.Cut(data, "\n")
	}
	var msg map[string]any
	json.Unmarshal([]byte(text), &msg)
	return resp.StatusCode, msg, resp.Header.Get("Mcp-Session-Id")
}

func errorCode(msg map[string]any) float64 {
	e, _ := msg["error"].(map[string]any)
	c, _ := e["code"].(float64)
	return c
}

// Over HTTP the same requests get the same JSON-RPC answers (issue 34): the SDK answered an
// unknown method, an id of null and text that is not JSON with plain-text 400s, and a call
// before initialize and a second initialize with code 0. The endpoint is served at /mcp, where
// docs/agents.md says it is, and at /.
func TestJSONRPCErrorsHaveTheirCodesOverHTTP(t *testing.T) {
	srv, token := hardenedServer(t)
	url := srv.URL + EndpointPath
	type answer struct {
		Status int
		Code   float64
		ID     any
	}
	got := map[string]answer{}
	ask := func(name, body, session string) {
		status, msg, _ := httpAnswer(t, url, token, body, session)
		got[name] = answer{status, errorCode(msg), msg["id"]}
	}
	ask("before initialize", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, "")
	ask("unreadable initialize", `{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":5}}`, "")
	_, _, session := httpAnswer(t, url, token, initializeBody, "")
	if session == "" {
		t.Fatal("initialize over HTTP at /mcp opened no session")
	}
	ask("unknown method", `{"jsonrpc":"2.0","id":3,"method":"no/such/method"}`, session)
	ask("id null", `{"jsonrpc":"2.0","id":null,"method":"ping"}`, session)
	ask("not JSON", `not json`, session)
	ask("second initialize", strings.Replace(initializeBody, `"id":1`, `"id":4`, 1), session)
	ask("bad level", `{"jsonrpc":"2.0","id":5,"method":"logging/setLevel","params":{"level":"loud"}}`, session)
	ask("a good call", `{"jsonrpc":"2.0","id":6,"method":"tools/list"}`, session)
	want := map[string]answer{
		"before initialize":     {http.StatusOK, codeInvalidRequest, float64(1)},
		"unreadable initialize": {http.StatusOK, codeInvalidParams, float64(2)},
		"unknown method":        {http.StatusOK, codeMethodNotFound, float64(3)},
		"id null":               {http.StatusBadRequest, codeInvalidRequest, nil},
		"not JSON":              {http.StatusBadRequest, codeParseError, nil},
		"second initialize":     {http.StatusOK, codeInvalidRequest, float64(4)},
		"bad level":             {http.StatusOK, codeInvalidParams, float64(5)},
		"a good call":           {http.StatusOK, 0, float64(6)},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("HTTP answers (-want +got):\n%s", diff)
	}
	if status, _, _ := httpAnswer(t, srv.URL+"/", token, initializeBody, ""); status != http.StatusOK {
		t.Errorf("initialize at /: %d", status)
	}
	if status, _, _ := httpAnswer(t, srv.URL+"/elsewhere", token, initializeBody, ""); status != http.StatusNotFound {
		t.Errorf("initialize at /elsewhere: %d, want 404", status)
	}
}

// Every method servedMethods names passes the SDK's own check over HTTP (it answers a method it
// does not know with a plain-text 400), so the list never names one the SDK does not serve.
func TestServedMethodsReachTheSDK(t *testing.T) {
	srv, token := hardenedServer(t)
	_, _, session := httpAnswer(t, srv.URL, token, initializeBody, "")
	for i, method := range servedMethods {
		if method == "initialize" || method == "subscriptions/listen" {
			continue // a second initialize is refused; a listen stays open
		}
		body := `{"jsonrpc":"2.0","id":` + string(rune('1'+i%9)) + `,"method":"` + method + `","params":{}}`
		if status, msg, _ := httpAnswer(t, srv.URL, token, body, session); status == http.StatusBadRequest && msg == nil {
			t.Errorf("%s: the SDK answered a plain 400, so it does not serve it", method)
		}
	}
}
