package read

import (
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
)

// severalKinds is a synthetic discovery whose "all" category holds pods, services, deployments
// and a custom kind that joins it; secrets and config maps stay out, as on a real server.
var severalKinds = []synth.Resource{
	{Version: "v1", Resource: "pods", Kind: "Pod", Namespaced: true, Verbs: []string{"get", "list", "watch"}, ShortNames: []string{"po"}, Categories: []string{"all"}},
	{Version: "v1", Resource: "services", Kind: "Service", Namespaced: true, Verbs: []string{"get", "list", "watch"}, ShortNames: []string{"svc"}, Categories: []string{"all"}},
	{Version: "v1", Resource: "secrets", Kind: "Secret", Namespaced: true, Verbs: []string{"get", "list", "watch"}},
	{Version: "v1", Resource: "configmaps", Kind: "ConfigMap", Namespaced: true, Verbs: []string{"get", "list", "watch"}, ShortNames: []string{"cm"}},
	{Group: "apps", Version: "v1", Resource: "deployments", Kind: "Deployment", Namespaced: true, Verbs: []string{"get", "list", "watch"}, ShortNames: []string{"deploy"}, Categories: []string{"all"}},
	{Group: "demo.studioctl.dev", Version: "v1", Resource: "widgets", Kind: "Widget", Namespaced: true, Verbs: []string{"get", "list"}, Categories: []string{"all", "demo"}},
}

var jsonHeader = http.Header{"Content-Type": {"application/json"}}

func nameTable(extra string, rows ...[]any) string {
	cols := [][3]string{{"Name", "string", "0"}, {extra, "string", "0"}}
	return synth.Table(cols, rows, "")
}

func tableStub(path, query, body string) *httpstub.Stub {
	return &httpstub.Stub{Path: path, Query: query, Body: body, Header: jsonHeader}
}

func severalSession(t *testing.T, stubs ...*httpstub.Stub) *Session {
	t.Helper()
	s, reg := metaSession(t, severalKinds, kube.Options{})
	for _, st := range stubs {
		reg.Add(st)
	}
	return s
}

const listTable = "limit=500&includeObject=None"

// Each want is kubectl's layout for the same answers: a table per kind with its own widths, a
// blank line between kinds, kind.group/ before names once more than one kind answered.
func TestGetSeveralKinds(t *testing.T) {
	pods := func() *httpstub.Stub {
		return tableStub("/api/v1/namespaces/shop/pods", listTable, nameTable("Status", []any{"web-0", "Running"}, []any{"db-0", "Pending"}))
	}
	noPods := func() *httpstub.Stub {
		return tableStub("/api/v1/namespaces/shop/pods", listTable, nameTable("Status"))
	}
	svcs := func() *httpstub.Stub {
		return tableStub("/api/v1/namespaces/shop/services", listTable, nameTable("Type", []any{"web", "ClusterIP"}))
	}
	deploys := func() *httpstub.Stub {
		return tableStub("/apis/apps/v1/namespaces/shop/deployments", listTable, nameTable("Ready", []any{"web", "3/3"}))
	}
	widgets := func() *httpstub.Stub {
		return tableStub("/apis/demo.studioctl.dev/v1/namespaces/shop/widgets", listTable, nameTable("Size"))
	}
	webDeploy := func() *httpstub.Stub {
		return tableStub("/apis/apps/v1/namespaces/shop/deployments/web", "includeObject=None", nameTable("Ready", []any{"web", "3/3"}))
	}
	webSvc := func() *httpstub.Stub {
		return tableStub("/api/v1/namespaces/shop/services/web", "includeObject=None", nameTable("Type", []any{"web", "ClusterIP"}))
	}
	apiDeploy := func() *httpstub.Stub {
		return tableStub("/apis/apps/v1/namespaces/shop/deployments/api", "includeObject=None", nameTable("Ready", []any{"api", "2/2"}))
	}
	missing := func() *httpstub.Stub {
		return &httpstub.Stub{Path: "/api/v1/namespaces/shop/pods/web", Query: "includeObject=None", Status: 404, Body: `{"kind":"Status","code":404}`, Header: jsonHeader}
	}
	for _, c := range []struct {
		line      string
		stubs     []func() *httpstub.Stub
		want, err string
		exit      int
	}{
		{line: "get pods,svc", stubs: []func() *httpstub.Stub{pods, svcs},
			want: "NAME        STATUS\npod/web-0   Running\npod/db-0    Pending\n\nNAME          TYPE\nservice/web   ClusterIP\n"},
		// A kind named twice is read once; an empty list still counts as a kind that answered.
		{line: "get po,pods,svc", stubs: []func() *httpstub.Stub{noPods, svcs}, want: "NAME          TYPE\nservice/web   ClusterIP\n"},
		// The category: pods, services, deployments and the custom kind, in discovery's order.
		{line: "get all", stubs: []func() *httpstub.Stub{pods, svcs, deploys, widgets},
			want: "NAME        STATUS\npod/web-0   Running\npod/db-0    Pending\n\nNAME          TYPE\nservice/web   ClusterIP\n\nNAME                  READY\ndeployment.apps/web   3/3\n"},
		{line: "get all --no-headers", stubs: []func() *httpstub.Stub{noPods, svcs, deploys, widgets},
			want: "service/web   ClusterIP\ndeployment.apps/web   3/3\n"},
		// TYPE/NAME keeps the arguments' order, one table per run of one kind.
		{line: "get deploy/web svc/web deploy/api", stubs: []func() *httpstub.Stub{webDeploy, webSvc, apiDeploy},
			want: "NAME                  READY\ndeployment.apps/web   3/3\n\nNAME          TYPE\nservice/web   ClusterIP\n\nNAME                  READY\ndeployment.apps/api   2/2\n"},
		// Only one kind found: no prefix, and the missing object's error after the table.
		{line: "get pods,svc web", stubs: []func() *httpstub.Stub{missing, webSvc}, want: "NAME   TYPE\nweb    ClusterIP\n",
			err: "error: pods \"web\" not found in namespace \"shop\"\n", exit: fault.ExitServerError},
		{line: "get pods,svc web --ignore-not-found", stubs: []func() *httpstub.Stub{missing, webSvc}, want: "NAME   TYPE\nweb    ClusterIP\n"},
		{line: "get demo", stubs: []func() *httpstub.Stub{widgets}, err: "No resources found in shop namespace.\n"},
	} {
		var stubs []*httpstub.Stub
		for _, f := range c.stubs {
			stubs = append(stubs, f())
		}
		s := severalSession(t, stubs...)
		out, errOut, exit := metaRun(t, s, printer.People, c.line)
		if d := cmp.Diff(c.want, out); d != "" {
			t.Errorf("%s (-want +got):\n%s", c.line, d)
		}
		if d := cmp.Diff(c.err, errOut); d != "" || exit != c.exit {
			t.Errorf("%s: exit %d (want %d), stderr (-want +got):\n%s", c.line, exit, c.exit, d)
		}
	}
}

// -o name and -o json across kinds; machine mode masks a Secret's name whichever kind comes first.
func TestGetSeveralKindsNamesAndDocuments(t *testing.T) {
	meta := "limit=500&includeObject=Metadata"
	cmTable := `{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{},"columnDefinitions":[{"name":"Name","type":"string","format":"name"}],"rows":[{"cells":["settings"],"object":{"metadata":{"name":"settings"}}}]}`
	secretTable := `{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{},"columnDefinitions":[{"name":"Name","type":"string","format":"name"}],"rows":[{"cells":["db-pass"],"object":{"metadata":{"name":"db-pass"}}}]}`
	out, _, exit := metaRun(t, severalSession(t, tableStub("/api/v1/namespaces/shop/configmaps", meta, cmTable), tableStub("/api/v1/namespaces/shop/secrets", meta, secretTable)), printer.Machine, "get cm,secrets -o name")
	if d := cmp.Diff("configmap/settings\nsecret/<redacted>\n", out); exit != 0 || d != "" {
		t.Errorf("exit %d (-want +got):\n%s", exit, d)
	}
	cms := `{"kind":"ConfigMapList","apiVersion":"v1","metadata":{},"items":[{"metadata":{"name":"settings"},"data":{"mode":"fast"}}]}`
	secrets := `{"kind":"SecretList","apiVersion":"v1","metadata":{},"items":[{"metadata":{"name":"db-pass"},"data":{"password":"aHVudGVyMg=="}}]}`
	s := severalSession(t, tableStub("/api/v1/namespaces/shop/configmaps", "limit=500", cms), tableStub("/api/v1/namespaces/shop/secrets", "limit=500", secrets))
	out, errOut, exit := metaRun(t, s, printer.Machine, `get cm,secrets -o 'jsonpath={.kind}{range .items[*]}{" "}{.kind}/{.metadata.name}{end}'`)
	if d := cmp.Diff("List ConfigMap/settings Secret/<redacted>", out); exit != 0 || d != "" {
		t.Errorf("exit %d %s (-want +got):\n%s", exit, errOut, d)
	}
	if strings.Contains(out, "aHVudGVyMg") || strings.Contains(out, "db-pass") {
		t.Errorf("a Secret's name or value printed: %q", out)
	}
}

// A category wider than the cap, several types under -w and a malformed TYPE list are refused.
func TestGetSeveralKindsRefusals(t *testing.T) {
	for line, want := range map[string]string{
		"get pods,svc -w":           "refused.usage",
		"get pods, -n shop":         "refused.usage",
		"get pod/web svc,cm/x":      "refused.usage",
		"get deploy/web svc/web -w": "refused.usage",
	} {
		_, err := ParseLine(line)
		if got := code(t, err); got != want {
			t.Errorf("%q: code %q, want %q (%v)", line, got, want, err)
		}
	}
}

// In machine mode a Secret's name is masked in its kind's table and nowhere else.
func TestGetSeveralKindsMaskSecretTables(t *testing.T) {
	cm := tableStub("/api/v1/namespaces/shop/configmaps", listTable, nameTable("Data", []any{"settings", "1"}))
	sec := tableStub("/api/v1/namespaces/shop/secrets", listTable, nameTable("Type", []any{"db-pass", "Opaque"}))
	out, _, exit := metaRun(t, severalSession(t, cm, sec), printer.Machine, "get cm,secrets")
	want := "NAME                 DATA\nconfigmap/settings   1\n\nNAME                TYPE\nsecret/<redacted>   Opaque\n"
	if d := cmp.Diff(want, out); exit != 0 || d != "" {
		t.Errorf("exit %d (-want +got):\n%s", exit, d)
	}
}
