package audit

import (
	"encoding/json"
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

// -o json and -o sarif hold no raw escape once decoded, as jq -r would print their strings: every
// string of both documents (names, container names, fullyQualifiedName, partialFingerprints, keys)
// is sanitised, not only JSON-escaped (issue 32 item 9).
func TestDocumentsHoldNoRawEscapeOnceDecoded(t *testing.T) {
	bad := "web\x1b]0;T\x07\x1b[2J\u202e\u0085"
	desired := int64(1)
	r := &Report{Reading: ReadingWorkloads,
		Namespaces: []*Namespace{{Name: "shop", Audited: true, Workloads: []*Workload{{Kind: "Widget", Namespace: "shop", Name: bad, Desired: &desired,
			NoRequests: []string{bad}, Warnings: []Warning{{Reason: bad, Object: "Pod/" + bad, Count: 1}}}}}},
		Findings: []Finding{newFinding(CodePrivileged, "Widget", "shop", bad, bad, SentencePrivileged, bad)}}
	for _, f := range []string{"json", "sarif"} {
		var doc any
		if err := json.Unmarshal([]byte(render(t, r, f)), &doc); err != nil {
			t.Fatalf("-o %s: %v", f, err)
		}
		strs := 0
		var walk func(v any)
		walk = func(v any) {
			switch x := v.(type) {
			case string:
				strs++
				if r, ok := sanitize.FirstUnsafe(x); !ok {
					t.Errorf("-o %s holds %U raw: %q", f, r, x)
				}
			case []any:
				for _, c := range x {
					walk(c)
				}
			case map[string]any:
				for k, c := range x {
					walk(k)
					walk(c)
				}
			}
		}
		walk(doc)
		if strs == 0 {
			t.Errorf("-o %s: no strings read", f)
		}
	}
}
