package replaytest

import (
	"sort"

	"github.com/studioctl/studioctl/audit"
)

// PlantedWorkload is one workload e2e/seed.sh plants for the audit: the finding codes it must
// produce as an identity that may read Secrets (Codes, and never NoCodes), the same for one that
// may not (ViewCodes and ViewNoCodes, when they differ), and whether its row has a desired count
// (an orphan ReplicaSet's, a custom resource's, a bare pod's and a CronJob's has none). The live
// suite checks them on the cluster, the audit room's tests on its recording.
type PlantedWorkload struct {
	What                  string
	Kind, Namespace, Name string
	Codes, NoCodes        []string
	ViewCodes, ViewNoCode []string
	NoDesired, Restarts   bool
}

// PlantedWorkloads are the workloads the scenario plants for the audit (e2e/README.md).
var PlantedWorkloads = []PlantedWorkload{
	{What: "a Deployment without limits, crash-looping", Kind: "Deployment", Namespace: "ops", Name: "report-generator",
		Codes:    []string{audit.CodeLimitsMissing, audit.CodeRequestsMissing, audit.CodeCrashLooping, audit.CodeRestarting, audit.CodeSingleReplica},
		Restarts: true},
	{What: "a CronJob", Kind: "CronJob", Namespace: "payments", Name: "settlement-report",
		Codes: []string{audit.CodeLimitsMissing, audit.CodeRequestsMissing, audit.CodeRunsAsRoot}, NoDesired: true},
	{What: "a bare privileged pod with a hostPath", Kind: "Pod", Namespace: "ops", Name: "node-debugger",
		Codes: []string{audit.CodePrivileged, audit.CodeHostPath, audit.CodeRunsAsRoot}, NoDesired: true},
	{What: "an orphan ReplicaSet", Kind: "ReplicaSet", Namespace: "ops", Name: "legacy-worker-7d9f8b6c5",
		Codes: []string{audit.CodeLimitsMissing, audit.CodeReadinessMissing}, NoDesired: true},
	{What: "a custom resource owning a pod", Kind: "ManagedComponent", Namespace: "platform", Name: "search-indexer",
		Codes: []string{audit.CodeLimitsMissing, audit.CodeReadinessMissing}, NoDesired: true},
	{What: "a secretKeyRef to a missing Secret", Kind: "Deployment", Namespace: "ops", Name: "billing-sync",
		Codes: []string{audit.CodeSecretMissing}, NoCodes: []string{audit.CodeLimitsMissing, audit.CodeRequestsMissing, audit.CodeSecretNotChecked},
		ViewCodes: []string{audit.CodeSecretNotChecked}, ViewNoCode: []string{audit.CodeSecretMissing}},
}

// MissingSecret is the Secret the planted Deployment billing-sync names and the scenario does not
// hold.
const MissingSecret = "billing-credentials"

// Row is the workload's row in a report, nil when there is none.
func (w PlantedWorkload) Row(r *audit.Report) *audit.Workload {
	for _, ns := range r.Namespaces {
		for _, row := range ns.Workloads {
			if row.Kind == w.Kind && row.Namespace == w.Namespace && row.Name == w.Name {
				return row
			}
		}
	}
	return nil
}

// FindingCodes are the codes of the report's findings about the workload, sorted, once each.
func (w PlantedWorkload) FindingCodes(r *audit.Report) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range r.Findings {
		if f.Kind == w.Kind && f.Namespace == w.Namespace && f.Name == w.Name && !seen[f.Code] {
			seen[f.Code] = true
			out = append(out, f.Code)
		}
	}
	sort.Strings(out)
	return out
}

// Check returns what is wrong with the workload's row and findings in r for an identity that may
// (secrets) or may not read Secrets; nil when all is as planted.
func (w PlantedWorkload) Check(r *audit.Report, secrets bool) []string {
	row := w.Row(r)
	if row == nil {
		return []string{w.What + " (" + w.Kind + " " + w.Namespace + "/" + w.Name + "): no row; is the scenario seeded with this e2e/seed.sh?"}
	}
	var problems []string
	if (row.Desired == nil) != w.NoDesired {
		problems = append(problems, w.What+": the desired count is wrong (none expected: "+boolText(w.NoDesired)+")")
	}
	if w.Restarts && (row.Restarts == 0 || row.LastReason == "" || row.LastTermination == "") {
		problems = append(problems, w.What+": no restarts or last termination")
	}
	got := w.FindingCodes(r)
	want, none := w.Codes, w.NoCodes
	if !secrets && w.ViewCodes != nil {
		want, none = w.ViewCodes, w.ViewNoCode
	}
	has := map[string]bool{}
	for _, c := range got {
		has[c] = true
	}
	for _, c := range want {
		if !has[c] {
			problems = append(problems, w.What+": no "+c+" finding")
		}
	}
	for _, c := range none {
		if has[c] {
			problems = append(problems, w.What+": an unexpected "+c+" finding")
		}
	}
	return problems
}

func boolText(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// securityCodes are the pod-security checks of issue 27, which the hardened pod must not trip.
var securityCodes = []string{audit.CodeHostIPC, audit.CodeHostPort, audit.CodePrivilegeEscalation, audit.CodeWritableRoot,
	audit.CodeDangerousCapability, audit.CodeCapabilitiesKept, audit.CodeSeccompUnset, audit.CodeProcMountUnmasked,
	audit.CodeTokenAutomount, audit.CodePrivileged, audit.CodeRunsAsRoot, audit.CodeHostPath, audit.CodeHostNetwork, audit.CodeHostPID}

// PlantedSecurity are the pods e2e/seed.sh plants for the pod-security checks: one that trips
// each (procMount aside: an unmasked /proc needs a user namespace, which kwok's nodes lack) and a
// hardened twin that trips none. They came after the recordings under testdata/replay were made,
// so only the live suite checks them.
var PlantedSecurity = []PlantedWorkload{
	{What: "a bare pod breaking the pod-security checks", Kind: "Pod", Namespace: "ops", Name: "net-sniffer", NoDesired: true,
		Codes: []string{audit.CodeHostIPC, audit.CodeHostPort, audit.CodeDangerousCapability, audit.CodeCapabilitiesKept,
			audit.CodePrivilegeEscalation, audit.CodeWritableRoot, audit.CodeSeccompUnset, audit.CodeTokenAutomount},
		NoCodes: []string{audit.CodeProcMountUnmasked, audit.CodePrivileged}},
	{What: "its hardened twin", Kind: "Pod", Namespace: "ops", Name: "hardened-api", NoDesired: true, NoCodes: securityCodes},
}
