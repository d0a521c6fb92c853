package main

import (
	"encoding/xml"
	"strconv"
	"testing"
)

// audit -o junit fails exactly when the command does: for each --fail-on, the report's failures
// are non-zero if and only if the exit code is 4 (the demo has error, warning and info findings).
func TestAuditJUnitAgreesWithTheExitCode(t *testing.T) {
	seen := map[int]bool{}
	for _, failOn := range []string{"error", "warning", "info", "none"} {
		out, errOut, code := runCLI("--replay", "demo", "audit", "workloads", "-A", "-o", "junit", "--fail-on", failOn)
		var doc struct {
			Failures string `xml:"failures,attr"`
		}
		if err := xml.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("--fail-on %s: %v; stderr %q", failOn, err, errOut)
		}
		failures, err := strconv.Atoi(doc.Failures)
		if err != nil {
			t.Fatalf("--fail-on %s: failures=%q", failOn, doc.Failures)
		}
		if (failures > 0) != (code == 4) || (code != 0 && code != 4) {
			t.Errorf("--fail-on %s: %d failures in the report, exit %d", failOn, failures, code)
		}
		seen[failures] = true
	}
	if len(seen) < 2 {
		t.Errorf("every --fail-on gave the same failure count %v: the demo does not tell them apart", seen)
	}
}
