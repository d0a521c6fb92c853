package main

import (
	"strings"
	"testing"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/statement"
)

// Every own command that takes -o, -n, -A or -l refuses what a statement refuses of them, in the
// same words, before anything is opened (the test IO has no connection: a command that went on
// would fail with connection.none instead).
func TestOwnCommandsRefuseAsStatementsDo(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"components", "-n", "shop", "-A"}, statement.SentenceNamespaceAll},
		{[]string{"components", "-n", "Shop"}, statement.SentenceNamespaceName},
		{[]string{"components", "-o", "wide"}, `components -o takes json or yaml, not "wide"; without -o it prints sections.`},
		{[]string{"discover", "-o", "table"}, `discover -o takes json or yaml, not "table"`},
		{[]string{"mcp-runtime", "-o", "yaml"}, `mcp-runtime -o takes json, not "yaml"`},
		{[]string{"check", "-o", "wide"}, `check -o takes json, not "wide"`},
		{[]string{"audit", "workloads", "-n", "shop", "-A"}, statement.SentenceNamespaceAll},
		{[]string{"audit", "hygiene", "-o", "html"}, `audit hygiene -o takes json, junit, sarif or markdown, not "html"; without -o it prints tables.`},
		{[]string{"audit", "usage", "-l", "app in (web"}, "The label selector"},
		{[]string{"audit", "usage", "-l", "eai.io/owner=x"}, statement.SentenceOwnerSelector},
		{[]string{"source", "pod/x", "-n", "-bad"}, statement.SentenceNamespaceName},
		{[]string{"connection", "list", "-o", "yaml"}, `connection list -o takes json, not "yaml"`},
	} {
		tio := newTestIO(t, t.TempDir())
		code := tio.run(c.args...)
		stderr := tio.err.String()
		if code != fault.ExitRefused || !strings.Contains(stderr, c.want) || strings.Contains(stderr, fault.CodeConnNone) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, stderr, c.want)
		}
	}
}

func TestOrList(t *testing.T) {
	for in, want := range map[string]string{"json": "json", "json yaml": "json or yaml", "json junit sarif markdown": "json, junit, sarif or markdown"} {
		if got := orList(strings.Fields(in)); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}
