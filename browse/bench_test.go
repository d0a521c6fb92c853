package browse_test

import (
	"context"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/browse"
	"github.com/studioctl/studioctl/internal/inner"
)

// BenchmarkOpenClusterAndNamespace opens the Cluster container (its folders and the namespace
// list) and one namespace on the live cluster, as `studioctl tree` and `studioctl tree shop` do,
// and reports the requests each run sends. It is skipped without STUDIOCTL_LIVE_STATE (the
// state directory of e2e/cluster.sh); STUDIOCTL_BENCH_NAMESPACE names the namespace (shop).
//
//	STUDIOCTL_LIVE_STATE=/tmp/studioctl-e2e/v1.37 go test ./browse -run '^$' -bench . -benchtime 20x
func BenchmarkOpenClusterAndNamespace(b *testing.B) {
	for _, cold := range []bool{false, true} {
		name := "warm-discovery"
		if cold {
			name = "cold-discovery"
		}
		b.Run(name, func(b *testing.B) { benchOpen(b, cold) })
	}
}

func benchOpen(b *testing.B, cold bool) {
	state := os.Getenv("STUDIOCTL_LIVE_STATE")
	if state == "" {
		b.Skip("STUDIOCTL_LIVE_STATE is not set: no live cluster")
	}
	ns := os.Getenv("STUDIOCTL_BENCH_NAMESPACE")
	if ns == "" {
		ns = "shop"
	}
	data, err := os.ReadFile(filepath.Join(state, "admin.kubeconfig"))
	if err != nil {
		b.Fatal(err)
	}
	var requests atomic.Int64
	open := func() *studioctl.Session {
		s, _, err := studioctl.OpenKubeconfig(data, "", studioctl.Options{Observe: func(string, string) { requests.Add(1) }})
		if err != nil {
			b.Fatal(err)
		}
		return s
	}
	ctx := context.Background()
	s := open()
	if _, err := inner.Client(s).Discovery(ctx); err != nil {
		b.Fatal(err)
	}
	requests.Store(0)
	b.ResetTimer()
	for range b.N {
		if cold {
			s = open()
		}
		br := browse.Open(s)
		root, err := br.Root(ctx)
		if err != nil {
			b.Fatal(err)
		}
		if err := br.Open(ctx, root.Containers[0]); err != nil {
			b.Fatal(err)
		}
		if err := br.Open(ctx, br.NamespaceNode(ns)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(requests.Load())/float64(b.N), "requests/op")
}
