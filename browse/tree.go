package browse

import (
	"context"
	"sync"

	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
)

// readTree reads what tree prints: the Cluster container opened and the namespace list, or the
// named containers opened. failed is true when a folder's list answered an error other than 403.
func Tree(ctx context.Context, s *reader.Session, mode printer.RedactMode, args []string, objects, jsonOut bool) (*printer.Result, bool, error) {
	b := New(s)
	var (
		nodes   []*Node
		ns      *Namespaces
		notices []Notice
	)
	if len(args) == 0 {
		// The namespace list and the Cluster container's folders are read together; the
		// Namespaces folder waits for the same list rather than reading it again.
		cluster := b.ClusterNode()
		var openErr error
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			openErr = b.Open(ctx, cluster)
		}()
		root, err := b.Root(ctx)
		wg.Wait()
		if err != nil {
			return nil, false, err
		}
		if openErr != nil {
			return nil, false, openErr
		}
		root.Containers[0] = cluster
		nodes, ns, notices = root.Containers, root.Namespaces, root.Notices
	} else {
		seen := map[string]bool{}
		for _, a := range args {
			if seen[a] {
				continue
			}
			seen[a] = true
			if a == ClusterName {
				nodes = append(nodes, b.ClusterNode())
			} else {
				nodes = append(nodes, b.NamespaceNode(a))
			}
		}
		errs := make([]error, len(nodes))
		var wg sync.WaitGroup
		for i, n := range nodes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = b.Open(ctx, n)
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				return nil, false, err
			}
		}
		// The Namespaces folder under Cluster reads the namespace list: its notices apply.
		if seen[ClusterName] {
			if list, err := b.Namespaces(ctx); err == nil {
				notices = list.Notices
			}
		}
	}
	failed := false
	for _, n := range nodes {
		n.Walk(func(x *Node) {
			if x.Err != nil {
				failed = true
			}
		})
	}
	res := &printer.Result{}
	if jsonOut {
		res.Docs = &printer.Docs{Format: "json", Value: JSON(nodes, ns, notices, objects, mode)}
		return res, failed, nil
	}
	for _, n := range notices {
		res.Notices = append(res.Notices, "notice: "+n.Sentence)
	}
	res.Lines = &printer.Lines{Text: Text(nodes, TextOptions{Objects: objects, Mode: mode})}
	return res, failed, nil
}
