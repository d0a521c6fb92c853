package main

import (
	"context"
	"slices"
	"strings"

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
			"failed, else 0. A line may also run studioctl's own readings on the console's connection: " + strings.Join(consoleOwnCommands, ", ") + ".",
		Example: "  studioctl --kubeconfig k.yaml console\n" +
			"  printf 'get pods -n shop\\nevents -n shop\\n' | studioctl --kubeconfig k.yaml console --stop-on-error",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			s, err := f.Session()
			if err != nil {
				return fail(err, false)
			}
			loop := &console.Loop{Session: reader.Of(s), Mode: reader.Mode(s), Out: io.Out, Err: io.Err, HistoryDir: io.HomeDirs.State, StopOnError: stopOnError,
				Prepare: f.handKubeconfig, Own: consoleOwn(f)}
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

// consoleOwnCommands are studioctl's own commands a console line may run, on the console's
// session: the readings. The console itself, browse, mcp, connection and snapshot (which start
// a program, change the saved connections or write a file) are not among them.
var consoleOwnCommands = []string{"check", "tree", "source", "health", "audit", "discover", "components", "mcp-runtime"}

// consoleOwn is the console's Own (console.Loop): a line naming one of consoleOwnCommands runs
// through a fresh root command on the Factory whose session the console opened, so its flags
// start from their defaults on every line. Global flags are refused: the console's connection
// and redaction were set when it started.
func consoleOwn(f *Factory) func(context.Context, []string) (bool, int, error) {
	return func(ctx context.Context, words []string) (bool, int, error) {
		if len(words) == 0 || !slices.Contains(consoleOwnCommands, words[0]) {
			return false, 0, nil
		}
		for _, w := range words[1:] {
			name, _, _ := strings.Cut(w, "=")
			if _, global := ownFlagTakesValue[name]; global && name != "-h" && name != "--help" {
				err := fault.Refusef(CodeFlags, sentenceConsoleGlobalFlag, name)
				return true, err.Exit(), err
			}
		}
		root := newRoot(f)
		root.SetArgs(words)
		root.SetOut(f.IO.Out)
		root.SetErr(f.IO.Err)
		code, unprinted, _ := outcome(root.ExecuteContext(ctx))
		return true, code, unprinted
	}
}
