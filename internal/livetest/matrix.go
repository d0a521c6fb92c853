// Package livetest holds the live suite: it runs studioctl's statements against a real control
// plane (e2e/cluster.sh), compares their output with kubectl's column by column, and records what
// the server answered into testdata/replay so the replay tests hold the same answers offline.
package livetest

import "strings"

// Kinds of the tree (seeds/002 section 6): namespaced, then cluster-scoped, plus the scenario's
// custom resource.
var (
	NamespacedKinds = []string{"pods", "deployments", "replicasets", "statefulsets", "daemonsets", "jobs",
		"cronjobs", "replicationcontrollers", "configmaps", "secrets", "resourcequotas", "limitranges",
		"horizontalpodautoscalers", "poddisruptionbudgets", "leases", "services", "endpoints",
		"endpointslices", "ingresses", "networkpolicies", "persistentvolumeclaims", "serviceaccounts",
		"roles", "rolebindings", "widgets"}
	ClusterKinds = []string{"nodes", "namespaces", "customresourcedefinitions", "priorityclasses",
		"runtimeclasses", "mutatingwebhookconfigurations", "validatingwebhookconfigurations",
		"ingressclasses", "persistentvolumes", "storageclasses", "clusterroles", "clusterrolebindings"}
)

// Case is one statement of the matrix and whether kubectl's output must match it. Volatile marks
// an answer that can move between two reads taken a moment apart (metrics): kubectl then reads
// before and after studioctl, and either read may match.
type Case struct {
	Statement string
	Compare   bool
	Volatile  bool
	// StreamsInAnyOrder marks logs read from several pods with --prefix: kubectl walks its pods
	// in a Go map's order, so each side's lines are grouped by their [pod/NAME/CONTAINER] prefix,
	// keeping each stream's own order, before they are compared.
	StreamsInAnyOrder bool
	// Group names the recording files the statement's exchanges and output are kept in
	// (recording-<Group>.json, golden-<Group>.txt), so families that add statements do not rewrite
	// one shared file. The suite runs the groups in name order, which is the order a replay merges
	// the files in; the two-digit prefix places a group.
	Group string
}

// grouped puts every case in group.
func grouped(group string, cases []Case) []Case {
	for i := range cases {
		cases[i].Group = group
	}
	return cases
}

// GetMatrix is every kind in default, -o wide, -o name, -A, -l and -L forms.
func GetMatrix(ns, selector, labelKey string) []Case {
	var out []Case
	for _, k := range NamespacedKinds {
		for _, form := range []string{"-n " + ns, "-n " + ns + " -o wide", "-n " + ns + " -o name", "-A", "-n " + ns + " -l " + selector, "-n " + ns + " -L " + labelKey} {
			out = append(out, Case{Statement: "get " + k + " " + form, Compare: true, Group: "10-get"})
		}
	}
	for _, k := range ClusterKinds {
		for _, form := range []string{"", "-o wide", "-o name", "-l " + selector, "-L " + labelKey} {
			out = append(out, Case{Statement: strings.TrimSpace("get " + k + " " + form), Compare: true, Group: "10-get"})
		}
	}
	return out
}
