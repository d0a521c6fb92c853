package studioctl_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/console"
	"github.com/studioctl/studioctl/replaytest"
)

var update = flag.Bool("update", false, "rewrite the golden files from what replay prints")

// TestReplay runs every recorded statement against its recording and compares the output with
// the golden file captured next to it. Recordings come from real API servers (make e2e).
func TestReplay(t *testing.T) {
	dirs, _ := filepath.Glob("testdata/replay/*/*")
	found := 0
	for _, dir := range dirs {
		if _, err := os.Stat(filepath.Join(dir, "golden.txt")); err != nil {
			continue
		}
		found++
		dir := dir
		t.Run(filepath.ToSlash(dir), func(t *testing.T) { replayDir(t, dir) })
	}
	if found == 0 {
		t.Fatal("no recordings under testdata/replay")
	}
}

func replayDir(t *testing.T, dir string) {
	rec, err := studioctl.LoadReplay(dir)
	if err != nil {
		t.Fatal(err)
	}
	goldenPath := filepath.Join(dir, "golden.txt")
	cases, err := replaytest.ReadGolden(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	s, rp, err := studioctl.OpenReplay(rec, studioctl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []replaytest.Case
	for _, c := range cases {
		words, err := console.Split(c.Statement)
		if err != nil {
			t.Fatalf("%s: %v", c.Statement, err)
		}
		var out, errOut bytes.Buffer
		code := s.ExecWords(context.Background(), words, &out, &errOut)
		g := replaytest.Case{Statement: c.Statement, Stdout: out.String(), Stderr: errOut.String(), Exit: code}
		got = append(got, g)
		if !*update {
			if diff := cmp.Diff(c, g); diff != "" {
				t.Errorf("%s (-golden +replay):\n%s", c.Statement, diff)
			}
		}
	}
	if missed := rp.Missed(); len(missed) > 0 {
		t.Errorf("requests with no recording: %v", missed)
	}
	if *update {
		if err := replaytest.WriteGolden(goldenPath, got); err != nil {
			t.Fatal(err)
		}
	}
}

// TestReplayCheck replays studioctl check for each recorded identity against its golden report.
func TestReplayCheck(t *testing.T) {
	paths, _ := filepath.Glob("testdata/replay/*/*/check.txt")
	for _, p := range paths {
		dir := filepath.Dir(p)
		t.Run(filepath.ToSlash(dir), func(t *testing.T) {
			want, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := studioctl.LoadReplay(dir)
			if err != nil {
				t.Fatal(err)
			}
			s, _, err := studioctl.OpenReplay(rec, studioctl.Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := replaytest.CheckReport(context.Background(), s)
			if *update {
				os.WriteFile(p, []byte(got), 0o644)
				return
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("check (-golden +replay):\n%s", diff)
			}
		})
	}
}

// TestReplayTree replays the tree readings of each recorded identity (locks for the view identity,
// the namespace notice for the one with no rights) against their golden text.
func TestReplayTree(t *testing.T) {
	paths, _ := filepath.Glob("testdata/replay/*/*/tree.txt")
	for _, p := range paths {
		dir := filepath.Dir(p)
		t.Run(filepath.ToSlash(dir), func(t *testing.T) {
			want, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := studioctl.LoadReplay(dir)
			if err != nil {
				t.Fatal(err)
			}
			s, _, err := studioctl.OpenReplay(rec, studioctl.Options{})
			if err != nil {
				t.Fatal(err)
			}
			cases := replaytest.TreeCases
			if strings.HasSuffix(filepath.Dir(dir), "-caps") {
				cases = replaytest.CapTreeCases
			}
			if got := replaytest.TreeReportFor(context.Background(), s, cases); got != string(want) {
				t.Errorf("tree (-golden +replay):\n%s", cmp.Diff(string(want), got))
			}
		})
	}
}
