package kubeconfig

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseListFirstFileWins(t *testing.T) {
	first := "clusters:\n- name: c\n  cluster:\n    server: https://first.example:6443\n" +
		"contexts:\n- name: x\n  context:\n    cluster: c\n    user: u\n    namespace: first\n"
	second := "clusters:\n- name: c\n  cluster:\n    server: https://second.example:6443\n- name: d\n  cluster:\n    server: https://d.example\n" +
		"users:\n- name: u\n  user:\n    token: second-token\n" +
		"contexts:\n- name: x\n  context:\n    cluster: d\n    user: u\n    namespace: second\n- name: broken\n  context:\n    cluster: gone\n" +
		"current-context: x\n"
	third := "current-context: broken\n"
	f, err := ParseList([]Source{{"a.yaml", []byte(first)}, {"b.yaml", []byte(second)}, {"c.yaml", []byte(third)}})
	if err != nil {
		t.Fatal(err)
	}
	imp, err := f.Import("")
	if err != nil {
		t.Fatal(err)
	}
	got := []string{imp.Name, imp.Server, imp.Connection.DefaultNamespace, imp.Connection.Token}
	want := []string{"x", "https://first.example:6443", "first", "second-token"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("merged context (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"broken", "x"}, f.Contexts()); diff != "" {
		t.Fatalf("contexts (-want +got):\n%s", diff)
	}
	// A refusal about an entry names the file it came from; a file read alone names none.
	if _, err := f.Import("broken"); err == nil || !strings.HasPrefix(err.Error(), "In the kubeconfig b.yaml: The context at line 18, column 3") {
		t.Fatalf("refusal of b.yaml's context: %v", err)
	}
	alone, err := Parse([]byte(second))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := alone.Import("broken"); err == nil || strings.Contains(err.Error(), "In the kubeconfig") {
		t.Fatalf("refusal of a file read alone: %v", err)
	}
	// A file of the list that does not parse is named, its path sanitised (the escape sequence
	// removed); the sentence is studioctl's.
	if _, err := ParseList([]Source{{"a.yaml", []byte(first)}, {"bad\x1b[2J.yaml", []byte("clusters: [\n")}}); err == nil ||
		!strings.HasPrefix(err.Error(), "In the kubeconfig bad.yaml: The kubeconfig is not valid YAML") || strings.Contains(err.Error(), "\x1b") {
		t.Fatalf("refusal of an unparsable file: %v", err)
	}
}
