package audit

import (
	studioctl "github.com/studioctl/studioctl"
)

// reliabilityChecks are a workload's availability findings: a controller that wants pods and has
// none ready, replicas that may all land on one node, and no priority class.
func (w *Workload) reliabilityChecks() []Finding {
	var fs []Finding
	replicated := w.Kind == "Deployment" || w.Kind == "StatefulSet"
	if (replicated || w.Kind == "DaemonSet") && w.Desired != nil && *w.Desired > 0 && w.Ready == 0 {
		fs = append(fs, w.finding(CodeNoReadyReplicas, "", SentenceNoReadyReplicas, w.Kind, w.Name, *w.Desired))
	}
	if replicated && w.Desired != nil && *w.Desired >= int64(limit(CodeSpreadMissing)) && !spreads(w.spec) {
		fs = append(fs, w.finding(CodeSpreadMissing, "", SentenceSpreadMissing, w.Kind, w.Name, *w.Desired))
	}
	if w.spec.String("priorityClassName") == "" {
		fs = append(fs, w.finding(CodePriorityClassMissing, "", SentencePriorityClassMissing))
	}
	return fs
}

// spreads reports whether a pod spec spreads its replicas: topology spread constraints, or a pod
// anti-affinity (required or preferred).
func spreads(spec studioctl.Object) bool {
	if len(spec.Slice("topologySpreadConstraints")) > 0 {
		return true
	}
	_, anti := spec.Field("affinity", "podAntiAffinity")
	return anti
}

// batchFindings are a namespace's failed Jobs and suspended CronJobs. A Job's failure is its
// Failed condition; a CronJob's suspension is spec.suspend. Kinds that could not be read yield
// none (kind_unreadable says so).
func batchFindings(kinds map[string]*objects, ns string) []Finding {
	var fs []Finding
	for _, j := range kinds["jobs.batch"].byNS[ns] {
		if reason, failed := condition(j, "Failed"); failed {
			fs = append(fs, newFinding(CodeJobFailed, "Job", ns, j.Name(), "", SentenceJobFailed, j.Name(), dash(reason)))
		}
	}
	for _, c := range kinds["cronjobs.batch"].byNS[ns] {
		if v, _ := c.Field("spec", "suspend"); v == true {
			fs = append(fs, newFinding(CodeCronJobSuspended, "CronJob", ns, c.Name(), "", SentenceCronJobSuspended, c.Name()))
		}
	}
	return fs
}

// condition reports whether an object's status condition of type t is True, with its reason.
func condition(o studioctl.Object, t string) (reason string, ok bool) {
	for _, c := range o.Slice("status", "conditions") {
		if c.String("type") == t && c.String("status") == "True" {
			return c.String("reason"), true
		}
	}
	return "", false
}

// blockingBudgets are the PodDisruptionBudgets that allow no eviction while every pod they guard
// is healthy: maxUnavailable 0, or minAvailable equal to the pods there are. A node drain then
// waits for ever. A budget whose pods are unhealthy is left alone: that is its purpose.
func blockingBudgets(pdbs *objects, ns string) []Finding {
	if pdbs.forbidden(ns) || !pdbs.served {
		return nil
	}
	var fs []Finding
	for _, p := range pdbs.byNS[ns] {
		expected, healthy := intField(p, 0, "status", "expectedPods"), intField(p, 0, "status", "currentHealthy")
		allowed, want := intField(p, -1, "status", "disruptionsAllowed"), intField(p, 0, "status", "desiredHealthy")
		if expected > 0 && allowed == 0 && healthy >= want && healthy >= expected {
			fs = append(fs, newFinding(CodeBudgetBlocks, "PodDisruptionBudget", ns, p.Name(), "", SentenceBudgetBlocks, p.Name(), expected))
		}
	}
	return fs
}
