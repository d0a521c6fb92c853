package browse

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
)

// Every answer in these tests is synthetic: internal/synth discovery and hand-built Tables and
// objects, named as such. The live suite (internal/livetest/tree_test.go) holds a real server's.

// treeResources is a synthetic cluster: synth.Basic's kinds (pods, secrets, namespaces, nodes,
// events, serviceaccounts, deployments, a widgets custom resource) plus a cluster-scoped custom
// resource and a kind served without list. Every other kind of the table is not served.
var treeResources = append(append([]synth.Resource(nil), synth.Basic...),
	synth.Resource{Group: "demo.studioctl.dev", Version: "v1", Resource: "gizmos", Kind: "Gizmo", Verbs: []string{"get", "list"}},
	synth.Resource{Version: "v1", Resource: "configmaps", Kind: "ConfigMap", Namespaced: true, Verbs: []string{"get", "list"}},
	synth.Resource{Group: "metrics.k8s.io", Version: "v1beta1", Resource: "pods", Kind: "PodMetrics", Namespaced: true, Verbs: []string{"get", "list"}},
)

// withProjects adds OpenShift's projects to a synthetic discovery.
var withProjects = append(append([]synth.Resource(nil), treeResources...),
	synth.Resource{Group: "project.openshift.io", Version: "v1", Resource: "projects", Kind: "Project", Verbs: []string{"get", "list"}})

func newBrowser(t *testing.T, rs []synth.Resource, conn kube.Connection) (*Browser, *httpstub.Registry) {
	t.Helper()
	reg := httpstub.New(t)
	if rs != nil {
		api, apis := synth.Discovery(rs)
		h := http.Header{"Content-Type": {synth.DiscoveryContentType}}
		reg.Add(&httpstub.Stub{Path: "/api", Body: api, Header: h})
		reg.Add(&httpstub.Stub{Path: "/apis", Body: apis, Header: h})
	}
	if conn.Host == "" {
		conn = kube.Connection{Host: "cluster.example", Port: 6443, Token: "synthetic-token", DefaultNamespace: "shop", Namespaces: conn.Namespaces}
	}
	ep, err := conn.Validate(kube.Switches{})
	if err != nil {
		t.Fatal(err)
	}
	c := kube.NewClient(ep, kube.Options{Transport: reg, Now: func() time.Time { return time.Date(2026, 1, 15, 10, 0, 0, 0, time.UTC) }})
	return New(&reader.Session{Client: c}), reg
}

var nameCols = [][3]string{{"Name", "string", "0"}, {"Age", "string", "0"}}

// names builds a synthetic Table of names.
func names(cont string, ns ...string) string {
	var rows [][]any
	for _, n := range ns {
		rows = append(rows, []any{n, "1d"})
	}
	return synth.Table(nameCols, rows, cont)
}

// seq is prefix-0000 ... for count names.
func seq(prefix string, from, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s-%04d", prefix, from+i)
	}
	return out
}

const firstPage = "limit=500&includeObject=None"

func nextPage(token string) string { return "limit=500&continue=" + token + "&includeObject=None" }

func forbidden(path string) *httpstub.Stub {
	return &httpstub.Stub{Path: path, Query: firstPage, Status: 403, Body: `{"kind":"Status","reason":"Forbidden","message":"synthetic: User \"nobody\" cannot list"}`}
}

func TestRootReadsTheNamespaceListOnly(t *testing.T) {
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	reg.JSON("/api/v1/namespaces", firstPage, names("", "default", "payments", "shop"))
	root, err := b.Root(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range root.Containers {
		got = append(got, fmt.Sprintf("%s %s default=%v opened=%v", c.Kind, c.Path, c.Default, c.Opened))
	}
	want := []string{"container Cluster default=false opened=false", "container default default=false opened=false",
		"container payments default=false opened=false", "container shop default=true opened=false"}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatal(d)
	}
	if root.Namespaces.Source != FromAPI || len(root.Notices) != 0 || reg.Count() != 3 {
		t.Fatalf("source %s, notices %v, %d requests", root.Namespaces.Source, root.Notices, reg.Count())
	}
}

func TestNamespacesFromTheConnectionSendNothing(t *testing.T) {
	b, reg := newBrowser(t, nil, kube.Connection{Namespaces: []string{"shop", "payments"}})
	root, err := b.Root(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(root.Containers) != 3 || root.Containers[1].Path != "shop" || root.Namespaces.Source != FromConnection {
		t.Fatalf("%+v", root.Namespaces)
	}
	if reg.Count() != 0 {
		t.Fatalf("%d requests, want none: %v", reg.Count(), reg.Seen)
	}
}

// 1,001 namespaces: two pages of 500 are read and the list is capped; the default namespace sorts
// past the 1,000th, exists (one read of it), and takes the 1,000th place.
func TestNamespacesCappedDefaultTakesTheLastPlace(t *testing.T) {
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	reg.JSON("/api/v1/namespaces", firstPage, names("t1", seq("a", 0, 500)...))
	reg.JSON("/api/v1/namespaces", nextPage("t1"), names("t2", seq("a", 500, 500)...))
	reg.JSON("/api/v1/namespaces/shop", "includeObject=None", names("", "shop"))
	ns, err := b.Namespaces(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(ns.Names) != 1000 || !ns.Capped || ns.Names[999] != "shop" || ns.Names[998] != "a-0998" {
		t.Fatalf("%d names, capped %v, last %q", len(ns.Names), ns.Capped, ns.Names[len(ns.Names)-1])
	}
	if len(ns.Notices) != 1 || ns.Notices[0].Code != CodeNamespacesCapped || !strings.Contains(ns.Notices[0].Sentence, "more than 1,000 namespaces") {
		t.Fatalf("%v", ns.Notices)
	}
	if reg.Count() != 5 {
		t.Fatalf("%d requests: %v", reg.Count(), reg.Seen)
	}
}

// A default namespace that sorts inside the capped list but is not in it does not exist: it is
// not drawn and not read.
func TestNamespacesCappedDefaultInsideTheListIsNotDrawn(t *testing.T) {
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	reg.JSON("/api/v1/namespaces", firstPage, names("t1", seq("z", 0, 500)...))
	reg.JSON("/api/v1/namespaces", nextPage("t1"), names("t2", seq("z", 500, 500)...))
	ns, err := b.Namespaces(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range ns.Names {
		if n == "shop" {
			t.Fatal("the default namespace was drawn")
		}
	}
	if !ns.Capped || len(ns.Names) != 1000 || reg.Count() != 4 {
		t.Fatalf("capped %v, %d names, %d requests", ns.Capped, len(ns.Names), reg.Count())
	}
}

// Exactly 1,000 namespaces and no more: not capped, no notice.
func TestNamespacesExactlyTheCap(t *testing.T) {
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	reg.JSON("/api/v1/namespaces", firstPage, names("t1", seq("a", 0, 500)...))
	reg.JSON("/api/v1/namespaces", nextPage("t1"), names("", seq("a", 500, 500)...))
	ns, err := b.Namespaces(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if ns.Capped || len(ns.Names) != 1000 || len(ns.Notices) != 0 {
		t.Fatalf("capped %v, %d names, %v", ns.Capped, len(ns.Names), ns.Notices)
	}
}

func TestNamespacesRefusedFallsBackToTheDefault(t *testing.T) {
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	reg.Add(forbidden("/api/v1/namespaces"))
	root, err := b.Root(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(root.Containers) != 2 || root.Containers[1].Path != "shop" || !root.Containers[1].Default {
		t.Fatalf("%+v", root.Containers)
	}
	if root.Namespaces.Source != FromDefault || root.Namespaces.Refused == nil {
		t.Fatalf("%+v", root.Namespaces)
	}
	want := []Notice{{CodeNamespacesRefused, "This identity may not list the cluster's namespaces, so the tree shows only the default namespace, shop; to see others, open them by name (studioctl tree NAMESPACE ...) or set the connection's namespace list."}}
	if d := cmp.Diff(want, root.Notices); d != "" {
		t.Fatal(d)
	}
}

func TestNamespacesRefusedReadsOpenShiftProjects(t *testing.T) {
	b, reg := newBrowser(t, withProjects, kube.Connection{})
	reg.Add(forbidden("/api/v1/namespaces"))
	reg.JSON("/apis/project.openshift.io/v1/projects", firstPage, names("", "payments", "shop"))
	ns, err := b.Namespaces(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if ns.Source != FromProjects || strings.Join(ns.Names, ",") != "payments,shop" || ns.Notices[0].Code != CodeNamespacesProjects {
		t.Fatalf("%+v", ns)
	}
}

func TestNamespacesRefusedProjectsRefusedToo(t *testing.T) {
	b, reg := newBrowser(t, withProjects, kube.Connection{})
	reg.Add(forbidden("/api/v1/namespaces"))
	reg.Add(forbidden("/apis/project.openshift.io/v1/projects"))
	ns, err := b.Namespaces(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if ns.Source != FromDefault || strings.Join(ns.Names, ",") != "shop" {
		t.Fatalf("%+v", ns)
	}
}

// Another error on the namespace list is a failure, and is not kept: the next call reads again.
func TestNamespacesServerErrorFailsAndIsNotKept(t *testing.T) {
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces", Query: firstPage, Status: 500, Body: `{"kind":"Status","reason":"InternalError"}`})
	if _, err := b.Namespaces(context.Background()); err == nil {
		t.Fatal("no error")
	}
	reg.JSON("/api/v1/namespaces", firstPage, names("", "shop"))
	ns, err := b.Namespaces(context.Background())
	if err != nil || len(ns.Names) != 1 {
		t.Fatalf("%v %v", ns, err)
	}
}

// openShop stubs the lists of shop's served kinds: pods, deployments, configmaps, secrets (403),
// serviceaccounts, events.
func openShop(reg *httpstub.Registry) {
	reg.JSON("/api/v1/namespaces/shop/pods", firstPage, names("", "web-0", "web-1"))
	reg.JSON("/apis/apps/v1/namespaces/shop/deployments", firstPage, names("", "web"))
	reg.JSON("/api/v1/namespaces/shop/configmaps", firstPage, names(""))
	reg.Add(forbidden("/api/v1/namespaces/shop/secrets"))
	reg.JSON("/api/v1/namespaces/shop/serviceaccounts", firstPage, names("", "default"))
	reg.JSON("/api/v1/namespaces/shop/events", firstPage, names("", "web-0.1", "web-0.2", "web-1.1"))
}

func TestOpenNamespaceOneListPerServedKind(t *testing.T) {
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	openShop(reg)
	shop := b.NamespaceNode("shop")
	if err := b.Open(context.Background(), shop); err != nil {
		t.Fatal(err)
	}
	if reg.Count() != 2+6 {
		t.Fatalf("%d requests: %v", reg.Count(), reg.Seen)
	}
	got := Text([]*Node{shop}, TextOptions{})
	want := []string{
		"shop  (default namespace)",
		"  Workloads",
		"    Pods                         2",
		"    Deployments                  1",
		"    Replica Sets                 not served by this API server",
		"    Stateful Sets                not served by this API server",
		"    Daemon Sets                  not served by this API server",
		"    Jobs                         not served by this API server",
		"    Cron Jobs                    not served by this API server",
		"    Replication Controllers      not served by this API server",
		"  Config",
		"    Config Maps                  0",
		"    Secrets                      locked: The API server does not let this identity list secrets in namespace shop (403 Forbidden).",
		"    Resource Quotas              not served by this API server",
		"    Limit Ranges                 not served by this API server",
		"    Horizontal Pod Autoscalers   not served by this API server",
		"    Pod Disruption Budgets       not served by this API server",
		"    Leases                       not served by this API server",
		"  Network",
		"    Services                     not served by this API server",
		"    Endpoints                    not served by this API server",
		"    Endpoint Slices              not served by this API server",
		"    Ingresses                    not served by this API server",
		"    Network Policies             not served by this API server",
		"  Persistent Volume Claims       not served by this API server",
		"  Access Control",
		"    Service Accounts             1",
		"    Roles                        not served by this API server",
		"    Role Bindings                not served by this API server",
		"  Events                         3",
		"  Custom Resources               1",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatal(d)
	}
	// Opening again reads nothing.
	if err := b.Open(context.Background(), shop); err != nil || reg.Count() != 8 {
		t.Fatalf("%v, %d requests", err, reg.Count())
	}
}

func TestOpenNamespaceObjectsAndPaths(t *testing.T) {
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	openShop(reg)
	shop := b.NamespaceNode("shop")
	if err := b.Open(context.Background(), shop); err != nil {
		t.Fatal(err)
	}
	var got []string
	shop.Walk(func(n *Node) {
		if n.Kind == KindObject || n.Kind == KindType || n.Kind == KindGroup {
			got = append(got, fmt.Sprintf("%s %s %s", n.Kind, n.Path, n.Ref))
		}
	})
	want := []string{
		"group shop/workloads ",
		"object shop/pod/web-0 pod/web-0",
		"object shop/pod/web-1 pod/web-1",
		"object shop/deployment/web deployment/web",
		"group shop/config ",
		"group shop/network ",
		"group shop/access-control ",
		"object shop/serviceaccount/default serviceaccount/default",
		"object shop/event/web-0.1 event/web-0.1",
		"object shop/event/web-0.2 event/web-0.2",
		"object shop/event/web-1.1 event/web-1.1",
		"type shop/custom-resources/widgets.demo.studioctl.dev widgets.demo.studioctl.dev",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatal(d)
	}
	if n := shop.Find("shop/deployment/web"); n == nil || n.Resource.Group != "apps" {
		t.Fatal("Find")
	}
}

func TestOpenClusterCountsNamespacesFromTheSameWalk(t *testing.T) {
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	reg.JSON("/api/v1/namespaces", firstPage, names("", "default", "shop"))
	reg.JSON("/api/v1/nodes", firstPage, names("", "node-a", "node-b", "node-c"))
	cluster := b.ClusterNode()
	if err := b.Open(context.Background(), cluster); err != nil {
		t.Fatal(err)
	}
	root, err := b.Root(context.Background()) // the namespace list is kept: no second read
	if err != nil {
		t.Fatal(err)
	}
	if reg.Count() != 4 {
		t.Fatalf("%d requests: %v", reg.Count(), reg.Seen)
	}
	root.Containers[0] = cluster
	got := Text(root.Containers, TextOptions{Objects: true})
	want := []string{
		"Cluster",
		"  Nodes                                 3",
		"    node-a",
		"    node-b",
		"    node-c",
		"  Namespaces                            2",
		"    default",
		"    shop",
		"  Custom Resource Definitions           not served by this API server",
		"  Config",
		"    Priority Classes                    not served by this API server",
		"    Runtime Classes                     not served by this API server",
		"    Mutating Webhook Configurations     not served by this API server",
		"    Validating Webhook Configurations   not served by this API server",
		"  Ingress Classes                       not served by this API server",
		"  Storage",
		"    Persistent Volumes                  not served by this API server",
		"    Storage Classes                     not served by this API server",
		"  Access Control",
		"    Cluster Roles                       not served by this API server",
		"    Cluster Role Bindings               not served by this API server",
		"  Custom Resources                      1",
		"    gizmos.demo.studioctl.dev",
		"default",
		"shop  (default namespace)",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatal(d)
	}
}

func TestClusterNamespacesFolderLockedWhenTheListIsRefused(t *testing.T) {
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	reg.Add(forbidden("/api/v1/namespaces"))
	reg.Add(forbidden("/api/v1/nodes"))
	cluster := b.ClusterNode()
	if err := b.Open(context.Background(), cluster); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"Cluster/namespaces", "Cluster/nodes"} {
		f := cluster.Find(p)
		if f == nil || f.Locked == nil || f.Counted {
			t.Fatalf("%s: %+v", p, f)
		}
	}
}

// A folder past the cap reads two pages of 500, stops, and counts "1,000 or more"; its first
// 1,000 names are kept.
func TestFolderCapTwoPages(t *testing.T) {
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	reg.JSON("/api/v1/namespaces/shop/configmaps", firstPage, names("c1", seq("cm", 0, 500)...))
	reg.JSON("/api/v1/namespaces/shop/configmaps", nextPage("c1"), names("c2", seq("cm", 500, 500)...))
	d, err := b.Client().Discovery(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	cm, _ := d.Preferred("", "configmaps")
	f := &Node{Kind: KindFolder, Path: "shop/configmaps", Label: "Config Maps", Namespace: "shop", Resource: &cm}
	if err := b.Folder(context.Background(), f); err != nil {
		t.Fatal(err)
	}
	if !f.Capped || f.Count != 1000 || len(f.Children) != 1000 || f.CountText() != "1,000 or more" {
		t.Fatalf("capped %v count %d children %d %q", f.Capped, f.Count, len(f.Children), f.CountText())
	}
	lines := Text([]*Node{f}, TextOptions{Objects: true})
	if last := lines[len(lines)-1]; last != "  (the first 1,000; studioctl get reads the rest)" {
		t.Fatalf("%q", last)
	}
	if reg.Count() != 4 {
		t.Fatalf("%d requests", reg.Count())
	}
}

// A server error on one folder marks it; the server unreachable stops the walk.
func TestOpenFolderErrors(t *testing.T) {
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	openShopExcept(reg, "/api/v1/namespaces/shop/pods")
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: firstPage, Status: 503, Body: `{"kind":"Status","reason":"ServiceUnavailable"}`})
	shop := b.NamespaceNode("shop")
	if err := b.Open(context.Background(), shop); err != nil {
		t.Fatal(err)
	}
	pods := shop.Find("shop/pods")
	if pods.Err == nil || pods.Counted || !strings.HasPrefix(folderInfo(pods), "not read: The API server could not list pods in namespace shop") {
		t.Fatalf("%+v %q", pods, folderInfo(pods))
	}

	// The server unreachable while listing pods: the walk stops with that error.
	api, apis := synth.Discovery(treeResources)
	rt := roundTripperFunc(func(r *http.Request) (*http.Response, error) {
		switch r.URL.Path {
		case "/api":
			return answer(r, 200, api), nil
		case "/apis":
			return answer(r, 200, apis), nil
		case "/api/v1/namespaces/shop/pods":
			return nil, io.ErrUnexpectedEOF
		}
		return answer(r, 200, names("")), nil
	})
	ep, _ := kube.Connection{Host: "cluster.example", Token: "synthetic-token", DefaultNamespace: "shop"}.Validate(kube.Switches{})
	b2 := New(&reader.Session{Client: kube.NewClient(ep, kube.Options{Transport: rt})})
	err := b2.Open(context.Background(), b2.NamespaceNode("shop"))
	if e, ok := fault.As(err); !ok || e.Class != fault.Unreachable {
		t.Fatalf("%v", err)
	}
}

type roundTripperFunc func(*http.Request) (*http.Response, error)

func (f roundTripperFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func answer(r *http.Request, status int, body string) *http.Response {
	h := http.Header{"Content-Type": {"application/json"}}
	if r.URL.Path == "/api" || r.URL.Path == "/apis" {
		h.Set("Content-Type", synth.DiscoveryContentType)
	}
	return &http.Response{StatusCode: status, Header: h, Body: io.NopCloser(strings.NewReader(body)), Request: r}
}

func openShopExcept(reg *httpstub.Registry, skip string) {
	stubs := map[string]string{
		"/api/v1/namespaces/shop/pods":              names("", "web-0"),
		"/apis/apps/v1/namespaces/shop/deployments": names(""),
		"/api/v1/namespaces/shop/configmaps":        names(""),
		"/api/v1/namespaces/shop/secrets":           names(""),
		"/api/v1/namespaces/shop/serviceaccounts":   names(""),
		"/api/v1/namespaces/shop/events":            names(""),
	}
	for p, body := range stubs {
		if p != skip {
			reg.JSON(p, firstPage, body)
		}
	}
}

// At most Parallel lists are in flight at once, and they do run concurrently.
func TestOpenRunsWithinTheBound(t *testing.T) {
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	var inflight, peak atomic.Int32
	var mu sync.Mutex
	respond := func(body string) func(*http.Request) (*http.Response, error) {
		return func(r *http.Request) (*http.Response, error) {
			n := inflight.Add(1)
			mu.Lock()
			if n > peak.Load() {
				peak.Store(n)
			}
			mu.Unlock()
			time.Sleep(20 * time.Millisecond)
			inflight.Add(-1)
			return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}}, Body: io.NopCloser(strings.NewReader(body)), Request: r}, nil
		}
	}
	for _, p := range []string{"/api/v1/namespaces/shop/pods", "/apis/apps/v1/namespaces/shop/deployments", "/api/v1/namespaces/shop/configmaps",
		"/api/v1/namespaces/shop/secrets", "/api/v1/namespaces/shop/serviceaccounts", "/api/v1/namespaces/shop/events"} {
		reg.Add(&httpstub.Stub{Path: p, Query: firstPage, Respond: respond(names("", "x"))})
	}
	if err := b.Open(context.Background(), b.NamespaceNode("shop")); err != nil {
		t.Fatal(err)
	}
	if p := peak.Load(); p > Parallel || p < 2 {
		t.Fatalf("peak in flight %d, want 2..%d", p, Parallel)
	}
}

func TestMachineModeMasksSecretNames(t *testing.T) {
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	openShopExcept(reg, "/api/v1/namespaces/shop/secrets")
	reg.JSON("/api/v1/namespaces/shop/secrets", firstPage, names("", "db-password"))
	shop := b.NamespaceNode("shop")
	if err := b.Open(context.Background(), shop); err != nil {
		t.Fatal(err)
	}
	text := strings.Join(Text([]*Node{shop}, TextOptions{Objects: true, Mode: printer.Machine}), "\n")
	if strings.Contains(text, "db-password") || !strings.Contains(text, "      <redacted>") || !strings.Contains(text, "web-0") {
		t.Fatal(text)
	}
	people := strings.Join(Text([]*Node{shop}, TextOptions{Objects: true}), "\n")
	if !strings.Contains(people, "db-password") {
		t.Fatal(people)
	}
	var buf bytes.Buffer
	doc := JSON([]*Node{shop}, nil, nil, true, printer.Machine)
	if err := printer.NewWriter(&buf, io.Discard, printer.Machine).Write(&printer.Result{Docs: &printer.Docs{Format: "json", Value: doc}}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "db-password") || !strings.Contains(buf.String(), `"path": "shop/secret/<redacted>"`) {
		t.Fatal(buf.String())
	}
}

func TestTextSanitizesNames(t *testing.T) {
	f := &Node{Kind: KindFolder, Label: "Config Maps", Counted: true, Count: 1, Children: []*Node{{Kind: KindObject, Label: "evil\x1b]0;title\x07name"}}}
	got := Text([]*Node{f}, TextOptions{Objects: true})
	if strings.ContainsAny(strings.Join(got, ""), "\x1b\x07") {
		t.Fatalf("%q", got)
	}
}

func TestJSONSchema(t *testing.T) {
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	openShop(reg)
	shop := b.NamespaceNode("shop")
	if err := b.Open(context.Background(), shop); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(JSON([]*Node{shop}, &Namespaces{Names: []string{"shop"}, Source: FromAPI}, nil, false, printer.People))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		APIVersion string           `json:"apiVersion"`
		Kind       string           `json:"kind"`
		Namespaces map[string]any   `json:"namespaces"`
		Notices    []any            `json:"notices"`
		Containers []map[string]any `json:"containers"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.APIVersion != "studioctl.dev/tree/v1" || doc.Kind != "Tree" || doc.Notices == nil || doc.Namespaces["source"] != "api" || doc.Containers[0]["kind"] != "container" {
		t.Fatalf("%s", data)
	}
	s := string(data)
	for _, want := range []string{
		`{"kind":"folder","path":"shop/pods","label":"Pods","namespace":"shop","opened":true,"resource":"pods","apiVersion":"v1","count":2,"countText":"2"}`,
		`{"kind":"folder","path":"shop/secrets","label":"Secrets","namespace":"shop","resource":"secrets","apiVersion":"v1","locked":{"code":"http.forbidden","sentence":"The API server does not let this identity list secrets in namespace shop (403 Forbidden)."}}`,
		`{"kind":"folder","path":"shop/replicasets","label":"Replica Sets","namespace":"shop","notServed":true}`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %s\nin %s", want, s)
		}
	}
	withObjects, _ := json.Marshal(JSON([]*Node{shop}, nil, nil, true, printer.People))
	if !strings.Contains(string(withObjects), `{"kind":"type","path":"shop/custom-resources/widgets.demo.studioctl.dev","label":"widgets.demo.studioctl.dev","namespace":"shop","resource":"widgets.demo.studioctl.dev","apiVersion":"demo.studioctl.dev/v1","ref":"widgets.demo.studioctl.dev","statement":"get widgets.demo.studioctl.dev -n shop"}`) ||
		!strings.Contains(string(withObjects), `{"kind":"object","path":"shop/deployment/web","label":"web","namespace":"shop","resource":"deployments.apps","apiVersion":"apps/v1","name":"web","ref":"deployment/web"}`) {
		t.Fatalf("%s", withObjects)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -1500: "-1,500"} {
		if got := Thousands(n); got != want {
			t.Errorf("%d: %q", n, got)
		}
	}
}

func TestKindTable(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range Kinds {
		key := fmt.Sprint(k.Scope, k.APIGroup, k.Resource)
		if seen[key] || k.Label == "" {
			t.Errorf("duplicate or unlabeled kind %v", k)
		}
		seen[key] = true
	}
	if n := len(kindsIn(Namespaced)); n != 25 {
		t.Errorf("%d namespaced kinds", n)
	}
	if n := len(kindsIn(Cluster)); n != 12 {
		t.Errorf("%d cluster kinds", n)
	}
	if groupSize(Namespaced, GroupStorage) != 1 || groupSize(Cluster, GroupNetwork) != 1 || groupSize(Cluster, GroupConfig) != 4 {
		t.Error("group sizes")
	}
	for g, want := range map[string]bool{"": false, "apps": false, "metrics.k8s.io": false, "demo.studioctl.dev": true, "toolhive.stacklok.dev": true} {
		if discovery.IsCustomGroup(g) != want {
			t.Errorf("discovery.IsCustomGroup(%q)", g)
		}
	}
}

// An event is named after its object, so in machine mode an event about a Secret is masked too.
func TestMachineModeMasksEventsAboutSecrets(t *testing.T) {
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	openShopExcept(reg, "/api/v1/namespaces/shop/events")
	cols := [][3]string{{"Last Seen", "string", "0"}, {"Object", "string", "0"}, {"Name", "string", "1"}}
	reg.JSON("/api/v1/namespaces/shop/events", firstPage, synth.Table(cols, [][]any{
		{"1m", "secret/db-password", "db-password.17a2b3"}, {"1m", "pod/web-0", "web-0.17a2b4"}}, ""))
	shop := b.NamespaceNode("shop")
	if err := b.Open(context.Background(), shop); err != nil {
		t.Fatal(err)
	}
	text := strings.Join(Text([]*Node{shop}, TextOptions{Objects: true, Mode: printer.Machine}), "\n")
	if strings.Contains(text, "db-password") || !strings.Contains(text, "web-0.17a2b4") {
		t.Fatal(text)
	}
	data, _ := json.Marshal(JSON([]*Node{shop}, nil, nil, true, printer.Machine))
	if strings.Contains(string(data), "db-password") || !strings.Contains(string(data), `"path":"shop/event/\u003credacted\u003e"`) {
		t.Fatalf("%s", data)
	}
	if people := strings.Join(Text([]*Node{shop}, TextOptions{Objects: true}), "\n"); !strings.Contains(people, "db-password.17a2b3") {
		t.Fatal(people)
	}
}
