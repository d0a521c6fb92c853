package main

import (
	"context"
	"os"
	"os/signal"
	"sync"

	"github.com/spf13/cobra"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/browse"
	"github.com/studioctl/studioctl/console"
	"github.com/studioctl/studioctl/kube"
)

func init() {
	extraCommands = append(extraCommands, treeCommand, sourceCommand, healthCommand)
}

func treeCommand(g *globals, io streams) *cobra.Command {
	var objects bool
	var output string
	cmd := &cobra.Command{
		Use:   "tree [Cluster|NAMESPACE ...]",
		Short: "Print the cluster as a tree: Cluster's folders with counts and the namespaces, or the named containers' folders",
		Long: "Without arguments, tree prints the Cluster container's folders, each with its count (at most 1,000\n" +
			"objects are listed per folder: past that it reads \"1,000 or more\"), and the namespace list, without\n" +
			"opening any namespace. With NAMESPACE arguments (or Cluster), it opens those containers: one list per\n" +
			"kind shown, at most four at a time. A kind the identity may not list is a locked folder, with the\n" +
			"sentence saying so; a kind the server does not serve is marked so. -o json prints the document\n" +
			"described in docs/tree.md.",
		Example: "  studioctl --kubeconfig k.yaml tree\n  studioctl --kubeconfig k.yaml tree shop payments --objects\n  studioctl --kubeconfig k.yaml tree shop -o json",
		RunE: func(cmd *cobra.Command, args []string) error {
			jsonOut := output == "json"
			if output != "" && output != "json" {
				return report(io, kube.Refusef(console.CodeBadValue, browse.SentenceOutput, "json"), false)
			}
			for _, a := range args {
				if a != browse.ClusterName && !kube.IsDNS1123Label(a) {
					return report(io, kube.Refusef(browse.CodeUsage, browse.SentenceTreeNamespace, a), jsonOut)
				}
			}
			s, err := openSession(g, io)
			if err != nil {
				return report(io, err, jsonOut)
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			res, failed, err := readTree(ctx, s, args, objects, jsonOut)
			if err != nil {
				return report(io, err, jsonOut)
			}
			if err := s.Print(io.Out, io.Err, res); err != nil {
				return report(io, err, jsonOut)
			}
			if failed {
				return exitError{kube.ExitServerError}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&objects, "objects", false, "list each folder's object names (the first 1,000) and the custom resource types")
	cmd.Flags().StringVarP(&output, "output", "o", "", "json: the versioned document of docs/tree.md")
	return cmd
}

// readTree reads what tree prints: the Cluster container opened and the namespace list, or the
// named containers opened. failed is true when a folder's list answered an error other than 403.
func readTree(ctx context.Context, s *studioctl.Session, args []string, objects, jsonOut bool) (*console.Result, bool, error) {
	b := browse.New(&s.Session)
	var (
		nodes   []*browse.Node
		ns      *browse.Namespaces
		notices []browse.Notice
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
			if a == browse.ClusterName {
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
		if seen[browse.ClusterName] {
			if list, err := b.Namespaces(ctx); err == nil {
				notices = list.Notices
			}
		}
	}
	failed := false
	for _, n := range nodes {
		n.Walk(func(x *browse.Node) {
			if x.Err != nil {
				failed = true
			}
		})
	}
	res := &console.Result{}
	if jsonOut {
		res.Docs = &console.Docs{Format: "json", Value: browse.JSON(nodes, ns, notices, objects, s.Mode())}
		return res, failed, nil
	}
	for _, n := range notices {
		res.Notices = append(res.Notices, "notice: "+n.Sentence)
	}
	res.Lines = &console.Lines{Text: browse.Text(nodes, browse.TextOptions{Objects: objects, Mode: s.Mode()})}
	return res, failed, nil
}
