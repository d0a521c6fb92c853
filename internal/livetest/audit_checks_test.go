package livetest

import (
	"sort"
	"testing"

	"github.com/studioctl/studioctl/audit"
)

// notPlanted are the checks the live scenario cannot trip, each with why; every other check of
// audit.Checks must be found on it by some identity.
var notPlanted = map[string]string{
	audit.CodeNodePressure:     "kwok's node heartbeat rewrites a node's conditions, so a pressure condition does not stay (unit test: TestHygieneReading)",
	audit.CodeUsageUnavailable: "the scenario serves metrics.k8s.io; a server without it is a unit test (TestInspectUsageWithoutMetricsServer)",
}

// auditPlants are the findings e2e/seed.sh's 82-audit-plants section was written to produce,
// each as code and object, with the identity that sees it.
var auditPlants = []struct{ identity, finding string }{
	{"admin", "audit.host_pid Deployment/ops/pid-inspector"},
	{"admin", "audit.proc_mount_unmasked Deployment/ops/sandbox-runner"},
	{"admin", "audit.image_latest Deployment/ops/sandbox-runner"},
	{"admin", "audit.pull_always_mutable Deployment/ops/sandbox-runner"},
	{"admin", "audit.secret_key_missing Deployment/ops/ledger-reader"},
	{"view", "audit.secret_not_checked Deployment/ops/ledger-reader"},
	{"view", "audit.kind_unreadable Namespace/ops"},
	{"admin", "audit.pv_released PersistentVolume/pv-orphaned-reports"},
	{"admin", "audit.node_not_ready Node/retired-node-0"},
	{"admin", "audit.node_overcommitted Node/kwok-small-0"},
	{"admin", "audit.rbac_cluster_admin ClusterRoleBinding/break-glass"},
	{"admin", "audit.rbac_escalate ClusterRoleBinding/platform-escalator"},
	{"admin", "audit.rbac_nodes_proxy ClusterRoleBinding/platform-escalator"},
	{"admin", "audit.rbac_wildcard RoleBinding/ops/config-anything"},
	{"view", "audit.rbac_not_audited Namespace/ops"},
	{"none", "audit.not_audited Namespace/*"},
	{"none", "audit.rbac_not_audited APIGroup/rbac.authorization.k8s.io"},
}

// TestAuditEveryCheckLive runs the four readings over every namespace as the admin, the view and
// the none identities, and checks that every check of the table is found on the scenario (but the
// few notPlanted says why), and that each of the last plants gives the finding it was made for.
func TestAuditEveryCheckLive(t *testing.T) {
	needCluster(t)
	waitForMissedRun(t)
	found := map[string]map[string]bool{} // identity → "code object"
	codes := map[string]bool{}
	for _, identity := range []string{"admin", "view", "none"} {
		found[identity] = map[string]bool{}
		s := liveSession(t, identity)
		for name, read := range audit.Readings {
			r, err := read(liveContext(t), s, "", audit.Options{AllNamespaces: true})
			if r == nil {
				t.Fatalf("audit %s as %s: no report (%v)", name, identity, err)
			}
			for _, f := range r.Findings {
				found[identity][f.Code+" "+f.Object()] = true
				codes[f.Code] = true
			}
		}
	}
	var missing []string
	for _, c := range audit.Checks {
		if _, skip := notPlanted[c.Code]; !skip && !codes[c.Code] {
			missing = append(missing, c.Code)
		}
		if _, skip := notPlanted[c.Code]; skip && codes[c.Code] {
			t.Logf("%s is listed as not planted, yet the scenario trips it", c.Code)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("no planted object trips %d checks: %v", len(missing), missing)
	}
	for _, p := range auditPlants {
		if !found[p.identity][p.finding] {
			t.Errorf("as %s: no %s", p.identity, p.finding)
		}
	}
	t.Logf("%d of %d checks found on the scenario; %d not plantable", len(codes), len(audit.Checks), len(notPlanted))
}
