package audit

import (
	"slices"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
	studioctl "github.com/studioctl/studioctl"
)

// reliabilityCodes are the reliability checks' codes of one workload row (the others left out).
func reliabilityCodes(w *Workload) []string {
	var out []string
	for _, f := range w.reliabilityChecks() {
		if !slices.Contains(out, f.Code) {
			out = append(out, f.Code)
		}
	}
	sort.Strings(out)
	return out
}

func TestReliabilityChecks(t *testing.T) {
	spread := obj{"priorityClassName": "high", "topologySpreadConstraints": []any{obj{"maxSkew": 1}}}
	anti := obj{"priorityClassName": "high", "affinity": obj{"podAntiAffinity": obj{}}}
	cases := []struct {
		name string
		w    Workload
		want []string
	}{
		{"spread and ready", Workload{Kind: "Deployment", Desired: desired(3), Ready: 3, spec: studioctl.NewObject(spread)}, nil},
		{"anti-affinity", Workload{Kind: "StatefulSet", Desired: desired(2), Ready: 1, spec: studioctl.NewObject(anti)}, nil},
		{"not spread", Workload{Kind: "Deployment", Desired: desired(2), Ready: 2, spec: studioctl.NewObject(obj{"priorityClassName": "high"})},
			[]string{CodeSpreadMissing}},
		{"one replica need not spread", Workload{Kind: "Deployment", Desired: desired(1), Ready: 1, spec: studioctl.NewObject(obj{"priorityClassName": "high"})}, nil},
		{"none ready", Workload{Kind: "Deployment", Desired: desired(3), Ready: 0, spec: studioctl.NewObject(spread)}, []string{CodeNoReadyReplicas}},
		{"scaled to zero", Workload{Kind: "Deployment", Desired: desired(0), spec: studioctl.NewObject(spread)}, nil},
		{"daemonset none ready", Workload{Kind: "DaemonSet", Desired: desired(2), spec: studioctl.NewObject(spread)}, []string{CodeNoReadyReplicas}},
		{"a bare pod is not a controller", Workload{Kind: "Pod", spec: studioctl.NewObject(obj{"priorityClassName": "high"})}, nil},
		{"no priority class", Workload{Kind: "Pod", spec: studioctl.NewObject(obj{})}, []string{CodePriorityClassMissing}},
	}
	for _, c := range cases {
		if diff := cmp.Diff(c.want, reliabilityCodes(&c.w)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
	}
}

func TestBatchAndBudgetFindings(t *testing.T) {
	job := func(name string, cond obj) studioctl.Object {
		return studioctl.NewObject(obj{"metadata": obj{"name": name, "namespace": "shop"}, "status": obj{"conditions": []any{cond}}})
	}
	cron := func(name string, suspend bool) studioctl.Object {
		return studioctl.NewObject(obj{"metadata": obj{"name": name, "namespace": "shop"}, "spec": obj{"suspend": suspend}})
	}
	kinds := map[string]*objects{
		"jobs.batch": {served: true, byNS: map[string][]studioctl.Object{"shop": {
			job("migrate", obj{"type": "Failed", "status": "True", "reason": "BackoffLimitExceeded"}),
			job("ok", obj{"type": "Complete", "status": "True"}),
			job("retrying", obj{"type": "Failed", "status": "False"})}}},
		"cronjobs.batch": {served: true, byNS: map[string][]studioctl.Object{"shop": {cron("paused", true), cron("running", false)}}},
	}
	var got []string
	for _, f := range batchFindings(kinds, "shop") {
		got = append(got, f.Code+" "+f.Kind+"/"+f.Name+": "+f.Message)
	}
	want := []string{"audit.job_failed Job/migrate: Job migrate failed (BackoffLimitExceeded).", "audit.cronjob_suspended CronJob/paused: CronJob paused is suspended."}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("batch findings (-want +got):\n%s", diff)
	}

	pdb := func(name string, expected, healthy, desiredHealthy, allowed int) studioctl.Object {
		return studioctl.NewObject(obj{"metadata": obj{"name": name, "namespace": "shop"}, "status": obj{"expectedPods": expected,
			"currentHealthy": healthy, "desiredHealthy": desiredHealthy, "disruptionsAllowed": allowed}})
	}
	budgets := &objects{served: true, byNS: map[string][]studioctl.Object{"shop": {
		pdb("zero-unavailable", 3, 3, 3, 0), pdb("fine", 3, 3, 2, 1), pdb("degraded", 3, 2, 2, 0), pdb("nothing-guarded", 0, 0, 0, 0)}}}
	got = nil
	for _, f := range blockingBudgets(budgets, "shop") {
		got = append(got, f.Name)
	}
	if diff := cmp.Diff([]string{"zero-unavailable"}, got); diff != "" {
		t.Errorf("blocking budgets (-want +got):\n%s", diff)
	}
	if blockingBudgets(&objects{served: true, deniedAll: true, byNS: budgets.byNS}, "shop") != nil {
		t.Error("budgets the identity may not read were judged")
	}
}
