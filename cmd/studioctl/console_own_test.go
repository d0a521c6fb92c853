package main

import (
	"strings"
	"testing"
)

// A console line runs studioctl's own readings on the console's session, each line's flags from
// their defaults, and a failing one is named by its line like a statement's.
func TestConsoleRunsOwnReadings(t *testing.T) {
	tio := newTestIO(t, t.TempDir())
	tio.In = strings.NewReader(strings.Join([]string{
		"audit workloads -n shop -o json",
		"audit workloads -n shop",
		"get deploy -n shop -o name",
		"check -o yaml",
		"tree --replay demo",
		"browse",
	}, "\n"))
	code := tio.run("--replay", "demo", "console")
	out, stderr := tio.out.String(), tio.err.String()
	if code == 0 {
		t.Fatalf("exit 0, want a failure for lines 4 to 6:\n%s", stderr)
	}
	for _, want := range []string{`"kind": "AuditReport"`, "NAMESPACE   KIND", "deployment.apps/web"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	// The second audit line prints tables: the first line's -o json did not stay set.
	if strings.Count(out, `"kind": "AuditReport"`) != 1 {
		t.Errorf("-o json carried over to the next line:\n%s", out)
	}
	for _, want := range []string{`line 4: check -o takes json, not "yaml"`, "line 5: The console's connection and redaction were set when it started; a line takes no --replay", "line 6: "} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}
