package main

import (
	"context"

	"github.com/spf13/cobra"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/internal/inner"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/platform"
	"github.com/studioctl/studioctl/statement"
)

func componentsCommand(f *Factory) *cobra.Command {
	io := f.IO
	var output, namespace string
	var all bool
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
			jsonOut := output == "json"
			if output != "" && output != "json" && output != "yaml" {
				return fail(fault.Refusef(statement.CodeBadValue, platform.SentenceOutputJSONYAML, "components"), false)
			}
			if all && namespace != "" {
				return fail(fault.Refusef(platform.CodeUsage, platform.SentenceNamespaceAll), jsonOut)
			}
			if namespace != "" && !fault.IsDNS1123Label(namespace) {
				return fail(fault.Refusef(fault.CodeRefusedName, platform.SentenceNamespace), jsonOut)
			}
			return f.withSession(cmd.Context(), jsonOut, func(ctx context.Context, s *studioctl.Session) error {
				scope := kube.Scope{Namespace: namespace, AllNamespaces: all}
				if scope.Namespace == "" {
					scope.Namespace = s.Namespace()
				}
				cs, err := platform.ListComponents(ctx, inner.Client(s), scope)
				if err != nil {
					return err
				}
				return cli.Print(io.Out, io.Err, s, platform.Result(output, cs, cs.Lines()))
			})
		},
	}
	cmd.Flags().StringVarP(&namespace, "namespace", "n", "", "the namespace (default: the connection's default namespace)")
	cmd.Flags().BoolVarP(&all, "all-namespaces", "A", false, "every namespace")
	cmd.Flags().StringVarP(&output, "output", "o", "", "json or yaml: the document of docs/platform.md")
	return cmd
}
