package clitest_test

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/console"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/replaytest"
	"github.com/studioctl/studioctl/statement"
)

// TestConsolePrintsWhatTheCommandPrints pipes every recorded statement of a recording into the
// console loop and checks that its stdout is the command form's, statement by statement.
func TestConsolePrintsWhatTheCommandPrints(t *testing.T) {
	dir := "../../testdata/replay/v1.37.2/admin"
	cases, err := replaytest.ReadGoldenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	rec := loadRecording(t, dir)
	var script, want strings.Builder
	for _, c := range cases {
		if strings.HasPrefix(c.Statement, "version") {
			continue
		}
		script.WriteString("kubectl " + c.Statement + "  # from the golden file\n")
		want.WriteString(c.Stdout)
	}
	s, err := studioctl.OpenRecording(rec, studioctl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	loop := &console.Loop{Session: reader.Of(s), Out: &out, Err: &errOut}
	failed, err := loop.Script(context.Background(), strings.NewReader(script.String()))
	if err != nil {
		t.Fatal(err)
	}
	if out.String() != want.String() {
		t.Fatalf("console stdout differs from the command form's (%d vs %d bytes)", out.Len(), want.Len())
	}
	if !failed {
		t.Fatal("the recording holds failing statements (get foo), so the script must report a failure")
	}
}

// Line by line, the console counts a line as failed exactly when the command exits non-zero for
// it: the exit code is the outcome's, decided once (read.Outcome.Exit). The golden files run in
// order in one session, as TestReplay runs them (a group's recording lacks what the session had
// cached from an earlier one).
func TestConsoleFailsWhereTheCommandExitsNonZero(t *testing.T) {
	dir := "../../testdata/replay/v1.37.2/admin"
	goldens, err := replaytest.GoldenFiles(dir)
	if err != nil || len(goldens) == 0 {
		t.Fatalf("no golden files in %s: %v", dir, err)
	}
	s, err := studioctl.OpenRecording(loadRecording(t, dir), studioctl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	loop := &console.Loop{Session: reader.Of(s)}
	checked, failing := 0, 0
	for _, path := range goldens {
		cases, err := replaytest.ReadGolden(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			var out, errOut bytes.Buffer
			loop.Out, loop.Err = &out, &errOut
			ok := loop.RunOne(context.Background(), c.Statement)
			if ok != (c.Exit == 0) {
				t.Errorf("%s: the console says ok=%v, the command exits %d\n%s", c.Statement, ok, c.Exit, errOut.String())
			}
			checked++
			if !ok {
				failing++
			}
		}
	}
	if failing == 0 || failing == checked {
		t.Errorf("%d of %d statements failed: the comparison needs both kinds", failing, checked)
	}
	t.Logf("%d statements, %d failing on both", checked, failing)
}

// TestPipedConsoleKeepsGoing: a refused line, an unterminated quote and an over-long line each
// fail on stderr, the next line still runs, and the loop reports failure.
func TestPipedConsoleKeepsGoing(t *testing.T) {
	rec := loadRecording(t, "../../testdata/replay/v1.37.2/admin")
	s, _ := studioctl.OpenRecording(rec, studioctl.Options{})
	lines := []string{
		"delete pod web-0 -n shop",
		"get pods -n shop 'oops",
		"get pods -l " + strings.Repeat("x", limits.MaxStatementBytes+10),
		"# a comment",
		"",
		"help",
		"get deploy -n shop -o name",
	}
	var out, errOut bytes.Buffer
	loop := &console.Loop{Session: reader.Of(s), Out: &out, Err: &errOut}
	failed, err := loop.Script(context.Background(), strings.NewReader(strings.Join(lines, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	if !failed {
		t.Fatal("failures not reported")
	}
	if got := strings.Count(errOut.String(), "error: "); got != 3 {
		t.Fatalf("%d errors on stderr, want 3:\n%s", got, errOut.String())
	}
	if !strings.Contains(out.String(), "deployment.apps/web") || !strings.Contains(out.String(), "One statement a line") {
		t.Fatalf("stdout: %s", out.String())
	}
}

// TestRefusedStatementsSendNothing runs every refusal of the command tables through a session
// whose transport has no stubs: any request would fail the test.
func TestRefusedStatementsSendNothing(t *testing.T) {
	reg := httpstub.New(t)
	s, err := studioctl.Open(studioctl.Connection{Host: "cluster.example", Token: "t"}, studioctl.Options{Transport: reg})
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, w := range statement.WriteCommands {
		lines = append(lines, w+" pods x")
	}
	for _, w := range statement.NotInV1 {
		lines = append(lines, w)
	}
	for _, f := range statement.ConnectionFlags {
		lines = append(lines, "get pods --"+f+"=x", "logs web --"+f+" x")
	}
	lines = append(lines, "rollout restart deploy/web", "get pods -o jsonpath={.x",
		"get pods -o custom-columns=A", "get pods -o go-template={{.}", "get pods -o jsonpath-file=/nonexistent/studioctl",
		"get pods -o jsonpath-as-json={.x", "get pods --sort-by=.a{", "get pods,svc -w", "get pods,svc --watch-only", "get --raw /metrics", "logs web -f",
		"get pods -l 'app in (web'", "get pods,svc -l app=,", "get pods --field-selector status.phase", "logs -l '!app=web'",
		"describe pods x -l app=web", "events -o wide", "events -w -o json",
		"get pods --tail 5", "logs web --tail 5001", "logs web --limit-bytes 2000000", "get pods --request-timeout 0",
		"get pods --request-timeout 11m", "get pods -n Shop", "describe pod x -o yaml", "exec -it web -- sh",
		"port-forward svc/web 8080:80", "proxy", "attach web", "cp web:/etc/passwd .", "debug node/x",
		"auth reconcile -f x.yaml", "get pods -w -o yaml", "top pod --sort-by=name")
	for _, line := range lines {
		words, err := statement.Split(line)
		if err != nil {
			continue
		}
		var out, errOut bytes.Buffer
		if code := cli.ExecWords(context.Background(), s, words, &out, &errOut); code != fault.ExitRefused {
			t.Errorf("%q: exit %d (%s)", line, code, errOut.String())
		}
		if !strings.Contains(errOut.String(), "Nothing was sent") {
			t.Errorf("%q: %s", line, errOut.String())
		}
	}
	if reg.Count() != 0 {
		t.Fatalf("%d requests reached the transport: %v", reg.Count(), reg.Seen)
	}
}

// TestHistoryIsPrivateAndMasked: the console's history file is 0600 in a 0700 folder and holds
// no credential value.
func TestHistoryIsPrivateAndMasked(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	s, err := studioctl.Open(studioctl.Connection{Host: "cluster.example", Token: "t"}, studioctl.Options{Transport: http.DefaultTransport})
	if err != nil {
		t.Fatal(err)
	}
	loop := &console.Loop{Session: reader.Of(s), HistoryDir: dir, Out: &bytes.Buffer{}, Err: &bytes.Buffer{}}
	loop.AppendHistory("get pods --token=SECRET-ONE --password 'SECRET TWO'")
	data, err := os.ReadFile(filepath.Join(dir, "history"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "SECRET") {
		t.Fatalf("history holds a credential: %s", data)
	}
	for path, want := range map[string]os.FileMode{dir: 0o700, filepath.Join(dir, "history"): 0o600} {
		fi, err := os.Stat(path)
		if err != nil || fi.Mode().Perm() != want {
			t.Fatalf("%s: %v %v", path, fi.Mode().Perm(), err)
		}
	}
}
