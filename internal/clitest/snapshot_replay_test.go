package clitest_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/replaytest"
	"github.com/studioctl/studioctl/snapshot"
	"github.com/studioctl/studioctl/statement"
)

// The snapshot fixture: captured from the live scenario by internal/livetest's TestRecordSnapshot
// (two namespaces, shop and payments, 20 log lines, as the admin); testdata/snapshot/README.md
// says how to capture it again.
const snapshotFixture = "../../testdata/snapshot/v1.37.2/shop-payments.snap"

// snapshotStatements are read from the fixture; their golden output is beside it. Each shows one
// thing the reader does: filtering on the captured objects, paging, Tables, logs within and past
// the captured lines, the reviews, and what the snapshot says when it cannot answer.
var snapshotStatements = []string{
	"get pods -n shop",
	"get pods -n shop -o wide --show-labels",
	"get pods -n shop -l app=web",
	"get pods -n shop -l 'app in (web,api),app.kubernetes.io/name'",
	"get pods -n shop -l '!app'",
	"get pods -n shop -l 'app notin (web)' -o name",
	"get pods -n shop --field-selector status.phase=Running,metadata.name!=tty-trick",
	"get pods -n shop --field-selector spec.bogus=x",
	"get pods -n shop --sort-by .metadata.name -L app",
	"get pods -n shop -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName",
	"get pod postgres-0 -n shop -o yaml",
	"get pod missing -n shop",
	"get deploy,svc -n payments",
	"get secrets -n shop -o json",
	"get configmaps -n shop",
	"get widgets -A",
	"get pods -n kube-system",
	"get nodes",
	"get namespaces",
	"describe pod postgres-0 -n shop",
	"describe deploy api -n shop",
	"logs postgres-0 -n shop --tail 3",
	"logs postgres-0 -n shop --tail 30",
	"logs postgres-0 -n shop --tail 2 --timestamps",
	"logs deploy/web -n shop -c web --tail 2",
	"events -n shop",
	"get events -n payments -o name",
	"explain deployments.spec.replicas",
	"api-resources --api-group apps",
	"api-versions",
	"auth can-i list pods -n shop",
	"auth can-i create deployments -n shop",
	"auth can-i list nodes",
	"auth can-i --list -n shop",
	"auth can-i list pods -n kube-system",
	"auth whoami",
	"top pods -n shop",
	"version",
}

// TestSnapshotReplay answers every statement of snapshotStatements from the fixture and compares
// stdout, stderr and the exit code with the golden file (go test ./internal/clitest -update rewrites it).
func TestSnapshotReplay(t *testing.T) {
	snap, err := studioctl.LoadSnapshot(snapshotFixture)
	if err != nil {
		t.Fatal(err)
	}
	goldenPath := filepath.Join(filepath.Dir(snapshotFixture), "golden.txt")
	var got []replaytest.Case
	for _, st := range snapshotStatements {
		var notices []string
		s, err := studioctl.OpenSnapshot(snap, studioctl.Options{Notice: func(n string) { notices = append(notices, n) }})
		if err != nil {
			t.Fatal(err)
		}
		words, err := statement.Split(st)
		if err != nil {
			t.Fatal(err)
		}
		var out, errOut bytes.Buffer
		code := cli.ExecWords(context.Background(), s, words, &out, &errOut)
		for _, n := range notices {
			errOut.WriteString(n + "\n")
		}
		got = append(got, replaytest.Case{Statement: st, Stdout: out.String(), Stderr: errOut.String(), Exit: code})
	}
	if *update {
		if err := replaytest.WriteGolden(goldenPath, got); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := replaytest.ReadGolden(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("snapshot replay (-golden +replay):\n%s", diff)
	}
}

// TestSnapshotReplayFacts checks, beyond the golden file, facts a golden file could hide: a Secret
// read from the snapshot carries no value, a log asked for past the captured lines says so, and a
// statement about a namespace that was not captured names what is missing.
func TestSnapshotReplayFacts(t *testing.T) {
	snap, err := studioctl.LoadSnapshot(snapshotFixture)
	if err != nil {
		t.Fatal(err)
	}
	run := func(line string) (string, string, int, []string) {
		var notices []string
		s, err := studioctl.OpenSnapshot(snap, studioctl.Options{Notice: func(n string) { notices = append(notices, n) }})
		if err != nil {
			t.Fatal(err)
		}
		words, _ := statement.Split(line)
		var out, errOut bytes.Buffer
		code := cli.ExecWords(context.Background(), s, words, &out, &errOut)
		return out.String(), errOut.String(), code, notices
	}
	if out, _, code, _ := run("get pods -n shop -o name"); code != 0 || !strings.Contains(out, "pod/postgres-0") {
		t.Errorf("get pods -n shop -o name: exit %d:\n%s", code, out)
	}
	if _, errOut, code, _ := run("get pods -n monitoring"); code != 1 || !strings.Contains(errOut, "namespace monitoring: it was not among the namespaces captured") {
		t.Errorf("a namespace not captured: exit %d, %q", code, errOut)
	}
	if _, _, code, notices := run("logs postgres-0 -n shop --tail 30"); code != 0 || len(notices) != 1 || !strings.Contains(notices[0], "kept at most the last 20 lines") {
		t.Errorf("a log past the captured lines: exit %d, notices %q", code, notices)
	}
	if _, _, _, notices := run("logs postgres-0 -n shop --tail 10"); len(notices) != 0 {
		t.Errorf("a log within the captured lines has notices: %q", notices)
	}
	out, _, code, _ := run("get pods -n shop -l app=web -o name")
	if code != 0 || strings.Count(out, "\n") != 3 || strings.Contains(out, "api") {
		t.Errorf("get pods -l app=web: exit %d:\n%s", code, out)
	}
	if data, err := os.ReadFile(snapshotFixture); err != nil || !snapshot.IsSnapshot(data) {
		t.Errorf("the fixture is not told apart as a snapshot")
	}
	if data, err := os.ReadFile("../../testdata/replay/v1.37.2/admin/recording-10-get.json"); err != nil || snapshot.IsSnapshot(data) {
		t.Errorf("a recording is taken for a snapshot (%v)", err)
	}
}
