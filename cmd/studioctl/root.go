package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"strings"

	"github.com/spf13/cobra"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/read"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/statement"
)

func newRoot(f *Factory) *cobra.Command {
	g, io := &f.flags, f.IO
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
			return runStatement(cmd.Context(), f, cmd.Root(), args)
		},
	}
	root.Flags().SetInterspersed(false)
	root.Version = kube.Version
	root.SetVersionTemplate("studioctl {{.Version}}\n")
	g.register(root)
	f.registerCompletions(root)
	root.SetHelpCommand(helpCommand(io))
	for _, mk := range ownCommands() {
		root.AddCommand(mk(f))
	}
	return root
}

// ownCommands are studioctl's own commands beyond the kubectl subset, in the order help lists them.
// (A function, not a table variable: the console's lines build a root command of their own.)
func ownCommands() []func(*Factory) *cobra.Command {
	return []func(*Factory) *cobra.Command{
		consoleCommand, connectionCommand, checkCommand, treeCommand, sourceCommand, healthCommand, browseCommand,
		discoverCommand, componentsCommand, mcpRuntimeCommand, auditCommand, mcpCommand, snapshotCommand,
	}
}

func rootLong() string {
	var b strings.Builder
	b.WriteString("studioctl reads one Kubernetes API server and prints what kubectl prints. Every request passes a\n")
	b.WriteString("read-only allowlist before a socket opens; Secret values are stripped before anything is printed.\n\n")
	b.WriteString("studioctl's own flags (below) stand before the verb or after the statement, and a statement flag\n")
	b.WriteString("that takes a value may stand before the verb, as kubectl allows:\n")
	b.WriteString("  studioctl --kubeconfig FILE get pods -n shop\n  studioctl -n shop get pods --kubeconfig FILE\n\nCommands (kubectl's syntax):\n")
	for _, l := range statement.Overview() {
		b.WriteString(l + "\n")
	}
	b.WriteString(statement.OverviewLine("console", "Read statements one a line, interactively or from a pipe (alias: shell)") + "\n")
	b.WriteString(statement.OverviewLine("help COMMAND", "A command's flags and examples") + "\n\n")
	for _, l := range statement.RefusalOverview() {
		b.WriteString(l + "\n")
	}
	for _, l := range statement.LimitsOverview() {
		b.WriteString(l + "\n")
	}
	return b.String()
}

func helpCommand(io *IOStreams) *cobra.Command {
	return &cobra.Command{
		Use:   "help [COMMAND]",
		Short: "Help for studioctl or one of its commands",
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmd.Root().Help()
			}
			if own, _, err := cmd.Root().Find(args); err == nil && own != cmd.Root() {
				return own.Help()
			}
			lines := statementHelp(args)
			if lines == nil {
				return fail(fault.Refusef(statement.CodeUnknownCommand, sentenceNoHelp, args[0]), false)
			}
			for _, l := range lines {
				fmt.Fprintln(io.Out, l)
			}
			return nil
		},
	}
}

// statementHelp is a statement's help from the command table; for the first word of a
// two-word statement (top, auth) it lists the statements that begin with it.
func statementHelp(args []string) []string {
	if st, err := read.Parse(append(append([]string{}, args...), "--help")); err == nil && st != nil {
		return statement.HelpLines(st.Command)
	}
	var group []string
	for _, c := range statement.Commands {
		if words := strings.Fields(c.Name); len(words) > 1 && words[0] == args[0] {
			group = append(group, statement.OverviewLine(c.Name, c.Summary))
		}
	}
	if group == nil {
		return nil
	}
	lines := append([]string{args[0] + " is one of:"}, group...)
	return append(lines, "", "studioctl help "+strings.TrimSpace(strings.Fields(group[0])[0]+" "+strings.Fields(group[0])[1])+" shows one of them.")
}

// runStatement runs one statement the way every surface does (read.Exec): it is read before
// anything is opened, so a refusal never needs a connection; the session the flags name opens
// only for a statement that reads a server; the answer prints as it arrives; Ctrl-C cancels.
func runStatement(ctx context.Context, f *Factory, root *cobra.Command, words []string) error {
	p := cli.NewPrinter(f.IO.Out, f.IO.Err, words, true)
	open := func(st *read.Statement) (*reader.Session, error) {
		s, err := f.Session()
		if err != nil {
			if st.Command.Name == "version" {
				// kubectl prints its own version before it finds there is no server to ask.
				printClientVersion(ctx, f, st)
			}
			return nil, err
		}
		return p.Lend(reader.Of(s), reader.Mode(s)), nil
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt)
	defer stop()
	o := read.Exec(ctx, words, read.Surface{Admit: f.handKubeconfig, Open: open})
	if o.Statement == nil && o.Err != nil {
		o.Err = unknownVerb(root, words, o.Err) // studioctl's own commands are words too
	}
	if code := p.Print(o); code != fault.ExitOK {
		return exitStatus(code)
	}
	return nil
}

// printClientVersion prints version --client in the statement's -o form, for a version statement
// that has no session to ask the server's.
func printClientVersion(ctx context.Context, f *Factory, st *read.Statement) {
	words := []string{"version", "--client"}
	if o := st.Output(); o != "" {
		words = append(words, "-o", o)
	}
	cli.NewPrinter(f.IO.Out, f.IO.Err, words, false).Print(read.Exec(ctx, words, read.Surface{}))
}
