package describe

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
)

// A synthetic discovery serving autoscaling in v2 (preferred) and v1, and core events.
const (
	hpaCoreDiscovery = `{"kind":"APIGroupDiscoveryList","apiVersion":"apidiscovery.k8s.io/v2","metadata":{},"items":[
	{"metadata":{"name":""},"versions":[{"version":"v1","freshness":"Current","resources":[
		{"resource":"events","responseKind":{"group":"","version":"v1","kind":"Event"},"scope":"Namespaced","singularResource":"event","verbs":["get","list","watch"]}]}]}]}`
	hpaGroupDiscovery = `{"kind":"APIGroupDiscoveryList","apiVersion":"apidiscovery.k8s.io/v2","metadata":{},"items":[
	{"metadata":{"name":"autoscaling"},"versions":[
		{"version":"v2","freshness":"Current","resources":[{"resource":"horizontalpodautoscalers","responseKind":{"group":"autoscaling","version":"v2","kind":"HorizontalPodAutoscaler"},
			"scope":"Namespaced","singularResource":"horizontalpodautoscaler","verbs":["get","list","watch"],"shortNames":["hpa"]}]},
		{"version":"v1","freshness":"Current","resources":[{"resource":"horizontalpodautoscalers","responseKind":{"group":"autoscaling","version":"v1","kind":"HorizontalPodAutoscaler"},
			"scope":"Namespaced","singularResource":"horizontalpodautoscaler","verbs":["get","list","watch"],"shortNames":["hpa"]}]}]}]}`
)

func hpaSession(t *testing.T, stubs ...*httpstub.Stub) *reader.Session {
	t.Helper()
	reg := httpstub.New(t)
	h := http.Header{"Content-Type": {"application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList"}}
	reg.Add(&httpstub.Stub{Path: "/api", Body: hpaCoreDiscovery, Header: h})
	reg.Add(&httpstub.Stub{Path: "/apis", Body: hpaGroupDiscovery, Header: h})
	for _, s := range stubs {
		reg.Add(s)
	}
	ep, err := kube.Connection{Host: "cluster.example", Port: 6443, Token: "synthetic-token", DefaultNamespace: "shop"}.Validate(kube.Switches{})
	if err != nil {
		t.Fatal(err)
	}
	return &reader.Session{Client: kube.NewClient(ep, kube.Options{Transport: reg, Now: func() time.Time { return syntheticNow }})}
}

func hpaJSON(path, body string, status int) *httpstub.Stub {
	return &httpstub.Stub{Path: path, Query: "*", Status: status, Body: body, Header: http.Header{"Content-Type": {"application/json"}}}
}

// describe names an autoscaler through autoscaling/v1: kubectl reads it again as v2 and prints
// v2's metrics, which studioctl does too; when the v2 read fails the v1 layout is kept.
func TestDescribeHPAReadsV2(t *testing.T) {
	const base = "/apis/autoscaling/%s/namespaces/shop/horizontalpodautoscalers/checkout"
	v1Path, v2Path := strings.Replace(base, "%s", "v1", 1), strings.Replace(base, "%s", "v2", 1)
	notFound := `{"kind":"Status","apiVersion":"v1","status":"Failure","reason":"NotFound","code":404}`
	v1 := strings.Replace(syntheticHPAv1, `"name": "legacy"`, `"name": "checkout"`, 1)
	for _, c := range []struct {
		name       string
		v2         *httpstub.Stub
		want, none string
	}{
		{"v2 read", hpaJSON(v2Path, syntheticHPA, 200), "Metrics:", "Target CPU utilization:"},
		{"v2 missing", hpaJSON(v2Path, notFound, 404), "Target CPU utilization:", "Metrics:"},
	} {
		t.Run(c.name, func(t *testing.T) {
			events := hpaJSON("/api/v1/namespaces/shop/events", `{"kind":"EventList","apiVersion":"v1","metadata":{},"items":[]}`, 200)
			s := hpaSession(t, hpaJSON(v1Path, v1, 200), c.v2, events)
			o := &Options{Args: []string{"horizontalpodautoscalers.v1.autoscaling", "checkout"}}
			o.Complete(s)
			res, err := o.Run(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			text := strings.Join(res.Describe.Render(printer.People), "\n")
			if !strings.Contains(text, c.want) || strings.Contains(text, c.none) {
				t.Errorf("want %q and no %q in:\n%s", c.want, c.none, text)
			}
		})
	}
}
