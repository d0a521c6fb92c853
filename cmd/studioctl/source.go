package main

import (
	"context"
	"strings"

	"github.com/spf13/cobra"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/browse"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/statement"
)

func sourceCommand(f *Factory) *cobra.Command {
	io := f.IO
	var namespace, output string
	cmd := &cobra.Command{
		Use:   "source TYPE/NAME | TYPE NAME",
		Short: "Print an object's YAML view: managedFields removed, a Secret's values replaced by markers",
		Long: "source prints one object as the tree's YAML view shows it: the object the server holds, without\n" +
			"managedFields; a Secret keeps its keys, each value replaced by a marker stating its size. With\n" +
			"--redact machine the document is masked as every machine read is.",
		Example: "  studioctl --kubeconfig k.yaml source deployment/web -n shop\n  studioctl --kubeconfig k.yaml source node kwok-node-1 -o json",
		RunE: func(cmd *cobra.Command, args []string) error {
			jsonOut := output == "json"
			if output == "" {
				output = "yaml"
			}
			if output != "yaml" && output != "json" {
				return fail(kube.Refusef(statement.CodeBadValue, browse.SentenceOutput, "yaml or json"), false)
			}
			typ, name, ok := sourceTarget(args)
			if !ok {
				return fail(kube.Refusef(browse.CodeUsage, browse.SentenceSourceArgs), jsonOut)
			}
			if namespace != "" && !kube.IsDNS1123Label(namespace) {
				return fail(kube.Refusef(browse.CodeUsage, browse.SentenceTreeNamespace, namespace), jsonOut)
			}
			return f.withSession(cmd.Context(), jsonOut, func(ctx context.Context, s *studioctl.Session) error {
				r, err := s.Client.Resolve(ctx, typ)
				if err != nil {
					return err
				}
				ns := namespace
				if ns == "" {
					ns = s.Client.Endpoint().DefaultNamespace
				}
				b := browse.New(&s.Session)
				res, err := b.SourceResult(ctx, browse.ObjectNode(r, ns, name), output)
				if err != nil {
					return err
				}
				if err := s.Print(io.Out, io.Err, res); err != nil {
					return err
				}
				return nil
			})
		},
	}
	cmd.Flags().StringVarP(&namespace, "namespace", "n", "", "the object's namespace (default: the connection's default namespace)")
	cmd.Flags().StringVarP(&output, "output", "o", "yaml", "yaml or json")
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
