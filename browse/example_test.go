package browse_test

import (
	"context"
	"fmt"
	"log"
	"os"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/browse"
)

// Example walks a cluster: the Cluster container and the default namespace opened (one list per
// kind, at most four at a time), the other namespaces named.
func Example() {
	data, err := os.ReadFile(os.Getenv("KUBECONFIG"))
	if err != nil {
		log.Fatal(err)
	}
	s, _, err := studioctl.OpenKubeconfig(data, "", studioctl.Options{})
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	b := browse.New(&s.Session)
	root, err := b.Root(ctx) // Cluster, then the namespaces: nothing below them is read yet
	if err != nil {
		log.Fatal(err)
	}
	for _, c := range root.Containers {
		if c.Path == browse.ClusterName || c.Default {
			if err := b.Open(ctx, c); err != nil { // a 403 is a locked folder, not an error
				log.Fatal(err)
			}
		}
	}
	for _, line := range browse.Text(root.Containers, browse.TextOptions{Mode: s.Mode()}) {
		fmt.Println(line)
	}
}
