// Package completion offers the words that may follow a partial statement: verbs and flags from
// the command table, and, when a server is at hand, kinds from discovery (the discovery cache
// answers most), namespaces and object names. The console's tab and the shells' completion scripts
// share it. Every server read has a short deadline, so a slow server never stalls typing.
package completion

import (
	"context"
	"sort"
	"strings"
	"time"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/sanitize"
	"github.com/studioctl/studioctl/statement"
)

// DefaultTimeout bounds the server reads of one completion.
const DefaultTimeout = limits.CompletionDeadline

// Source answers completions; with a nil Client it offers verbs and flags only.
type Source struct {
	Client  *kube.Client
	Timeout time.Duration
	// Machine is set in machine mode: no Secret's name is offered (nor the name of an event about
	// one, which is named after it), as no answer would print it.
	Machine bool
}

// Words returns the sorted candidates that begin with partial, after the statement's words
// before it. A leading "kubectl" is read as the statement reads it: dropped.
func (s Source) Words(ctx context.Context, words []string, partial string) []string {
	if len(words) > 0 && words[0] == "kubectl" {
		words = words[1:]
	}
	return matching(s.candidates(ctx, words, partial), partial)
}

func (s Source) candidates(ctx context.Context, words []string, partial string) []string {
	if len(words) == 0 {
		return verbs()
	}
	cmd, n := statement.CommandByWords(words)
	if cmd == nil {
		return subcommands(words[0])
	}
	if strings.HasPrefix(partial, "-") {
		return flags(cmd)
	}
	if prev := words[len(words)-1]; prev == "-n" || prev == "--namespace" {
		return s.names(ctx, "namespaces", "")
	}
	args, namespace := positional(words[n:])
	switch {
	case len(args) == 0 && takesKind(cmd.Name):
		return s.kinds(ctx)
	case len(args) == 0 && cmd.Name == "logs":
		return s.names(ctx, "pods", namespace)
	case len(args) >= 1 && (cmd.Name == "get" || cmd.Name == "describe") && !strings.Contains(args[0], "/"):
		return s.names(ctx, args[0], namespace)
	}
	return nil
}

func verbs() []string {
	var out []string
	for _, c := range statement.Commands {
		out = append(out, strings.Fields(c.Name)[0])
	}
	return out
}

// subcommands are the second words of the two-word statements that begin with verb (top, auth).
func subcommands(verb string) []string {
	var out []string
	for _, c := range statement.Commands {
		if w := strings.Fields(c.Name); len(w) == 2 && w[0] == verb {
			out = append(out, w[1])
		}
	}
	return out
}

func flags(c *statement.Command) []string {
	var out []string
	for _, name := range c.Flags {
		if name == "follow" {
			continue
		}
		out = append(out, "--"+name)
		if short := statement.Flags[name].Short; short != "" {
			out = append(out, "-"+short)
		}
	}
	return out
}

func takesKind(command string) bool {
	return command == "get" || command == "describe" || command == "explain"
}

// positional splits a statement's words after its command into arguments and the namespace -n
// names; a flag's value is not an argument.
func positional(words []string) (args []string, namespace string) {
	for i := 0; i < len(words); i++ {
		w := words[i]
		if !strings.HasPrefix(w, "-") {
			args = append(args, w)
			continue
		}
		name, value, hasValue := strings.Cut(w, "=")
		long := strings.TrimLeft(name, "-")
		spec, ok := statement.Flags[long]
		if !ok {
			for _, f := range statement.Flags {
				if f.Short == long {
					spec, ok = f, true
				}
			}
		}
		if !ok || spec.Kind == statement.Bool || hasValue {
			if spec.Long == "namespace" {
				namespace = value
			}
			continue
		}
		if i+1 < len(words) {
			i++
			if spec.Long == "namespace" {
				namespace = words[i]
			}
		}
	}
	return args, namespace
}

// kinds are the plural and short names of every kind the server lists.
func (s Source) kinds(ctx context.Context) []string {
	if s.Client == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, s.timeout())
	defer cancel()
	d, err := s.Client.Discovery(ctx)
	if err != nil {
		return nil
	}
	var out []string
	for _, r := range d.Resources {
		if r.Preferred && r.Has("list") {
			out = append(out, r.Resource)
			out = append(out, r.ShortNames...)
		}
	}
	return out
}

// names lists the objects of a kind (in namespace, or the connection's default for a namespaced
// kind), at most the tree's folder cap.
func (s Source) names(ctx context.Context, kind, namespace string) []string {
	if s.Client == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, s.timeout())
	defer cancel()
	r, err := s.Client.Resolve(ctx, kind)
	if err != nil || !r.Has("list") {
		return nil
	}
	scope := kube.Scope{}
	if r.Namespaced {
		scope.Namespace = namespace
		if scope.Namespace == "" {
			scope.Namespace = s.Client.Endpoint().DefaultNamespace
		}
	}
	if s.Machine && apivalue.CoreSecrets(r.Group, r.Resource) {
		return nil
	}
	p := &namePager{secretEvents: s.Machine && r.Resource == "events" && (r.Group == "" || r.Group == "events.k8s.io")}
	if s.Client.ListTable(ctx, r, scope, kube.ListOptions{IncludeObject: "Metadata", MaxRows: limits.TreeFolderCap}, p) != nil {
		return nil
	}
	return p.names
}

func (s Source) timeout() time.Duration {
	if s.Timeout > 0 {
		return s.Timeout
	}
	return DefaultTimeout
}

// namePager keeps the names of a Table's rows that a shell or the console may insert as they
// are: a name that sanitize would change (an escape sequence, a control, bidi or invisible
// character) is never offered, neither raw nor escaped, since either would be typed into the
// terminal's line. With secretEvents, an event about a Secret is left out too.
type namePager struct {
	names        []string
	secretEvents bool
}

func (p *namePager) Reset() { p.names = nil }

func (p *namePager) Page(t *kube.Table) error {
	objectCol := kube.ObjectColumn(t.Columns)
	for _, row := range t.Rows {
		n := row.Name()
		if n == "" || sanitize.String(n) != n {
			continue
		}
		if p.secretEvents && kube.EventRowAboutSecret(row.Object, row.Cells, objectCol) {
			continue
		}
		p.names = append(p.names, n)
	}
	return nil
}

func matching(options []string, partial string) []string {
	seen := map[string]bool{}
	var out []string
	for _, o := range options {
		if strings.HasPrefix(o, partial) && !seen[o] {
			seen[o] = true
			out = append(out, o)
		}
	}
	sort.Strings(out)
	return out
}
