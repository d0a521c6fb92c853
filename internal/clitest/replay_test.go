package clitest_test

import (
	"bytes"
	"context"
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/record"
	"github.com/studioctl/studioctl/replaytest"
	"github.com/studioctl/studioctl/statement"
)

var update = flag.Bool("update", false, "rewrite the golden files from what replay prints")

// TestReplay runs every recorded statement against its recording and compares the output with
// the golden file captured next to it. Recordings come from real API servers (make e2e).
func TestReplay(t *testing.T) {
	dirs, _ := filepath.Glob("../../testdata/replay/*/*")
	found := 0
	for _, dir := range dirs {
		if files, _ := replaytest.GoldenFiles(dir); len(files) == 0 {
			continue
		}
		found++
		dir := dir
		t.Run(filepath.ToSlash(dir), func(t *testing.T) {
			t.Parallel()
			replayDir(t, dir)
		})
	}
	if found == 0 {
		t.Fatal("no recordings under testdata/replay")
	}
}

// replayDir runs the golden files of one recording in order, in one session, as the live suite
// ran them.
func replayDir(t *testing.T, dir string) {
	rec := loadRecording(t, dir)
	files, err := replaytest.GoldenFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, err := studioctl.OpenRecording(rec, studioctl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, goldenPath := range files {
		replayGolden(t, s, goldenPath)
	}
	if missed := s.Unrecorded(); len(missed) > 0 {
		t.Errorf("requests with no recording: %v", missed)
	}
}

func replayGolden(t *testing.T, s *studioctl.Session, goldenPath string) {
	cases, err := replaytest.ReadGolden(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	var got []replaytest.Case
	for _, c := range cases {
		words, err := statement.Split(c.Statement)
		if err != nil {
			t.Fatalf("%s: %v", c.Statement, err)
		}
		var out, errOut bytes.Buffer
		code := cli.ExecWords(context.Background(), s, words, &out, &errOut)
		g := replaytest.Case{Statement: c.Statement, Stdout: out.String(), Stderr: errOut.String(), Exit: code}
		got = append(got, g)
		if !*update {
			if diff := cmp.Diff(c, g); diff != "" {
				t.Errorf("%s: %s (-golden +replay):\n%s", filepath.Base(goldenPath), c.Statement, diff)
			}
		}
	}
	if *update {
		if err := replaytest.WriteGolden(goldenPath, got); err != nil {
			t.Fatal(err)
		}
	}
}

// TestReplayCheck replays studioctl check for each recorded identity against its golden report.
func TestReplayCheck(t *testing.T) {
	replayReports(t, "check.txt", func(ctx context.Context, _ string, s *studioctl.Session) string {
		return replaytest.CheckReport(ctx, s)
	})
}

// TestReplayTree replays the tree readings of each recorded identity (locks for the view identity,
// the namespace notice for the one with no rights; both caps in a -caps recording) against their
// golden text.
func TestReplayTree(t *testing.T) {
	replayReports(t, "tree.txt", func(ctx context.Context, dir string, s *studioctl.Session) string {
		if strings.HasSuffix(filepath.Dir(dir), "-caps") {
			return replaytest.TreeReportFor(ctx, s, replaytest.CapTreeCases)
		}
		return replaytest.TreeReport(ctx, s)
	})
}

// TestReplayAudit replays both audit readings of the scenario's namespaces, in every format, for
// each recorded identity (group 80-audit) against their golden text.
func TestReplayAudit(t *testing.T) {
	replayGroupReports(t, "audit.txt", "80-audit", func(ctx context.Context, _ string, s *studioctl.Session) string {
		return replaytest.AuditReport(ctx, s)
	})
}

// TestReplayPlatform replays discover, components, mcp-runtime and check --rights of every profile
// for each recorded identity (group 84-platform) against their golden text.
func TestReplayPlatform(t *testing.T) {
	replayGroupReports(t, "platform.txt", "84-platform", func(ctx context.Context, _ string, s *studioctl.Session) string {
		return replaytest.PlatformReport(ctx, s)
	})
}

// replayReports replays every recording that has the golden file name next to it through report,
// and compares (or, with -update, rewrites) the golden file.
func replayReports(t *testing.T, name string, report func(ctx context.Context, dir string, s *studioctl.Session) string) {
	replayReportsFrom(t, name, loadRecording, report)
}

// replayGroupReports is replayReports for a report recorded in a group of its own: each replays
// from its session's and its own group's files only, so a request an earlier group also asked
// (top's metrics, a namespace's events) is answered as it was when the report read it.
func replayGroupReports(t *testing.T, name, group string, report func(ctx context.Context, dir string, s *studioctl.Session) string) {
	load := func(t *testing.T, dir string) *studioctl.Recording {
		rec, err := record.LoadGroups(dir, "00-session", group)
		if err != nil {
			t.Fatal(err)
		}
		return rec
	}
	replayReportsFrom(t, name, load, report)
}

func replayReportsFrom(t *testing.T, name string, load func(*testing.T, string) *studioctl.Recording, report func(ctx context.Context, dir string, s *studioctl.Session) string) {
	paths, _ := filepath.Glob("../../testdata/replay/*/*/" + name)
	if len(paths) == 0 {
		t.Fatalf("no %s under testdata/replay", name)
	}
	for _, p := range paths {
		dir := filepath.Dir(p)
		t.Run(filepath.ToSlash(dir), func(t *testing.T) {
			t.Parallel()
			want, err := replaytest.ReadParts(p)
			if err != nil {
				t.Fatal(err)
			}
			rec := load(t, dir)
			s, err := studioctl.OpenRecording(rec, studioctl.Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := report(context.Background(), dir, s)
			if *update {
				if err := replaytest.WriteParts(p, []byte(got)); err != nil {
					t.Fatal(err)
				}
				return
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("%s (-golden +replay):\n%s", name, diff)
			}
		})
	}
}
