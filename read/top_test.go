package read

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/read/top"
)

// Every metrics answer here is synthetic: the live cluster runs no metrics-server, so top is
// measured only against these built answers.

func metricsDiscovery(version string) []synth.Resource {
	rs := append([]synth.Resource{}, synth.Basic...)
	return append(rs,
		synth.Resource{Group: "metrics.k8s.io", Version: version, Resource: "pods", Kind: "PodMetrics", Namespaced: true, Verbs: []string{"get", "list"}},
		synth.Resource{Group: "metrics.k8s.io", Version: version, Resource: "nodes", Kind: "NodeMetrics", Verbs: []string{"get", "list"}})
}

const podMetricsList = `{"kind":"PodMetricsList","apiVersion":"metrics.k8s.io/v1beta1","metadata":{},"items":[
{"metadata":{"name":"web-1","namespace":"shop"},"timestamp":"2026-01-15T09:59:50Z","window":"10s","containers":[
  {"name":"web","usage":{"cpu":"1500000n","memory":"30Mi"}},{"name":"log-shipper","usage":{"cpu":"2500001n","memory":"4608Ki"}}]},
{"metadata":{"name":"api-0","namespace":"shop"},"timestamp":"2026-01-15T09:59:50Z","window":"10s","containers":[
  {"name":"api","usage":{"cpu":"250m","memory":"100Mi"}}]},
{"metadata":{"name":"db-0","namespace":"payments"},"timestamp":"2026-01-15T09:59:50Z","window":"10s","containers":[
  {"name":"db","usage":{"cpu":"1","memory":"1Gi"}}]}]}`

func TestTopPod(t *testing.T) {
	s, reg := famSession(t, metricsDiscovery("v1beta1"))
	reg.JSON("/apis/metrics.k8s.io/v1beta1/namespaces/shop/pods", "limit=500&labelSelector=tier%3Dfront", podMetricsList)
	out, errOut, code := famRun(t, s, "top pod -l tier=front")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// web-1: 1.5m + 2.500001m = 4.000001m -> 5m (rounded up); 30Mi + 4.5Mi -> 34Mi.
	want := "" +
		"NAME    CPU(cores)   MEMORY(bytes)\n" +
		"api-0   250m         100Mi\n" +
		"db-0    1000m        1024Mi\n" +
		"web-1   5m           34Mi\n"
	if d := cmp.Diff(want, out); d != "" {
		t.Errorf("stdout (-want +got):\n%s", d)
	}

	s, reg = famSession(t, metricsDiscovery("v1beta1"))
	reg.JSON("/apis/metrics.k8s.io/v1beta1/pods", "limit=500", podMetricsList)
	out, _, _ = famRun(t, s, "top pod -A --sort-by memory --no-headers")
	want = "" +
		"payments   db-0    1000m   1024Mi\n" +
		"shop       api-0   250m    100Mi\n" +
		"shop       web-1   5m      34Mi\n"
	if d := cmp.Diff(want, out); d != "" {
		t.Errorf("-A --sort-by memory (-want +got):\n%s", d)
	}

	s, reg = famSession(t, metricsDiscovery("v1beta1"))
	reg.JSON("/apis/metrics.k8s.io/v1beta1/namespaces/shop/pods", "limit=500", podMetricsList)
	out, _, _ = famRun(t, s, "top pods --sort-by cpu --no-headers")
	if !strings.HasPrefix(out, "db-0 ") || !strings.Contains(out, "api-0   250m") {
		t.Errorf("--sort-by cpu:\n%s", out)
	}
}

// A quantity a real server never writes, whose reading would be the attack: 10 to the power of a
// hundred million (minutes of big-number work before the quantity room capped the exponent) and a
// mantissa of 200,000 digits. Neither is a quantity; the pod's usage reads as 0 beside its other
// container's, and the answer comes at once.
func TestTopPodHostileQuantities(t *testing.T) {
	s, reg := famSession(t, metricsDiscovery("v1beta1"))
	reg.JSON("/apis/metrics.k8s.io/v1beta1/namespaces/shop/pods", "limit=500", `{"kind":"PodMetricsList","apiVersion":"metrics.k8s.io/v1beta1","metadata":{},"items":[
		{"metadata":{"name":"bomb-0","namespace":"shop"},"timestamp":"2026-01-01T00:00:00Z","window":"10s","containers":[
			{"name":"a","usage":{"cpu":"1e99999999","memory":"`+strings.Repeat("9", 200000)+`Ki"}},
			{"name":"b","usage":{"cpu":"3m","memory":"2Mi"}}]}]}`)
	out, errOut, code := famRun(t, s, "top pod")
	want := "NAME     CPU(cores)   MEMORY(bytes)\nbomb-0   3m           2Mi\n"
	if d := cmp.Diff(want, out); code != 0 || d != "" {
		t.Errorf("exit %d, stderr %q, stdout (-want +got):\n%s", code, errOut, d)
	}
}

func TestTopPodEmpty(t *testing.T) {
	s, reg := famSession(t, metricsDiscovery("v1beta1"))
	reg.JSON("/apis/metrics.k8s.io/v1beta1/namespaces/payments/pods", "limit=500", `{"kind":"PodMetricsList","items":[]}`)
	out, errOut, code := famRun(t, s, "top pod -n payments")
	if code != 0 || out != "" || errOut != fmt.Sprintf(top.SentenceTopNoneIn, "payments")+"\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestTopNode(t *testing.T) {
	s, reg := famSession(t, metricsDiscovery("v1"))
	reg.JSON("/apis/metrics.k8s.io/v1/nodes", "limit=500", `{"kind":"NodeMetricsList","items":[
{"metadata":{"name":"node-b"},"usage":{"cpu":"1200m","memory":"6Gi"}},
{"metadata":{"name":"node-a"},"usage":{"cpu":"350123456n","memory":"2097152Ki"}},
{"metadata":{"name":"ghost"},"usage":{"cpu":"1","memory":"1Gi"}}]}`)
	reg.JSON("/api/v1/nodes", "limit=500", `{"kind":"NodeList","items":[
{"metadata":{"name":"node-a"},"status":{"allocatable":{"cpu":"4","memory":"16Gi","pods":"110"}}},
{"metadata":{"name":"node-b"},"status":{"allocatable":{"cpu":"8","memory":"32Gi"}}},
{"metadata":{"name":"node-c"},"status":{"allocatable":{"cpu":"2","memory":"4Gi"}}}]}`)
	out, errOut, code := famRun(t, s, "top node")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// node-a: 351m of 4000m = 8%; 2048Mi of 16Gi = 12%. ghost has metrics but is not listed;
	// node-c is listed without metrics.
	want := "" +
		"NAME     CPU(cores)   CPU(%)      MEMORY(bytes)   MEMORY(%)\n" +
		"ghost    1000m        <unknown>   1024Mi          <unknown>\n" +
		"node-a   351m         8%          2048Mi          12%\n" +
		"node-b   1200m        15%         6144Mi          18%\n" +
		"node-c   <unknown>    <unknown>   <unknown>       <unknown>\n"
	if d := cmp.Diff(want, out); d != "" {
		t.Errorf("stdout (-want +got):\n%s", d)
	}
}

func TestTopWithoutMetricsServer(t *testing.T) {
	for _, line := range []string{"top pod", "top node -l a=b"} {
		s, _ := famSession(t, nil)
		out, errOut, code := famRun(t, s, line)
		if code != fault.ExitServerError || out != "" || errOut != "error: "+top.SentenceMetricsAbsent+"\n" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", line, code, out, errOut)
		}
		if !strings.Contains(errOut, "metrics-server") {
			t.Errorf("%s: the sentence does not name metrics-server", line)
		}
	}
}

func TestTopNodeNoMetricsYet(t *testing.T) {
	s, reg := famSession(t, metricsDiscovery("v1beta1"))
	reg.JSON("/apis/metrics.k8s.io/v1beta1/nodes", "limit=500", `{"kind":"NodeMetricsList","items":[]}`)
	_, errOut, code := famRun(t, s, "top node")
	if code != fault.ExitServerError || errOut != "error: "+top.SentenceMetricsNodesNot+"\n" {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

func TestTopRefusedBeforeSending(t *testing.T) {
	for _, line := range []string{"top pod --sort-by name", "top node --sort-by=CPU"} {
		st, err := ParseLine(line)
		if err == nil {
			// No stub at all: any request would fail the test.
			ep, _ := kube.Connection{Host: "cluster.example", Token: "synthetic-token"}.Validate(kube.Switches{})
			s := &Session{Client: kube.NewClient(ep, kube.Options{Transport: httpstub.New(t)})}
			_, err = Run(t.Context(), s, st)
		}
		if e, ok := fault.As(err); !ok || e.Sentence != top.SentenceTopSortBy || e.Class != fault.Refused {
			t.Errorf("%s: %v", line, err)
		}
	}
}
