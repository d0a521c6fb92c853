package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/spf13/cobra"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/console"
	"github.com/studioctl/studioctl/kube"
)

// globals are studioctl's own flags. They come before the verb; everything after it is the
// statement, handed to the console parser as the shell split it.
type globals struct {
	kubeconfig string
	context    string
	connection string
	replay     string
	redact     string
	maxRows    int
	verbosity  int
}

func run(args []string, io streams) int {
	g := &globals{}
	root := newRoot(g, io)
	root.SetArgs(args)
	root.SetOut(io.Out)
	root.SetErr(io.Err)
	err := root.Execute()
	if err == nil {
		return kube.ExitOK
	}
	var ex exitError
	if errors.As(err, &ex) {
		return ex.code
	}
	// cobra's own parse errors (an unknown global flag): a refusal, nothing sent.
	fmt.Fprintln(io.Err, "error: "+err.Error())
	return kube.ExitRefused
}

// exitError carries an exit code whose message was already printed.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit %d", e.code) }

func newRoot(g *globals, io streams) *cobra.Command {
	root := &cobra.Command{
		Use:   "studioctl [global flags] COMMAND [ARGS] [FLAGS]",
		Short: "A read-only kubectl: it shows what kubectl shows and cannot change the cluster or show a Secret",
		Long:  rootLong(),
		Args:  cobra.ArbitraryArgs,
		// Statements are not cobra commands: the console parser reads them, so the command table
		// stays the single source of truth for verbs, flags and refusals.
		SilenceErrors:         true,
		DisableFlagsInUseLine: true,
		SilenceUsage:          true,
		CompletionOptions:     cobra.CompletionOptions{HiddenDefaultCmd: false},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmd.Help()
			}
			return runStatement(cmd.Context(), g, io, args)
		},
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			return complete(args, toComplete), cobra.ShellCompDirectiveNoFileComp
		},
	}
	f := root.Flags()
	f.SetInterspersed(false)
	root.PersistentFlags().StringVar(&g.kubeconfig, "kubeconfig", "", "read this kubeconfig file (strictly: no exec plugins, no file paths, no impersonation)")
	root.PersistentFlags().StringVar(&g.context, "context", "", "the kubeconfig context to use (only with --kubeconfig; default: its current context)")
	root.PersistentFlags().StringVar(&g.connection, "connection", "", "a saved connection (or STUDIOCTL_CONNECTION)")
	root.PersistentFlags().StringVar(&g.replay, "replay", "", "answer from a recording: a directory holding recording.json, or demo (no server needed)")
	root.PersistentFlags().StringVar(&g.redact, "redact", "people", "people: Secret values stripped; machine: also mask values an agent must not read")
	root.PersistentFlags().IntVar(&g.maxRows, "max-rows", 0, fmt.Sprintf("rows one statement may read (default %d, at most %d)", kube.DefaultMaxRows, kube.MaxMaxRows))
	root.PersistentFlags().IntVarP(&g.verbosity, "v", "v", 0, "trace level: 6 prints each request line on stderr (never a credential or a body)")
	root.SetHelpCommand(helpCommand(io))
	root.AddCommand(consoleCommand(g, io))
	for _, mk := range extraCommands {
		root.AddCommand(mk(g, io))
	}
	return root
}

// extraCommands are studioctl's own commands beyond the kubectl subset (connection, check, tree,
// source, health, browse); each registers itself from its own file.
var extraCommands []func(*globals, streams) *cobra.Command

func rootLong() string {
	var b strings.Builder
	b.WriteString("studioctl reads one Kubernetes API server and prints what kubectl prints. Every request passes a\n")
	b.WriteString("read-only allowlist before a socket opens; Secret values are stripped before anything is printed.\n\n")
	b.WriteString("Global flags go before the command: studioctl --kubeconfig FILE get pods -n shop\n\nCommands (kubectl's syntax):\n")
	for _, l := range console.Overview() {
		b.WriteString(l + "\n")
	}
	b.WriteString("  console          Read statements one a line, interactively or from a pipe (alias: shell)\n")
	b.WriteString("  help COMMAND     A command's flags and examples\n\n")
	for _, l := range console.RefusalOverview() {
		b.WriteString(l + "\n")
	}
	for _, l := range console.LimitsOverview() {
		b.WriteString(l + "\n")
	}
	return b.String()
}

func helpCommand(io streams) *cobra.Command {
	return &cobra.Command{
		Use:   "help [COMMAND]",
		Short: "Help for studioctl or one of its commands",
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmd.Root().Help()
			}
			st, err := console.Parse(append(args, "--help"))
			if err != nil || st == nil {
				return cmd.Root().Help()
			}
			for _, l := range console.HelpLines(st.Command) {
				fmt.Fprintln(io.Out, l)
			}
			return nil
		},
	}
}

// openSession turns the global flags into a session: a recording, a kubeconfig or a saved
// connection. With none, studioctl says how to make one; it never falls back to recorded data.
func openSession(g *globals, io streams) (*studioctl.Session, error) {
	mode, err := redactMode(g.redact)
	if err != nil {
		return nil, err
	}
	opts := studioctl.Options{Redact: mode, MaxRows: g.maxRows, CacheDir: io.HomeDirs.Cache}
	if g.verbosity >= 6 {
		opts.Observe = func(method, url string) { fmt.Fprintf(io.Err, "studioctl: %s %s\n", method, url) }
	}
	conn := g.connection
	if conn == "" && g.kubeconfig == "" && g.replay == "" {
		conn = io.Getenv("STUDIOCTL_CONNECTION")
	}
	if g.context != "" && g.kubeconfig == "" {
		return nil, kube.Refusef(console.CodeFlags, console.SentenceContextAlone)
	}
	switch {
	case g.replay != "" && (g.kubeconfig != "" || g.connection != ""):
		return nil, kube.Refusef(console.CodeFlags, console.SentenceReplayAlone)
	case g.kubeconfig != "" && g.connection != "":
		return nil, kube.Refusef(console.CodeFlags, console.SentenceTwoConnections)
	case g.replay != "":
		rec, err := studioctl.LoadReplay(g.replay)
		if err != nil {
			return nil, kube.Refusef(console.CodeReplayRead, console.SentenceReplayUnreadable, g.replay)
		}
		fmt.Fprintln(io.Err, rec.Notice())
		opts.CacheDir = ""
		s, _, err := studioctl.OpenReplay(rec, opts)
		return s, err
	case g.kubeconfig != "":
		data, err := readKubeconfig(g.kubeconfig)
		if err != nil {
			return nil, err
		}
		s, notices, err := studioctl.OpenKubeconfig(data, g.context, opts)
		for _, n := range notices {
			fmt.Fprintln(io.Err, "notice: "+n.Sentence)
		}
		return s, err
	case conn != "":
		return openSaved(conn, opts, io)
	}
	return nil, kube.Refusef(kube.CodeConnNone, kube.SentenceConnNone)
}

func readKubeconfig(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, kube.Refusef(console.CodeKubeconfigRead, console.SentenceKubeconfigOpen)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, kube.MaxKubeconfigBytes+1))
	if err != nil {
		return nil, kube.Refusef(console.CodeKubeconfigRead, console.SentenceKubeconfigRead)
	}
	return data, nil
}

func redactMode(s string) (studioctl.Mode, error) {
	switch s {
	case "people", "":
		return studioctl.People, nil
	case "machine":
		return studioctl.Machine, nil
	}
	return 0, kube.Refusef(console.CodeBadValue, console.SentenceRedactValue)
}

// runStatement parses the statement before opening anything, so a refusal never needs a
// connection, then runs it and prints the answer.
func runStatement(ctx context.Context, g *globals, io streams, words []string) error {
	st, err := console.Parse(words)
	jsonErrors := studioctl.WantsJSON(words)
	if err != nil {
		return exitError{studioctl.Report(io.Err, err, jsonErrors)}
	}
	if st == nil {
		return nil
	}
	if st.Help {
		for _, l := range console.HelpLines(st.Command) {
			fmt.Fprintln(io.Out, l)
		}
		return nil
	}
	s, err := openSession(g, io)
	if err != nil {
		return exitError{studioctl.Report(io.Err, err, jsonErrors)}
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt)
	defer stop()
	if code := s.Exec(ctx, st, io.Out, io.Err); code != 0 {
		return exitError{code}
	}
	return nil
}

func report(io streams, err error, jsonErrors bool) error {
	return exitError{studioctl.Report(io.Err, err, jsonErrors)}
}
