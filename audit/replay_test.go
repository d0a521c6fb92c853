package audit_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/audit"
	"github.com/studioctl/studioctl/replaytest"
)

// The audit runs on a recording of a real server as on the server itself: the live suite records
// both readings of the scenario's namespaces for each identity (group 80-audit). Replayed here,
// each workload e2e/seed.sh plants for the audit has its row and the findings it was planted for;
// the view identity, which may not read Secrets, gets "not checked" instead of a guess; in machine
// mode the missing Secret's name is withheld.
func TestAuditOnTheLiveRecording(t *testing.T) {
	for _, c := range []struct {
		identity, name string
		mode           studioctl.Mode
	}{{"admin", "people", studioctl.People}, {"admin", "machine", studioctl.Machine}, {"view", "people", studioctl.People}} {
		t.Run(c.identity+"/"+c.name, func(t *testing.T) {
			rec := replaytest.RecordedGroup(t, filepath.Join("..", "testdata", "replay"), c.identity, "80-audit")
			s, err := studioctl.OpenRecording(rec, studioctl.Options{Redact: c.mode})
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			reports := map[string]*audit.Report{}
			// In the order the live suite read them (replaytest.AuditReport), so each request is
			// answered as it was then.
			for _, ns := range replaytest.AuditNamespaces {
				r, err := audit.ProfileWorkloads(ctx, s, ns, audit.Options{})
				if err != nil {
					t.Fatalf("audit workloads -n %s: %v", ns, err)
				}
				reports[ns] = r
				u, err := audit.InspectUsage(ctx, s, ns, audit.Options{})
				if err != nil {
					t.Fatalf("audit usage -n %s: %v", ns, err)
				}
				if u.UsageUnavailable || len(u.Namespaces) != 1 || len(u.Namespaces[0].Usage) == 0 {
					t.Errorf("audit usage -n %s: no recorded metrics", ns)
				}
			}
			for _, w := range replaytest.PlantedWorkloads {
				for _, p := range w.Check(reports[w.Namespace], c.identity == "admin") {
					t.Error(p)
				}
			}
			missing := 0
			for _, f := range reports["ops"].Findings {
				if f.Code != audit.CodeSecretMissing {
					continue
				}
				missing++
				if named := strings.Contains(f.Message, replaytest.MissingSecret); named != (c.mode == studioctl.People) {
					t.Errorf("the missing Secret's finding names it: %v, in %s mode: %q", named, c.name, f.Message)
				}
			}
			if want := c.identity == "admin"; (missing > 0) != want {
				t.Errorf("%d secret_missing findings in ops", missing)
			}
		})
	}
}
