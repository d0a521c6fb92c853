package main

import (
	"context"

	"github.com/spf13/cobra"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/browse"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/statement"
)

func treeCommand(f *Factory) *cobra.Command {
	io := f.IO
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
				return fail(kube.Refusef(statement.CodeBadValue, browse.SentenceOutput, "json"), false)
			}
			for _, a := range args {
				if a != browse.ClusterName && !kube.IsDNS1123Label(a) {
					return fail(kube.Refusef(browse.CodeUsage, browse.SentenceTreeNamespace, a), jsonOut)
				}
			}
			return f.withSession(cmd.Context(), jsonOut, func(ctx context.Context, s *studioctl.Session) error {
				res, failed, err := browse.Tree(ctx, &s.Session, s.Mode(), args, objects, jsonOut)
				if err != nil {
					return err
				}
				if err := s.Print(io.Out, io.Err, res); err != nil {
					return err
				}
				if failed {
					return exitStatus(kube.ExitServerError)
				}
				return nil
			})
		},
	}
	cmd.Flags().BoolVar(&objects, "objects", false, "list each folder's object names (the first 1,000) and the custom resource types")
	cmd.Flags().StringVarP(&output, "output", "o", "", "json: the versioned document of docs/tree.md")
	return cmd
}
