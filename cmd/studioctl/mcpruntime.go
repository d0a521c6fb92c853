package main

import (
	"context"

	"github.com/spf13/cobra"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/internal/inner"
	"github.com/studioctl/studioctl/platform"
)

func mcpRuntimeCommand(f *Factory) *cobra.Command {
	io := f.IO
	var tenant, project string
	own := ownFlags{command: "mcp-runtime", forms: []string{"json"}, plain: "sections", outputUsage: "json: the document of docs/platform.md"}
	cmd := &cobra.Command{
		Use:   "mcp-runtime [--tenant T] [--project P] [-o json]",
		Short: "The ToolHive MCP runtime: operator, MCPServer CRD, ToolHive components and the managed instances",
		Long: "mcp-runtime reads the toolhive-operator Deployment of toolhive-system (ready, replicas, version from\n" +
			"its image), whether the cluster serves MCPServer (toolhive.stacklok.dev), the ToolHive\n" +
			"ManagedComponents of toolhive-system, and the managed instances: only MCPServers labelled\n" +
			"app.kubernetes.io/managed-by=eai-mcp-runtime in namespaces mcp-<12 hex> labelled\n" +
			"eai.io/mcp-runtime=true, with tenant, project, template, owner fingerprint (never the identity),\n" +
			"phase, address and age, and counts by phase, tenant and project. --tenant and --project filter the\n" +
			"instances. -o json prints the document of docs/platform.md.",
		Example: "  studioctl --kubeconfig k.yaml mcp-runtime\n  studioctl --kubeconfig k.yaml mcp-runtime --tenant acme -o json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			jsonOut := own.jsonErrors()
			if err := own.check(); err != nil {
				return fail(err, false)
			}
			for flag, v := range map[string]string{"--tenant": tenant, "--project": project} {
				if v != "" && !apivalue.IsLabelValue(v) {
					return fail(fault.Refusef(platform.CodeUsage, platform.SentenceLabelValue, flag), jsonOut)
				}
			}
			return f.withSession(cmd.Context(), jsonOut, func(ctx context.Context, s *studioctl.Session) error {
				rt, err := platform.ReadRuntime(ctx, inner.Client(s), tenant, project)
				if err != nil {
					return err
				}
				return cli.Print(io.Out, io.Err, s, platform.Result(own.output, rt, rt.Lines()))
			})
		},
	}
	cmd.Flags().StringVar(&tenant, "tenant", "", "only the instances of this tenant (label eai.io/tenant)")
	cmd.Flags().StringVar(&project, "project", "", "only the instances of this project (label eai.io/project)")
	own.bind(cmd)
	return cmd
}
