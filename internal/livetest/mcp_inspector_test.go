package livetest

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The official MCP Inspector's CLI (npm @modelcontextprotocol/inspector, which scripts/live.sh
// installs and names in STUDIOCTL_MCP_INSPECTOR) against studioctl mcp, over stdio and over
// streamable HTTP: initialize, tools/list (every tool an object schema and read-only),
// resources/list and prompts/list, and every tool called with good arguments and with bad ones.
// A tool may answer an error (isError); the protocol may not fault, on either transport.
func TestMCPInspector(t *testing.T) {
	inspector := os.Getenv("STUDIOCTL_MCP_INSPECTOR")
	if inspector == "" {
		t.Skip("STUDIOCTL_MCP_INSPECTOR is not set (scripts/live.sh installs the MCP Inspector)")
	}
	bin := studioctlBinary(t)
	home := t.TempDir()
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "XDG_CACHE_HOME=" + filepath.Join(home, "cache")}
	tokenFile := filepath.Join(home, "token")
	token := strings.Repeat("i", 40)
	if err := os.WriteFile(tokenFile, []byte(token+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	srv, addr := startHTTPServerWith(t, bin, env, "mcp", "--replay", "demo", "--http", "127.0.0.1:0", "--http-token-file", tokenFile)
	defer srv.stop(t)
	transports := map[string][]string{
		"stdio": {bin, "mcp", "--replay", "demo"},
		"http":  {"http://" + addr + "/mcp", "--transport", "http", "--header", "Authorization: Bearer " + token},
	}
	good := map[string][]string{
		"list_connections":  nil,
		"outline_cluster":   {"connection=demo"},
		"run_kubectl_read":  {"statement=get pods -n shop"},
		"profile_workloads": {"namespace=shop"},
		"inspect_usage":     {"namespace=shop"},
	}
	bad := map[string][]string{
		"run_kubectl_read":  {"statement=delete pod web -n shop"},
		"outline_cluster":   {"connection=nope"},
		"profile_workloads": {"namespace=../kube-system"},
		"inspect_usage":     {"namespace=shop", "selector=app in (web"},
	}
	calls := 0
	for name, target := range transports {
		run := func(args ...string) map[string]any {
			t.Helper()
			calls++
			argv := append([]string{"--cli"}, target...)
			cmd := exec.Command(inspector, append(argv, args...)...)
			cmd.Env = env
			out, err := cmd.Output()
			var doc map[string]any
			jerr := json.Unmarshal(lastJSON(out), &doc)
			// The CLI exits 5 for a tool's own error answer (isError), which is no protocol fault.
			var ee *exec.ExitError
			toolError := errors.As(err, &ee) && ee.ExitCode() == 5 && doc["isError"] == true
			if (err != nil && !toolError) || jerr != nil || doc["error"] != nil {
				t.Fatalf("%s: inspector %q: %v %v\n%s", name, args, err, jerr, out)
			}
			return doc
		}
		tools, _ := run("--method", "tools/list")["tools"].([]any)
		if len(tools) != len(good) {
			t.Errorf("%s: %d tools listed, want %d", name, len(tools), len(good))
		}
		for _, tl := range tools {
			tool, _ := tl.(map[string]any)
			schema, _ := tool["inputSchema"].(map[string]any)
			ann, _ := tool["annotations"].(map[string]any)
			if schema["type"] != "object" || ann["readOnlyHint"] != true {
				t.Errorf("%s: tool %v: schema %v, annotations %v", name, tool["name"], schema, ann)
			}
		}
		run("--method", "resources/list")
		run("--method", "prompts/list")
		for tool, args := range good {
			res := run(append([]string{"--method", "tools/call", "--tool-name", tool}, toolArgs(args)...)...)
			if res["isError"] == true {
				t.Errorf("%s: %s with good arguments answered an error: %v", name, tool, res["content"])
			}
		}
		for tool, args := range bad {
			res := run(append([]string{"--method", "tools/call", "--tool-name", tool}, toolArgs(args)...)...)
			if res["isError"] != true {
				t.Errorf("%s: %s with bad arguments answered no error: %v", name, tool, res)
			}
		}
	}
	t.Logf("MCP Inspector: %d calls over stdio and streamable HTTP, 0 protocol faults", calls)
}

func toolArgs(pairs []string) []string {
	if len(pairs) == 0 {
		return nil
	}
	return append([]string{"--tool-arg"}, pairs...)
}

// lastJSON is the inspector's answer: the JSON value its output ends with (studioctl's replay
// notice goes to stderr, but a server's log line may precede it).
func lastJSON(out []byte) []byte {
	s := strings.TrimSpace(string(out))
	if i := strings.Index(s, "{"); i > 0 {
		s = s[i:]
	}
	return []byte(s)
}
