package read

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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

func TestParseQuantity(t *testing.T) {
	cases := map[string]string{ // quantity -> exact value as a fraction
		"0":        "0/1",
		"12":       "12/1",
		"250m":     "1/4",
		"1500000n": "3/2000",
		"750u":     "3/4000",
		"1.5":      "3/2",
		"2k":       "2000/1",
		"3M":       "3000000/1",
		"1G":       "1000000000/1",
		"1Ki":      "1024/1",
		"34Mi":     "35651584/1",
		"1.5Gi":    "1610612736/1",
		"1Ti":      "1099511627776/1",
		"1e3":      "1000/1",
		"5E-2":     "1/20",
		"1e+2":     "100/1",
		"-100m":    "-1/10",
		"+2Mi":     "2097152/1",
	}
	for in, want := range cases {
		q, ok := top.ParseQuantity(in)
		if !ok || q.RatString() != want && q.String() != want {
			t.Errorf("ParseQuantity(%q) = %v, %v; want %s", in, q, ok, want)
		}
	}
	for _, bad := range []string{"", "m", "12x", "1.2.3", "Mi", "1e", "1ee3", "1 Mi", "1KI"} {
		if _, ok := top.ParseQuantity(bad); ok {
			t.Errorf("ParseQuantity(%q) accepted", bad)
		}
	}
}

func TestCeilScaledRoundsUpAsQuantityDoes(t *testing.T) {
	cases := []struct {
		q     string
		scale int64
		want  int64
	}{
		{"1n", 3, 1},       // MilliValue of 1n is 1, as resource.Quantity rounds up
		{"1500001n", 3, 2}, // 1.500001m -> 2m
		{"1500000n", 3, 2}, // 1.5m -> 2m
		{"1000000n", 3, 1}, // exactly 1m
		{"250m", 3, 250},   // 250m
		{"1500Ki", 0, 1536000},
		{"0.5", 0, 1},
	}
	for _, c := range cases {
		q, ok := top.ParseQuantity(c.q)
		if !ok {
			t.Fatal(c.q)
		}
		if got := top.CeilScaled(q, c.scale); got != c.want {
			t.Errorf("ceilScaled(%s, %d) = %d, want %d", c.q, c.scale, got, c.want)
		}
	}
	if got := top.CeilScaled(new(big.Rat), 3); got != 0 {
		t.Errorf("zero = %d", got)
	}
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
		if code != kube.ExitServerError || out != "" || errOut != "error: "+top.SentenceMetricsAbsent+"\n" {
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
	if code != kube.ExitServerError || errOut != "error: "+top.SentenceMetricsNodesNot+"\n" {
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
		if e, ok := kube.AsError(err); !ok || e.Sentence != top.SentenceTopSortBy || e.Exit != kube.ExitRefused {
			t.Errorf("%s: %v", line, err)
		}
	}
}
