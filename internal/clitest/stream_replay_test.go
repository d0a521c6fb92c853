package clitest_test

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/internal/race"
	"github.com/studioctl/studioctl/replaytest"
	"github.com/studioctl/studioctl/statement"
)

// TestStreamedGetPrintsWhatTheWholeListPrints: every recorded get with a machine form (-o json,
// yaml, name, jsonpath, custom-columns, go-template, with or without --sort-by) prints on the
// command line, where lists are streamed page by page, exactly what the agents' whole-list path
// prints (stdout, stderr and exit), in people and machine mode. A recorded list of more than 500
// objects is left out: the agents refuse it, the command line prints it.
//
// Under -race it compares one statement of each form per recording and mode (the streaming's
// goroutines run for every form), where the whole set takes ten times as long; make test's plain
// pass compares every statement (PLAIN_TESTS in the Makefile).
func TestStreamedGetPrintsWhatTheWholeListPrints(t *testing.T) {
	dirs, _ := filepath.Glob("../../testdata/replay/*/*")
	compared, over, want := 0, 0, 100
	if race.Enabled {
		want = 20
	}
	for _, dir := range dirs {
		cases, err := replaytest.ReadGoldenDir(dir)
		if err != nil || len(cases) == 0 {
			continue
		}
		rec := loadRecording(t, dir)
		for _, mode := range []studioctl.Mode{studioctl.People, studioctl.Machine} {
			seen := map[string]bool{}
			// Each run has a session of its own: a recording answers a repeated request with its
			// next recorded answer, and both runs must read the same one.
			open := func() *studioctl.Session {
				s, err := studioctl.OpenRecording(rec, studioctl.Options{Redact: mode})
				if err != nil {
					t.Fatal(err)
				}
				return s
			}
			for _, c := range cases {
				form, ok := machineFormGet(c.Statement)
				if !ok || race.Enabled && seen[form] {
					continue
				}
				seen[form] = true
				whole, streamed := runWholeAndStreamed(t, open(), open(), c.Statement)
				if whole.Exit == 2 && strings.Contains(whole.Stderr, "print at most 500 objects") {
					over++
					continue
				}
				compared++
				if diff := cmp.Diff(whole, streamed); diff != "" {
					t.Errorf("%s (mode %d): %s: streamed differs (-whole +streamed):\n%s", dir, mode, c.Statement, diff)
				}
			}
		}
	}
	t.Logf("compared %d statements, left out %d lists over 500", compared, over)
	if compared < want {
		t.Fatalf("compared %d statements; the recordings hold more", compared)
	}
}

// machineFormGet reports whether a statement is a get printed as documents, names or a form, and
// which form (json, yaml, name, jsonpath, custom-columns, go-template...), with "+sort" when it
// sorts.
func machineFormGet(line string) (string, bool) {
	words, err := statement.Split(line)
	if err != nil || len(words) == 0 || words[0] != "get" {
		return "", false
	}
	form, sorted := "", ""
	for i, w := range words {
		if w == "-w" || w == "--watch" || w == "--watch-only" {
			return "", false
		}
		if w == "--sort-by" || strings.HasPrefix(w, "--sort-by=") {
			sorted = "+sort"
		}
		out, ok := strings.CutPrefix(w, "-o")
		if !ok {
			out, ok = strings.CutPrefix(w, "--output")
		}
		out = strings.TrimPrefix(out, "=")
		if ok && out == "" && i+1 < len(words) {
			out = words[i+1]
		}
		if ok && out != "" && out != "wide" && form == "" {
			form, _, _ = strings.Cut(out, "=")
		}
	}
	return form + sorted, form != ""
}

// runWholeAndStreamed runs a statement as agents run it (cli.ExecWords) and as the command line
// does (cli.Exec, live).
func runWholeAndStreamed(t *testing.T, s, live *studioctl.Session, line string) (whole, streamed replaytest.Case) {
	t.Helper()
	words, err := statement.Split(line)
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	code := cli.ExecWords(context.Background(), s, words, &out, &errOut)
	whole = replaytest.Case{Statement: line, Stdout: out.String(), Stderr: errOut.String(), Exit: code}
	out.Reset()
	errOut.Reset()
	code = cli.Exec(context.Background(), live, words, &out, &errOut, true)
	streamed = replaytest.Case{Statement: line, Stdout: out.String(), Stderr: errOut.String(), Exit: code}
	return whole, streamed
}
