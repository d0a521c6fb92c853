package main

import (
	"strings"
	"testing"
)

// An unknown verb is refused before anything is sent, with the nearest known name when one is
// close, and the lists of both kinds of command.
func TestUnknownVerbSuggestsTheNearestCommand(t *testing.T) {
	cases := []struct {
		verb, want string
	}{
		{"gte", "did you mean get?"},
		{"snapshto", "did you mean snapshot?"},
		{"descirbe", "did you mean describe?"},
		{"frobnicate", "is not a command of studioctl. It reads"},
	}
	for _, c := range cases {
		_, errOut, code := runCLI("--replay", "demo", c.verb, "pods")
		if code != 2 {
			t.Errorf("%s: exit %d, want 2", c.verb, code)
		}
		if !strings.Contains(errOut, c.want) {
			t.Errorf("%s: stderr %q, want it to contain %q", c.verb, errOut, c.want)
		}
		if !strings.Contains(errOut, "get") || !strings.Contains(errOut, "snapshot") {
			t.Errorf("%s: stderr %q lacks the statement verbs or studioctl's own commands", c.verb, errOut)
		}
	}
	if d := editDistance("gte", "get"); d != 2 {
		t.Errorf("editDistance(gte, get) = %d, want 2", d)
	}
}

// version with no reachable server still tells the client's version first, as kubectl does.
func TestVersionWithoutAConnectionPrintsTheClientFirst(t *testing.T) {
	var out, errOut strings.Builder
	io := &IOStreams{In: strings.NewReader(""), Out: &out, Err: &errOut, Getenv: func(k string) string {
		if k == "KUBECONFIG" {
			return t.TempDir() + "/missing"
		}
		if k == "HOME" || k == "XDG_CONFIG_HOME" {
			return t.TempDir()
		}
		return ""
	}}
	code := run([]string{"version"}, io)
	if code == 0 {
		t.Fatalf("version with no connection exited 0; stdout %q", out.String())
	}
	if !strings.HasPrefix(out.String(), "Client Version: ") {
		t.Errorf("stdout %q, want it to start with the client's version", out.String())
	}
}

// A bad -o names every form the verb takes, template forms included.
func TestBadOutputListsTheTemplateForms(t *testing.T) {
	_, errOut, code := runCLI("--replay", "demo", "get", "pods", "-o", "xml")
	if code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	for _, want := range []string{"json", "yaml", "jsonpath=TEMPLATE", "custom-columns=SPEC", "go-template-file=FILE"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr %q lacks %q", errOut, want)
		}
	}
}
