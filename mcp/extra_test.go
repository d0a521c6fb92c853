package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestTheCallLogKeepsNoAnswerAndNoCredential(t *testing.T) {
	var sent atomic.Int64
	var log bytes.Buffer
	now := func() time.Time { return time.Date(2031, 5, 1, 12, 0, 0, 0, time.UTC) }
	cs := connect(t, Options{Connections: []Connection{demoConnection(t, &sent)}, Log: &log, Now: now})
	readDemo(t, cs, "get secrets -n shop")
	callTool(t, cs, "run_kubectl_read", map[string]any{"statement": "get pods --token=cnrySECRET"})
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("log:\n%s", log.String())
	}
	var first, second logRecord
	json.Unmarshal([]byte(lines[0]), &first)
	json.Unmarshal([]byte(lines[1]), &second)
	want := logRecord{Time: "2031-05-01T12:00:00Z", Tool: "run_kubectl_read", Statement: "get secrets -n shop", Outcome: "ok", Rows: 3}
	if first != want {
		t.Errorf("first line %+v, want %+v", first, want)
	}
	if second.Outcome != CodeConnectionFlag || strings.Contains(log.String(), "cnrySECRET") || strings.Contains(log.String(), "db-credentials") {
		t.Errorf("log:\n%s", log.String())
	}
}

func TestOpenLogIs0600(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("modes are not Windows ACLs")
	}
	dir := filepath.Join(t.TempDir(), "state")
	f, err := OpenLog(dir)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	fi, err := os.Stat(filepath.Join(dir, LogFile))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("%v %v", fi.Mode(), err)
	}
	di, _ := os.Stat(dir)
	if di.Mode().Perm() != 0o700 {
		t.Fatalf("directory %v", di.Mode())
	}
}

func TestACancelledCallStops(t *testing.T) {
	var sent atomic.Int64
	cs := connect(t, Options{Connections: []Connection{demoConnection(t, &sent)}, Deadline: time.Nanosecond})
	res, text := callTool(t, cs, "run_kubectl_read", map[string]any{"statement": "get pods -n shop"})
	if !res.IsError || !(strings.HasPrefix(text, CodeDeadline+": ") || strings.HasPrefix(text, CodeBusy+": ")) {
		t.Fatalf("a call past its deadline: %s", text)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "list_connections"}); err == nil {
		t.Fatal("a call the client cancelled answered")
	}
}

func TestHTTPNeedsLoopbackAndTheBearerToken(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:8765", "192.168.1.2:8765", ":8765", "example.com:80", "127.0.0.1"} {
		if err := LoopbackAddress(addr); err == nil {
			t.Errorf("%s was accepted", addr)
		}
	}
	for _, addr := range []string{"127.0.0.1:8765", "[::1]:0", "localhost:8765"} {
		if err := LoopbackAddress(addr); err != nil {
			t.Errorf("%s: %v", addr, err)
		}
	}
	var sent atomic.Int64
	token := []byte(strings.Repeat("t", MinHTTPToken))
	h := New(Options{Connections: []Connection{demoConnection(t, &sent)}}).HTTPHandler(token)
	for _, auth := range []string{"", "Bearer wrong", "Basic " + string(token), "Bearer " + string(token) + "x"} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "http://127.0.0.1/", strings.NewReader(`{}`))
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusUnauthorized {
			t.Errorf("Authorization %q: %d", auth, rec.Code)
		}
	}
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("POST", "http://127.0.0.1/", strings.NewReader(`{}`))
	req.Header.Set("Authorization", "Bearer "+string(token))
	h.ServeHTTP(rec, req)
	if rec.Code == http.StatusUnauthorized {
		t.Error("the right token was refused")
	}
	dir := t.TempDir()
	short := filepath.Join(dir, "short")
	os.WriteFile(short, []byte("abc\n"), 0o600)
	if _, err := ReadHTTPToken(short); err == nil {
		t.Error("a short token was accepted")
	}
	good := filepath.Join(dir, "good")
	os.WriteFile(good, append(token, '\n'), 0o600)
	if got, err := ReadHTTPToken(good); err != nil || string(got) != string(token) {
		t.Errorf("%q %v", got, err)
	}
}

func TestHTTPTransportServesTools(t *testing.T) {
	var sent atomic.Int64
	token := []byte(strings.Repeat("k", MinHTTPToken))
	srv := httptest.NewServer(New(Options{Connections: []Connection{demoConnection(t, &sent)}}).HTTPHandler(token))
	defer srv.Close()
	client := &http.Client{Transport: bearer{token: string(token)}}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, nil).Connect(context.Background(),
		&sdk.StreamableClientTransport{Endpoint: srv.URL, HTTPClient: client}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, text := callTool(t, cs, "list_connections", nil)
	if res.IsError || !strings.Contains(text, "demo") {
		t.Fatalf("over HTTP: %s", text)
	}
}

type bearer struct{ token string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

func FuzzToolArguments(f *testing.F) {
	for _, s := range []string{`{"statement":"get pods -n shop"}`, `{"statement":42}`, `{"connection":"x","statement":"exec a"}`, `[]`, `null`, `{"statement":"get pods -w"}`, `"x"`, `{"connection":{}}`} {
		f.Add("run_kubectl_read", s)
	}
	f.Add("outline_cluster", `{"connection":"nope"}`)
	f.Add("list_connections", `{"x":1}`)
	var sent atomic.Int64
	cs := connect(f, Options{Connections: []Connection{demoConnection(f, &sent)}, Deadline: 5 * time.Second})
	f.Fuzz(func(t *testing.T, tool, args string) {
		if tool != "run_kubectl_read" && tool != "list_connections" {
			tool = "outline_cluster"
		}
		var raw json.RawMessage
		if json.Valid([]byte(args)) {
			raw = json.RawMessage(args)
		}
		res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: tool, Arguments: raw})
		if err != nil {
			return // the SDK refused the arguments as a protocol error: clear, and no panic
		}
		if res.IsError {
			if len(res.Content) == 0 {
				t.Fatalf("an error with no words: %s %s", tool, args)
			}
			tc, ok := res.Content[0].(*sdk.TextContent)
			if !ok || strings.TrimSpace(tc.Text) == "" {
				t.Fatalf("an error with no words: %s %s", tool, args)
			}
		}
	})
}
