package browse_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/browse"
	"github.com/studioctl/studioctl/demo"
)

// Walk the cluster tree: the namespaces, then one namespace's folders with their counts (one list
// per kind, at most four at a time; a kind the identity may not list is a locked folder, not an
// error). The demo cluster (package demo) is a recording of a real v1.37.2 API server.
func ExampleOpen() {
	ctx := context.Background()
	s, err := demo.Open(studioctl.Options{})
	if err != nil {
		panic(err)
	}
	tree := browse.Open(s)
	root, err := tree.Root(ctx) // Cluster, then the namespaces: nothing below them is read yet
	if err != nil {
		panic(err)
	}
	var labels []string
	for _, c := range root.Containers {
		labels = append(labels, c.Label)
	}
	fmt.Println(strings.Join(labels, " "))
	shop := tree.NamespaceNode("shop")
	if err := tree.Open(ctx, shop); err != nil {
		panic(err)
	}
	shop.Walk(func(n *browse.Node) {
		if n.Kind == browse.KindFolder && n.Count > 0 {
			fmt.Printf("  %s: %s\n", n.Label, n.CountText())
		}
	})
	// Output:
	// Cluster ai-tools argocd cert-manager default kube-node-lease kube-public kube-system mcp-2c8b6d4e0f13 mcp-4b1f0c9a7e21 mcp-70a1b2c3d4e5 mcp-9d3e5f7a1c02 ml-platform monitoring ops payments platform shop studioctl toolhive-system
	//   Pods: 8
	//   Deployments: 2
	//   Replica Sets: 2
	//   Stateful Sets: 1
	//   Config Maps: 4
	//   Secrets: 4
	//   Horizontal Pod Autoscalers: 1
	//   Pod Disruption Budgets: 1
	//   Services: 4
	//   Endpoints: 4
	//   Endpoint Slices: 4
	//   Ingresses: 1
	//   Persistent Volume Claims: 1
	//   Service Accounts: 3
	//   Events: 21
	//   Custom Resources: 10
}
