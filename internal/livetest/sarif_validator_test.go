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

// TestAuditSARIFMultitool validates -o sarif from the live cluster with the SARIF Multitool, a
// validator nobody here wrote (scripts/live.sh installs it and names its binary in
// STUDIOCTL_SARIF_MULTITOOL), with both its SARIF rules and its GitHub code scanning rules: both
// readings, every namespace and one, as the admin and the view identity, and with a baseline.
// Any result the validator reports, error or warning, is a fault.
func TestAuditSARIFMultitool(t *testing.T) {
	needCluster(t)
	tool := os.Getenv("STUDIOCTL_SARIF_MULTITOOL")
	if tool == "" {
		t.Skip("STUDIOCTL_SARIF_MULTITOOL is not set (scripts/live.sh installs the SARIF Multitool)")
	}
	dir := t.TempDir()
	files, results := 0, 0
	for _, identity := range []string{"admin", "view"} {
		s := liveSession(t, identity)
		for _, c := range []struct {
			name, ns string
			read     audit.Reading
			baseline bool
		}{
			{"workloads-all", "", audit.ProfileWorkloads, false}, {"workloads-shop", "shop", audit.ProfileWorkloads, false},
			{"usage-all", "", audit.InspectUsage, false}, {"workloads-baseline", "", audit.ProfileWorkloads, true},
			{"rbac-all", "", audit.AuditRBAC, false}, {"rbac-ops", "ops", audit.AuditRBAC, false},
			{"hygiene-all", "", audit.AuditHygiene, false},
		} {
			r, err := c.read(liveContext(t), s, c.ns, audit.Options{AllNamespaces: c.ns == "", Now: time.Now})
			if err != nil {
				t.Fatalf("%s %s: %v", identity, c.name, err)
			}
			if c.baseline {
				known := map[string]bool{}
				for i, f := range r.Findings {
					if i%2 == 0 {
						known[f.Key()] = true
					}
				}
				r.ApplyFilter(audit.Filter{Baseline: known})
			}
			results += len(r.Findings) + len(r.Suppressed)
			path := filepath.Join(dir, identity+"-"+c.name+".sarif")
			var out, errOut bytes.Buffer
			if err := printer.NewWriter(&out, &errOut, printer.People).Write(r.Result("sarif")); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			faults := multitoolFaults(t, tool, path)
			for _, f := range faults {
				t.Errorf("%s %s: %s", identity, c.name, f)
			}
			files++
		}
	}
	if results == 0 {
		t.Error("the reports hold no result: the validation proves little")
	}
	t.Logf("SARIF Multitool (SARIF and GitHub rules): %d files, %d results validated", files, results)
}

// multitoolFaults runs the Multitool's validate on path and answers each result it reports.
func multitoolFaults(t *testing.T, tool, path string) []string {
	t.Helper()
	report := path + ".validation.sarif"
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, tool, "validate", "--rule-kind", "Gh;Sarif", "--output", report, path)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "DOTNET_CLI_TELEMETRY_OPTOUT=1"}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the Multitool failed on %s: %v\n%s", path, err, out)
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID  string `json:"ruleId"`
				Level   string `json:"level"`
				Message struct {
					Text      string   `json:"text"`
					Arguments []string `json:"arguments"`
				} `json:"message"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatalf("the Multitool's report: %v", err)
	}
	var faults []string
	for _, run := range log.Runs {
		for _, res := range run.Results {
			faults = append(faults, res.Level+" "+res.RuleID+" "+res.Message.Text+" "+jsonText(res.Message.Arguments))
		}
	}
	return faults
}

func jsonText(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}
