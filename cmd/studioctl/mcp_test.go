package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/store"
)

func TestConnectionMCPOptInAndAgentToken(t *testing.T) {
	config := filepath.Join(t.TempDir(), "config", "studioctl")
	tio := newTestIO(t, config)
	kc := syntheticKubeconfig(t, "https://k8s.example.com:6443")
	tokenFile := filepath.Join(t.TempDir(), "agent-token")
	if err := os.WriteFile(tokenFile, []byte("cnryAGENTTOKEN\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if code := tio.run("connection", "add", "prod", "--from-kubeconfig", kc, "--mcp", "--agent-token-file", tokenFile); code != 0 {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
	saved, err := store.New(config).Get("prod")
	if err != nil || !saved.MCP || saved.AgentToken != "cnryAGENTTOKEN" {
		t.Fatalf("saved %+v %v", saved, err)
	}
	if code := tio.run("connection", "show", "prod"); code != 0 || !strings.Contains(tio.out.String(), "MCP:") ||
		!strings.Contains(tio.out.String(), "Agent token:        set") || strings.Contains(tio.out.String(), "cnryAGENT") {
		t.Fatalf("exit %d: %s", code, tio.out)
	}
	if code := tio.run("connection", "show", "prod", "-o", "json"); code != 0 || !strings.Contains(tio.out.String(), `"agentToken": "set"`) || strings.Contains(tio.out.String(), "cnryAGENT") {
		t.Fatalf("exit %d: %s", code, tio.out)
	}
	if code := tio.run("connection", "mcp", "prod", "--off"); code != 0 {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
	if saved, _ := store.New(config).Get("prod"); saved.MCP {
		t.Fatal("--off left the connection opted in")
	}
	if code := tio.run("connection", "mcp", "prod"); code != fault.ExitRefused {
		t.Fatalf("neither --on nor --off: exit %d", code)
	}
	if code := tio.run("mcp"); code != fault.ExitRefused || !strings.Contains(tio.err.String(), "No saved connection opted in") {
		t.Fatalf("mcp with none opted in: exit %d %s", code, tio.err)
	}
	if code := tio.run("connection", "mcp", "prod", "--on"); code != 0 {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
	tio.env["STUDIOCTL_CONNECTION"] = ""
	if code := tio.run("connection", "add", "stdin", "--from-kubeconfig", kc, "--agent-token-file", "-"); code != fault.ExitRefused ||
		!strings.Contains(tio.err.String(), "agent token") {
		t.Fatalf("an empty stdin: exit %d %s", code, tio.err)
	}
	tio.In = strings.NewReader("  cnrySTDINTOKEN  \nignored\n")
	if code := tio.run("connection", "add", "stdin", "--from-kubeconfig", kc, "--mcp", "--agent-token-file", "-"); code != 0 ||
		strings.Contains(tio.out.String()+tio.err.String(), "cnry") {
		t.Fatalf("a token on stdin: exit %d %s %s", code, tio.out, tio.err)
	}
	if saved, err := store.New(config).Get("stdin"); err != nil || saved.AgentToken != "cnrySTDINTOKEN" || !saved.MCP {
		t.Fatalf("the token read from stdin: %q %v %v", saved.AgentToken, saved.MCP, err)
	}
}

func TestMCPServesTheDemoOverStdio(t *testing.T) {
	tio := newTestIO(t, filepath.Join(t.TempDir(), "config"))
	out := &lockedBuffer{}
	tio.In = &untilAnswered{data: strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}
{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}
{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}
{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"run_kubectl_read","arguments":{"statement":"get configmap app-settings -n shop -o yaml"}}}
`), out: out, want: `"id":3`}
	tio.IOStreams.Out = out
	code := run([]string{"mcp", "--replay", "demo"}, &tio.IOStreams)
	got := out.String()
	for _, want := range []string{"run_kubectl_read", "outline_cluster", "list_connections", `"readOnlyHint":true`, "\\u003credacted\\u003e"} {
		if !strings.Contains(got, want) {
			t.Errorf("exit %d: stdout lacks %s:\n%.2000s\nstderr: %s", code, want, got, tio.err)
		}
	}
	if strings.Contains(got, "CANARY-") {
		t.Error("a ConfigMap's value (a machine-class canary) reached the agent")
	}
	log, err := os.ReadFile(filepath.Join(tio.HomeDirs.State, "mcp-calls.log"))
	if err != nil || !strings.Contains(string(log), `"statement":"get configmap app-settings -n shop -o yaml"`) {
		t.Errorf("call log: %s %v", log, err)
	}
}

func TestMCPRefusesKubeconfigsAndWideHTTP(t *testing.T) {
	tio := newTestIO(t, filepath.Join(t.TempDir(), "config"))
	kc := syntheticKubeconfig(t, "https://k8s.example.com:6443")
	if code := tio.run("--kubeconfig", kc, "mcp"); code != fault.ExitRefused || !strings.Contains(tio.err.String(), "takes no --kubeconfig") {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
	tokenFile := filepath.Join(t.TempDir(), "tok")
	os.WriteFile(tokenFile, []byte(strings.Repeat("a", 40)), 0o600)
	for _, addr := range []string{"0.0.0.0:0", "10.0.0.1:8765", ":0"} {
		if code := tio.run("mcp", "--replay", "demo", "--http", addr, "--http-token-file", tokenFile); code != fault.ExitRefused || !strings.Contains(tio.err.String(), "loopback") {
			t.Fatalf("%s: exit %d: %s", addr, code, tio.err)
		}
	}
	if code := tio.run("mcp", "--replay", "demo", "--http", "127.0.0.1:0"); code != fault.ExitRefused || !strings.Contains(tio.err.String(), "--http-token-file") {
		t.Fatalf("no token: exit %d: %s", code, tio.err)
	}
}

// lockedBuffer is stdout shared by the server's writer and the test's reader.
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

// untilAnswered is stdin: its lines, then end of input once stdout holds want (or 20 s passed),
// as a client that hangs up after its last answer.
type untilAnswered struct {
	data io.Reader
	out  *lockedBuffer
	want string
}

func (u *untilAnswered) Read(p []byte) (int, error) {
	if n, err := u.data.Read(p); n > 0 || err != io.EOF {
		return n, err
	}
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if strings.Contains(u.out.String(), u.want) {
			break
		}
	}
	return 0, io.EOF
}
