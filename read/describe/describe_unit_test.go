package describe

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/apivalue"
)

func TestDescribeQuantitySums(t *testing.T) {
	sum := func(qs ...string) string {
		var total apivalue.Quantity
		for _, q := range qs {
			v, ok := parseDQuantity(q)
			if !ok {
				t.Fatalf("parse %q", q)
			}
			total = total.Add(v)
		}
		return total.String()
	}
	for _, c := range []struct {
		in   []string
		want string
	}{
		{[]string{"100m", "250m"}, "350m"}, {[]string{"500m", "500m"}, "1"}, {[]string{"64Mi", "128Mi"}, "192Mi"},
		{[]string{"512Mi", "512Mi"}, "1Gi"}, {[]string{"1500"}, "1500"}, {[]string{"2000"}, "2k"}, {[]string{"0.5"}, "500m"},
		{[]string{"1Gi", "500M"}, "1573741824"}, {[]string{"100"}, "100"}, {[]string{"1e3"}, "1e3"}, {[]string{"1Ki", "1"}, "1025"},
	} {
		if got := sum(c.in...); got != c.want {
			t.Errorf("%v = %q, want %q", c.in, got, c.want)
		}
	}
	if (apivalue.Quantity{}).String() != "0" {
		t.Errorf("zero quantity")
	}
}

func TestDescribeSmartLabel(t *testing.T) {
	got := map[string]string{}
	for _, f := range []string{"apiVersion", "creationTimestamp", "uid", "maxReplicas", "ipv4", "HTTPServer", "foo-bar", "selfLink", "resourceURL"} {
		got[f] = dSmartLabel(f)
	}
	want := map[string]string{"apiVersion": "API Version", "creationTimestamp": "Creation Timestamp", "uid": "UID", "maxReplicas": "Max Replicas",
		"ipv4": "ipv4", "HTTPServer": "HTTP Server", "foo-bar": "Foo - Bar", "selfLink": "Self Link", "resourceURL": "Resource URL"}
	if d := cmp.Diff(want, got); d != "" {
		t.Error(d)
	}
}

// A named container port carries its name, as kubectl's describeContainerPorts prints it.
func TestDescribeContainerPortNames(t *testing.T) {
	w := newDescribeWriter(time.Time{})
	r := &dRenderer{w: w}
	r.containerPorts(map[string]any{"ports": []any{map[string]any{"containerPort": json.Number("8080"), "protocol": "TCP", "name": "http"}}})
	r.containerPorts(map[string]any{"ports": []any{
		map[string]any{"containerPort": json.Number("53"), "protocol": "UDP"},
		map[string]any{"containerPort": json.Number("9153"), "protocol": "TCP", "name": "metrics"}}})
	got := strings.Join(w.lines(), "\n")
	for _, want := range []string{"8080/TCP (http)", "0/TCP (http)", "53/UDP, 9153/TCP (metrics)", "0/UDP, 0/TCP (metrics)"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q not in:\n%s", want, got)
		}
	}
}

// An event about a part of the object names the part before its message, as kubectl prints it.
func TestDescribeEventNamesItsField(t *testing.T) {
	w := newDescribeWriter(time.Date(2031, 5, 1, 12, 0, 0, 0, time.UTC))
	w.events([]map[string]any{
		{"type": "Warning", "reason": "OOMKilling", "message": " out of memory ", "firstTimestamp": "2031-05-01T11:58:00Z",
			"source": map[string]any{"component": "kernel-monitor"}, "involvedObject": map[string]any{"kind": "Pod", "fieldPath": "spec.containers{api}"}},
		{"type": "Normal", "reason": "Pulled", "message": "pulled", "firstTimestamp": "2031-05-01T11:59:00Z",
			"source": map[string]any{"component": "kubelet"}, "involvedObject": map[string]any{"kind": "Pod"}},
	})
	want := []string{
		"Events:",
		"  Type     Reason      Age   From            Message",
		"  ----     ------      ----  ----            -------",
		"  Warning  OOMKilling  2m    kernel-monitor  spec.containers{api}: out of memory",
		"  Normal   Pulled      60s   kubelet         pulled",
	}
	if d := cmp.Diff(want, w.lines()); d != "" {
		t.Error(d)
	}
}
