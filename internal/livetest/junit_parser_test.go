package livetest

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/studioctl/studioctl/audit"
	"github.com/studioctl/studioctl/printer"
)

// junit2jsonDoc is what junit2json (npm), a JUnit parser nobody here wrote, makes of a report.
type junit2jsonDoc struct {
	Tests, Failures, Errors int
	Time                    *float64
	Testsuite               []struct {
		Name     string
		Tests    int
		Failures int
		Skipped  int
		Testcase []struct {
			Name      string
			Classname string
			Time      *float64
			Failure   []any
			Skipped   []any
		}
	}
}

// TestAuditJUnitParser reads -o junit of the three readings, as admin and as view, with the
// JUnit parser junit2json (scripts/live.sh installs it and names it in STUDIOCTL_JUNIT2JSON): the
// parser's counts must be the report's own, every case must have a classname naming its suite
// and a time, and the report must fail exactly when the run exits 4 (default --fail-on error).
func TestAuditJUnitParser(t *testing.T) {
	needCluster(t)
	tool := os.Getenv("STUDIOCTL_JUNIT2JSON")
	if tool == "" {
		t.Skip("STUDIOCTL_JUNIT2JSON is not set (scripts/live.sh installs junit2json)")
	}
	dir := t.TempDir()
	files, cases := 0, 0
	for _, identity := range []string{"admin", "view"} {
		s := liveSession(t, identity)
		for name, read := range audit.Readings {
			r, err := read(liveContext(t), s, "", audit.Options{AllNamespaces: true, Now: time.Now})
			if err != nil {
				t.Fatalf("%s %s: %v", identity, name, err)
			}
			d := junit2json(t, tool, filepath.Join(dir, identity+"-"+name+".xml"), r)
			files++
			n := 0
			for _, suite := range d.Testsuite {
				for _, c := range suite.Testcase {
					n++
					if c.Classname != "studioctl.audit."+name+"."+suite.Name || c.Time == nil {
						t.Errorf("%s %s: case %s/%s: classname %q, time %v", identity, name, suite.Name, c.Name, c.Classname, c.Time)
					}
				}
			}
			cases += n
			if n != d.Tests || d.Time == nil {
				t.Errorf("%s %s: the parser counts %d cases of %d, time %v", identity, name, n, d.Tests, d.Time)
			}
			if (d.Failures > 0) != audit.Fails(r.Findings, audit.SeverityError) {
				t.Errorf("%s %s: %d failures, but the run fails=%v", identity, name, d.Failures, audit.Fails(r.Findings, audit.SeverityError))
			}
		}
	}
	t.Logf("junit2json: %d reports, %d test cases parsed", files, cases)
}

// junit2json writes r's JUnit to path and answers what the parser made of it.
func junit2json(t *testing.T, tool, path string, r *audit.Report) junit2jsonDoc {
	t.Helper()
	var out, errOut bytes.Buffer
	if err := printer.NewWriter(&out, &errOut, printer.People).Write(r.Result("junit")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, tool, path)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir()}
	data, err := cmd.Output()
	if err != nil {
		t.Fatalf("junit2json on %s: %v", path, err)
	}
	var d junit2jsonDoc
	if err := json.Unmarshal(data, &d); err != nil {
		t.Fatalf("junit2json's answer: %v\n%.300s", err, data)
	}
	return d
}
