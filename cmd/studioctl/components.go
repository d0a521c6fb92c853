package main

import (
	"context"

	"github.com/spf13/cobra"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/internal/inner"
	"github.com/studioctl/studioctl/platform"
)

func componentsCommand(f *Factory) *cobra.Command {
	io := f.IO
	own := ownFlags{command: "components", forms: []string{"json", "yaml"}, plain: "sections", outputUsage: "json or yaml: the document of docs/platform.md",
		scoped: true, namespaceUsage: "the namespace (default: the connection's default namespace)"}
	cmd := &cobra.Command{
		Use:   "components [-n NS | -A] [-o json|yaml]",
		Short: "The Navin Platform Operator's ManagedComponents: desired state, the four status dimensions, converged",
		Long: "components lists platform.navin.ai/v1alpha1 ManagedComponents: service, desired state, state, health,\n" +
			"operation state, security state, converged (the operator observed the latest generation and the\n" +
			"observed state is the desired one: Running->started, Stopped->stopped), reason and age. A blocked\n" +
			"operation (a stop in maintenance) is shown apart: state and health stay what the workloads show.\n" +
			"-o json|yaml prints the document of docs/platform.md.",
		Example: "  studioctl --kubeconfig k.yaml components -n navin-platform\n  studioctl --kubeconfig k.yaml components -A -o json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := own.check(); err != nil {
				return fail(err, own.jsonErrors())
			}
			return f.withSession(cmd.Context(), own.jsonErrors(), func(ctx context.Context, s *studioctl.Session) error {
				cs, err := platform.ListComponents(ctx, inner.Client(s), own.scope(s))
				if err != nil {
					return err
				}
				return cli.Print(io.Out, io.Err, s, platform.Result(own.output, cs, cs.Lines()))
			})
		},
	}
	own.bind(cmd)
	return cmd
}
