package main

import (
	"context"
	"strings"

	"github.com/spf13/cobra"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/completion"
	"github.com/studioctl/studioctl/internal/inner"
	"github.com/studioctl/studioctl/kubeconfig"
	"github.com/studioctl/studioctl/sanitize"
)

// completeStatement completes the shells' statement words: verbs, flags, and, when the global
// flags name a connection, kinds, object names and namespaces read with completion's short
// deadline. A connection that cannot be opened offers what needs none. studioctl's own commands
// (console, tree, help...) are not added here: cobra offers every subcommand of the root, with its
// description, before it asks this function, so naming them again listed each twice.
func (f *Factory) completeStatement(ctx context.Context, args []string, partial string) []string {
	src := completion.Source{}
	if s, err := f.Session(); err == nil {
		src.Client, src.Machine = inner.Client(s), s.Mode() >= studioctl.Machine
	}
	return src.Words(ctx, args, partial)
}

// completeContexts offers the contexts of the --kubeconfig file, read strictly.
func (f *Factory) completeContexts(partial string) []string {
	if f.flags.kubeconfig == "" {
		return nil
	}
	data, err := readKubeconfig(f.flags.kubeconfig)
	if err != nil {
		return nil
	}
	file, err := kubeconfig.Parse(data)
	if err != nil {
		return nil
	}
	var clean []string
	for _, name := range file.Contexts() {
		if sanitize.String(name) == name { // a name the shell would insert raw, escapes and all
			clean = append(clean, name)
		}
	}
	return withPrefix(clean, partial)
}

// completeConnections offers the saved connections' names, without asking the keyring for any
// credential.
func (f *Factory) completeConnections(partial string) []string {
	names, err := f.IO.savedStore().Names()
	if err != nil {
		return nil
	}
	return withPrefix(names, partial)
}

func withPrefix(list []string, prefix string) []string {
	var out []string
	for _, s := range list {
		if strings.HasPrefix(s, prefix) {
			out = append(out, s)
		}
	}
	return out
}

// registerCompletions wires the completions into the root command.
func (f *Factory) registerCompletions(root *cobra.Command) {
	root.ValidArgsFunction = func(cmd *cobra.Command, args []string, partial string) ([]string, cobra.ShellCompDirective) {
		return f.completeStatement(cmd.Context(), args, partial), cobra.ShellCompDirectiveNoFileComp
	}
	flagFunc := func(fn func(string) []string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return func(_ *cobra.Command, _ []string, partial string) ([]string, cobra.ShellCompDirective) {
			return fn(partial), cobra.ShellCompDirectiveNoFileComp
		}
	}
	_ = root.RegisterFlagCompletionFunc("context", flagFunc(f.completeContexts))
	_ = root.RegisterFlagCompletionFunc("connection", flagFunc(f.completeConnections))
	_ = root.RegisterFlagCompletionFunc("redact", flagFunc(func(p string) []string { return withPrefix([]string{"people", "machine"}, p) }))
}
