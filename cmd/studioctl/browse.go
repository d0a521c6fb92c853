package main

import (
	"context"
	"errors"
	goio "io"
	"os"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/spf13/cobra"
	"github.com/studioctl/studioctl/browse"
	"github.com/studioctl/studioctl/browse/screen"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/read/reader"
)

// browseOptions are browse's own: the first kind shown and its namespace.
type browseOptions struct {
	kind      string
	namespace string
}

func browseCommand(f *Factory) *cobra.Command {
	io := f.IO
	o := &browseOptions{}
	cmd := &cobra.Command{
		Use:     "browse [KIND]",
		Example: "  studioctl --kubeconfig k.yaml browse\n  studioctl --replay demo browse deployments\n  NO_COLOR=1 studioctl --connection prod browse",
		Short:   "Browse the cluster full-screen, as k9s does, reading only: live lists, describe, YAML without Secret values, logs, events, owners",
		Long: "browse shows one kind's live list (refreshed through the same bounded watch as get -w) with a\n" +
			"header naming the cluster, identity, version and namespace; on a row it describes the object, shows\n" +
			"its YAML (managedFields removed, Secret values gone), its events, a pod's logs, and walks to owners.\n" +
			"It only reads: no key writes. See docs/browse.md.\n\nKeys (where, keys, what):\n  " +
			strings.Join(screen.HelpLines(), "\n  "),
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			in, inOK := io.In.(*os.File)
			out, outOK := io.Out.(*os.File)
			if !io.InTTY || !io.OutTTY || !inOK || !outOK {
				return fail(fault.Refusef("refused.browse.terminal", sentenceBrowseTerminal), false)
			}
			if len(args) == 1 {
				o.kind = args[0]
			}
			s, err := f.Session()
			if err != nil {
				return fail(err, false)
			}
			ctx := cmd.Context()
			m := screen.New(ctx, screen.Config{
				Browser: browse.Open(s), Session: reader.Of(s), Mode: reader.Mode(s),
				NoColor: io.NoColor, Renderer: lipgloss.NewRenderer(out),
				Kind: o.kind, Namespace: o.namespace,
			})
			if err := runBrowse(ctx, m, in, out, tea.WithAltScreen()); err != nil {
				return fail(fault.Refusef("refused.browse.terminal", sentenceBrowseTerminal), false)
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&o.namespace, "namespace", "n", "", "the namespace shown first (default: the connection's)")
	return cmd
}

// runBrowse runs the screen as a bubbletea program on a terminal's input and output until q,
// Ctrl-C or the end of ctx; the screen's feeds stop with it.
func runBrowse(ctx context.Context, m *screen.Model, in goio.Reader, out goio.Writer, opts ...tea.ProgramOption) error {
	defer m.Close()
	opts = append([]tea.ProgramOption{tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out)}, opts...)
	if _, err := tea.NewProgram(m, opts...).Run(); err != nil && !errors.Is(err, tea.ErrProgramKilled) {
		return err
	}
	return nil
}
