package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// config reads the files kubectl would read: --kubeconfig's, else KUBECONFIG's list (a listed
// file that does not exist skipped, as kubectl skips it), else ~/.kube/config; it sends nothing,
// so the servers named here are never dialled.
func TestConfigReadsThePersonsKubeconfig(t *testing.T) {
	dir := t.TempDir()
	first, second := filepath.Join(dir, "first.yaml"), filepath.Join(dir, "second.yaml")
	write(t, first, "apiVersion: v1\nkind: Config\n"+
		"clusters:\n- name: c\n  cluster:\n    server: https://127.0.0.1:9\n"+
		"contexts:\n- name: alpha\n  context:\n    cluster: c\n    user: u\n    namespace: shop\n")
	write(t, second, "apiVersion: v1\nkind: Config\n"+
		"users:\n- name: u\n  user:\n    token: synthetic-config-token\n"+
		"contexts:\n- name: beta\n  context:\n    cluster: c\n    user: u\n"+
		"current-context: beta\n")
	list := strings.Join([]string{first, filepath.Join(dir, "missing.yaml"), second}, string(os.PathListSeparator))
	env := map[string]string{"KUBECONFIG": list}

	out, errOut, code := runDefault(env, "", "config", "get-contexts")
	want := "CURRENT   NAME    CLUSTER   AUTHINFO   NAMESPACE\n" +
		"          alpha   c         u          shop\n" +
		"*         beta    c         u          \n"
	if code != 0 || errOut != "" {
		t.Fatalf("get-contexts: exit %d, %s", code, errOut)
	}
	if d := cmp.Diff(want, out); d != "" {
		t.Errorf("get-contexts (-want +got):\n%s", d)
	}
	out, _, code = runDefault(env, "", "config", "view", "--minify")
	want = "apiVersion: v1\nclusters:\n- cluster:\n    server: https://127.0.0.1:9\n  name: c\n" +
		"contexts:\n- context:\n    cluster: c\n    user: u\n  name: beta\ncurrent-context: beta\nkind: Config\n" +
		"users:\n- name: u\n  user:\n    token: REDACTED\n"
	if d := cmp.Diff(want, out); d != "" || code != 0 {
		t.Errorf("view --minify: exit %d (-want +got):\n%s", code, d)
	}
	// --context picks what --minify keeps; --kubeconfig wins over KUBECONFIG.
	out, _, _ = runDefault(env, "", "config", "view", "--minify", "--context", "alpha", "-o", "jsonpath={.contexts[*].name}")
	if out != "alpha" {
		t.Errorf("--minify --context: %q", out)
	}
	if out, _, _ = runDefault(env, "", "--kubeconfig", second, "config", "get-contexts", "-o", "name"); out != "beta\n" {
		t.Errorf("--kubeconfig: %q", out)
	}
	// ~/.kube/config when KUBECONFIG is unset.
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, ".kube"), 0o700); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(second)
	write(t, filepath.Join(home, ".kube", "config"), string(data))
	if out, _, _ = runDefault(nil, home, "config", "current-context"); out != "beta\n" {
		t.Errorf("~/.kube/config: %q", out)
	}
	// No kubeconfig at all: an empty one, as kubectl prints it.
	out, _, code = runDefault(nil, t.TempDir(), "config", "view")
	want = "apiVersion: v1\nclusters: null\ncontexts: null\ncurrent-context: \"\"\nkind: Config\nusers: null\n"
	if d := cmp.Diff(want, out); d != "" || code != 0 {
		t.Errorf("no kubeconfig: exit %d (-want +got):\n%s", code, d)
	}
	for _, args := range [][]string{{"config", "view"}, {"config", "view", "-o", "json"}} {
		if out, _, _ := runDefault(env, "", args...); strings.Contains(out, "synthetic-config-token") {
			t.Errorf("%v printed the token", args)
		}
	}
}
