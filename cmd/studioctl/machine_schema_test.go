package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// Every JSON or YAML document studioctl composes itself names its schema one way, the audit
// report's: a string apiVersion studioctl.dev/<name>/v1 and a non-empty kind, and no schema or
// schemaVersion key beside them. Each document is printed by the command, as a person runs it,
// against the demo snapshot (connections from a synthetic kubeconfig; nothing is sent).
func TestEveryMachineDocumentNamesItsSchemaOneWay(t *testing.T) {
	saved := filepath.Join(t.TempDir(), "inventory.json")
	inventory, errOut, code := runCLI("--replay", "demo", "discover", "-o", "json")
	if code != 0 {
		t.Fatalf("discover -o json: exit %d: %s", code, errOut)
	}
	if err := os.WriteFile(saved, []byte(inventory), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"discover", "-o", "json"}, {"discover", "-o", "yaml"},
		{"discover", "--diff", saved, "-o", "json"}, {"discover", "--diff", saved, "-o", "yaml"},
		{"components", "-A", "-o", "json"}, {"components", "-A", "-o", "yaml"},
		{"mcp-runtime", "-o", "json"},
		{"check", "-o", "json"}, {"check", "--rights", "discover", "-o", "json"},
		{"tree", "-o", "json"}, {"health", "-o", "json"},
		{"audit", "workloads", "-A", "-o", "json"},
	} {
		out, errOut, code := runCLI(append([]string{"--replay", "demo"}, args...)...)
		checkMachineDocument(t, strings.Join(args, " "), out, errOut, code)
	}
	out, errOut, code := runCLI("snapshot", "diff", "demo", "demo", "-o", "json")
	checkMachineDocument(t, "snapshot diff -o json", out, errOut, code)
	for what, doc := range connectionDocuments(t) {
		checkMachineDocument(t, what, doc, "", 0)
	}
}

// connectionDocuments saves one connection and returns connection list's and show's -o json.
func connectionDocuments(t *testing.T) map[string]string {
	tio := newTestIO(t, filepath.Join(t.TempDir(), "config", "studioctl"))
	tio.env["STUDIOCTL_KEYRING"] = "off"
	kc := syntheticKubeconfig(t, "https://k8s.example.com:6443")
	if code := tio.run("connection", "add", "prod", "--from-kubeconfig", kc, "--server", "https://k8s.example.com:6443"); code != 0 {
		t.Fatalf("connection add: exit %d: %s", code, tio.err)
	}
	docs := map[string]string{}
	for _, args := range [][]string{{"connection", "list", "-o", "json"}, {"connection", "show", "prod", "-o", "json"}} {
		if code := tio.run(args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, tio.err)
		}
		docs[strings.Join(args, " ")] = tio.out.String()
	}
	return docs
}

// checkMachineDocument reads one printed document (YAML is a superset of JSON, so one parser
// reads both) and checks its naming. Exit 4 (findings, warnings) still prints the document.
func checkMachineDocument(t *testing.T, what, out, errOut string, code int) {
	t.Helper()
	if code != 0 && code != 4 {
		t.Errorf("%s: exit %d: %s", what, code, errOut)
		return
	}
	var doc map[string]any
	if err := yaml.Unmarshal([]byte(out), &doc); err != nil || doc == nil {
		t.Errorf("%s: not one document (%v):\n%s", what, err, out)
		return
	}
	if strings.HasSuffix(what, "json") && !json.Valid([]byte(out)) {
		t.Errorf("%s: not JSON:\n%s", what, out)
	}
	apiVersion, _ := doc["apiVersion"].(string)
	if !strings.HasPrefix(apiVersion, "studioctl.dev/") || !strings.HasSuffix(apiVersion, "/v1") {
		t.Errorf("%s: apiVersion %#v, want studioctl.dev/<name>/v1", what, doc["apiVersion"])
	}
	if kind, _ := doc["kind"].(string); kind == "" {
		t.Errorf("%s: kind %#v, want a non-empty string", what, doc["kind"])
	}
	for _, old := range []string{"schema", "schemaVersion"} {
		if _, ok := doc[old]; ok {
			t.Errorf("%s: still has a %s key", what, old)
		}
	}
}
