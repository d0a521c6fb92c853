package livetest

import (
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/audit"
)

// liveSession opens a session on the live cluster as identity, in people mode.
func liveSession(t *testing.T, identity string) *studioctl.Session {
	return liveSessionMode(t, identity, false)
}

// liveSessionMode opens a session on the live cluster as identity, in machine mode when machine.
func liveSessionMode(t *testing.T, identity string, machine bool) *studioctl.Session {
	t.Helper()
	data, err := os.ReadFile(kubeconfigPath(identity))
	if err != nil {
		t.Fatal(err)
	}
	o := studioctl.Options{}
	if machine {
		o.Redact = studioctl.Machine
	}
	s, _, err := studioctl.OpenKubeconfig(data, "", o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func liveContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// plantedWorkload is one workload e2e/seed.sh plants for the audit, the finding codes it must
// produce (as the admin, and as the view identity, which may not read Secrets), and whether its
// row has a desired count (an orphan ReplicaSet's and a custom resource's has none).
type plantedWorkload struct {
	what                string
	kind, ns, name      string
	codes, viewCodes    []string
	noCodes, viewNoCode []string
	noDesired, restarts bool
}

var plantedWorkloads = []plantedWorkload{
	{what: "a Deployment without limits, crash-looping", kind: "Deployment", ns: "ops", name: "report-generator",
		codes:    []string{audit.CodeLimitsMissing, audit.CodeRequestsMissing, audit.CodeCrashLooping, audit.CodeRestarting, audit.CodeSingleReplica},
		restarts: true},
	{what: "a CronJob", kind: "CronJob", ns: "payments", name: "settlement-report",
		codes: []string{audit.CodeLimitsMissing, audit.CodeRequestsMissing, audit.CodeRunsAsRoot}, noDesired: true},
	{what: "a bare privileged pod with a hostPath", kind: "Pod", ns: "ops", name: "node-debugger",
		codes: []string{audit.CodePrivileged, audit.CodeHostPath, audit.CodeRunsAsRoot}, noDesired: true},
	{what: "an orphan ReplicaSet", kind: "ReplicaSet", ns: "ops", name: "legacy-worker-7d9f8b6c5",
		codes: []string{audit.CodeLimitsMissing, audit.CodeReadinessMissing}, noDesired: true},
	{what: "a custom resource owning a pod", kind: "ManagedComponent", ns: "platform", name: "search-indexer",
		codes: []string{audit.CodeLimitsMissing, audit.CodeReadinessMissing}, noDesired: true},
	{what: "a secretKeyRef to a missing Secret", kind: "Deployment", ns: "ops", name: "billing-sync",
		codes: []string{audit.CodeSecretMissing}, noCodes: []string{audit.CodeLimitsMissing, audit.CodeRequestsMissing, audit.CodeSecretNotChecked},
		viewCodes: []string{audit.CodeSecretNotChecked}, viewNoCode: []string{audit.CodeSecretMissing}},
}

// TestAuditPlantedLive: each workload the scenario plants for the audit has its row and produces
// the findings it was planted for; the Secret check reports "not checked" for the view identity,
// which may not read Secrets, instead of guessing.
func TestAuditPlantedLive(t *testing.T) {
	needCluster(t)
	for _, identity := range []string{"admin", "view"} {
		t.Run(identity, func(t *testing.T) {
			s := liveSession(t, identity)
			ctx := liveContext(t)
			reports := map[string]*audit.Report{}
			for _, w := range plantedWorkloads {
				r := reports[w.ns]
				if r == nil {
					var err error
					if r, err = audit.ProfileWorkloads(ctx, s, w.ns, audit.Options{}); err != nil {
						t.Fatalf("audit workloads -n %s: %v", w.ns, err)
					}
					reports[w.ns] = r
				}
				row := findWorkload(r, w)
				if row == nil {
					t.Errorf("%s (%s %s/%s): no row; is the scenario seeded with this e2e/seed.sh?", w.what, w.kind, w.ns, w.name)
					continue
				}
				if (row.Desired == nil) != w.noDesired {
					t.Errorf("%s: desired count %v, want none: %v", w.what, row.Desired, w.noDesired)
				}
				if w.restarts && (row.Restarts == 0 || row.LastReason == "" || row.LastTermination == "") {
					t.Errorf("%s: restarts %d, last termination %q %q", w.what, row.Restarts, row.LastReason, row.LastTermination)
				}
				got := findingCodes(r, w)
				want, none := w.codes, w.noCodes
				if identity == "view" && w.viewCodes != nil {
					want, none = w.viewCodes, w.viewNoCode
				}
				for _, c := range want {
					if !slices.Contains(got, c) {
						t.Errorf("%s (%s %s/%s) as %s: no %s finding; it has %v", w.what, w.kind, w.ns, w.name, identity, c, got)
					}
				}
				for _, c := range none {
					if slices.Contains(got, c) {
						t.Errorf("%s as %s: an unexpected %s finding", w.what, identity, c)
					}
				}
				t.Logf("%s (%s %s/%s) as %s: %d findings %v", w.what, w.kind, w.ns, w.name, identity, len(got), got)
			}
			// The missing Secret's finding names the Secret.
			for _, f := range reports["ops"].Findings {
				if f.Code == audit.CodeSecretMissing && !strings.Contains(f.Message, "billing-credentials") {
					t.Errorf("the missing Secret's finding does not name it: %q", f.Message)
				}
			}
		})
	}
}

func findWorkload(r *audit.Report, w plantedWorkload) *audit.Workload {
	for _, ns := range r.Namespaces {
		for _, row := range ns.Workloads {
			if row.Kind == w.kind && row.Namespace == w.ns && row.Name == w.name {
				return row
			}
		}
	}
	return nil
}

func findingCodes(r *audit.Report, w plantedWorkload) []string {
	var out []string
	for _, f := range r.Findings {
		if f.Kind == w.kind && f.Namespace == w.ns && f.Name == w.name && !slices.Contains(out, f.Code) {
			out = append(out, f.Code)
		}
	}
	slices.Sort(out)
	return out
}

// expectedUsage is what the scenario's kwok metrics give the shop containers (e2e/README.md,
// "Metrics"): CPU in millicores, memory in Mi.
var expectedUsage = map[string][2]int64{"web": {120, 96}, "log-shipper": {8, 28}, "api": {110, 210}, "postgres": {180, 310}, "main": {5, 24}}

// TestAuditUsageLive: audit usage shows metrics.k8s.io's live figures for every container of shop,
// the scenario's own, within 5 % for CPU (a rate) and exactly for memory, and as kubectl top reads them.
func TestAuditUsageLive(t *testing.T) {
	needCluster(t)
	s := liveSession(t, "admin")
	r, err := audit.InspectUsage(liveContext(t), s, "shop", audit.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.UsageUnavailable {
		t.Fatal("metrics.k8s.io is served, yet usage is unavailable")
	}
	top, errOut, code := runKubectl(t, "admin", []string{"top", "pod", "-n", "shop", "--containers", "--no-headers"})
	if code != 0 {
		t.Fatalf("kubectl top: %s", errOut)
	}
	topMem := map[string]string{} // pod/container → memory as kubectl prints it
	for _, l := range strings.Split(strings.TrimSpace(top), "\n") {
		if f := strings.Fields(l); len(f) == 4 {
			topMem[f[0]+"/"+f[1]] = f[3]
		}
	}
	rows := 0
	for _, ns := range r.Namespaces {
		for _, u := range ns.Usage {
			rows++
			want, ok := expectedUsage[u.Container]
			if !ok || !u.Measured {
				t.Errorf("%s/%s: measured %v; the scenario gives it no figure: %v", u.Pod, u.Container, u.Measured, ok)
				continue
			}
			cpu, err := millicores(u.CPU)
			if err != nil || cpu < want[0]*95/100 || cpu > want[0]*105/100+1 {
				t.Errorf("%s/%s: cpu %s, want about %dm", u.Pod, u.Container, u.CPU, want[0])
			}
			if mem := u.Memory; mem != fmtMi(want[1]) || topMem[u.Pod+"/"+u.Container] != mem {
				t.Errorf("%s/%s: memory %s, want %s (kubectl top: %s)", u.Pod, u.Container, mem, fmtMi(want[1]), topMem[u.Pod+"/"+u.Container])
			}
		}
	}
	if rows != len(topMem) {
		t.Errorf("%d usage rows, kubectl top lists %d containers", rows, len(topMem))
	}
	t.Logf("audit usage -n shop: %d containers measured, as the scenario and kubectl top give them", rows)
}

func fmtMi(n int64) string { return strconv.FormatInt(n, 10) + "Mi" }

// millicores reads a CPU quantity as metrics.k8s.io writes it (n, u, m or whole cores).
func millicores(q string) (int64, error) {
	div, mul := int64(1), int64(1)
	switch {
	case strings.HasSuffix(q, "n"):
		q, div = strings.TrimSuffix(q, "n"), 1_000_000
	case strings.HasSuffix(q, "u"):
		q, div = strings.TrimSuffix(q, "u"), 1_000
	case strings.HasSuffix(q, "m"):
		q = strings.TrimSuffix(q, "m")
	default:
		mul = 1000
	}
	n, err := strconv.ParseInt(q, 10, 64)
	return n * mul / div, err
}
