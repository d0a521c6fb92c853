package describe

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// describe's own rules over apivalue's reading (whose sums and prints apivalue's tests cover):
// a value is read to nano units with spaces around it allowed, two texts name the same quantity
// by value, and an unset or negative limit counts as none.
func TestDescribeQuantityRules(t *testing.T) {
	q, ok := parseDQuantity(" 1.5n ")
	if !ok || q.String() != "2n" {
		t.Errorf("parseDQuantity(\" 1.5n \") = %s, %v; want 2n", q, ok)
	}
	for _, c := range []struct {
		a, b string
		same bool
	}{{"1Gi", "1073741824", true}, {"1G", "1Gi", false}, {"500m", "0.5", true}, {"x", "x", true}, {"x", "1", false}} {
		if got := dSameQuantity(c.a, c.b); got != c.same {
			t.Errorf("dSameQuantity(%s, %s) = %v", c.a, c.b, got)
		}
	}
	for in, zero := range map[string]bool{"0": true, "-1": true, "1m": false, "": false, "x": false} {
		if got := dZeroQuantity(in); got != zero {
			t.Errorf("dZeroQuantity(%q) = %v", in, got)
		}
	}
	if dMilli(parseDQuantityOrZero("20Ei")) != math.MaxInt64 || dValue(parseDQuantityOrZero("x")) != 0 {
		t.Errorf("dMilli(20Ei) = %d, dValue(x) = %d", dMilli(parseDQuantityOrZero("20Ei")), dValue(parseDQuantityOrZero("x")))
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
