package main

import (
	"github.com/spf13/cobra"
	"github.com/studioctl/studioctl/console"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/read/reader"
)

func consoleCommand(f *Factory) *cobra.Command {
	io := f.IO
	var stopOnError bool
	cmd := &cobra.Command{
		Use:     "console",
		Aliases: []string{"shell"},
		Short:   "Read statements one a line: interactively on a terminal, or from a pipe",
		Long: "console reads one statement a line. On a terminal it prompts, edits lines, keeps a history\n" +
			"(credential values masked) and completes verbs, flags, kinds and namespaces; Ctrl-C cancels the\n" +
			"running statement. From a pipe it prints no prompt: answers go to stdout, and each refusal or\n" +
			"error goes to stderr naming its line number. exit or quit ends it. It exits 1 when any line\n" +
			"failed, else 0.",
		Example: "  studioctl --kubeconfig k.yaml console\n" +
			"  printf 'get pods -n shop\\nevents -n shop\\n' | studioctl --kubeconfig k.yaml console --stop-on-error",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			s, err := f.Session()
			if err != nil {
				return fail(err, false)
			}
			loop := &console.Loop{Session: reader.Of(s), Mode: reader.Mode(s), Out: io.Out, Err: io.Err, HistoryDir: io.HomeDirs.State, StopOnError: stopOnError,
				Prepare: f.handKubeconfig}
			var failed bool
			if io.InTTY {
				failed, err = loop.Interactive(cmd.Context(), io.In)
			} else {
				failed, err = loop.Script(cmd.Context(), io.In)
			}
			if err != nil {
				return fail(err, false)
			}
			if failed {
				return exitStatus(fault.ExitServerError)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&stopOnError, "stop-on-error", false, "end a piped console at the first line that fails")
	return cmd
}
