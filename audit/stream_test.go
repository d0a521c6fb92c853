package audit

import (
	"context"
	"strings"
	"testing"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/demo"
	"github.com/studioctl/studioctl/fault"
)

// The workload profile streams pods and events into the namespaces' profiles as they are read and
// keeps none of them: over the demo cluster every pod is counted in a row, and the pods' and
// events' lists hold no object. Before, every pod was kept whole until the report was built
// (706 MB for 20,000 pods replayed from a snapshot; 61 MB streamed).
func TestWorkloadProfileKeepsNoPod(t *testing.T) {
	s, err := demo.Open(studioctl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	g, err := newGatherer(s, "", Options{AllNamespaces: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.start(ctx); err != nil {
		t.Fatal(err)
	}
	in, err := readWorkloadKinds(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"pods", "events"} {
		if n := len(in.kinds[k].byNS); n != 0 {
			t.Errorf("%s: %d namespaces of objects kept", k, n)
		}
	}
	pods := 0
	for o, err := range s.List(ctx, "pods", studioctl.ListOptions{AllNamespaces: true}) {
		if err != nil {
			t.Fatal(err)
		}
		_ = o
		pods++
	}
	counted := 0
	for _, p := range in.profiles {
		for _, w := range p.rows {
			counted += w.Pods
		}
	}
	if pods == 0 || counted != pods {
		t.Fatalf("the profiles count %d pods, the cluster has %d", counted, pods)
	}
}

// The usage reading streams pods into one row per container and keeps no pod: over the demo the
// report has a row for every container of every pod, and the pods' list holds no object.
func TestUsageKeepsNoPod(t *testing.T) {
	s, err := demo.Open(studioctl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	r, err := InspectUsage(ctx, s, "", Options{AllNamespaces: true})
	if err != nil {
		t.Fatal(err)
	}
	containers := 0
	for o, err := range s.List(ctx, "pods", studioctl.ListOptions{AllNamespaces: true}) {
		if err != nil {
			t.Fatal(err)
		}
		containers += len(o.Slice("spec", "containers"))
	}
	rows := 0
	for _, ns := range r.Namespaces {
		rows += len(ns.Usage)
	}
	if containers == 0 || rows != containers {
		t.Fatalf("%d rows, %d containers", rows, containers)
	}
	g, err := newGatherer(s, "", Options{AllNamespaces: true})
	if err != nil {
		t.Fatal(err)
	}
	u := &usageRows{byNS: map[string][]*ContainerUsage{}, byName: map[string]*ContainerUsage{}}
	pods, err := g.listEach(ctx, "pods", "", "", u.addPod)
	if err != nil || len(pods.byNS) != 0 || len(u.byName) != containers {
		t.Fatalf("%v: %d namespaces of pods kept, %d rows", err, len(pods.byNS), len(u.byName))
	}
}

// An audit of a namespace that does not exist is refused with a sentence naming it (exit 2),
// for both readings, instead of a clean report a CI gate would pass (issue 34); an empty
// namespace that exists is still a clean report.
func TestAuditOfAMissingNamespace(t *testing.T) {
	s, err := demo.Open(studioctl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for name, read := range map[string]func(ns string) (*Report, error){
		"workloads": func(ns string) (*Report, error) { return ProfileWorkloads(ctx, s, ns, Options{}) },
		"usage":     func(ns string) (*Report, error) { return InspectUsage(ctx, s, ns, Options{}) },
	} {
		_, err := read("nosuch-namespace")
		if e, ok := fault.As(err); !ok || e.Code != CodeNamespaceMissing || e.Class != fault.Refused || !strings.Contains(e.Sentence, "nosuch-namespace") {
			t.Errorf("%s: %v", name, err)
		}
		if r, err := read("default"); err != nil || len(r.Namespaces) != 1 {
			t.Errorf("%s of the empty namespace default: %v", name, err)
		}
	}
}
