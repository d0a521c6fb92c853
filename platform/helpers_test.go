package platform

import (
	"bytes"
	"net/http"
	"testing"
	"time"

	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
)

// The clock of every synthetic answer: objects are created an hour before it.
var testNow = time.Date(2031, 5, 1, 12, 0, 0, 0, time.UTC)

func newClient(t *testing.T) (*kube.Client, *httpstub.Registry) {
	t.Helper()
	ep, err := kube.Connection{Host: "k8s.example.com", Token: "cnryTOKEN"}.Validate(kube.Switches{})
	if err != nil {
		t.Fatal(err)
	}
	reg := httpstub.New(t)
	return kube.NewClient(ep, kube.Options{Transport: reg, Now: func() time.Time { return testNow }}), reg
}

func addDiscovery(reg *httpstub.Registry, rs []synth.Resource) {
	api, apis := synth.Discovery(rs)
	h := http.Header{"Content-Type": {synth.DiscoveryContentType}}
	reg.Add(&httpstub.Stub{Path: "/api", Body: api, Header: h})
	reg.Add(&httpstub.Stub{Path: "/apis", Body: apis, Header: h})
}

func forbidden(reg *httpstub.Registry, path string) {
	reg.Add(&httpstub.Stub{Path: path, Query: "*", Status: 403, Header: http.Header{"Content-Type": {"application/json"}},
		Body: `{"kind":"Status","reason":"Forbidden","message":"synthetic"}`})
}

func listAnswer(kind string, items ...string) string {
	body := `{"kind":"` + kind + `","apiVersion":"v1","metadata":{},"items":[`
	for i, it := range items {
		if i > 0 {
			body += ","
		}
		body += it
	}
	return body + `]}`
}

var (
	rNodes    = synth.Resource{Version: "v1", Resource: "nodes", Kind: "Node", Verbs: []string{"get", "list"}}
	rNS       = synth.Resource{Version: "v1", Resource: "namespaces", Kind: "Namespace", Verbs: []string{"get", "list"}}
	rDeploy   = synth.Resource{Group: "apps", Version: "v1", Resource: "deployments", Kind: "Deployment", Namespaced: true, Verbs: []string{"get", "list"}}
	rSC       = synth.Resource{Group: "storage.k8s.io", Version: "v1", Resource: "storageclasses", Kind: "StorageClass", Verbs: []string{"get", "list"}}
	rIC       = synth.Resource{Group: "networking.k8s.io", Version: "v1", Resource: "ingressclasses", Kind: "IngressClass", Verbs: []string{"get", "list"}}
	rMC       = synth.Resource{Group: "platform.navin.ai", Version: "v1alpha1", Resource: "managedcomponents", Kind: "ManagedComponent", Namespaced: true, Verbs: []string{"get", "list"}}
	rMCP      = synth.Resource{Group: "toolhive.stacklok.dev", Version: "v1beta1", Resource: "mcpservers", Kind: "MCPServer", Namespaced: true, Verbs: []string{"get", "list", "delete"}}
	rCerts    = synth.Resource{Group: "cert-manager.io", Version: "v1", Resource: "certificates", Kind: "Certificate", Namespaced: true, Verbs: []string{"get", "list"}}
	rArgoWF   = synth.Resource{Group: "argoproj.io", Version: "v1alpha1", Resource: "workflows", Kind: "Workflow", Namespaced: true, Verbs: []string{"get", "list"}}
	rSnapshot = synth.Resource{Group: "snapshot.storage.k8s.io", Version: "v1", Resource: "volumesnapshots", Kind: "VolumeSnapshot", Namespaced: true, Verbs: []string{"get", "list"}}
)

// golden compares got with testdata/name, or rewrites it with -update.

// render prints a result as the command line does, in mode.
func render(t *testing.T, res *printer.Result, mode printer.RedactMode) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if err := printer.NewWriter(&out, &errOut, mode).Write(res); err != nil {
		t.Fatal(err)
	}
	return out.String() + errOut.String()
}
