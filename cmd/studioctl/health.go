package main

import (
	"context"

	"github.com/spf13/cobra"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/browse"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/statement"
)

func healthCommand(f *Factory) *cobra.Command {
	io := f.IO
	var output string
	cmd := &cobra.Command{
		Use:   "health",
		Short: "Print the API server's readiness (/readyz), its version and a count of nodes and namespaces",
		Long: "health reads /readyz and /version, and counts nodes and namespaces with the tree's capped walks\n" +
			"(at most 1,000 each). A count the identity may not read says so instead of a number. It exits 1\n" +
			"when /readyz is not ok. Kubernetes keeps no query log and lists no client sessions, so there are\n" +
			"none to show.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			jsonOut := output == "json"
			if output != "" && output != "json" {
				return fail(kube.Refusef(statement.CodeBadValue, browse.SentenceOutput, "json"), false)
			}
			return f.withSession(cmd.Context(), jsonOut, func(ctx context.Context, s *studioctl.Session) error {
				h, err := browse.New(&s.Session).Health(ctx)
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
				if err := s.Print(io.Out, io.Err, res); err != nil {
					return err
				}
				if !h.Ready {
					return exitStatus(kube.ExitServerError)
				}
				return nil
			})
		},
	}
	cmd.Flags().StringVarP(&output, "output", "o", "", "json: a versioned document (docs/tree.md)")
	return cmd
}
