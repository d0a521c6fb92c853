package browse

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read"
	"github.com/studioctl/studioctl/read/reader"
)

// Synthetic answers only (see browse_test.go).

func resource(t *testing.T, b *Browser, group, res string) discovery.APIResource {
	t.Helper()
	d, err := b.Client().Discovery(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	r, ok := d.Preferred(group, res)
	if !ok {
		t.Fatalf("%s/%s not in the synthetic discovery", group, res)
	}
	return r
}

func TestRowActions(t *testing.T) {
	b, _ := newBrowser(t, treeResources, kube.Connection{})
	pod := ObjectNode(resource(t, b, "", "pods"), "shop", "web-0")
	deploy := ObjectNode(resource(t, b, "apps", "deployments"), "shop", "web")
	node := ObjectNode(resource(t, b, "", "nodes"), "shop", "node-a") // cluster-scoped: the namespace is dropped
	widgets := resource(t, b, "demo.studioctl.dev", "widgets")
	gizmos := resource(t, b, "demo.studioctl.dev", "gizmos")
	typ := &Node{Kind: KindType, Namespace: "shop", Resource: &widgets, Ref: widgets.GroupResource()}
	clusterType := &Node{Kind: KindType, Resource: &gizmos, Ref: gizmos.GroupResource()}
	statements := func(n *Node) []string {
		var out []string
		for _, a := range n.Actions() {
			out = append(out, a.Name+": "+a.Statement())
		}
		return out
	}
	for _, c := range []struct {
		n    *Node
		want []string
	}{
		{pod, []string{"source: ", "describe: describe pod/web-0 -n shop", "logs: logs pod/web-0 -n shop --tail=50"}},
		{deploy, []string{"source: ", "describe: describe deployment.apps/web -n shop"}},
		{node, []string{"source: ", "describe: describe node/node-a"}},
		{typ, []string{"list: get widgets.demo.studioctl.dev -n shop"}},
		{clusterType, []string{"list: get gizmos.demo.studioctl.dev"}},
		{&Node{Kind: KindFolder}, nil},
	} {
		if d := cmp.Diff(c.want, statements(c.n)); d != "" {
			t.Errorf("%s: %s", c.n.Path, d)
		}
	}
	if node.Path != "Cluster/node/node-a" || node.Namespace != "" || pod.Path != "shop/pod/web-0" || pod.Ref != "pod/web-0" {
		t.Fatalf("%s %q %s", node.Path, node.Namespace, pod.Path)
	}
	// The words shown are the statement that runs: the console reads them into the same options.
	for _, n := range []*Node{pod, deploy, node, typ, clusterType} {
		for _, a := range n.Actions() {
			if a.Options == nil {
				continue
			}
			st, err := read.Parse(a.Words)
			if err != nil {
				t.Fatalf("%s: %v", a.Statement(), err)
			}
			if d := cmp.Diff(st.Options, a.Options); d != "" {
				t.Errorf("%s: %s", a.Statement(), d)
			}
		}
	}
}

const synthSecret = `{"apiVersion":"v1","kind":"Secret","metadata":{"name":"db-credentials","namespace":"shop",` +
	`"managedFields":[{"manager":"synthetic","fieldsV1":{"f:data":{"f:password":{}}}}],"annotations":{"note":"synthetic"}},` +
	`"type":"Opaque","data":{"password":"c3ludGhldGlj","user":"YWRtaW4="}}`

func TestSourceSecretKeysKeptValuesGone(t *testing.T) {
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	reg.JSON("/api/v1/namespaces/shop/secrets/db-credentials", "", synthSecret)
	n := ObjectNode(resource(t, b, "", "secrets"), "shop", "db-credentials")
	res, err := b.SourceResult(context.Background(), n, "yaml")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := printer.NewWriter(&out, io.Discard, printer.People).Write(res); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, bad := range []string{"managedFields", "c3ludGhldGlj", "YWRtaW4=", "f:password"} {
		if strings.Contains(text, bad) {
			t.Errorf("%q printed:\n%s", bad, text)
		}
	}
	for _, want := range []string{"name: db-credentials", "password: '(removed by studioctl: 9 bytes)'", "user: '(removed by studioctl: 5 bytes)'", "kind: Secret"} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q:\n%s", want, text)
		}
	}
}

func TestSourceMachineModeMasks(t *testing.T) {
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	reg.JSON("/api/v1/namespaces/shop/secrets/db-credentials", "", synthSecret)
	n := ObjectNode(resource(t, b, "", "secrets"), "shop", "db-credentials")
	res, err := b.SourceResult(context.Background(), n, "json")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := printer.NewWriter(&out, io.Discard, printer.Machine).Write(res); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "db-credentials") || !strings.Contains(out.String(), `"password": "<redacted>"`) {
		t.Fatal(out.String())
	}
}

func TestSourceRefusesAFolder(t *testing.T) {
	b, _ := newBrowser(t, nil, kube.Connection{})
	if _, err := b.Source(context.Background(), &Node{Kind: KindFolder}); fault.ExitCode(err) != fault.ExitRefused {
		t.Fatal(err)
	}
}

func TestLogsReadsTheLastFiftyLines(t *testing.T) {
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	reg.JSON("/api/v1/namespaces/shop/pods/web-0", "", `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-0","namespace":"shop"},"spec":{"containers":[{"name":"app","image":"synthetic"}]},"status":{"phase":"Running"}}`)
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods/web-0/log", Query: "container=app&tailLines=50",
		Header: http.Header{"Content-Type": {"text/plain"}}, Body: "synthetic line 1\nsynthetic line 2\n"})
	res, err := b.Logs(context.Background(), ObjectNode(resource(t, b, "", "pods"), "shop", "web-0"))
	if err != nil {
		t.Fatal(err)
	}
	if res.Lines == nil || strings.Join(res.Lines.Text, "|") != "synthetic line 1|synthetic line 2" {
		t.Fatalf("%+v", res.Lines)
	}
}

func TestListRunsGetOnTheType(t *testing.T) {
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	reg.JSON("/apis/demo.studioctl.dev/v1/namespaces/shop/widgets", "limit=500&includeObject=None", names("", "blue", "green"))
	widgets := resource(t, b, "demo.studioctl.dev", "widgets")
	res, err := b.List(context.Background(), &Node{Kind: KindType, Namespace: "shop", Resource: &widgets, Ref: widgets.GroupResource()})
	if err != nil {
		t.Fatal(err)
	}
	if res.Table == nil || len(res.Table.Rows) != 2 || res.Table.Rows[0][0] != "blue" {
		t.Fatalf("%+v", res.Table)
	}
	if _, err := b.Logs(context.Background(), &Node{Kind: KindType}); fault.ExitCode(err) != fault.ExitRefused {
		t.Fatalf("a type has no logs: %v", err)
	}
}

func TestHealth(t *testing.T) {
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	reg.Add(&httpstub.Stub{Path: "/readyz", Body: "ok", Header: http.Header{"Content-Type": {"text/plain"}}})
	reg.JSON("/version", "", `{"gitVersion":"v1.37.2","platform":"linux/amd64"}`)
	reg.JSON("/api/v1/nodes", firstPage, names("n1", seq("node", 0, 500)...))
	reg.JSON("/api/v1/nodes", nextPage("n1"), names("n2", seq("node", 500, 500)...))
	reg.JSON("/api/v1/namespaces", firstPage, names("", "default", "shop"))
	h, err := b.Health(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"Readiness:    ok",
		"Version:      v1.37.2 (linux/amd64)",
		"Nodes:        1,000 or more",
		"Namespaces:   2",
	}
	if d := cmp.Diff(want, h.Lines()); d != "" {
		t.Fatal(d)
	}
	j := h.JSON()
	if !j.Ready || *j.Nodes.Count != 1000 || !j.Nodes.Capped || *j.Namespaces.Count != 2 || j.Namespaces.Source != FromAPI || j.APIVersion != HealthSchema || j.Kind != HealthKind {
		t.Fatalf("%+v", j)
	}
}

func TestHealthNotReadyAndLocked(t *testing.T) {
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	reg.Add(&httpstub.Stub{Path: "/readyz", Status: 500, Body: "[-]etcd failed: synthetic\nreadyz check failed"})
	reg.JSON("/version", "", `{"gitVersion":"v1.37.2"}`)
	reg.Add(forbidden("/api/v1/nodes"))
	reg.Add(forbidden("/api/v1/namespaces"))
	h, err := b.Health(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"Readiness:    not ready: the API server answered /readyz with an error status",
		"Version:      v1.37.2",
		"Nodes:        not readable: The API server does not let this identity list nodes (403 Forbidden).",
		"Namespaces:   not readable: The API server does not let this identity list namespaces (403 Forbidden).",
	}
	if d := cmp.Diff(want, h.Lines()); d != "" {
		t.Fatal(d)
	}
	if j := h.JSON(); j.Ready || j.Nodes.Count != nil || j.Nodes.Locked == nil || len(j.Notices) != 1 {
		t.Fatalf("%+v", j)
	}
}

func TestHealthUnreachableFails(t *testing.T) {
	rt := roundTripperFunc(func(r *http.Request) (*http.Response, error) { return nil, io.ErrUnexpectedEOF })
	ep, _ := kube.Connection{Host: "cluster.example", Token: "synthetic-token"}.Validate(kube.Switches{})
	b := New(&reader.Session{Client: kube.NewClient(ep, kube.Options{Transport: rt})})
	if _, err := b.Health(context.Background()); fault.ExitCode(err) != fault.ExitUnreachable {
		t.Fatalf("%v", err)
	}
}
