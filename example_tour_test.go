package studioctl_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/demo"
)

// The tour of docs/library.md, one runnable step each: open, list (ExampleSession_List), get,
// watch, logs (ExampleSession_Logs), reviews (ExampleSession_CanI, ExampleSession_Rules) and a
// snapshot. Every step but the first reads the demo cluster; a program reading a live cluster
// opens its session as the first step does, and its reads are the same.

// Open a session from a kubeconfig's bytes. Nothing is sent until the first read; the notices say
// what the file held that studioctl leaves out.
func ExampleOpenKubeconfig() {
	kubeconfig := []byte(`apiVersion: v1
kind: Config
current-context: prod
clusters:
- name: prod
  cluster:
    server: https://k8s.example.com:6443
    proxy-url: http://proxy.example.com:3128
users:
- name: reader
  user:
    token: synthetic-token
contexts:
- name: prod
  context: {cluster: prod, user: reader, namespace: shop}
`)
	s, notices, err := studioctl.OpenKubeconfig(kubeconfig, "", studioctl.Options{})
	if err != nil {
		panic(err)
	}
	for _, n := range notices {
		fmt.Println(n.Code)
	}
	fmt.Println("row cap", s.RowCap(), "mode", s.Mode() == studioctl.People)
	_, _, err = studioctl.OpenKubeconfig(kubeconfig, "staging", studioctl.Options{})
	if e, ok := studioctl.AsError(err); ok {
		fmt.Println(e.Code, e.IsRefusal())
	}
	// Output:
	// kubeconfig.notice.not_imported
	// row cap 5000 mode true
	// kubeconfig.missing_context true
}

// Get one object by kind, namespace and name; numbers are json.Number, as the server wrote them.
func ExampleSession_Get() {
	ctx := context.Background()
	s, err := demo.Open(studioctl.Options{})
	if err != nil {
		panic(err)
	}
	d, err := s.Get(ctx, "deploy", "shop", "api")
	if err != nil {
		panic(err)
	}
	replicas, _ := d.Field("spec", "replicas")
	fmt.Println(d.Kind(), d.Ref(), "replicas:", replicas)
	for _, c := range d.Slice("spec", "template", "spec", "containers") {
		fmt.Println(c.String("name"), c.String("image"))
	}
	// Output:
	// Deployment deployment/api replicas: 2
	// api shop/api:2.4.1
}

// Watch a kind for a bounded window: first the objects there are (ADDED), then their changes,
// until the window ends. The demo is a snapshot, so its watch ends at the capture.
func ExampleSession_Watch() {
	ctx := context.Background()
	s, err := demo.Open(studioctl.Options{})
	if err != nil {
		panic(err)
	}
	for ev, err := range s.Watch(ctx, "deployments", studioctl.ListOptions{Namespace: "shop"}, 30*time.Second) {
		if err != nil {
			panic(err)
		}
		fmt.Println(ev.Type, ev.Row.Object.Name())
	}
	// Output:
	// ADDED api
	// ADDED web
}

// List the rights this connection holds in a namespace (SelfSubjectRulesReview): here, the verbs
// on pods in shop.
func ExampleSession_Rules() {
	ctx := context.Background()
	s, err := demo.Open(studioctl.Options{})
	if err != nil {
		panic(err)
	}
	rules, err := s.Rules(ctx, "shop")
	if err != nil {
		panic(err)
	}
	for _, r := range rules.ResourceRules {
		if slices.Contains(r.Resources, "pods") {
			group := strings.Join(r.APIGroups, ",")
			if group == "" {
				group = "core"
			}
			fmt.Println(group+":", strings.Join(r.Verbs, " "))
		}
	}
	// Output:
	// core: get list watch
	// metrics.k8s.io: get list watch
}

// Read a snapshot (a file studioctl snapshot wrote; demo.Snapshot is one): its manifest says what
// was captured, by whom, and a session on it answers every read offline, selectors included.
func ExampleOpenSnapshot() {
	ctx := context.Background()
	snap, err := demo.Snapshot() // from a file: studioctl.LoadSnapshot(path)
	if err != nil {
		panic(err)
	}
	m := snap.Manifest
	fmt.Println(m.Server, m.Identity.User, m.Redact)
	s, err := studioctl.OpenSnapshot(snap, studioctl.Options{})
	if err != nil {
		panic(err)
	}
	for pod, err := range s.List(ctx, "pods", studioctl.ListOptions{Namespace: "shop", LabelSelector: "app in (api,web)"}) {
		if err != nil {
			panic(err)
		}
		fmt.Println(pod.Labels()["app"], pod.String("status", "phase"))
	}
	// Output:
	// v1.37.2 system:serviceaccount:studioctl:studioctl-demo-reader people
	// api Running
	// api Running
	// web Running
	// web Running
	// web Running
}
