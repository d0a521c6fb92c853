package audit

import (
	"bytes"
	"context"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/golden"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/redact"
)

func render(t *testing.T, r *Report, format string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if err := printer.NewWriter(&out, &errOut, printer.People).Write(r.Result(format)); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// allForbiddenClusterWide: the identity is bound per namespace, so every cluster-wide list
// answers 403 and the audit falls back to one list per namespace.
func (w *world) allForbiddenClusterWide() {
	for _, p := range []string{"/api/v1/pods", "/apis/apps/v1/deployments", "/apis/apps/v1/statefulsets", "/apis/apps/v1/daemonsets",
		"/apis/apps/v1/replicasets", "/apis/batch/v1/jobs", "/apis/batch/v1/cronjobs", "/apis/policy/v1/poddisruptionbudgets",
		"/api/v1/secrets", "/api/v1/events"} {
		w.forbid(p)
	}
}

func (w *world) lockedNamespace(ns string) {
	for _, p := range []string{"/api/v1/namespaces/" + ns + "/pods", "/apis/apps/v1/namespaces/" + ns + "/deployments",
		"/apis/apps/v1/namespaces/" + ns + "/statefulsets", "/apis/apps/v1/namespaces/" + ns + "/daemonsets",
		"/apis/apps/v1/namespaces/" + ns + "/replicasets", "/apis/batch/v1/namespaces/" + ns + "/jobs",
		"/apis/batch/v1/namespaces/" + ns + "/cronjobs", "/apis/policy/v1/namespaces/" + ns + "/poddisruptionbudgets",
		"/api/v1/namespaces/" + ns + "/secrets", "/api/v1/namespaces/" + ns + "/events"} {
		w.forbid(p)
	}
}

func profileAll(t *testing.T) *Report {
	w := newWorld(t, baseKinds)
	w.list("/api/v1/namespaces", obj{"kind": "Namespace", "metadata": obj{"name": "locked"}}, obj{"kind": "Namespace", "metadata": obj{"name": "shop"}})
	w.allForbiddenClusterWide()
	w.lockedNamespace("locked")
	w.shop("shop")
	var seen []string
	r, err := ProfileWorkloads(context.Background(), w.s, "", Options{AllNamespaces: true, Progress: func(s string) { seen = append(seen, s) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) == 0 {
		t.Error("no progress reported")
	}
	return r
}

func codesOf(fs []Finding) []string {
	set := map[string]bool{}
	for _, f := range fs {
		set[f.Code] = true
	}
	var out []string
	for c := range set {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

func TestProfileWorkloadsRowsAndFindings(t *testing.T) {
	r := profileAll(t)
	var rows []string
	for _, ns := range r.Namespaces {
		for _, w := range ns.Workloads {
			rows = append(rows, ns.Name+" "+w.Kind+"/"+w.Name+" desired="+w.desiredCell())
		}
	}
	want := []string{
		"shop Deployment/web desired=1", "shop StatefulSet/db desired=1", "shop DaemonSet/agent desired=2",
		"shop CronJob/report desired=-", "shop Job/migrate desired=1", "shop Rollout/canary desired=-",
		"shop ReplicaSet/orphan-rs desired=-", "shop Widget/gizmo desired=-", "shop Pod/debug desired=-",
	}
	if diff := cmp.Diff(want, rows); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	if r.Audited() != 1 || len(r.Namespaces) != 2 || r.Namespaces[0].Audited {
		t.Errorf("locked must be reported, not audited: %+v", r.Namespaces)
	}
	got := codesOf(r.Findings)
	wantCodes := []string{CodeCrashLooping, CodeHostNetwork, CodeHostPath, CodeHostPID, CodeImageMutableTag, CodeLimitsMissing,
		CodeLivenessMissing, CodeNotAudited, CodePrivileged, CodePullAlwaysMutable, CodeReadinessMissing, CodeRequestsMissing,
		CodeRestarting, CodeRunsAsRoot, CodeSecretKeyMissing, CodeSecretMissing, CodeSingleReplica,
		CodeCapabilitiesKept, CodePrivilegeEscalation, CodeSeccompUnset, CodeTokenAutomount, CodeWritableRoot,
		CodeNoReadyReplicas, CodePriorityClassMissing}
	sort.Strings(wantCodes)
	if diff := cmp.Diff(wantCodes, got); diff != "" {
		t.Errorf("codes (-want +got):\n%s", diff)
	}
	web := r.Namespaces[1].Workloads[0]
	if web.Restarts != 5 || web.LastReason != "Error" || len(web.Warnings) != 1 || web.Warnings[0].Count != 7 {
		t.Errorf("web's restarts and events: %+v", web)
	}
}

func TestProfileGoldens(t *testing.T) {
	r := profileAll(t)
	for format, name := range map[string]string{"": "workloads.txt", "json": "workloads.json", "junit": "workloads.junit.xml",
		"sarif": "workloads.sarif.json", "markdown": "workloads.md"} {
		golden.Check(t, name, render(t, r, format))
	}
}

func TestSecretsAndBudgetsNotReadable(t *testing.T) {
	w := newWorld(t, baseKinds)
	w.shopExcept("shop", "secrets", "poddisruptionbudgets")
	w.forbid("/api/v1/namespaces/shop/secrets")
	w.forbid("/apis/policy/v1/namespaces/shop/poddisruptionbudgets")
	r, err := ProfileWorkloads(context.Background(), w.s, "shop", Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := codesOf(r.Findings)
	for _, c := range []string{CodeSecretNotChecked, CodeKindUnreadable} {
		if !contains(got, c) {
			t.Errorf("%s missing from %v", c, got)
		}
	}
	for _, c := range []string{CodeSecretMissing, CodeSecretKeyMissing, CodeSingleReplica} {
		if contains(got, c) {
			t.Errorf("%s reported though it could not be decided", c)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestNothingAuditedAndAgentCap(t *testing.T) {
	w := newWorld(t, baseKinds)
	w.lockedNamespace("locked")
	r, err := ProfileWorkloads(context.Background(), w.s, "locked", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Audited() != 0 || len(r.Findings) != 1 || r.Findings[0].Code != CodeNotAudited {
		t.Errorf("locked: %+v", r.Findings)
	}
	e, _ := fault.As(NothingAudited())
	if e.Class != fault.ServerError {
		t.Errorf("nothing audited exits %d", e.Exit())
	}
	big := &Report{Reading: ReadingWorkloads, Namespaces: []*Namespace{{Name: "x", Workloads: make([]*Workload, 501)}}}
	err = capRows(big, Options{Agent: true}, 5000)
	if e, ok := fault.As(err); !ok || e.Code != fault.CodeLimitRows || !strings.Contains(e.Sentence, "run_kubectl_read") {
		t.Errorf("agent cap: %v", err)
	}
	if capRows(big, Options{}, 5000) != nil {
		t.Error("the command's cap is the session's, not 500")
	}
	if _, err := ProfileWorkloads(context.Background(), w.s, "locked", Options{Selector: "a=b"}); err == nil {
		t.Error("the profile must refuse a selector")
	}
}

// In machine mode a finding says a referenced Secret is missing without naming it: the Secret's
// name is withheld as every machine read withholds it.
func TestMachineModeWithholdsSecretNamesInFindings(t *testing.T) {
	people := profileAll(t)
	var named []string
	for _, f := range people.Findings {
		if f.secret != "" {
			named = append(named, f.secret)
		}
	}
	if len(named) == 0 {
		t.Fatal("the synthetic world plants no missing Secret")
	}
	w := newWorld(t, baseKinds)
	w.list("/api/v1/namespaces", obj{"kind": "Namespace", "metadata": obj{"name": "locked"}}, obj{"kind": "Namespace", "metadata": obj{"name": "shop"}})
	w.allForbiddenClusterWide()
	w.lockedNamespace("locked")
	w.shop("shop")
	if err := w.s.Raise(studioctl.Machine); err != nil {
		t.Fatal(err)
	}
	r, err := ProfileWorkloads(context.Background(), w.s, "", Options{AllNamespaces: true})
	if err != nil {
		t.Fatal(err)
	}
	masked := 0
	for _, f := range r.Findings {
		for _, name := range named {
			if f.secret != "" && strings.Contains(f.Message, name) {
				t.Errorf("%s names Secret %s in machine mode: %s", f.Code, name, f.Message)
			}
		}
		if strings.Contains(f.Message, redact.Masked) {
			masked++
		}
	}
	if masked == 0 {
		t.Error("no finding withheld a Secret's name")
	}
	// The same findings as in people mode: the checks decide on what the server answered, and only
	// what is printed is masked (a masked reference must not read as another Secret, or none).
	keys := func(fs []Finding) []string {
		var out []string
		for _, f := range fs {
			out = append(out, strings.ReplaceAll(f.Key(), "\x00", " "))
		}
		sort.Strings(out)
		return out
	}
	if diff := cmp.Diff(keys(people.Findings), keys(r.Findings)); diff != "" {
		t.Errorf("machine mode finds otherwise (-people +machine):\n%s", diff)
	}
}

// TestBlindIdentityIsNeverClean: with -A, an identity that may list neither the namespaces nor
// any kind across them gets one not_audited finding for every namespace, never an empty report
// that a SARIF or JUnit consumer would read as a clean cluster.
func TestBlindIdentityIsNeverClean(t *testing.T) {
	w := newWorld(t, baseKinds)
	w.forbid("/api/v1/namespaces")
	w.allForbiddenClusterWide()
	r, err := ProfileWorkloads(context.Background(), w.s, "", Options{AllNamespaces: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{CodeNotAudited + " Namespace/*"}
	var got []string
	for _, f := range r.Findings {
		got = append(got, f.Code+" "+f.Object())
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("findings (-want +got):\n%s", d)
	}
	if len(r.Findings) == 1 && r.Findings[0].Message != SentenceNoNamespaceAudited {
		t.Errorf("message %q", r.Findings[0].Message)
	}
}
