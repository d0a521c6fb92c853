package audit

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/studioctl/studioctl/fault"
)

func TestIgnoreBaselineAndFailOn(t *testing.T) {
	r := profileAll(t)
	dir := t.TempDir()
	base := filepath.Join(dir, "base.json")
	if err := os.WriteFile(base, []byte(render(t, r, "json")), 0o644); err != nil {
		t.Fatal(err)
	}
	known, err := LoadBaseline(base)
	if err != nil || len(known) != len(r.Findings) {
		t.Fatalf("baseline: %d keys, %v", len(known), err)
	}
	ignoreFile := filepath.Join(dir, "ignore")
	os.WriteFile(ignoreFile, []byte("# accepted\naudit.host_pid\n\naudit.host_network # agent\n"), 0o644)
	codes, err := LoadIgnoreFile(ignoreFile)
	if err != nil || len(codes) != 2 {
		t.Fatalf("ignore file: %v %v", codes, err)
	}
	ignore, err := ParseIgnore(append(codes, CodeLivenessMissing))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ParseIgnore([]string{"audit.nope"}); err == nil {
		t.Error("an unknown code must be refused")
	}

	// A second run against its own baseline: nothing new, nothing fails.
	again := profileAll(t)
	again.ApplyFilter(Filter{Ignore: ignore, Baseline: known})
	if len(again.Findings) != 0 || again.Ignored != 3 || len(again.Suppressed) != len(r.Findings)-3 {
		t.Errorf("filtered: %d findings, %d ignored, %d known", len(again.Findings), again.Ignored, len(again.Suppressed))
	}
	if Fails(again.Findings, SeverityInfo) {
		t.Error("no new finding must not fail")
	}

	// A baseline without the crash loop: only it counts.
	delete(known, newFinding(CodeCrashLooping, "Deployment", "shop", "web", "web", "").Key())
	third := profileAll(t)
	third.ApplyFilter(Filter{Baseline: known})
	if len(third.Findings) != 1 || third.Findings[0].Code != CodeCrashLooping {
		t.Errorf("new findings: %+v", third.Findings)
	}
	for sev, fails := range map[string]bool{"error": true, "warning": true, "info": true, "none": false} {
		s, err := FailOn(sev)
		if err != nil || Fails(third.Findings, s) != fails {
			t.Errorf("--fail-on %s: fails=%v err=%v", sev, Fails(third.Findings, s), err)
		}
	}
	if _, err := FailOn("fatal"); err == nil {
		t.Error("--fail-on fatal must be refused")
	}
	warnOnly := []Finding{{Code: CodeRunsAsRoot, Severity: SeverityWarning}}
	if Fails(warnOnly, SeverityError) || !Fails(warnOnly, SeverityWarning) {
		t.Error("a warning fails at warning, not at error")
	}
}

func TestBaselineRefusesOtherDocuments(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.json")
	os.WriteFile(p, []byte(`{"apiVersion":"v1","kind":"List"}`), 0o644)
	_, err := LoadBaseline(p)
	if e, ok := fault.As(err); !ok || e.Code != CodeFile || e.Class != fault.Refused {
		t.Errorf("got %v", err)
	}
}
