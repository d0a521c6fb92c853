package console

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/kubeconfig"
	"github.com/studioctl/studioctl/read"
	"github.com/studioctl/studioctl/read/config"
)

// With Prepare (the command's), config reads the kubeconfig handed to it, as on the command line;
// without it (an embedder's console), config is refused and the next line still runs.
func TestConsoleConfigReadsWhatPrepareHands(t *testing.T) {
	kc := config.Kubeconfig{Files: []kubeconfig.Source{{Path: "k", Data: []byte("apiVersion: v1\nkind: Config\n" +
		"users:\n- name: u\n  user:\n    token: synthetic-console-token\n" +
		"contexts:\n- name: dev\n  context:\n    cluster: c\n    user: u\ncurrent-context: dev\n")}}}
	prepare := func(st *read.Statement) error {
		if r, ok := st.Options.(interface{ Use(config.Kubeconfig) }); ok {
			r.Use(kc)
		}
		return nil
	}
	run := func(p func(*read.Statement) error) (string, string, bool) {
		var out, errOut bytes.Buffer
		l := &Loop{Out: &out, Err: &errOut, Prepare: p}
		failed, err := l.Script(context.Background(), strings.NewReader("config current-context\nconfig view -o jsonpath={.users[0].user.token}\n"))
		if err != nil {
			t.Fatal(err)
		}
		return out.String(), errOut.String(), failed
	}
	out, errOut, failed := run(prepare)
	if d := cmp.Diff("dev\nREDACTED", out); d != "" || failed {
		t.Errorf("with Prepare: failed=%v, stderr %q (-want +got):\n%s", failed, errOut, d)
	}
	out, errOut, failed = run(nil)
	if out != "" || !failed || strings.Count(errOut, "error: line ") != 2 {
		t.Errorf("without Prepare: stdout %q, stderr %q", out, errOut)
	}
}
