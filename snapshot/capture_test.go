package snapshot

import (
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/record"
)

// TestMachineCaptureMasksReviews (issue 32 item 10): in a machine-mode capture the whoami answer's
// extra values and a rules review's resource names under Secrets are masked before the file is
// written; other answers are kept as they are. Before maskReviews, keptAnswers' bodies were
// written as the server sent them.
func TestMachineCaptureMasksReviews(t *testing.T) {
	whoami := `{"kind":"SelfSubjectReview","apiVersion":"authentication.k8s.io/v1","status":{"userInfo":{"username":"dev","extra":{"token-id":["tok-canary-1"]}}}}`
	rules := `{"kind":"SelfSubjectRulesReview","apiVersion":"authorization.k8s.io/v1","status":{"resourceRules":[{"verbs":["get"],"apiGroups":[""],"resources":["secrets"],"resourceNames":["db-canary-2"]},{"verbs":["get"],"apiGroups":[""],"resources":["configmaps"],"resourceNames":["settings"]}]}}`
	version := `{"gitVersion":"v1.37.2","extra-canary-3":"kept"}`
	answers := maskReviews([]*record.Exchange{
		{Method: "POST", Path: "/apis/authentication.k8s.io/v1/selfsubjectreviews", Status: 201, Body: whoami},
		{Method: "POST", Path: "/apis/authorization.k8s.io/v1/selfsubjectrulesreviews", Status: 201, Body: rules},
		{Method: "GET", Path: "/version", Status: 200, Body: version},
	})
	if len(answers) != 3 {
		t.Fatalf("%d answers kept, want 3", len(answers))
	}
	for _, canary := range []string{"tok-canary-1", "db-canary-2"} {
		for _, e := range answers {
			if strings.Contains(e.Body, canary) {
				t.Errorf("%s still holds %s: %s", e.Path, canary, e.Body)
			}
		}
	}
	if !strings.Contains(answers[1].Body, "settings") || answers[2].Body != version {
		t.Errorf("what machine mode keeps was changed: %s / %s", answers[1].Body, answers[2].Body)
	}
}

// eventsPage is a Table page of events with each row's object whole (includeObject=Object): one
// event per (namespace, name, last timestamp) given.
func eventsPage(t *testing.T, cont string, events ...[3]string) string {
	t.Helper()
	var rows []map[string]any
	for _, e := range events {
		rows = append(rows, map[string]any{"cells": []any{e[1]}, "object": map[string]any{
			"kind": "Event", "apiVersion": "v1", "lastTimestamp": e[2],
			"metadata": map[string]any{"name": e[1], "namespace": e[0], "uid": "u-" + e[1]},
		}})
	}
	b, _ := json.Marshal(map[string]any{"kind": "Table", "apiVersion": "meta.k8s.io/v1",
		"metadata":          map[string]any{"continue": cont, "resourceVersion": "7"},
		"columnDefinitions": []map[string]any{{"name": "Name", "type": "string", "format": "name"}}, "rows": rows})
	return string(b)
}

// TestCaptureKeepsEachNamespacesNewestEvents (issue 26): a kind is read one request per page (the
// Table with each object, includeObject=Object), written as the pages arrive, and --max-rows cuts
// each namespace's share, events keeping the newest; the manifest's Cut says what was cut, and a
// read of the kind from the file gets the notice. Before this, a kind past --max-rows was cut whole
// and each page was read twice (the Table, then the objects).
func TestCaptureKeepsEachNamespacesNewestEvents(t *testing.T) {
	reg := httpstub.New(t)
	api, apis := synth.Discovery(synth.Basic)
	dh := http.Header{"Content-Type": {synth.DiscoveryContentType}}
	reg.Add(&httpstub.Stub{Path: "/api", Body: api, Header: dh}).Add(&httpstub.Stub{Path: "/apis", Body: apis, Header: dh})
	reg.Add(&httpstub.Stub{Path: "/api/v1/events", Query: "*", Header: http.Header{"Content-Type": {"application/json"}},
		Body: eventsPage(t, "p2", [3]string{"a", "a-old", "2026-01-01T00:00:00Z"}, [3]string{"a", "a-new", "2026-01-03T00:00:00Z"}, [3]string{"a", "a-mid", "2026-01-02T00:00:00Z"})})
	reg.Add(&httpstub.Stub{Path: "/api/v1/events", Query: "*", Header: http.Header{"Content-Type": {"application/json"}},
		Body: eventsPage(t, "", [3]string{"a", "a-newest", "2026-01-04T00:00:00Z"}, [3]string{"b", "b-1", "2026-01-01T00:00:00Z"})})
	c := kube.NewClient(record.ReplayEndpoint("default"), kube.Options{Transport: reg})
	if _, err := c.RefreshDiscovery(context.Background()); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "ev.snap")
	a, err := newArchive(path, limits.SnapshotMaxBytes)
	if err != nil {
		t.Fatal(err)
	}
	m := &Manifest{Format: Format, Version: Version, MaxRows: 2, Kinds: []Kind{{Version: "v1", Resource: "events", Kind: "Event", Namespaced: true}}}
	cp := &capture{c: c, o: Options{Path: path, MaxRows: 2}, a: a, m: m}
	if err := cp.captureKind(context.Background(), 0); err != nil {
		t.Fatal(err)
	}
	var lists []string
	for _, seen := range reg.Seen {
		if strings.HasPrefix(seen, "GET /api/v1/events") {
			lists = append(lists, seen)
		}
	}
	for _, seen := range lists {
		if !strings.Contains(seen, "includeObject=Object") {
			t.Errorf("a page read without its objects: %s", seen)
		}
	}
	if len(lists) != 2 {
		t.Errorf("%d requests for two pages: %v", len(lists), reg.Seen)
	}
	k := m.Kinds[0]
	if d := cmp.Diff([]NamespaceCut{{Namespace: "a", Kept: 2, Left: 2}}, k.Cut); d != "" || k.State != StateCaptured || k.Objects != 3 {
		t.Errorf("state %s, %d objects, cut (-want +got):\n%s", k.State, k.Objects, d)
	}
	if err := a.addJSON(entryManifest, m, false); err != nil {
		t.Fatal(err)
	}
	if _, err := a.commit(); err != nil {
		t.Fatal(err)
	}
	s := load(t, path)
	r := NewReader(s)
	var notices []string
	r.Notice = func(n string) { notices = append(notices, n) }
	_, body, err := roundTrip(t, r, "/api/v1/namespaces/a/events", false)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, it := range body["items"].([]any) {
		names = append(names, apivalue.MetaString(it.(map[string]any), "name"))
	}
	if d := cmp.Diff([]string{"a-new", "a-newest"}, names); d != "" {
		t.Errorf("namespace a's events kept (-want +got):\n%s", d)
	}
	if len(notices) != 1 || !strings.Contains(notices[0], "kept 2 of the 4 events of namespace a") {
		t.Errorf("notices %q", notices)
	}
}

// TestPagerCutsEachNamespaceInServerOrder: past --max-rows a kind other than events keeps each
// namespace's first objects in the server's order, counts the rest per namespace, and a namespace
// under the cap loses nothing.
func TestPagerCutsEachNamespaceInServerOrder(t *testing.T) {
	a, err := newArchive(filepath.Join(t.TempDir(), "p.snap"), limits.SnapshotMaxBytes)
	if err != nil {
		t.Fatal(err)
	}
	defer a.abort()
	k := &Kind{Version: "v1", Resource: "configmaps", Kind: "ConfigMap", Namespaced: true}
	w := &kindWriter{a: a}
	p := &capturePager{cp: &capture{o: Options{MaxRows: 2}}, k: k, w: w, kept: map[string]int{}, left: map[string]int{}}
	var rows []kube.Row
	for _, o := range []string{"x/1", "x/2", "y/1", "x/3", "x/4", "y/2", "z/1"} {
		ns, name, _ := strings.Cut(o, "/")
		rows = append(rows, kube.Row{Cells: []any{name}, Object: map[string]any{"metadata": map[string]any{"namespace": ns, "name": name}}})
	}
	if err := p.Page(&kube.Table{Columns: nameColumn, Rows: rows}); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]NamespaceCut{{Namespace: "x", Kept: 2, Left: 2}}, p.cuts()); d != "" {
		t.Errorf("cuts (-want +got):\n%s", d)
	}
	if w.n != 5 {
		t.Errorf("%d objects written, want 5", w.n)
	}
}
