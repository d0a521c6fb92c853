package audit

import (
	"strings"
	"testing"

	"github.com/studioctl/studioctl/sanitize"
)

// Every format prints a server-provided string sanitised (JSON and SARIF escaped): nothing the
// server wrote reaches the terminal raw.
func TestEveryFormatSanitisesServerText(t *testing.T) {
	bad := "web\x1b]0;T\x07\u202e\u200b\u0085"
	desired := int64(1)
	r := &Report{Reading: ReadingWorkloads,
		Namespaces: []*Namespace{{Name: "shop", Audited: true, Workloads: []*Workload{{Kind: "Widget", Namespace: "shop", Name: bad, Desired: &desired,
			NoRequests: []string{bad}, Warnings: []Warning{{Reason: bad, Object: "Pod/" + bad, Count: 1}}}}}},
		Findings: []Finding{newFinding(CodePrivileged, "Widget", "shop", bad, bad, SentencePrivileged, bad)}}
	for _, f := range Formats {
		for _, line := range strings.Split(render(t, r, f), "\n") {
			if r, ok := sanitize.FirstUnsafe(line); !ok {
				t.Errorf("-o %q printed %U: %q", f, r, line)
			}
		}
	}
}
