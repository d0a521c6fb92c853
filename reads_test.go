package studioctl_test

import (
	"context"
	"testing"
	"time"

	"github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/demo"
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
	if _, err := s.Watch(ctx, "pods", studioctl.ListOptions{}, time.Hour); err == nil {
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
