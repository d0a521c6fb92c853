package snapshot

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/limits"
)

var update = flag.Bool("update", false, "rewrite the golden files")

var (
	deployKind = Kind{Group: "apps", Version: "v1", Resource: "deployments", Kind: "Deployment", Namespaced: true}
	nsKind     = Kind{Version: "v1", Resource: "namespaces", Kind: "Namespace"}
	secretKind = Kind{Version: "v1", Resource: "secrets", Kind: "Secret", Namespaced: true}
)

func deployment(ns, name string, replicas int, image, rv string) map[string]any {
	o := synthObject("apps/v1", "Deployment", ns, name, map[string]any{
		"spec": map[string]any{"replicas": replicas, "template": map[string]any{"spec": map[string]any{
			"containers": []any{map[string]any{"name": "app", "image": image}}}}},
		"status": map[string]any{"readyReplicas": replicas},
	})
	o["metadata"].(map[string]any)["resourceVersion"] = rv
	return o
}

func namespaces(names ...string) []map[string]any {
	var out []map[string]any
	for _, n := range names {
		out = append(out, synthObject("v1", "Namespace", "", n, nil))
	}
	return out
}

// diffPair writes the two synthetic captures the golden file is made from: between A and B a
// deployment is scaled, another's image changed, a pod deleted, a namespace added, a Secret's data
// changed, and one deployment written again with nothing changed but its resourceVersion.
func diffPair(t *testing.T, clusterB string) (*Snapshot, *Snapshot) {
	dir := t.TempDir()
	pods := synthPods(20)
	secret := func(v string) map[string]any {
		return synthObject("v1", "Secret", "shop", "db-password", map[string]any{"data": map[string]any{"password": v}})
	}
	a := writeSynth(t, dir, "a.snap", Manifest{Server: "v1.37.2", Identity: Identity{User: "admin"}, Cluster: "c0ffee"}, []synthKind{
		{Kind: deployKind, objects: []map[string]any{deployment("shop", "api", 2, "api:1", "10"), deployment("shop", "web", 3, "web:1", "11"), deployment("shop", "worker", 1, "worker:1", "12")}},
		{Kind: nsKind, objects: namespaces("kube-system", "shop")},
		{Kind: podKind, objects: pods},
		{Kind: secretKind, objects: []map[string]any{secret("")}},
	})
	b := writeSynth(t, dir, "b.snap", Manifest{Server: "v1.37.2", Identity: Identity{User: "admin"}, Cluster: clusterB, CapturedAt: time.Date(2026, 12, 2, 9, 30, 0, 0, time.UTC)}, []synthKind{
		{Kind: deployKind, objects: []map[string]any{deployment("shop", "api", 5, "api:1", "20"), deployment("shop", "web", 3, "web:2", "21"), deployment("shop", "worker", 1, "worker:1", "22")}},
		{Kind: nsKind, objects: namespaces("kube-system", "shop", "payments")},
		{Kind: podKind, objects: append(append([]map[string]any{}, pods[:7]...), pods[8:]...)},
		{Kind: secretKind, objects: []map[string]any{secret("s3cr3t-canary")}},
	})
	return load(t, a), load(t, b)
}

func load(t *testing.T, path string) *Snapshot {
	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestDiffGolden (issue 26): every change between the two captures is found and nothing else
// (the deployment whose resourceVersion alone moved is not reported), in each form; machine mode
// masks the Secret's name and its data keys. go test ./snapshot -run TestDiffGolden -update
// rewrites testdata/diff.golden.
func TestDiffGolden(t *testing.T) {
	a, b := diffPair(t, "c0ffee")
	var got bytes.Buffer
	for _, machine := range []bool{false, true} {
		r, err := Diff(context.Background(), a, b, DiffOptions{PathA: "a.snap", PathB: "b.snap", Machine: machine})
		if err != nil {
			t.Fatal(err)
		}
		if !r.Changed() {
			t.Error("no change found")
		}
		for _, form := range DiffForms {
			got.WriteString("=== machine " + map[bool]string{false: "off", true: "on"}[machine] + ", -o " + form + "\n")
			if err := r.Print(&got, form); err != nil {
				t.Fatal(err)
			}
		}
	}
	if strings.Contains(got.String(), "s3cr3t") {
		t.Error("a Secret's value is in the diff")
	}
	if strings.Count(got.String(), "db-password") != 3 {
		t.Errorf("the Secret's name appears %d times, want once per people-mode form", strings.Count(got.String(), "db-password"))
	}
	golden := filepath.Join("testdata", "diff.golden")
	if *update {
		os.MkdirAll("testdata", 0o755)
		if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(string(want), got.String()); d != "" {
		t.Errorf("snapshot diff (-golden +got):\n%s", d)
	}
}

// TestDiffFindsEachChange checks the golden file's facts directly: which objects, which fields.
func TestDiffFindsEachChange(t *testing.T) {
	a, b := diffPair(t, "c0ffee")
	r, err := Diff(context.Background(), a, b, DiffOptions{Machine: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []ObjectChange{
		{Kind: "deployments.apps", Namespace: "shop", Name: "api", Change: ChangeChanged, Fields: []string{"spec.replicas", "status.readyReplicas"}},
		{Kind: "deployments.apps", Namespace: "shop", Name: "web", Change: ChangeChanged, Fields: []string{"spec.template.spec.containers[0].image"}},
		{Kind: "namespaces", Name: "payments", Change: ChangeAdded},
		{Kind: "pods", Namespace: "ns-3", Name: "pod-000007", Change: ChangeRemoved},
		{Kind: "secrets", Namespace: "shop", Name: "<redacted>", Change: ChangeChanged, Fields: []string{"data"}},
	}
	if d := cmp.Diff(want, r.Objects); d != "" {
		t.Errorf("changes (-want +got):\n%s", d)
	}
}

// TestDiffNoChange: a snapshot against itself reports nothing.
func TestDiffNoChange(t *testing.T) {
	a, _ := diffPair(t, "c0ffee")
	r, err := Diff(context.Background(), a, a, DiffOptions{})
	if err != nil || r.Changed() || len(r.Objects) != 0 {
		t.Errorf("a snapshot against itself: %+v, %v", r, err)
	}
}

// TestDiffStopsWithASentence: a diff past its deadline says so in studioctl's words.
func TestDiffStopsWithASentence(t *testing.T) {
	a, b := diffPair(t, "c0ffee")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Diff(ctx, a, b, DiffOptions{})
	if e, ok := fault.As(err); !ok || !strings.Contains(e.Sentence, "deadline passed or it was interrupted") {
		t.Errorf("got %v, want the sentence", err)
	}
}

// TestDiffRefusesTwoClusters: snapshots whose recorded cluster identities differ are refused.
func TestDiffRefusesTwoClusters(t *testing.T) {
	a, b := diffPair(t, "beef")
	_, err := Diff(context.Background(), a, b, DiffOptions{PathA: "a.snap", PathB: "b.snap"})
	if e, ok := fault.As(err); !ok || e.Class != fault.Refused || !strings.Contains(e.Sentence, "two different clusters") {
		t.Errorf("got %v, want the refusal", err)
	}
}

// TestDiffFieldsAreBounded: an object changed everywhere names at most the cap of fields and
// counts the rest.
func TestDiffFieldsAreBounded(t *testing.T) {
	x, y := map[string]any{}, map[string]any{}
	for i := 0; i < 50; i++ {
		x[pad6(i)] = "a"
		y[pad6(i)] = "b"
	}
	fields, more := changedFields(x, y, false)
	if len(fields) != limits.SnapshotDiffMaxFields || more != 50-limits.SnapshotDiffMaxFields {
		t.Errorf("%d fields named, %d more", len(fields), more)
	}
}

// A node that only beat (a condition's lastHeartbeatTime) and a Lease that only renewed are not
// changes; a node whose readiness changed is, at the condition's status.
func TestDiffIgnoresHeartbeats(t *testing.T) {
	node := func(ready, beat string) map[string]any {
		return map[string]any{"kind": "Node", "metadata": map[string]any{"name": "n1", "resourceVersion": beat},
			"status": map[string]any{"conditions": []any{map[string]any{"type": "Ready", "status": ready, "lastHeartbeatTime": beat}}}}
	}
	lease := func(renew string) map[string]any {
		return map[string]any{"kind": "Lease", "metadata": map[string]any{"name": "n1", "namespace": "kube-node-lease"},
			"spec": map[string]any{"holderIdentity": "n1", "renewTime": renew}}
	}
	if hashObject(node("True", "t1")) != hashObject(node("True", "t2")) || hashObject(lease("t1")) != hashObject(lease("t2")) {
		t.Error("a heartbeat counts as a change")
	}
	if hashObject(node("True", "t1")) == hashObject(node("False", "t2")) {
		t.Error("a readiness change is not seen")
	}
	if got, _ := changedFields(node("True", "t1"), node("False", "t2"), false); !slices.Equal(got, []string{"status.conditions[0].status"}) {
		t.Errorf("fields of a readiness change: %q", got)
	}
}
