package main

import (
	"os"
	"os/signal"

	"github.com/spf13/cobra"
	"github.com/studioctl/studioctl/browse"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/statement"
)

func healthCommand(g *globals, io streams) *cobra.Command {
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
				return report(io, kube.Refusef(statement.CodeBadValue, browse.SentenceOutput, "json"), false)
			}
			s, err := openSession(g, io)
			if err != nil {
				return report(io, err, jsonOut)
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			h, err := browse.New(&s.Session).Health(ctx)
			if err != nil {
				return report(io, err, jsonOut)
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
				return report(io, err, jsonOut)
			}
			if !h.Ready {
				return exitError{kube.ExitServerError}
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&output, "output", "o", "", "json: a versioned document (docs/tree.md)")
	return cmd
}
