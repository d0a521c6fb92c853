package studioctl_test

import (
	"context"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/demo"
	"github.com/studioctl/studioctl/redact"
)

func TestTypedReadsEdges(t *testing.T) {
	ctx := context.Background()
	s, err := demo.Open(studioctl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, err := range s.List(ctx, "pods", studioctl.ListOptions{Namespace: "shop"}) {
		if err != nil {
			t.Fatal(err)
		}
		if n++; n == 2 {
			break // an early break ends the walk without a panic or an error
		}
	}
	for _, err := range s.List(ctx, "pods", studioctl.ListOptions{Namespace: "shop", MaxRows: 3}) {
		if e, ok := studioctl.AsError(err); ok {
			if e.Code != "limit.rows" || !e.IsRefusal() {
				t.Fatalf("past the cap: %s %s", e.Code, e.Sentence)
			}
			n = -1
		}
	}
	if n != -1 {
		t.Fatal("a list past its row cap ended without limit.rows")
	}
	for _, err := range s.Watch(ctx, "pods", studioctl.ListOptions{}, time.Hour) {
		if e, ok := studioctl.AsError(err); !ok || !e.IsRefusal() {
			t.Fatalf("a one-hour watch window: %v", err)
		}
		n = -2
	}
	if n != -2 {
		t.Fatal("a one-hour watch window was accepted")
	}
	if _, err := s.Logs(ctx, "shop", "postgres-0", studioctl.LogOptions{TailLines: -1}); err == nil {
		t.Fatal("a negative tail was accepted")
	}
	if got := (studioctl.GVR{Group: "apps", Version: "v1", Resource: "deployments"}).String(); got != "deployments.v1.apps" {
		t.Fatal(got)
	}
	k, err := s.Resolve(ctx, studioctl.GVR{Version: "v1", Resource: "pods"}.String())
	if err != nil || k.Kind != "Pod" {
		t.Fatal(k, err)
	}
	if got := s.Unrecorded(); len(got) > 0 {
		t.Fatalf("unrecorded requests: %v", got)
	}
}

// Discovery and the self reviews answer the library's own types, every field carried over.
func TestDiscoveryAndReviewsAnswerTheLibrarysTypes(t *testing.T) {
	ctx := context.Background()
	s, err := demo.Open(studioctl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	deploy, err := s.Resolve(ctx, "deploy")
	if err != nil {
		t.Fatal(err)
	}
	want := studioctl.Kind{Group: "apps", Version: "v1", Resource: "deployments", Kind: "Deployment", Singular: "deployment",
		ShortNames: []string{"deploy"}, Namespaced: true, Verbs: []string{"get", "list", "watch"},
		AllVerbs: []string{"create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"}, Categories: []string{"all"}}
	if d := cmp.Diff(want, deploy); d != "" {
		t.Fatalf("deploy (-want +got):\n%s", d)
	}
	if got := deploy.GVR().String(); got != "deployments.v1.apps" {
		t.Fatal(got)
	}
	kinds, err := s.Kinds(ctx)
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]studioctl.Kind{}
	for _, k := range kinds {
		found[k.GVR().String()] = k
	}
	if d := cmp.Diff(want, found["deployments.v1.apps"]); d != "" || found["pods.v1"].Kind != "Pod" || found["nodes.v1"].Namespaced {
		t.Fatalf("Kinds: deployments (-want +got):\n%s\npods %+v\nnodes %+v", d, found["pods.v1"], found["nodes.v1"])
	}
	rules, err := s.Rules(ctx, "shop")
	if err != nil {
		t.Fatal(err)
	}
	// The demo's identity (demo/demo-reader.yaml) is the reader of deploy/studioctl-reader.yaml and
	// may get and list Secrets: it lists pods in shop (through view), is granted no wildcard, and
	// on Secrets exactly get and list, in a rule of their own.
	var listsPods, readsSecrets bool
	for _, r := range rules.ResourceRules {
		if slices.Contains(r.APIGroups, "") && slices.Contains(r.Resources, "pods") && slices.Contains(r.Verbs, "list") {
			listsPods = true
		}
		if slices.Contains(r.Resources, "secrets") {
			readsSecrets = true
			if d := cmp.Diff([]string{"secrets"}, r.Resources); d != "" || !slices.Equal(slices.Sorted(slices.Values(r.Verbs)), []string{"get", "list"}) {
				t.Errorf("the demo reader's Secrets rule in shop: %+v", r)
			}
		}
		if slices.Contains(r.Verbs, "*") || slices.Contains(r.Resources, "*") {
			t.Errorf("the reader's rules in shop hold %+v", r)
		}
	}
	if rules.Incomplete || !listsPods || !readsSecrets || len(rules.NonResourceRules) == 0 {
		t.Fatalf("the reader's rules in shop: %+v", rules)
	}
	me, err := s.WhoAmI(ctx)
	if err != nil || me.Username != "system:serviceaccount:studioctl:studioctl-demo-reader" || !slices.Contains(me.Groups, "system:serviceaccounts:studioctl") {
		t.Fatalf("whoami: %+v %v", me, err)
	}
}

// A watch runs in its caller's goroutine: a caller that stops after the first event leaves
// nothing behind waiting to send it the next (a channel answered before would have left its
// sender blocked until ctx ended, here never), and a full read yields every event of the window.
func TestWatchStopsWhenTheCallerStops(t *testing.T) {
	ctx := context.Background()
	s, err := demo.Open(studioctl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for ev, err := range s.Watch(ctx, "deployments", studioctl.ListOptions{Namespace: "shop"}, 10*time.Second) {
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, ev.Type+" "+ev.Row.Object.Name())
	}
	if len(all) < 2 {
		t.Fatalf("a whole watch of shop's deployments yielded %v", all)
	}
	before := runtime.NumGoroutine()
	for i := 0; i < 20; i++ {
		for _, err := range s.Watch(ctx, "deployments", studioctl.ListOptions{Namespace: "shop"}, 10*time.Second) {
			if err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	time.Sleep(100 * time.Millisecond) // what a stopped watch would leave has had time to show
	if after := runtime.NumGoroutine(); after > before+2 {
		t.Errorf("20 watches stopped at their first event left %d goroutines more", after-before)
	}
}

// In machine mode a typed table and a watch mask their rows as the command masks its answers:
// a Secret's name in its cells and its object, and an object's annotation values. The same reads
// in people mode show them, so the test sees the masks and not an empty demo.
func TestMachineModeMasksTypedTablesAndWatches(t *testing.T) {
	ctx := context.Background()
	all := studioctl.ListOptions{AllNamespaces: true}
	seen := map[studioctl.Mode][]string{}
	for _, mode := range []studioctl.Mode{studioctl.People, studioctl.Machine} {
		s, err := demo.Open(studioctl.Options{Redact: mode})
		if err != nil {
			t.Fatal(err)
		}
		secrets, err := s.Table(ctx, "secrets", all)
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range secrets.Rows {
			seen[mode] = append(seen[mode], "table cell "+row.Cell(0), "table object "+row.Object.Name())
		}
		for ev, err := range s.Watch(ctx, "secrets", all, 10*time.Second) {
			if err != nil {
				t.Fatal(err)
			}
			seen[mode] = append(seen[mode], "watch cell "+ev.Row.Cell(0), "watch object "+ev.Row.Object.Name())
		}
		pods, err := s.Table(ctx, "pods", all)
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range pods.Rows {
			for k, v := range row.Object.Annotations() {
				seen[mode] = append(seen[mode], "annotation "+k+"="+v)
			}
		}
	}
	people, machine := seen[studioctl.People], seen[studioctl.Machine]
	if !slices.Contains(people, "table cell api-keys") || !slices.Contains(people, "watch object api-keys") ||
		!slices.ContainsFunc(people, func(s string) bool { return strings.HasPrefix(s, "annotation ") }) {
		t.Fatalf("people mode shows no Secret name or annotation to mask: %v", people)
	}
	if len(machine) != len(people) {
		t.Fatalf("machine mode read %d values, people mode %d", len(machine), len(people))
	}
	for _, v := range machine {
		if !strings.HasSuffix(v, redact.Masked) {
			t.Errorf("machine mode shows %q", v)
		}
	}
}
