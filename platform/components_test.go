package platform

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/golden"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
)

// ManagedComponents in every state the seed describes (all synthetic): converged running, a
// blocked stop in maintenance, a lagging generation, a failed one, a converged stop.
func mc(ns, name, service, desired string, gen, observed int, state, health, op, sec, reason string, extra string) string {
	return `{"metadata":{"name":"` + name + `","namespace":"` + ns + `","generation":` + itoa(gen) + `,"creationTimestamp":"2031-05-01T11:00:00Z"},
 "spec":{"service":"` + service + `","source":{"chart":"synthetic"},"desiredState":"` + desired + `"` + extra + `},
 "status":{"observedGeneration":` + itoa(observed) + `,"state":"` + state + `","health":"` + health + `","operationState":"` + op + `","securityState":"` + sec + `","reason":"` + reason + `"}}`
}

func itoa(n int) string { return strconv.Itoa(n) }

var componentItems = []string{
	mc("navin-platform", "postgres", "postgres", "Running", 3, 3, "started", "ok", "succeeded", "compliant", "", ""),
	mc("navin-platform", "redis", "redis", "Stopped", 4, 4, "started", "ok", "blocked", "compliant", "MaintenanceEnabled", `,"maintenance":true,"operation":{"id":"op-7","action":"stop"}`),
	mc("navin-platform", "search", "opensearch", "Running", 5, 4, "started", "ok", "running", "compliant", "", ""),
	mc("navin-platform", "ingest", "ingest", "Running", 2, 2, "failed", "critical", "failed", "non_compliant", "InlineSecret", ""),
	mc("navin-platform", "batch", "batch", "Stopped", 2, 2, "stopped", "unknown", "succeeded", "compliant", "", ""),
}

func TestComponents(t *testing.T) {
	c, reg := newClient(t)
	addDiscovery(reg, []synth.Resource{rMC})
	reg.JSON("/apis/platform.navin.ai/v1alpha1/namespaces/navin-platform/managedcomponents", "*", listAnswer("ManagedComponentList", componentItems...))
	cs, err := ListComponents(context.Background(), c, kube.Scope{Namespace: "navin-platform"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"postgres": true, "redis": false, "search": false, "ingest": false, "batch": true}
	for _, it := range cs.Items {
		if it.Converged != want[it.Name] {
			t.Errorf("%s converged = %v", it.Name, it.Converged)
		}
		if it.Name == "redis" && (it.State != "started" || it.Health != "ok" || it.Blocked == nil || it.Blocked.Action != "stop") {
			t.Errorf("the blocked stop must read started/ok with the operation apart: %+v", it)
		}
	}
	golden.Check(t, "components.txt", render(t, Result("", cs, cs.Lines()), printer.People))
	golden.Check(t, "components.json", render(t, Result("json", cs, nil), printer.People))
}

func TestComponentsAllNamespacesAndEmpty(t *testing.T) {
	c, reg := newClient(t)
	addDiscovery(reg, []synth.Resource{rMC})
	reg.JSON("/apis/platform.navin.ai/v1alpha1/managedcomponents", "*", listAnswer("ManagedComponentList", componentItems[0], mc("toolhive-system", "toolhive-operator", "toolhive-operator", "Running", 1, 1, "started", "ok", "idle", "compliant", "", "")))
	reg.JSON("/apis/platform.navin.ai/v1alpha1/namespaces/empty/managedcomponents", "*", listAnswer("ManagedComponentList"))
	cs, err := ListComponents(context.Background(), c, kube.Scope{AllNamespaces: true})
	if err != nil {
		t.Fatal(err)
	}
	if lines := cs.Lines(); !strings.HasPrefix(lines[0], "NAMESPACE") || len(lines) != 3 {
		t.Errorf("lines = %q", lines)
	}
	cs, err = ListComponents(context.Background(), c, kube.Scope{Namespace: "empty"})
	if err != nil || cs.Lines()[0] != "No ManagedComponents found in namespace empty." {
		t.Errorf("empty: %v %q", err, cs.Lines())
	}
}

func TestComponentsCRDNotServed(t *testing.T) {
	c, reg := newClient(t)
	addDiscovery(reg, []synth.Resource{rNodes})
	_, err := ListComponents(context.Background(), c, kube.Scope{Namespace: "x"})
	if e, ok := fault.As(err); !ok || e.Code != CodeCRDNotServed || e.Class != fault.ServerError {
		t.Errorf("got %v", err)
	}
}

var _ = httpstub.New
