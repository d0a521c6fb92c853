package describe

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/studioctl/studioctl/internal/golden"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/printer"
)

// A synthetic ManagedComponent (no server wrote it: the shapes of the navin CRD in shared/data,
// with values no real component holds, a terminal escape in a message and a value inside
// spec.values that must never be printed). The replay golden of the live scenario's components
// is in testdata/replay once the lead records group 20-describe.
const syntheticComponent = `{
  "apiVersion": "platform.navin.ai/v1alpha1", "kind": "ManagedComponent",
  "metadata": {"name": "search-indexer", "namespace": "platform", "generation": 3,
    "labels": {"app.kubernetes.io/managed-by": "navin-manager"}, "creationTimestamp": "2031-05-01T11:00:00Z"},
  "spec": {"service": "opensearch", "version": "2.17.1", "source": {"chart": "charts/opensearch"},
    "values": {"replicaCount": 3, "adminPassword": "synthetic-value-never-printed"},
    "secretRefs": [{"secretName": "search-admin", "key": "password", "valuePath": "security.adminPassword"},
      {"secretName": "search-admin", "key": "username", "valuePath": "security.adminUser"}],
    "replicas": 3, "pdb": {"minAvailable": 2}, "autoscaling": {"engine": "keda", "minReplicas": 3, "maxReplicas": 6, "targetCPUUtilizationPercentage": 70},
    "desiredState": "Running", "maintenance": false,
    "operation": {"id": "op-0200", "action": "scale", "requestedAt": "2031-05-01T11:50:00Z"}},
  "status": {"observedGeneration": 2, "state": "started", "health": "warning", "operationState": "running",
    "securityState": "compliant", "reason": "Scaling", "message": "2 of 3 replicas \u001b]0;pwned\u0007ready",
    "lastOperation": {"id": "op-0199", "action": "restart", "state": "succeeded", "finishedAt": "2031-05-01T10:00:00Z"},
    "workloads": [{"kind": "StatefulSet", "name": "search-indexer", "desired": 3, "ready": 2, "available": 2}],
    "conditions": [{"type": "Ready", "status": "False", "reason": "Scaling", "lastTransitionTime": "2031-05-01T11:50:00Z"}]}
}`

func TestDescribeManagedComponent(t *testing.T) {
	dec := json.NewDecoder(strings.NewReader(syntheticComponent))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil {
		t.Fatal(err)
	}
	d := &Described{Object: obj, Now: time.Date(2031, 5, 1, 12, 0, 0, 0, time.UTC), Events: []map[string]any{},
		Resource: discovery.APIResource{Group: "platform.navin.ai", Version: "v1alpha1", Resource: "managedcomponents", Kind: "ManagedComponent", Namespaced: true}}
	for _, mode := range []printer.RedactMode{printer.People, printer.Machine} {
		name := "managedcomponent.people.txt"
		if mode == printer.Machine {
			name = "managedcomponent.machine.txt"
		}
		text := strings.Join(d.Render(mode), "\n") + "\n"
		golden.Check(t, name, text)
		for _, never := range []string{"synthetic-value-never-printed", "security.adminPassword", "\x1b", "\x07"} {
			if strings.Contains(text, never) {
				t.Errorf("%s prints %q", name, never)
			}
		}
		for _, want := range []string{"password", "username", "StatefulSet  search-indexer  3", "restart (succeeded) op-0199",
			"false (generation 3, observed 2)", "adminPassword, replicaCount"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s lacks %q", name, want)
			}
		}
		if got := bytes.Count([]byte(text), []byte("search-admin")); (mode == printer.People) != (got == 2) {
			t.Errorf("%s names the Secret %d times", name, got)
		}
	}
}
