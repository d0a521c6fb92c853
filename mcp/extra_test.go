package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/limits"
)

func TestTheCallLogKeepsNoAnswerAndNoCredential(t *testing.T) {
	var sent atomic.Int64
	var log bytes.Buffer
	now := func() time.Time { return time.Date(2031, 5, 1, 12, 0, 0, 0, time.UTC) }
	cs := connect(t, Options{Connections: []Connection{adminConnection(t, &sent)}, Log: &log, Now: now})
	readDemo(t, cs, "get secrets -n shop")
	callTool(t, cs, "run_kubectl_read", map[string]any{"statement": "get pods --token=cnrySECRET"})
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("log:\n%s", log.String())
	}
	var first, second logRecord
	json.Unmarshal([]byte(lines[0]), &first)
	json.Unmarshal([]byte(lines[1]), &second)
	// The connection the call left out is logged as resolved (issue 34), a refused statement's too.
	want := logRecord{Time: "2031-05-01T12:00:00Z", Tool: "run_kubectl_read", Connection: "demo", Statement: "get secrets -n shop", Outcome: "ok", Rows: 3}
	if diff := cmp.Diff(want, first); diff != "" {
		t.Errorf("first line (-want +got):\n%s", diff)
	}
	if second.Outcome != CodeConnectionFlag || second.Connection != "demo" || strings.Contains(log.String(), "cnrySECRET") || strings.Contains(log.String(), "db-credentials") {
		t.Errorf("log:\n%s", log.String())
	}
}

// The call log keeps what was asked, never what was answered: the demo's pod names, which only
// an answer holds, are nowhere in it.
func TestTheCallLogHoldsNoAnswer(t *testing.T) {
	var sent atomic.Int64
	var log bytes.Buffer
	cs := connect(t, Options{Connections: []Connection{demoConnection(t, &sent)}, Log: &log})
	out, _ := readDemo(t, cs, "get pods -n shop")
	if len(out.Rows) == 0 {
		t.Fatal("no pods answered")
	}
	for _, row := range out.Rows {
		if strings.Contains(log.String(), row[0]) {
			t.Errorf("the call log holds the answer's %q:\n%s", row[0], log.String())
		}
	}
	var rec map[string]any
	if err := json.Unmarshal(bytes.TrimSpace(log.Bytes()), &rec); err != nil {
		t.Fatalf("%v: %s", err, log.String())
	}
	if len(rec) != 6 || rec["rows"] != float64(len(out.Rows)) || rec["connection"] != "demo" {
		t.Errorf("a call log line holds %v", rec)
	}
}

// A call that finds every slot taken waits, and past its deadline is refused as busy, with
// nothing sent; the slot's holder still finishes.
func TestTheConcurrentCallCap(t *testing.T) {
	entered, release := make(chan struct{}), make(chan struct{})
	var sent atomic.Int64
	demo := demoConnection(t, &sent)
	slow := Connection{Name: "slow", Host: "cluster.example", Open: func() (*studioctl.Session, error) {
		close(entered)
		<-release
		return demo.Open()
	}}
	cs := connect(t, Options{Connections: []Connection{slow}, MaxConcurrent: 1, Deadline: 300 * time.Millisecond})
	first := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "run_kubectl_read", Arguments: map[string]any{"statement": "get pods -n shop"}})
		first <- err
	}()
	<-entered
	res, text := callTool(t, cs, "run_kubectl_read", map[string]any{"statement": "get pods -n shop"})
	close(release)
	if !res.IsError || !strings.HasPrefix(text, CodeBusy+": ") || !strings.Contains(text, "Nothing was sent") {
		t.Errorf("a call past the cap: %s", text)
	}
	if err := <-first; err != nil {
		t.Errorf("the slot's holder: %v", err)
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

// fuzzTools are the tools FuzzToolArguments calls, every one the server lists.
var fuzzTools = []string{"run_kubectl_read", "outline_cluster", "list_connections", "profile_workloads", "inspect_usage"}

// clearError is how a failed call's text begins: studioctl's stable code (arguments that do not
// fit the tool's input schema included: studioctl reads them, not the SDK).
var clearError = regexp.MustCompile(`^[a-z_]+(\.[a-z_0-9]+)+: \S`)

// FuzzToolArguments sends arbitrary JSON arguments to every tool through the SDK's in-memory
// client, on the demo snapshot: each call answers, or fails with a clear error (a studioctl code
// and its sentence); nothing panics, and nothing written is
// sent, since the demo's replayer answers reads only.
func FuzzToolArguments(f *testing.F) {
	for _, s := range []string{`{"statement":"get pods -n shop"}`, `{"statement":42}`, `{"connection":"x","statement":"exec a"}`, `[]`, `null`,
		`{"statement":"get pods -w"}`, `"x"`, `{"connection":{}}`, `{"statement":"get secrets -A -o json"}`, `{"statement":"describe secret db-credentials -n shop"}`,
		`{"statement":"get pods -n shop -o jsonpath={.items[*].spec.containers[*].env}"}`, `{"statement":"logs web-568bd749f7-4blv8 -n shop --tail 3"}`} {
		f.Add(uint8(0), s)
	}
	f.Add(uint8(1), `{"connection":"nope"}`)
	f.Add(uint8(2), `{"x":1}`)
	f.Add(uint8(3), `{"namespace":"shop"}`)
	f.Add(uint8(3), `{"namespace":"../kube-system"}`)
	f.Add(uint8(3), `{"namespace":null}`)
	f.Add(uint8(0), `{"statement":null}`)
	f.Add(uint8(4), `{"namespace":"shop","selector":"app in (web"}`)
	f.Add(uint8(4), `{"namespace":"shop","selector":"app=web"}`)
	var sent atomic.Int64
	cs := connect(f, Options{Connections: []Connection{demoConnection(f, &sent)}, Deadline: 5 * time.Second})
	f.Fuzz(func(t *testing.T, which uint8, args string) {
		tool := fuzzTools[int(which)%len(fuzzTools)]
		var raw json.RawMessage
		if json.Valid([]byte(args)) {
			raw = json.RawMessage(args)
		}
		res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: tool, Arguments: raw})
		if err != nil {
			if strings.TrimSpace(err.Error()) == "" {
				t.Fatalf("a protocol error with no words: %s %s", tool, args)
			}
			return
		}
		var text strings.Builder
		for _, c := range res.Content {
			if tc, ok := c.(*sdk.TextContent); ok {
				text.WriteString(tc.Text)
			}
		}
		if res.IsError && !clearError.MatchString(text.String()) {
			t.Fatalf("%s %s: an unclear error: %.300q", tool, args, text.String())
		}
		if !res.IsError && res.StructuredContent == nil {
			t.Fatalf("%s %s: an answer with no structured content", tool, args)
		}
	})
}

// TestHTTPTokenFileIsBounded (issue 32 item 2): --http-token-file /dev/zero read until memory ran
// out; a device and a file past the cap (a valid token followed by a long tail) are refused.
func TestHTTPTokenFileIsBounded(t *testing.T) {
	long := filepath.Join(t.TempDir(), "long")
	os.WriteFile(long, append([]byte(strings.Repeat("k", MinHTTPToken)+"\n"), make([]byte, limits.HTTPTokenFileBytes)...), 0o600)
	paths := []string{long}
	if _, err := os.Stat("/dev/zero"); err == nil {
		paths = append(paths, "/dev/zero")
	}
	for _, p := range paths {
		if _, err := ReadHTTPToken(p); err == nil {
			t.Errorf("%s was read as a token file", p)
		}
	}
}

// A token file other users may write (or read) is refused, as the store refuses such modes; the
// same file at 0600 is read (issue 32 item 11).
func TestHTTPTokenFileModeIsChecked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "token")
	os.WriteFile(path, []byte(strings.Repeat("k", MinHTTPToken)+"\n"), 0o600)
	for _, mode := range []os.FileMode{0o666, 0o622, 0o644, 0o640} {
		os.Chmod(path, mode)
		if _, err := ReadHTTPToken(path); err == nil || !strings.Contains(err.Error(), "chmod 600") {
			t.Errorf("mode %o: %v", mode, err)
		}
	}
	os.Chmod(path, 0o600)
	if tok, err := ReadHTTPToken(path); err != nil || len(tok) != MinHTTPToken {
		t.Errorf("mode 600: %q %v", tok, err)
	}
}

// Calls queued behind a slow server do not all reach it as their deadlines fire: past four rounds
// of the cap a call is busy at once, and a queued call that gets its slot with less than a quarter
// of its deadline left answers busy instead of starting. Here the one slot's holder takes most of
// the deadline, so of 20 calls only it reaches the connection.
func TestQueuedCallsDoNotStampede(t *testing.T) {
	var opened atomic.Int64
	slow := Connection{Name: "slow", Host: "cluster.example", Open: func() (*studioctl.Session, error) {
		opened.Add(1)
		time.Sleep(900 * time.Millisecond)
		return nil, errors.New("synthetic: the server did not answer")
	}}
	cs := connect(t, Options{Connections: []Connection{slow}, MaxConcurrent: 1, Deadline: time.Second})
	var wg sync.WaitGroup
	var busy atomic.Int64
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "run_kubectl_read", Arguments: map[string]any{"statement": "get pods -n shop"}})
			if err == nil && res.IsError {
				if tc, ok := res.Content[0].(*sdk.TextContent); ok && strings.HasPrefix(tc.Text, CodeBusy+": ") {
					busy.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	if n := opened.Load(); n != 1 {
		t.Errorf("%d calls reached the connection, want the slot holder's alone", n)
	}
	if n := busy.Load(); n != 19 {
		t.Errorf("%d calls answered busy, want 19", n)
	}
}
