package browse

import (
	"context"
	"net/http"
	"sync"

	"github.com/studioctl/studioctl/fault"
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
		if err := b.missingNamespace(ctx, nodes); err != nil {
			return nil, false, err
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

// missingNamespace refuses a tree of a namespace that does not exist: Kubernetes answers a list in
// a missing namespace with an empty list, so the tree would draw a typo as an empty namespace and
// exit 0. It sends one GET of a named namespace only when the tree found nothing in it (an
// existing namespace nearly always holds its default ServiceAccount), and an answer other than
// 404 (403 for an identity that may not get namespaces, a recording without it) keeps the tree.
func (b *Browser) missingNamespace(ctx context.Context, nodes []*Node) error {
	for _, n := range nodes {
		if n.Path == ClusterName || !foundNothing(n) {
			continue
		}
		if b.namespaceNotFound(ctx, n.Namespace) {
			return &fault.Error{Code: CodeNamespaceMissing, Sentence: fault.Sentencef(sentenceNamespaceMissing, n.Namespace),
				Class: fault.ServerError, Status: http.StatusNotFound}
		}
	}
	return nil
}

// foundNothing reports whether no folder of an opened container listed an object: each is empty,
// locked or not served. A folder the server answered with an error says nothing either way, and
// the Custom Resources folder counts types from discovery, not objects.
func foundNothing(container *Node) bool {
	nothing := true
	container.Walk(func(x *Node) {
		if x.Kind == KindFolder && !x.custom && (x.Count > 0 || x.Capped || x.Err != nil) {
			nothing = false
		}
	})
	return nothing
}

// namespaceNotFound asks the server for the namespace itself; only its 404 counts.
func (b *Browser) namespaceNotFound(ctx context.Context, ns string) bool {
	d, err := b.discovery(ctx)
	if err != nil {
		return false
	}
	r, ok := d.Preferred("", "namespaces")
	if !ok {
		return false
	}
	_, err = b.c.GetTable(ctx, r, "", ns, "None")
	e, isErr := fault.As(err)
	return isErr && e.Code == fault.CodeNotFound
}
