package audit

import (
	"os"
	"strings"
	"testing"

	"github.com/studioctl/studioctl/internal/golden"
)

// docs/audit.md holds the checks table between two markers; it must be ChecksMarkdown exactly
// (go test ./audit -update rewrites it).
const (
	docPath     = "../docs/audit.md"
	beginChecks = "<!-- checks: generated from audit.Checks; go test ./audit -update -->"
	endChecks   = "<!-- end checks -->"
)

func TestDocRendersTheChecksTable(t *testing.T) {
	raw, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	i, j := strings.Index(doc, beginChecks), strings.Index(doc, endChecks)
	if i < 0 || j < i {
		t.Fatalf("%s has no checks markers", docPath)
	}
	want := beginChecks + "\n" + strings.Join(ChecksMarkdown(), "\n") + "\n"
	if got := doc[i:j]; got != want {
		if golden.Updating() {
			if err := os.WriteFile(docPath, []byte(doc[:i]+want+doc[j:]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("docs/audit.md's checks table differs from audit.Checks; run go test ./audit -update")
	}
}

func TestEveryCodeHasOneCheck(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range Checks {
		if seen[c.Code] || c.Severity.rank() == 0 || c.Threshold == "" || c.Rationale == "" {
			t.Errorf("check %s: duplicate, or without severity, threshold or rationale", c.Code)
		}
		seen[c.Code] = true
	}
}
