package kube

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
)

// get --subresource reads one object's status or scale on the object's path: a Table when the
// server has one, else the object itself as one row named from its metadata (Plain).
func TestGetSubresourceTable(t *testing.T) {
	reg := httpstub.New(t)
	rs := append([]synth.Resource(nil), synth.Basic...)
	for i := range rs {
		if rs[i].Resource == "deployments" {
			rs[i].Subresources = map[string][]string{"status": {"get", "patch", "update"}, "scale": {"get", "patch", "update"}}
		}
		if rs[i].Resource == "widgets" {
			rs[i].Subresources = map[string][]string{"status": {"get"}}
		}
	}
	api, apis := synth.Discovery(rs)
	h := http.Header{"Content-Type": {synth.DiscoveryContentType}}
	reg.Add(&httpstub.Stub{Path: "/api", Body: api, Header: h})
	reg.Add(&httpstub.Stub{Path: "/apis", Body: apis, Header: h})
	scaleTable := `{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{},"columnDefinitions":[{"name":"Name","type":"string","format":"name"},{"name":"Desired","type":"integer"},{"name":"Available","type":"integer"}],"rows":[{"cells":["web",3,2]}]}`
	reg.Add(&httpstub.Stub{Path: "/apis/apps/v1/namespaces/shop/deployments/web/scale", Query: "includeObject=None", Body: scaleTable})
	reg.Add(&httpstub.Stub{Path: "/apis/apps/v1/namespaces/shop/deployments/web/scale", Body: `{"kind":"Scale","apiVersion":"autoscaling/v1","metadata":{"name":"web","namespace":"shop"},"spec":{"replicas":3}}`})
	reg.Add(&httpstub.Stub{Path: "/apis/demo.studioctl.dev/v1/namespaces/shop/widgets/w1/status", Query: "includeObject=None",
		Body: `{"kind":"Widget","apiVersion":"demo.studioctl.dev/v1","metadata":{"name":"w1","namespace":"shop","creationTimestamp":"2026-01-15T09:00:00Z"},"status":{"ok":true}}`})
	ep, _ := Connection{Host: "cluster.example", Port: 6443, Token: secretToken}.Validate(Switches{})
	c := NewClient(ep, Options{Transport: reg})
	ctx := context.Background()
	deploy := resolve(t, c, "deployments")
	if !deploy.HasSubresource("scale") || deploy.HasSubresource("resize") {
		t.Fatalf("subresources: %v", deploy.Subresources)
	}
	tb, err := c.GetSubresourceTable(ctx, deploy, "shop", "web", "scale", "None")
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]any{"web", json.Number("3"), json.Number("2")}, tb.Rows[0].Cells); d != "" || tb.Plain {
		t.Errorf("scale table (-want +got):\n%s", d)
	}
	obj, err := c.GetSubresourceObject(ctx, deploy, "shop", "web", "scale")
	if err != nil || obj["kind"] != "Scale" || obj["apiVersion"] != "autoscaling/v1" {
		t.Errorf("the scale object is printed as %v %v (%v)", obj["apiVersion"], obj["kind"], err)
	}
	w, err := c.GetSubresourceTable(ctx, resolve(t, c, "widgets"), "shop", "w1", "status", "None")
	if err != nil {
		t.Fatal(err)
	}
	if !w.Plain || len(w.Rows) != 1 || w.Rows[0].Name() != "w1" || apivalue.MetaString(w.Rows[0].Object, "creationTimestamp") == "" {
		t.Errorf("a custom resource's status without a Table: %+v", w)
	}
	before := reg.Count()
	for _, sub := range []string{"resize", "log", "status/x", ""} {
		if _, err := c.GetSubresourceTable(ctx, deploy, "shop", "web", sub, "None"); err == nil {
			t.Errorf("subresource %q was read", sub)
		}
	}
	if reg.Count() != before {
		t.Fatal("a refused subresource reached the transport")
	}
}
