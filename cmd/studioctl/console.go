package main

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/studioctl/studioctl/console"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/read"
	"github.com/studioctl/studioctl/statement"
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
			loop := &console.Loop{Session: &s.Session, Mode: s.Mode(), Out: io.Out, Err: io.Err, HistoryDir: io.HomeDirs.State, StopOnError: stopOnError}
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
				return exitStatus(kube.ExitServerError)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&stopOnError, "stop-on-error", false, "end a piped console at the first line that fails")
	return cmd
}

// complete offers verbs, then the flags the command table gives the verb.
func complete(args []string, toComplete string) []string {
	var out []string
	if len(args) == 0 {
		for _, c := range statement.Commands {
			out = append(out, strings.Fields(c.Name)[0])
		}
		out = append(out, "console", "help")
		return dedupe(filterPrefix(out, toComplete))
	}
	st, _ := read.Parse(append(append([]string{}, args...), "--help"))
	if st == nil || !strings.HasPrefix(toComplete, "-") {
		return nil
	}
	for _, f := range st.Command.Flags {
		if f != "follow" {
			out = append(out, "--"+statement.Flags[f].Long)
		}
	}
	return filterPrefix(out, toComplete)
}

func filterPrefix(list []string, prefix string) []string {
	var out []string
	for _, s := range list {
		if strings.HasPrefix(s, prefix) {
			out = append(out, s)
		}
	}
	return out
}

func dedupe(list []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
