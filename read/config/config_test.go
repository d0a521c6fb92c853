package config_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/golden"
	"github.com/studioctl/studioctl/kubeconfig"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read"
	"github.com/studioctl/studioctl/read/config"
)

// The golden files are kubectl v1.37's output over the same two files, as KUBECONFIG lists them
// (first.kubeconfig, then second.kubeconfig): studioctl must print the same bytes.

func files(t *testing.T, names ...string) []kubeconfig.Source {
	t.Helper()
	var out []kubeconfig.Source
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join("testdata", n))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, kubeconfig.Source{Path: n, Data: data})
	}
	return out
}

// run parses line, hands it the kubeconfig (as the command line does) unless kc is nil, and
// prints the answer as the command line does.
func run(t *testing.T, line string, kc *config.Kubeconfig) (stdout, stderr string, exit int) {
	t.Helper()
	st, err := read.ParseLine(line)
	if err != nil {
		e, _ := fault.As(err)
		return "", e.Sentence, e.Exit()
	}
	if kc != nil {
		st.Options.(interface{ Use(config.Kubeconfig) }).Use(*kc)
	}
	var out, errOut bytes.Buffer
	res, err := read.Run(context.Background(), nil, st)
	if err != nil {
		e, _ := fault.As(err)
		return "", e.Sentence, e.Exit()
	}
	if err := printer.NewWriter(&out, &errOut, printer.People).Write(res); err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Errors {
		errOut.WriteString(e.Sentence + "\n")
		exit = e.Exit()
	}
	return out.String(), errOut.String(), exit
}

func TestConfigPrintsWhatKubectlPrints(t *testing.T) {
	kc := &config.Kubeconfig{Files: files(t, "first.kubeconfig", "second.kubeconfig")}
	for line, gold := range map[string]string{
		"config view":                  "view.golden",
		"config view -o yaml":          "view.golden",
		"config view --minify -o json": "view-minify.json.golden",
		"config get-contexts":          "get-contexts.golden",
	} {
		out, errOut, exit := run(t, line, kc)
		if exit != 0 || errOut != "" {
			t.Fatalf("%s: exit %d, %s", line, exit, errOut)
		}
		golden.Check(t, gold, out)
	}
	// Extensions and impersonation extras print as written, numbers as numbers.
	ext := &config.Kubeconfig{Files: files(t, "extensions.kubeconfig")}
	for line, gold := range map[string]string{"config view": "extensions.golden", "config view -o json": "extensions.json.golden"} {
		out, errOut, exit := run(t, line, ext)
		if exit != 0 {
			t.Fatalf("%s: exit %d, %s", line, exit, errOut)
		}
		golden.Check(t, gold, out)
	}
	dev := &config.Kubeconfig{Files: kc.Files, Context: "dev"}
	out, _, _ := run(t, "config view --minify", dev)
	golden.Check(t, "view-minify-dev.golden", out)
}

// The CURRENT column marks the current context; names filter the rows, and a name not found is
// an error after them (exit 1), as kubectl's.
func TestConfigGetContextsAndCurrentContext(t *testing.T) {
	kc := &config.Kubeconfig{Files: files(t, "first.kubeconfig", "second.kubeconfig")}
	out, errOut, exit := run(t, "config get-contexts prod nope --no-headers", kc)
	if d := cmp.Diff("*     prod   prod   alice   shop\n", out); d != "" {
		t.Errorf("get-contexts (-want +got):\n%s", d)
	}
	if exit != fault.ExitServerError || !strings.Contains(errOut, `"nope"`) {
		t.Errorf("exit %d, stderr %q", exit, errOut)
	}
	out, _, _ = run(t, "config get-contexts -o name", kc)
	if d := cmp.Diff("dev\nextra\nprod\n", out); d != "" {
		t.Errorf("-o name (-want +got):\n%s", d)
	}
	// The first file's current-context wins, as kubectl merges KUBECONFIG.
	out, _, _ = run(t, "config current-context", kc)
	if out != "prod\n" {
		t.Errorf("current-context %q", out)
	}
	_, _, exit = run(t, "config current-context", &config.Kubeconfig{Files: files(t, "plugins.kubeconfig")})
	if exit != fault.ExitServerError {
		t.Errorf("no current-context: exit %d", exit)
	}
	out, _, _ = run(t, "config get-contexts", &config.Kubeconfig{})
	if d := cmp.Diff("CURRENT   NAME   CLUSTER   AUTHINFO   NAMESPACE\n", out); d != "" {
		t.Errorf("no contexts (-want +got):\n%s", d)
	}
}

// No credential of any kind reaches the output, in any form: certificate and key data, tokens,
// passwords, an exec plugin's arguments and environment, an auth provider's settings.
func TestConfigViewPrintsNoCredential(t *testing.T) {
	kc := &config.Kubeconfig{Files: files(t, "plugins.kubeconfig", "first.kubeconfig", "second.kubeconfig")}
	for _, line := range []string{"config view", "config view -o json", "config view -o jsonpath={.users}",
		"config view -o jsonpath-as-json={..exec}", "config view -o 'go-template={{range .users}}{{.user}}{{end}}'"} {
		out, errOut, exit := run(t, line, kc)
		if exit != 0 {
			t.Fatalf("%s: exit %d, %s", line, exit, errOut)
		}
		for _, secret := range []string{"CANARY", "aGVsbG8", "get-token", "cluster-name"} {
			if strings.Contains(out, secret) {
				t.Errorf("%s printed %q:\n%s", line, secret, out)
			}
		}
		if !strings.Contains(out, "REDACTED") {
			t.Errorf("%s: nothing redacted:\n%s", line, out)
		}
	}
}

// Refused before anything is read: the flags that print credentials as they are, the
// subcommands that write the file, and (in the console, an agent's session, the library) a
// config statement with no kubeconfig handed to it.
func TestConfigRefusals(t *testing.T) {
	for line, want := range map[string]int{
		"config view --raw":                fault.ExitRefused,
		"config view --flatten":            fault.ExitRefused,
		"config use-context prod":          fault.ExitRefused,
		"config set-credentials x":         fault.ExitRefused,
		"config":                           fault.ExitRefused,
		"config get-clusters":              fault.ExitRefused,
		"config view -o wide":              fault.ExitRefused,
		"config current-context x":         fault.ExitRefused,
		"config view --request-timeout 5s": fault.ExitRefused,
	} {
		if _, errOut, exit := run(t, line, nil); exit != want || !strings.Contains(errOut, "Nothing was") {
			t.Errorf("%s: exit %d, %q", line, exit, errOut)
		}
	}
	_, errOut, exit := run(t, "config view", nil)
	if exit != fault.ExitRefused || !strings.Contains(errOut, "only studioctl's command line and console") {
		t.Errorf("config view with no kubeconfig: exit %d, %q", exit, errOut)
	}
}
