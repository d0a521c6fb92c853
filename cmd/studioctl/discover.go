package main

import (
	"context"

	"github.com/spf13/cobra"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/internal/inner"
	"github.com/studioctl/studioctl/platform"
	"github.com/studioctl/studioctl/printer"
)

func discoverCommand(f *Factory) *cobra.Command {
	io := f.IO
	var diffFile string
	own := ownFlags{command: "discover", forms: []string{"json", "yaml"}, plain: "sections", outputUsage: "json or yaml: the versioned document of docs/discover.md"}
	cmd := &cobra.Command{
		Use:   "discover [-o json|yaml] [--diff FILE]",
		Short: "Inventory the cluster: version, distribution and mode with evidence, nodes, classes, CoreDNS, add-ons",
		Long: "discover reads the server's version and discovery, the nodes, storage and ingress classes and the\n" +
			"CoreDNS Deployment (k8s-app=kube-dns in kube-system), and finds the platform add-ons by the API\n" +
			"groups their CRDs serve. The distribution (eks, gke, aks, openshift, k3s, rke2, kubernetes) and the\n" +
			"mode (managed for a cloud control plane, else byo) come with every signal that matched, conflicting\n" +
			"ones included. A part the identity may not read is listed as unreadable, never guessed. -o json|yaml\n" +
			"prints the versioned document of docs/discover.md; --diff FILE compares with an earlier -o json.",
		Example: "  studioctl --kubeconfig k.yaml discover\n  studioctl --kubeconfig k.yaml discover -o json > inventory.json\n  studioctl --kubeconfig k.yaml discover --diff inventory.json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			jsonOut, output := own.jsonErrors(), own.output
			if err := own.check(); err != nil {
				return fail(err, false)
			}
			var earlier map[string]any
			if diffFile != "" {
				var err error
				if earlier, err = platform.LoadInventory(diffFile); err != nil {
					return fail(err, jsonOut)
				}
			}
			return f.withSession(cmd.Context(), jsonOut, func(ctx context.Context, s *studioctl.Session) error {
				inv, err := platform.Discover(ctx, inner.Client(s))
				if err != nil {
					return err
				}
				res := &printer.Result{}
				switch {
				case earlier != nil:
					d, err := inv.DiffWith(earlier)
					if err != nil {
						return err
					}
					res = platform.Result(output, d, d.Lines())
				default:
					res = platform.Result(output, inv, inv.Lines())
				}
				return cli.Print(io.Out, io.Err, s, res)
			})
		},
	}
	own.bind(cmd)
	cmd.Flags().StringVar(&diffFile, "diff", "", "compare with an earlier discover -o json inventory")
	return cmd
}
