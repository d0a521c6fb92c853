package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	goio "io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/browse"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/synth"
)

// The tree, source and health commands end to end over a TLS test server that answers synthetic
// discovery, Tables and objects (all named synthetic), through a kubeconfig that names it.

type treeServer struct {
	srv      *httptest.Server
	ready    atomic.Bool
	requests atomic.Int64
	config   string
}

func newTreeServer(t *testing.T) *treeServer {
	t.Helper()
	ts := &treeServer{}
	ts.ready.Store(true)
	api, apis := synth.Discovery(synth.Basic)
	table := func(names ...string) string {
		var rows [][]any
		for _, n := range names {
			rows = append(rows, []any{n})
		}
		return synth.Table([][3]string{{"Name", "string", "0"}}, rows, "")
	}
	answers := map[string]string{
		"/api/v1/namespaces":                             table("default", "payments", "shop"),
		"/api/v1/nodes":                                  table("node-a", "node-b"),
		"/api/v1/namespaces/shop/pods":                   table("web-0"),
		"/apis/apps/v1/namespaces/shop/deployments":      table("web"),
		"/api/v1/namespaces/shop/serviceaccounts":        table("default"),
		"/api/v1/namespaces/shop/events":                 table(),
		"/api/v1/namespaces/shop/secrets/db-credentials": `{"apiVersion":"v1","kind":"Secret","metadata":{"name":"db-credentials","namespace":"shop","managedFields":[{"manager":"synthetic"}]},"data":{"password":"c3ludGhldGlj"}}`,
		"/version": `{"gitVersion":"v1.37.2","platform":"linux/amd64"}`,
		"/apis/demo.studioctl.dev/v1/namespaces/shop/widgets": table("blue"),
	}
	ts.srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ts.requests.Add(1)
		switch r.URL.Path {
		case "/api", "/apis":
			w.Header().Set("Content-Type", synth.DiscoveryContentType)
			if r.URL.Path == "/api" {
				fmt.Fprint(w, api)
			} else {
				fmt.Fprint(w, apis)
			}
			return
		case "/readyz":
			if !ts.ready.Load() {
				w.WriteHeader(500)
				fmt.Fprint(w, "[-]etcd failed: synthetic\nreadyz check failed")
				return
			}
			fmt.Fprint(w, "ok")
			return
		case "/api/v1/namespaces/shop/secrets":
			w.WriteHeader(403)
			fmt.Fprint(w, `{"kind":"Status","reason":"Forbidden","message":"synthetic"}`)
			return
		}
		body, ok := answers[r.URL.Path]
		if !ok {
			w.WriteHeader(404)
			fmt.Fprint(w, `{"kind":"Status","reason":"NotFound"}`)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, body)
	}))
	ts.srv.Config.ErrorLog = log.New(goio.Discard, "", 0)
	ts.srv.StartTLS()
	t.Cleanup(ts.srv.Close)
	ca := base64.StdEncoding.EncodeToString(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: ts.srv.Certificate().Raw}))
	ts.config = filepath.Join(t.TempDir(), "tree.kubeconfig")
	body := fmt.Sprintf("apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: %s\n    certificate-authority-data: %s\n"+
		"users:\n- name: u\n  user:\n    token: synthetic-tree-token\ncontexts:\n- name: x\n  context:\n    cluster: c\n    user: u\n    namespace: shop\ncurrent-context: x\n", ts.srv.URL, ca)
	if err := os.WriteFile(ts.config, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return ts
}

func (ts *treeServer) run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	io := &IOStreams{In: strings.NewReader(""), Out: &out, Err: &errOut, Getenv: func(string) string { return "" }}
	code := run(append([]string{"--kubeconfig", ts.config}, args...), io)
	return out.String(), errOut.String(), code
}

func TestTreeCommand(t *testing.T) {
	ts := newTreeServer(t)
	out, errOut, code := ts.run(t, "tree")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Cluster\n", "  Nodes ", "  Namespaces ", "default\n", "payments\n", "shop  (default namespace)\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "Pods") {
		t.Errorf("tree with no argument opened a namespace:\n%s", out)
	}
	// Discovery (2), the namespace list, nodes: nothing else is served, so nothing else is read.
	if n := ts.requests.Load(); n != 4 {
		t.Errorf("%d requests", n)
	}
}

func TestTreeCommandNamespaceJSON(t *testing.T) {
	ts := newTreeServer(t)
	out, errOut, code := ts.run(t, "tree", "shop", "--objects", "-o", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var doc struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
		Containers []struct {
			Path     string `json:"path"`
			Children []map[string]any
		} `json:"containers"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if doc.APIVersion != browse.TreeSchema || doc.Kind != browse.TreeKind || len(doc.Containers) != 1 || doc.Containers[0].Path != "shop" {
		t.Fatalf("%s", out)
	}
	for _, want := range []string{`"path": "shop/pod/web-0"`, `"locked": {`, `"notServed": true`, `"statement": "get widgets.demo.studioctl.dev -n shop"`} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %s", want)
		}
	}
}

func TestTreeCommandRefusals(t *testing.T) {
	ts := newTreeServer(t)
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"tree", "Shop"}, 2, `"Shop" is not a namespace name`},
		{[]string{"tree", "-o", "yaml"}, 2, `tree -o takes json, not "yaml"`},
		{[]string{"source", "deployment"}, 2, "source takes TYPE/NAME or TYPE NAME"},
		{[]string{"source", "a/b", "c"}, 2, "source takes TYPE/NAME or TYPE NAME"},
		{[]string{"source", "pod/x", "-o", "wide"}, 2, `source -o takes yaml or json, not "wide"`},
		{[]string{"health", "-o", "wide"}, 2, `health -o takes json, not "wide"`},
	} {
		_, errOut, code := ts.run(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.err) {
			t.Errorf("%v: exit %d, %q", c.args, code, errOut)
		}
	}
	if n := ts.requests.Load(); n != 0 {
		t.Errorf("a refusal sent %d requests", n)
	}
}

func TestSourceCommand(t *testing.T) {
	ts := newTreeServer(t)
	out, errOut, code := ts.run(t, "source", "secret/db-credentials")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Contains(out, "c3ludGhldGlj") || strings.Contains(out, "managedFields") || !strings.Contains(out, "password: '(removed by studioctl: 9 bytes)'") {
		t.Fatal(out)
	}
	var machine bytes.Buffer
	io := &IOStreams{In: strings.NewReader(""), Out: &machine, Err: &bytes.Buffer{}, Getenv: func(string) string { return "" }}
	if code := run([]string{"--kubeconfig", ts.config, "--redact", "machine", "source", "secret", "db-credentials", "-n", "shop", "-o", "json"}, io); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if strings.Contains(machine.String(), "db-credentials") || !strings.Contains(machine.String(), `"name": "<redacted>"`) {
		t.Fatal(machine.String())
	}
	_, errOut, code = ts.run(t, "source", "deployment/nope")
	if code != 1 || !strings.Contains(errOut, `deployments.apps "nope" not found in namespace "shop"`) {
		t.Fatalf("exit %d: %s", code, errOut)
	}
}

func TestHealthCommand(t *testing.T) {
	ts := newTreeServer(t)
	out, errOut, code := ts.run(t, "health")
	want := "Readiness:    ok\nVersion:      v1.37.2 (linux/amd64)\nNodes:        2\nNamespaces:   3\n"
	if code != 0 || out != want {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	ts.ready.Store(false)
	out, _, code = ts.run(t, "health", "-o", "json")
	if code != 1 || !strings.Contains(out, `"ready": false`) || !strings.Contains(out, `"apiVersion": "studioctl.dev/health/v1",`+"\n"+`    "kind": "Health",`) {
		t.Fatalf("exit %d\n%s", code, out)
	}
}

func TestBrowseNeedsATerminal(t *testing.T) {
	ts := newTreeServer(t)
	_, errOut, code := ts.run(t, "browse")
	if code != 2 || !strings.Contains(errOut, "needs a terminal") || ts.requests.Load() != 0 {
		t.Fatalf("exit %d: %s (%d requests)", code, errOut, ts.requests.Load())
	}
}

// TestExitCodeIsDecidedOnce: every outcome a command returns maps to the contract's code in
// exitCode, which prints a sentence only for errors not printed yet.
func TestExitCodeIsDecidedOnce(t *testing.T) {
	var errOut bytes.Buffer
	io := &IOStreams{Err: &errOut}
	cases := []struct {
		err  error
		code int
		says string
	}{
		{nil, fault.ExitOK, ""},
		{exitStatus(fault.ExitWarnings), fault.ExitWarnings, ""},
		{fail(fault.Refusef("refused.x", "No.\x1b]0;t\a"), false), fault.ExitRefused, "error: No."},
		{fail(&fault.Error{Code: "http.forbidden", Sentence: "Forbidden.", Class: fault.ServerError}, true), fault.ExitServerError, `"code":"http.forbidden"`},
		{errors.New("unknown flag: --x\x1b[2J"), fault.ExitRefused, `error: unknown flag: --x`},
	}
	for _, c := range cases {
		errOut.Reset()
		if got := exitCode(io, c.err); got != c.code {
			t.Errorf("%v: exit %d, want %d", c.err, got, c.code)
		}
		if !strings.Contains(errOut.String(), c.says) || strings.Contains(errOut.String(), "\x1b") {
			t.Errorf("%v: stderr %q", c.err, errOut.String())
		}
	}
}

// tree of a namespace the demo does not hold says it does not exist and exits 1, as get namespace
// of it does, and draws nothing; a namespace it holds is drawn as before.
func TestTreeOfAMissingNamespaceOnTheDemo(t *testing.T) {
	type outcome struct {
		Out, ErrTail string
		Code         int
	}
	_, getErr, getCode := runCLI("--replay", "demo", "get", "namespace", "nosuchns")
	out, errOut, code := runCLI("--replay", "demo", "tree", "nosuchns")
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	got := outcome{out, lines[len(lines)-1], code}
	want := outcome{"", "error: The namespace nosuchns does not exist on this server, so there is no tree to draw; check its name (studioctl get namespaces lists them).", getCode}
	if diff := cmp.Diff(want, got); diff != "" || getCode != fault.ExitServerError {
		t.Errorf("tree nosuchns (-want +got):\n%s(get namespace nosuchns: exit %d, %q)", diff, getCode, getErr)
	}
	if out, errOut, code := runCLI("--replay", "demo", "tree", "shop"); code != 0 || !strings.HasPrefix(out, "shop\n") {
		t.Errorf("tree shop: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
