package livetest

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// httpServer is a `studioctl mcp --http` process.
type httpServer struct {
	cmd     *exec.Cmd
	stderr  lockedBuffer
	stopped bool
}

// startHTTPServer starts `studioctl mcp --connection view --http 127.0.0.1:0` behind the token in
// tokenFile and answers it with the address it printed it listens on.
func startHTTPServer(t *testing.T, bin string, env []string, tokenFile string) (*httpServer, string) {
	t.Helper()
	return startHTTPServerWith(t, bin, env, "mcp", "--connection", "view", "--http", "127.0.0.1:0", "--http-token-file", tokenFile)
}

// startHTTPServerWith starts studioctl with args (an mcp --http command line) and answers it with
// the address it printed it listens on.
func startHTTPServerWith(t *testing.T, bin string, env []string, args ...string) (*httpServer, string) {
	t.Helper()
	s := &httpServer{cmd: exec.Command(bin, args...)}
	s.cmd.Env = env
	s.cmd.Stderr = &s.stderr
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	const said = "serving MCP over streamable HTTP on http://"
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		_, rest, ok := strings.Cut(s.stderr.String(), said)
		if !ok {
			continue
		}
		addr, _, ok := strings.Cut(rest, " ")
		if !ok {
			continue
		}
		addr, _, _ = strings.Cut(addr, "/") // the notice names the endpoint, http://ADDR/mcp
		if !strings.HasPrefix(addr, "127.0.0.1:") {
			t.Errorf("--http 127.0.0.1:0 listens on %s", addr)
		}
		return s, addr
	}
	s.stop(t)
	t.Fatalf("studioctl mcp --http did not say where it listens: %s", s.stderr.String())
	return nil, ""
}

// stop interrupts the server, as Ctrl-C does, and requires it to end with exit 0.
func (s *httpServer) stop(t *testing.T) {
	t.Helper()
	if s.stopped {
		return
	}
	s.stopped = true
	s.cmd.Process.Signal(os.Interrupt)
	done := make(chan error, 1)
	go func() { done <- s.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("studioctl mcp --http after an interrupt: %v\n%s", err, s.stderr.String())
		}
	case <-time.After(15 * time.Second):
		s.cmd.Process.Kill()
		<-done
		t.Error("studioctl mcp --http did not stop within 15 s of an interrupt")
	}
}

// checkUnauthorized sends an MCP initialize without the bearer token, with a wrong one and with
// the token in another scheme: each is answered 401 and reaches no tool.
func (lt *mcpLive) checkUnauthorized(ctx context.Context, url, token string) {
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`
	before := len(lt.proxy.requests())
	for _, auth := range []string{"", "Bearer wrong", "Bearer " + token + "x", "Basic " + token} {
		req, err := http.NewRequestWithContext(ctx, "POST", url, bytes.NewReader([]byte(body)))
		if err != nil {
			lt.t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			lt.t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			lt.t.Errorf("Authorization %.12q: %d, want 401", auth, resp.StatusCode)
		}
	}
	if n := len(lt.proxy.requests()) - before; n != 0 {
		lt.t.Errorf("unauthorised HTTP requests sent %d requests to the server", n)
	}
}

// bearerTransport sets the MCP server's bearer token on every request.
type bearerTransport struct{ token string }

func (b bearerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

// lockedBuffer is a process's stderr, written by exec's copier and read by the test.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
