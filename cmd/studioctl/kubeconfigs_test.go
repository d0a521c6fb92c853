package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kubeconfig"
)

// The person's kubeconfig, read as kubectl reads it when no connection is named: each rule of the
// default-kubeconfig contract against a loopback TLS server that counts what it is sent.

// defaultKubeconfigFiles writes the two files of a KUBECONFIG list. The first defines the live
// cluster c and the context x (namespace shop) but sets no current-context; the second defines
// c again at a dead address, x again in namespace payments, the user u with the token, and the
// current-context x. Merged first-wins, the session is the first file's c and x, the second
// file's user, and the second file's current-context: any other reading answers differently.
func defaultKubeconfigFiles(t *testing.T, ts *treeServer) (first, second string) {
	t.Helper()
	live, err := os.ReadFile(ts.config)
	if err != nil {
		t.Fatal(err)
	}
	// tree.kubeconfig's cluster entry, as newTreeServer wrote it.
	cluster := string(live[strings.Index(string(live), "clusters:"):strings.Index(string(live), "users:")])
	dir := t.TempDir()
	first = filepath.Join(dir, "first.yaml")
	second = filepath.Join(dir, "second.yaml")
	write(t, first, "apiVersion: v1\nkind: Config\n"+cluster+
		"contexts:\n- name: x\n  context:\n    cluster: c\n    user: u\n    namespace: shop\n")
	write(t, second, "apiVersion: v1\nkind: Config\n"+
		"clusters:\n- name: c\n  cluster:\n    server: https://127.0.0.1:9\n"+
		"users:\n- name: u\n  user:\n    token: synthetic-default-token\n"+
		"contexts:\n- name: x\n  context:\n    cluster: c\n    user: u\n    namespace: payments\n"+
		"- name: y\n  context:\n    cluster: c\n    user: u\n"+
		"current-context: x\n")
	return first, second
}

// homeWithKubeconfig is a home folder whose ~/.kube/config is the tree server's kubeconfig.
func homeWithKubeconfig(t *testing.T, ts *treeServer) string {
	t.Helper()
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, ".kube"), 0o700); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(ts.config)
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(home, ".kube", "config"), string(data))
	return home
}

func write(t *testing.T, path, body string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
}

// runDefault runs args with only the given environment and home folder: no --kubeconfig.
func runDefault(env map[string]string, home string, args ...string) (stdout, stderr string, code int) {
	var out, errOut bytes.Buffer
	io := &IOStreams{In: strings.NewReader(""), Out: &out, Err: &errOut,
		Getenv: func(k string) string { return env[k] }, HomeDirs: dirs{Home: home}}
	code = run(args, io)
	return out.String(), errOut.String(), code
}

func TestDefaultKubeconfigListMergesFirstWins(t *testing.T) {
	ts := newTreeServer(t)
	first, second := defaultKubeconfigFiles(t, ts)
	env := map[string]string{"KUBECONFIG": first + string(os.PathListSeparator) + string(os.PathListSeparator) + second}
	out, errOut, code := runDefault(env, "", "get", "pods")
	if code != 0 || !strings.Contains(out, "web-0") {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	// --context picks a context of the merged list; a name no file defines is refused, unsent.
	// y is the second file's context; the cluster it names is the first file's c (live), not the
	// second's (a dead address).
	if out, errOut, code := runDefault(env, "", "get", "pods", "-n", "shop", "--context", "y"); code != 0 || !strings.Contains(out, "web-0") {
		t.Fatalf("--context y: exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	before := ts.requests.Load()
	if _, errOut, code := runDefault(env, "", "get", "pods", "--context", "nope"); code != fault.ExitRefused || !strings.Contains(errOut, "defines no context") {
		t.Fatalf("--context nope: exit %d, %s", code, errOut)
	}
	if n := ts.requests.Load() - before; n != 0 {
		t.Fatalf("a refused context sent %d requests", n)
	}
}

func TestDefaultKubeconfigHomeFile(t *testing.T) {
	ts := newTreeServer(t)
	home := homeWithKubeconfig(t, ts)
	out, errOut, code := runDefault(nil, home, "-v", "6", "get", "pods")
	if code != 0 || !strings.Contains(out, "web-0") {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	// -v 6 names the file and where its name came from, never what it holds.
	if !strings.Contains(errOut, filepath.Join(home, ".kube", "config")) || !strings.Contains(errOut, "~/.kube/config") {
		t.Fatalf("-v 6 does not name the file read:\n%s", errOut)
	}
	if strings.Contains(errOut, "synthetic-tree-token") || strings.Contains(errOut, "certificate-authority-data") {
		t.Fatalf("-v 6 printed the kubeconfig's content:\n%s", errOut)
	}
	// KUBECONFIG, when set, is read instead of the home file.
	_, errOut, code = runDefault(map[string]string{"KUBECONFIG": filepath.Join(home, "absent.yaml")}, home, "get", "pods")
	if code != fault.ExitRefused || !strings.Contains(errOut, filepath.Join(home, "absent.yaml")) {
		t.Fatalf("KUBECONFIG naming a missing file: exit %d, %s", code, errOut)
	}
}

func TestDefaultKubeconfigRefusals(t *testing.T) {
	ts := newTreeServer(t)
	first, _ := defaultKubeconfigFiles(t, ts)
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.yaml")
	broken := filepath.Join(dir, "broken.yaml")
	write(t, broken, "apiVersion: v1\nclusters: [\n")
	plugin := filepath.Join(dir, "plugin.yaml")
	live, err := os.ReadFile(ts.config)
	if err != nil {
		t.Fatal(err)
	}
	// The live cluster, with a user that signs in only through an exec plugin (as EKS writes it).
	write(t, plugin, strings.Replace(string(live), "    token: synthetic-tree-token\n",
		"    exec:\n      apiVersion: client.authentication.k8s.io/v1beta1\n      command: aws\n      args: [eks, get-token]\n", 1))
	sep := string(os.PathListSeparator)
	cases := []struct {
		name, list string
		want       []string
	}{
		{"a missing file in the list", first + sep + missing, []string{CodeKubeconfigRead, missing, reasonNotFound}},
		{"a directory in the list", dir, []string{CodeKubeconfigRead, dir, reasonNotAFile}},
		{"a file that does not parse", first + sep + broken, []string{kubeconfig.CodeSyntax, "In the kubeconfig " + broken + ":"}},
		{"a credential plugin", plugin, []string{kubeconfig.CodeCredentialPlugin, "runs no program", "kubectl proxy", "connection add"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := ts.requests.Load()
			_, errOut, code := runDefault(map[string]string{"KUBECONFIG": c.list}, "", "get", "pods", "-o", "json")
			if code != fault.ExitRefused {
				t.Fatalf("exit %d, want %d: %s", code, fault.ExitRefused, errOut)
			}
			for _, w := range c.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr lacks %q:\n%s", w, errOut)
				}
			}
			if n := ts.requests.Load() - before; n != 0 {
				t.Fatalf("%d requests sent", n)
			}
		})
	}
}

func TestNoDefaultKubeconfigIsNoConnection(t *testing.T) {
	_, errOut, code := runDefault(nil, t.TempDir(), "get", "pods")
	if code != fault.ExitRefused || !strings.Contains(errOut, "No connection is set") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
}

// studioctl mcp reads only saved, opted-in connections: a KUBECONFIG and a home file are there
// to be found, and it still says no connection opted in, sending nothing.
func TestMCPIgnoresTheDefaultKubeconfig(t *testing.T) {
	ts := newTreeServer(t)
	home := homeWithKubeconfig(t, ts)
	tio := newTestIO(t, filepath.Join(t.TempDir(), "config"))
	tio.HomeDirs.Home = home
	tio.env["KUBECONFIG"] = ts.config
	if code := tio.run("mcp"); code != fault.ExitRefused || !strings.Contains(tio.err.String(), "No saved connection opted in") {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
	if n := ts.requests.Load(); n != 0 {
		t.Fatalf("mcp sent %d requests through the default kubeconfig", n)
	}
}

// --context naming a context the kubeconfig does not define is refused with the name asked for
// and the contexts the file defines, each sanitised, both when a statement opens the file and when
// connection add imports it; the token and the file's path never appear and nothing is saved.
func TestUnknownContextNamesTheContexts(t *testing.T) {
	kc := syntheticKubeconfig(t, "https://127.0.0.1:9")
	tio := newTestIO(t, filepath.Join(t.TempDir(), "config"))
	sentence := "error: The kubeconfig defines no context named %s; it defines \"ctx\". Name one of those with --context. Nothing was sent.\n"
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"statement", []string{"--kubeconfig", kc, "--context", "nope", "get", "pods"}, fmt.Sprintf(sentence, `"nope"`)},
		{"connection add", []string{"connection", "add", "x", "--from-kubeconfig", kc, "--context", "nope"}, fmt.Sprintf(sentence, `"nope"`)},
		{"hostile name", []string{"--kubeconfig", kc, "--context", "no\x1b]0;t\x07pe\u202e\x07", "get", "pods"}, fmt.Sprintf(sentence, `"nope\u202e\x07"`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code := tio.run(tt.args...)
			got := []any{code, tio.out.String(), tio.err.String()}
			if diff := cmp.Diff([]any{fault.ExitRefused, "", tt.want}, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if strings.Contains(tio.err.String(), "cnryCMDTOKEN") || strings.Contains(tio.err.String(), "pathcanary") {
				t.Errorf("the token or the path was printed: %s", tio.err)
			}
		})
	}
}
