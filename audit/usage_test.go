package audit

import (
	"context"
	"strings"
	"testing"

	"github.com/studioctl/studioctl/internal/golden"
)

func usagePods(w *world) {
	c := good("web")
	c["resources"] = obj{"requests": obj{"cpu": "100m", "memory": "1Gi"}, "limits": obj{"cpu": "100m", "memory": "2Gi"}}
	w.list("/api/v1/namespaces/shop/pods", readyPod("web-1", "shop", obj{"labels": obj{"app": "web"}}, podSpec(c, good("sidecar")), 0, nil))
}

func TestInspectUsage(t *testing.T) {
	w := newWorld(t, append(baseKinds, metricsKind))
	usagePods(w)
	w.list("/apis/metrics.k8s.io/v1beta1/namespaces/shop/pods", obj{"kind": "PodMetrics", "metadata": meta("web-1", "shop", nil),
		"containers": []any{obj{"name": "web", "usage": obj{"cpu": "95000000n", "memory": "10240Ki"}}}}) // metrics-server's own units; the report prints 95m and 10Mi, as top does
	r, err := InspectUsage(context.Background(), w.s, "shop", Options{Selector: "app=web"})
	if err != nil {
		t.Fatal(err)
	}
	narrowed := 0
	for _, req := range w.reg.Seen {
		if strings.Contains(req, "labelSelector=app%3Dweb") {
			narrowed++
		}
	}
	if narrowed != 2 {
		t.Errorf("-l must narrow the pods and their metrics: %v", w.reg.Seen)
	}
	got := codesOf(r.Findings)
	if len(got) != 2 || got[0] != CodeRequestsAboveUse || got[1] != CodeUsageNearLimit {
		t.Errorf("codes: %v", got)
	}
	if r.UsageUnavailable || len(r.Namespaces[0].Usage) != 2 || r.Namespaces[0].Usage[1].Measured {
		t.Errorf("rows: %+v", r.Namespaces[0].Usage)
	}
	golden.Check(t, "usage.txt", render(t, r, ""))
	golden.Check(t, "usage.json", render(t, r, "json"))
}

func TestInspectUsageWithoutMetricsServer(t *testing.T) {
	w := newWorld(t, baseKinds)
	usagePods(w)
	r, err := InspectUsage(context.Background(), w.s, "shop", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !r.UsageUnavailable || len(r.Notices) != 1 || codesOf(r.Findings)[0] != CodeUsageUnavailable {
		t.Errorf("report: %+v", r)
	}
	golden.Check(t, "usage-unavailable.txt", render(t, r, ""))
}

func TestUsageNotAuditedNamespace(t *testing.T) {
	w := newWorld(t, append(baseKinds, metricsKind))
	w.forbid("/api/v1/namespaces/locked/pods")
	w.forbid("/apis/metrics.k8s.io/v1beta1/namespaces/locked/pods")
	r, err := InspectUsage(context.Background(), w.s, "locked", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Audited() != 0 || r.Findings[0].Code != CodeNotAudited {
		t.Errorf("report: %+v", r.Findings)
	}
}
