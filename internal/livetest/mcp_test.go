package livetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/internal/inner"
	"github.com/studioctl/studioctl/mcp"
	"github.com/studioctl/studioctl/replaytest"
	"github.com/studioctl/studioctl/statement"
)

// TestMCPLive drives the canary matrix through a real `studioctl mcp` process, as an agent would:
// the command is built once, three connections are saved into a temporary state with
// `connection add NAME --from-kubeconfig FILE --mcp` (admin as its own credential; view made from
// the admin's kubeconfig with the viewer's token as its --agent-token-file, so every read on it
// proves the agent token alone is used; none, which may read nothing) and a fourth, stage, that
// did not opt in. Each connection points at a loopback TLS proxy in front of the live server
// (proxy_test.go) that logs every request. Over stdio, through the SDK's client, it sends every
// statement of the matrix as run_kubectl_read for each identity, and profile_workloads,
// inspect_usage and outline_cluster on the scenario's namespaces, then serves one connection over
// the streamable HTTP transport on loopback behind its bearer token. It asserts:
//
//   - no canary of any class, no Secret's value and no bearer token in any answer (text and
//     structured content), in the server's stderr or in its call log: machine mode masks every class;
//   - every refusal that says nothing was sent sent nothing (the proxy saw no request for it);
//   - a connection that did not opt in is refused and sends nothing;
//   - the view connection reads as the viewer (auth whoami), with no admin request meanwhile;
//   - every request the proxy logged is one the allowlist admits, with no write method, exec,
//     attach, proxy, portforward path, watch or follow;
//   - the call log is 0600 and holds one line per call, with the call log's fields only.
func TestMCPLive(t *testing.T) {
	needCluster(t)
	if _, err := os.Stat(kubectl); err != nil {
		t.Skipf("kubectl is not at %s: the Secrets' real values cannot be read", kubectl)
	}
	f := liveNeedles(t)
	classes, err := replaytest.ReadCanaryClasses(filepath.Join("..", "..", "testdata", "replay", "canary-classes.txt"))
	if err != nil {
		t.Fatal(err)
	}
	cases := append(canaryStatements(false), randomNamedCases(t)...)
	dir := t.TempDir()
	bin := buildStudioctl(t, dir)
	env := studioctlEnv(dir)
	proxy := startLoggingProxy(t, []string{"admin", "view", "none"})
	viewToken := filepath.Join(dir, "agent.token")
	if err := os.WriteFile(viewToken, []byte(kubeconfigToken(t, readKubeconfigMap(t, kubeconfigPath("view")))+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	adminKC := proxy.kubeconfigFor(t, dir, "admin")
	studioctlOK(t, bin, env, "connection", "add", "admin", "--from-kubeconfig", adminKC, "--mcp")
	studioctlOK(t, bin, env, "connection", "add", "view", "--from-kubeconfig", adminKC, "--mcp", "--agent-token-file", viewToken)
	studioctlOK(t, bin, env, "connection", "add", "none", "--from-kubeconfig", proxy.kubeconfigFor(t, dir, "none"), "--mcp")
	studioctlOK(t, bin, env, "connection", "add", "stage", "--from-kubeconfig", adminKC)
	if n := len(proxy.requests()); n != 0 {
		t.Fatalf("saving connections sent %d requests", n)
	}

	lt := &mcpLive{t: t, f: f, classes: classes, proxy: proxy, leaks: map[string]int{}, outcomes: map[string]int{}}
	cmd := exec.Command(bin, "mcp")
	cmd.Env = env
	cmd.Stderr = &lt.stderr
	ctx := context.Background()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "livetest", Version: "v0"}, nil).Connect(ctx, &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("studioctl mcp: %v\n%s", err, lt.stderr.String())
	}
	lt.checkTools(ctx, cs)
	lt.checkProtocol(ctx, cs, "stdio")
	lt.checkList(ctx, cs, []string{"admin", "none", "view"})
	lt.checkRefusals(ctx, cs)
	lt.checkAgentToken(ctx, cs)

	var wg sync.WaitGroup
	for _, id := range []string{"admin", "view", "none"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lt.matrix(ctx, cs, id, cases)
			lt.readings(ctx, cs, id)
		}()
	}
	wg.Wait()
	if err := cs.Close(); err != nil {
		t.Errorf("closing the stdio session: %v", err)
	}
	lt.reportLeaks("studioctl mcp (stdio)", "stderr", lt.stderr.String())

	lt.checkHTTP(ctx, bin, env, dir)
	lt.checkCallLog(filepath.Join(dir, "state", "studioctl", mcp.LogFile))
	outside := lt.checkProxyLog(ctx)

	classNames := make([]string, 0, len(lt.leaks))
	for c, n := range lt.leaks {
		classNames = append(classNames, fmt.Sprintf("%s %d", c, n))
	}
	sort.Strings(classNames)
	outcomes := make([]string, 0, len(lt.outcomes))
	for o, n := range lt.outcomes {
		outcomes = append(outcomes, fmt.Sprintf("%s %d", o, n))
	}
	sort.Strings(outcomes)
	msg := fmt.Sprintf("mcp live: %d statements × 3 identities as run_kubectl_read; %d tool calls in all (%s); leaks by class: [%s] (%d needles); proxy: %d requests logged (admin %d, view %d, none %d, unknown %d), %d outside the allowlist",
		len(cases), lt.calls, strings.Join(outcomes, ", "), strings.Join(classNames, ", "), f.Len(),
		len(proxy.requests()), proxy.count("admin"), proxy.count("view"), proxy.count("none"), proxy.count("unknown"), outside)
	t.Log(msg)
	fmt.Fprintln(os.Stderr, msg)
}

// mcpLive is one TestMCPLive run: what it must not find and what it counted.
type mcpLive struct {
	t       *testing.T
	f       *replaytest.Finder
	classes map[string]string
	proxy   *loggingProxy
	stderr  lockedBuffer

	mu       sync.Mutex
	calls    int
	leaks    map[string]int // by class: secret, machine, secret value, credential
	outcomes map[string]int // tool/identity: ok, or an error's code
}

// call calls a tool and checks its answer for leaks; it answers the result, its text and the
// error code ("" for an answer).
func (lt *mcpLive) call(ctx context.Context, cs *sdk.ClientSession, who, tool string, args map[string]any) (*sdk.CallToolResult, string, string) {
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: tool, Arguments: args})
	lt.mu.Lock()
	lt.calls++
	lt.mu.Unlock()
	where := fmt.Sprintf("%s %v [%s]", tool, args, who)
	if err != nil {
		lt.t.Errorf("%s: protocol error: %v", where, err)
		return nil, "", "protocol"
	}
	var text strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			text.WriteString(tc.Text)
		}
	}
	lt.reportLeaks(where, "text", text.String())
	lt.reportLeaks(where, "structured content", strings.Join(jsonLeaves(res.StructuredContent, nil), "\n"))
	// A read with per-item errors (a kind or a named object this identity cannot read) is a
	// failed call (isError) whose data still answers; its outcome is its item errors, not a code.
	code := ""
	if res.IsError && itemErrors(res) == 0 {
		code, _, _ = strings.Cut(text.String(), ": ")
	}
	lt.mu.Lock()
	outcome := code
	if outcome == "" {
		outcome = "ok"
	}
	lt.outcomes[tool+" "+outcome]++
	lt.mu.Unlock()
	return res, text.String(), code
}

// reportLeaks fails the test for every needle in text (machine mode: any needle is a leak) and
// counts each by class.
func (lt *mcpLive) reportLeaks(where, stream, text string) {
	for _, h := range lt.f.Find(text) {
		class := lt.classes[h.Needle.What]
		switch {
		case class != "":
		case strings.Contains(h.Needle.What, "bearer token"):
			class = "credential"
		default:
			class = "secret value"
		}
		lt.mu.Lock()
		lt.leaks[class]++
		lt.mu.Unlock()
		lt.t.Errorf("LEAK: %s: %s (%s, class %s) on %s, line %d", where, h.Needle.What, h.Needle.Form, class, stream, h.Line)
	}
}

// jsonLeaves are every key and string of a decoded JSON value, so a needle is found whatever
// escaping the encoding chose.
func jsonLeaves(v any, out []string) []string {
	switch x := v.(type) {
	case string:
		out = append(out, x)
	case map[string]any:
		for k, e := range x {
			out = jsonLeaves(e, append(out, k))
		}
	case []any:
		for _, e := range x {
			out = jsonLeaves(e, out)
		}
	}
	return out
}

// sentNothing runs a call that must be refused before anything is sent, and checks that the
// proxy saw no request meanwhile (no other call may run at the same time).
func (lt *mcpLive) sentNothing(ctx context.Context, cs *sdk.ClientSession, tool string, args map[string]any, wantCode string) {
	before := len(lt.proxy.requests())
	_, text, code := lt.call(ctx, cs, "refusal", tool, args)
	if code == "" || (wantCode != "" && code != wantCode) || !strings.Contains(text, "Nothing was sent") {
		lt.t.Errorf("%s %.80v: want a refusal %s saying nothing was sent, got %.300s", tool, args, wantCode, text)
	}
	if n := len(lt.proxy.requests()) - before; n != 0 {
		lt.t.Errorf("%s %.80v: refused, but %d requests reached the server", tool, args, n)
	}
}

// checkTools lists the tools: five, each read-only.
func (lt *mcpLive) checkTools(ctx context.Context, cs *sdk.ClientSession) {
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		lt.t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		if tool.Annotations == nil || !tool.Annotations.ReadOnlyHint {
			lt.t.Errorf("%s is not annotated read-only", tool.Name)
		}
	}
	sort.Strings(names)
	if got := strings.Join(names, ","); got != "inspect_usage,list_connections,outline_cluster,profile_workloads,run_kubectl_read" {
		lt.t.Errorf("tools: %s", got)
	}
}

// checkList: the connections that opted in, each with the proxy's host, and nothing else.
func (lt *mcpLive) checkList(ctx context.Context, cs *sdk.ClientSession, want []string) {
	res, text, code := lt.call(ctx, cs, "list", "list_connections", map[string]any{})
	if code != "" {
		lt.t.Fatalf("list_connections: %s", text)
	}
	var out mcp.ListOutput
	data, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(data, &out); err != nil {
		lt.t.Fatal(err)
	}
	var got []string
	for _, c := range out.Connections {
		got = append(got, c.Name)
		if c.Host != "127.0.0.1" {
			lt.t.Errorf("connection %s: host %q, want the proxy's 127.0.0.1", c.Name, c.Host)
		}
	}
	sort.Strings(got)
	if strings.Join(got, ",") != strings.Join(want, ",") {
		lt.t.Errorf("list_connections: %v, want %v", got, want)
	}
	if strings.Contains(text, "kubeconfig") || strings.Contains(text, "https://") {
		lt.t.Errorf("list_connections says more than names and hosts: %s", text)
	}
}

// checkRefusals sends what the agent path refuses before anything is sent.
func (lt *mcpLive) checkRefusals(ctx context.Context, cs *sdk.ClientSession) {
	read := func(line string) map[string]any { return map[string]any{"connection": "admin", "statement": line} }
	lt.sentNothing(ctx, cs, "run_kubectl_read", map[string]any{"connection": "stage", "statement": "get pods -n shop"}, mcp.CodeNotOptedIn)
	lt.sentNothing(ctx, cs, "outline_cluster", map[string]any{"connection": "stage"}, mcp.CodeNotOptedIn)
	lt.sentNothing(ctx, cs, "profile_workloads", map[string]any{"connection": "stage", "namespace": "shop"}, mcp.CodeNotOptedIn)
	lt.sentNothing(ctx, cs, "run_kubectl_read", map[string]any{"statement": "get pods -n shop"}, mcp.CodeWhichOne)
	lt.sentNothing(ctx, cs, "run_kubectl_read", read("exec deploy/api -n shop -- env"), statement.CodeWriteCommand)
	for _, w := range statement.WriteCommands {
		lt.sentNothing(ctx, cs, "run_kubectl_read", read(w+" deployment api -n shop"), statement.CodeWriteCommand)
	}
	for _, flag := range statement.ConnectionFlags {
		dash := "--"
		if len(flag) == 1 {
			dash = "-"
		}
		lt.sentNothing(ctx, cs, "run_kubectl_read", read("get pods -n shop "+dash+flag+"=x"), mcp.CodeConnectionFlag)
	}
	for _, line := range []string{"get pods -n shop --max-rows 100000", "get secrets -n shop --redact people"} {
		lt.sentNothing(ctx, cs, "run_kubectl_read", read(line), mcp.CodeOwnFlag)
	}
	lt.sentNothing(ctx, cs, "run_kubectl_read", read("get secrets -n shop -w"), mcp.CodeWatch)
	lt.sentNothing(ctx, cs, "run_kubectl_read", read("logs deploy/api -n shop -f"), mcp.CodeFollow)
	lt.sentNothing(ctx, cs, "run_kubectl_read", read("get pods -n shop -l app="+strings.Repeat("a", 4097-len("get pods -n shop -l app="))), mcp.CodeTooLong)
	lt.sentNothing(ctx, cs, "run_kubectl_read", read("get pods -o jsonpath-file=/etc/passwd"), mcp.CodeLocalFile)
	for _, line := range []string{"get pods -n shop\ndelete pod web-1", "get pods -n shop\r\ndescribe secrets", "get pods\u0085-n shop", "get\tpods\x1b[2J"} {
		lt.sentNothing(ctx, cs, "run_kubectl_read", read(line), statement.CodeControlChar)
	}
	lt.sentNothing(ctx, cs, "profile_workloads", map[string]any{"connection": "admin", "namespace": "../kube-system"}, mcp.CodeNamespace)
}

// checkAgentToken reads auth whoami on view (the admin's kubeconfig with the viewer's token as
// its agent token) and on admin: each answers its own identity's user name, and while view reads,
// the admin's token reaches the server not once.
func (lt *mcpLive) checkAgentToken(ctx context.Context, cs *sdk.ClientSession) {
	for _, id := range []string{"view", "admin"} {
		wantUser, errOut, code := runKubectl(lt.t, id, []string{"auth", "whoami", "-o", "jsonpath={.status.userInfo.username}"})
		if code != 0 || wantUser == "" {
			lt.t.Fatalf("kubectl auth whoami as %s: %s", id, errOut)
		}
		adminBefore, idBefore := lt.proxy.count("admin"), lt.proxy.count(id)
		res, text, code2 := lt.call(ctx, cs, id, "run_kubectl_read", map[string]any{"connection": id, "statement": "auth whoami -o json"})
		if code2 != "" {
			lt.t.Fatalf("auth whoami on %s: %s", id, text)
		}
		var out mcp.ReadOutput
		data, _ := json.Marshal(res.StructuredContent)
		json.Unmarshal(data, &out)
		doc, _ := json.Marshal(out.Document)
		var review struct {
			Status struct{ UserInfo struct{ Username string } }
		}
		json.Unmarshal(doc, &review)
		if review.Status.UserInfo.Username != wantUser {
			lt.t.Errorf("auth whoami on connection %s reads as %q, want %q", id, review.Status.UserInfo.Username, wantUser)
		}
		if lt.proxy.count(id) == idBefore {
			lt.t.Errorf("auth whoami on connection %s: no request carried %s's token", id, id)
		}
		if id == "view" && lt.proxy.count("admin") != adminBefore {
			lt.t.Errorf("the view connection (the admin's kubeconfig, the viewer's agent token) sent %d requests with the admin's token", lt.proxy.count("admin")-adminBefore)
		}
	}
}

// matrix sends every statement of the canary matrix on one identity's connection. The admin
// answers every statement but the watches, which are refused with nothing sent; key names stay in
// every answer that prints whole objects.
func (lt *mcpLive) matrix(ctx context.Context, cs *sdk.ClientSession, id string, cases []canaryCase) {
	for _, c := range cases {
		before := lt.proxy.count(id)
		res, text, code := lt.call(ctx, cs, id, "run_kubectl_read", map[string]any{"connection": id, "statement": c.Statement})
		where := fmt.Sprintf("%s [%s]", c.Statement, id)
		switch {
		case strings.Contains(c.Statement, " -w "):
			if code != mcp.CodeWatch || lt.proxy.count(id) != before {
				lt.t.Errorf("%s: want %s with nothing sent, got %q after %d requests", where, mcp.CodeWatch, code, lt.proxy.count(id)-before)
			}
		case c.MachineRefusal != "":
			if code != c.MachineRefusal && !(c.RefusalAfterRead && code == "http.forbidden") {
				lt.t.Errorf("%s: want refusal %s, got %q: %.300s", where, c.MachineRefusal, code, text)
			}
		case code != "" && strings.Contains(text, "Nothing was sent") && lt.proxy.count(id) != before:
			lt.t.Errorf("%s: %s says nothing was sent, and %d requests were", where, code, lt.proxy.count(id)-before)
		case code != "" && id == "admin":
			lt.t.Errorf("%s: the admin reads everything, got %.300s", where, text)
		case code == "" && itemErrors(res) > 0 && id == "admin":
			lt.t.Errorf("%s: the admin reads everything, got item errors in %.300s", where, text)
		case code == "" && itemErrors(res) > 0:
			// Several types in one statement answer kind by kind: a kind this identity may not
			// read is an item error beside the others' answers, as kubectl prints it after them.
		case code == "":
			for _, k := range c.Keys {
				if !strings.Contains(text, k) {
					lt.t.Errorf("%s: the key name %q is missing from the answer", where, k)
				}
			}
		}
	}
}

// readings runs profile_workloads and inspect_usage on each scenario namespace, and
// outline_cluster, on one identity's connection.
func (lt *mcpLive) readings(ctx context.Context, cs *sdk.ClientSession, id string) {
	for _, ns := range canaryNamespaces {
		for _, tool := range []string{"profile_workloads", "inspect_usage"} {
			_, text, code := lt.call(ctx, cs, id, tool, map[string]any{"connection": id, "namespace": ns})
			if id == "admin" && code != "" {
				lt.t.Errorf("%s -n %s [admin]: %.300s", tool, ns, text)
			}
		}
	}
	res, text, code := lt.call(ctx, cs, id, "outline_cluster", map[string]any{"connection": id})
	if id == "none" || code != "" {
		if id != "none" {
			lt.t.Errorf("outline_cluster [%s]: %.300s", id, text)
		}
		return
	}
	var out mcp.OutlineOutput
	data, _ := json.Marshal(res.StructuredContent)
	json.Unmarshal(data, &out)
	if !contains(out.Namespaces, "shop") || !contains(out.Namespaces, "payments") || len(out.Containers) == 0 {
		lt.t.Errorf("outline_cluster [%s]: namespaces %v, %d containers", id, out.Namespaces, len(out.Containers))
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// checkCallLog reads the call log both servers kept: 0600, one JSON line per call, with the log's
// fields only (never an answer), and no needle.
func (lt *mcpLive) checkCallLog(path string) {
	fi, err := os.Stat(path)
	if err != nil {
		lt.t.Errorf("the call log: %v", err)
		return
	}
	if fi.Mode().Perm() != 0o600 {
		lt.t.Errorf("the call log is %v, want 0600", fi.Mode().Perm())
	}
	data, _ := os.ReadFile(path)
	lt.reportLeaks("the call log", "file", string(data))
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != lt.calls {
		lt.t.Errorf("the call log holds %d lines for %d calls", len(lines), lt.calls)
	}
	fields := map[string]bool{"time": true, "tool": true, "connection": true, "statement": true, "outcome": true, "rows": true}
	for i, l := range lines {
		var rec map[string]any
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			lt.t.Errorf("call log line %d is not JSON: %v", i+1, err)
			continue
		}
		for k := range rec {
			if !fields[k] {
				lt.t.Errorf("call log line %d holds %q", i+1, k)
			}
		}
	}
}

// checkProxyLog checks every request the proxy logged with the allowlist, against the live
// server's discovery, and for the doors a reader never knocks on; it answers how many failed.
func (lt *mcpLive) checkProxyLog(ctx context.Context) int {
	data, err := os.ReadFile(kubeconfigPath("admin"))
	if err != nil {
		lt.t.Fatal(err)
	}
	s, _, err := studioctl.OpenKubeconfig(data, "", studioctl.Options{})
	if err != nil {
		lt.t.Fatal(err)
	}
	disc, err := inner.Client(s).Discovery(ctx)
	if err != nil {
		lt.t.Fatal(err)
	}
	reqs := lt.proxy.requests()
	if len(reqs) == 0 {
		lt.t.Error("the proxy logged no request: the connections did not go through it")
	}
	outside := 0
	for _, r := range reqs {
		door := r.doorKnocked()
		_, err := r.admitted(disc)
		if err == nil && door == "" && r.Identity != "unknown" {
			continue
		}
		outside++
		if outside <= 20 {
			lt.t.Errorf("the proxy logged %s %s?%s [%s]: allowlist %v; %s", r.Method, r.Path, r.RawQuery, r.Identity, err, door)
		}
	}
	return outside
}

// checkHTTP serves the view connection alone over streamable HTTP on loopback: a request without
// the bearer token is answered 401, a wide address is refused, and with the token the trace
// statements answer with no leak.
func (lt *mcpLive) checkHTTP(ctx context.Context, bin string, env []string, dir string) {
	tokenFile := filepath.Join(dir, "http.token")
	raw := make([]byte, 24)
	if _, err := rand.Read(raw); err != nil {
		lt.t.Fatal(err)
	}
	token := hex.EncodeToString(raw)
	lt.f.Add(token, "the HTTP transport's bearer token", true, 1)
	if err := os.WriteFile(tokenFile, []byte(token+"\n"), 0o600); err != nil {
		lt.t.Fatal(err)
	}
	wide := exec.Command(bin, "mcp", "--connection", "view", "--http", "0.0.0.0:0", "--http-token-file", tokenFile)
	wide.Env = env
	if out, err := wide.CombinedOutput(); wide.ProcessState == nil || wide.ProcessState.ExitCode() != 2 || !strings.Contains(string(out), "loopback") {
		lt.t.Errorf("--http 0.0.0.0:0: %v %s", err, out)
	}
	srv, addr := startHTTPServer(lt.t, bin, env, tokenFile)
	defer srv.stop(lt.t)
	lt.checkUnauthorized(ctx, "http://"+addr+"/", token)
	client := &http.Client{Transport: bearerTransport{token: token}}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "livetest", Version: "v0"}, nil).Connect(ctx,
		&sdk.StreamableClientTransport{Endpoint: "http://" + addr + "/", HTTPClient: client}, nil)
	if err != nil {
		lt.t.Fatalf("over HTTP: %v", err)
	}
	lt.checkProtocol(ctx, cs, "HTTP")
	lt.checkList(ctx, cs, []string{"view"})
	for _, line := range traceStatements {
		_, text, code := lt.call(ctx, cs, "view over HTTP", "run_kubectl_read", map[string]any{"statement": line})
		if strings.Contains(line, " -w ") != (code == mcp.CodeWatch) {
			lt.t.Errorf("%s [view over HTTP]: %.300s", line, text)
		}
	}
	cs.Close()
	srv.stop(lt.t)
	lt.reportLeaks("studioctl mcp --http", "stderr", srv.stderr.String())
}

// studioctlOK runs the built command and requires exit 0.
func studioctlOK(t *testing.T, bin string, env []string, args ...string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("studioctl %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// itemErrors counts the per-item failures of a run_kubectl_read answer (its structured content's
// errors).
func itemErrors(res *sdk.CallToolResult) int {
	if res == nil {
		return 0
	}
	m, ok := res.StructuredContent.(map[string]any)
	if !ok {
		return 0
	}
	list, _ := m["errors"].([]any)
	return len(list)
}
