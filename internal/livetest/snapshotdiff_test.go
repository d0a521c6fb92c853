package livetest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/snapshot"
)

// TestSnapshotDiffLive captures the test's own namespace, makes known changes on the live server
// (a deployment scaled, a pod's image changed, a pod deleted, a namespace added), captures again,
// and diffs the two: every change is found, and nothing else is reported in the namespaces the
// test owns (the rest of the shared cluster is other tests' business; events are the changes'
// own records and are not counted).
func TestSnapshotDiffLive(t *testing.T) {
	needClusterAndKubectl(t)
	ns, added := "diffcheck", "diffcheck-added"
	ownNamespace(t, ns)
	kubectlAdmin(t, `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: `+ns+`}
spec:
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      nodeSelector: {type: kwok}
      tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]
      containers: [{name: app, image: registry.example/web:1}]
---
`+diffPod(ns, "keep")+`---
`+diffPod(ns, "gone"), "apply", "-f", "-")
	waitJSONPath(t, ns, "deployment/web", "{.status.readyReplicas}", "1")
	waitJSONPath(t, ns, "pod/keep", "{.status.phase}", "Running")
	waitJSONPath(t, ns, "pod/gone", "{.status.phase}", "Running")
	time.Sleep(2 * time.Second) // let the controllers' last status writes land before the first capture

	a := diffCapture(t, ns)
	kubectlAdmin(t, "", "scale", "deployment/web", "-n", ns, "--replicas=2")
	kubectlAdmin(t, "", "set", "image", "pod/keep", "-n", ns, "app=registry.example/keep:2")
	kubectlAdmin(t, "", "delete", "pod/gone", "-n", ns, "--grace-period=0", "--force")
	kubectlAdmin(t, "", "create", "namespace", added)
	t.Cleanup(func() { kubectlAdmin(t, "", "delete", "namespace", added, "--timeout=120s") })
	waitJSONPath(t, ns, "deployment/web", "{.status.readyReplicas}", "2")
	time.Sleep(2 * time.Second)
	b := diffCapture(t, ns)

	r, err := snapshot.Diff(context.Background(), a, b, snapshot.DiffOptions{PathA: "a", PathB: "b"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	fields := map[string][]string{}
	for _, o := range r.Objects {
		// The added namespace's own objects (its default ServiceAccount, its CA ConfigMap) are the
		// controllers' and are outside the capture's namespaces: the Namespace itself is checked.
		mine := o.Namespace == ns || (o.Kind == "namespaces" && (o.Name == ns || o.Name == added))
		if !mine || o.Kind == "events" || o.Kind == "events.events.k8s.io" {
			continue
		}
		name := o.Name
		if o.Kind == "pods" && strings.HasPrefix(name, "web-") {
			name = "web-*" // the deployment's pods have generated names
		}
		if o.Kind == "replicasets.apps" {
			name = "web-*"
		}
		key := o.Change + " " + o.Kind + " " + name
		got = append(got, key)
		fields[key] = o.Fields
	}
	slices.Sort(got)
	want := []string{
		"added namespaces " + added,
		"added pods web-*",
		"changed deployments.apps web",
		"changed pods keep",
		"changed replicasets.apps web-*",
		"removed pods gone",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("the diff found (in the test's namespaces):\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !slices.Contains(fields["changed deployments.apps web"], "spec.replicas") || !slices.Contains(fields["changed pods keep"], "spec.containers[0].image") {
		t.Errorf("changed fields: %v", fields)
	}
	t.Logf("snapshot diff: %d changes found in the test's namespaces, as made: %s", len(got), strings.Join(got, "; "))
}

func diffPod(ns, name string) string {
	return fmt.Sprintf(`apiVersion: v1
kind: Pod
metadata: {name: %s, namespace: %s, labels: {app: %s}}
spec:
  nodeSelector: {type: kwok}
  tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]
  containers: [{name: app, image: registry.example/%s:1}]
`, name, ns, name, name)
}

// diffCapture captures the namespaces named, and the cluster-scoped kinds, as the admin.
func diffCapture(t *testing.T, namespaces ...string) *studioctl.Snapshot {
	t.Helper()
	path := t.TempDir() + "/diff.snap"
	captureInto(t, "admin", snapshot.Options{Path: path, Namespaces: namespaces})
	s, err := studioctl.LoadSnapshot(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// waitJSONPath waits up to a minute for kubectl's jsonpath of an object to read want.
func waitJSONPath(t *testing.T, ns, object, path, want string) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		out, _, _ := runArgv(t, kubectl, "--kubeconfig", kubeconfigPath("admin"), "get", object, "-n", ns, "-o", "jsonpath="+path)
		if strings.TrimSpace(out) == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s in %s: %s is %q, want %q", object, ns, path, out, want)
		}
		time.Sleep(500 * time.Millisecond)
	}
}
