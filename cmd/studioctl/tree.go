package main

import (
	"context"
	"strings"

	"github.com/spf13/cobra"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/browse"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/internal/inner"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
)

func treeCommand(f *Factory) *cobra.Command {
	io := f.IO
	var objects bool
	own := ownFlags{command: "tree", forms: []string{"json"}, plain: "the tree", outputUsage: "json: the versioned document of docs/tree.md"}
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
			jsonOut := own.jsonErrors()
			if err := own.check(); err != nil {
				return fail(err, false)
			}
			for _, a := range args {
				if a != browse.ClusterName && !fault.IsDNS1123Label(a) {
					return fail(fault.Refusef(browse.CodeUsage, browse.SentenceTreeNamespace, a), jsonOut)
				}
			}
			return f.withSession(cmd.Context(), jsonOut, func(ctx context.Context, s *studioctl.Session) error {
				res, failed, err := browse.Tree(ctx, reader.Of(s), reader.Mode(s), args, objects, jsonOut)
				if err != nil {
					return err
				}
				if err := cli.Print(io.Out, io.Err, s, res); err != nil {
					return err
				}
				if failed {
					return exitStatus(fault.ExitServerError)
				}
				return nil
			})
		},
	}
	cmd.Flags().BoolVar(&objects, "objects", false, "list each folder's object names (the first 1,000) and the custom resource types")
	own.bind(cmd)
	return cmd
}

func sourceCommand(f *Factory) *cobra.Command {
	io := f.IO
	own := ownFlags{command: "source", forms: []string{"json"}, defaultForm: "yaml", outputUsage: "yaml or json",
		namespaced: true, namespaceUsage: "the object's namespace (default: the connection's default namespace)"}
	cmd := &cobra.Command{
		Use:   "source TYPE/NAME | TYPE NAME",
		Short: "Print an object's YAML view: managedFields removed, a Secret's values replaced by markers",
		Long: "source prints one object as the tree's YAML view shows it: the object the server holds, without\n" +
			"managedFields; a Secret keeps its keys, each value replaced by a marker stating its size. With\n" +
			"--redact machine the document is masked as every machine read is.",
		Example: "  studioctl --kubeconfig k.yaml source deployment/web -n shop\n  studioctl --kubeconfig k.yaml source node kwok-node-1 -o json",
		RunE: func(cmd *cobra.Command, args []string) error {
			jsonOut := own.jsonErrors()
			if own.output == "" {
				own.output = "yaml"
			}
			if err := own.check(); err != nil {
				return fail(err, false)
			}
			typ, name, ok := sourceTarget(args)
			if !ok {
				return fail(fault.Refusef(browse.CodeUsage, browse.SentenceSourceArgs), jsonOut)
			}
			return f.withSession(cmd.Context(), jsonOut, func(ctx context.Context, s *studioctl.Session) error {
				r, err := inner.Client(s).Resolve(ctx, typ)
				if err != nil {
					return err
				}
				b := browse.Open(s)
				res, err := b.SourceResult(ctx, browse.ObjectNode(r, own.scope(s).Namespace, name), own.output)
				if err != nil {
					return err
				}
				if err := cli.Print(io.Out, io.Err, s, res); err != nil {
					return err
				}
				return nil
			})
		},
	}
	own.bind(cmd)
	return cmd
}

// sourceTarget reads TYPE/NAME or TYPE NAME.
func sourceTarget(args []string) (typ, name string, ok bool) {
	switch len(args) {
	case 1:
		typ, name, ok = strings.Cut(args[0], "/")
	case 2:
		typ, name, ok = args[0], args[1], !strings.Contains(args[0], "/")
	}
	return typ, name, ok && typ != "" && name != ""
}

func healthCommand(f *Factory) *cobra.Command {
	io := f.IO
	own := ownFlags{command: "health", forms: []string{"json"}, plain: "a few lines", outputUsage: "json: a versioned document (docs/tree.md)"}
	cmd := &cobra.Command{
		Use:     "health",
		Example: "  studioctl --kubeconfig k.yaml health\n  studioctl --connection prod health -o json",
		Short:   "Print the API server's readiness (/readyz), its version and a count of nodes and namespaces",
		Long: "health reads /readyz and /version, and counts nodes and namespaces with the tree's capped walks\n" +
			"(at most 1,000 each). A count the identity may not read says so instead of a number. It exits 1\n" +
			"when /readyz is not ok. Kubernetes keeps no query log and lists no client sessions, so there are\n" +
			"none to show.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			jsonOut := own.jsonErrors()
			if err := own.check(); err != nil {
				return fail(err, false)
			}
			return f.withSession(cmd.Context(), jsonOut, func(ctx context.Context, s *studioctl.Session) error {
				h, err := browse.Open(s).Health(ctx)
				if err != nil {
					return err
				}
				res := &printer.Result{}
				if jsonOut {
					res.Docs = &printer.Docs{Format: "json", Value: h.JSON()}
				} else {
					for _, n := range h.Notices {
						res.Notices = append(res.Notices, "notice: "+n.Sentence)
					}
					res.Lines = &printer.Lines{Text: h.Lines()}
				}
				if err := cli.Print(io.Out, io.Err, s, res); err != nil {
					return err
				}
				if !h.Ready {
					return exitStatus(fault.ExitServerError)
				}
				return nil
			})
		},
	}
	own.bind(cmd)
	return cmd
}
