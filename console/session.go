package console

import (
	"context"

	"github.com/studioctl/studioctl/kube"
)

// Session runs statements against one API server. It is what the command line, the interactive
// console and a Go program importing the library all use.
type Session struct {
	Client  *kube.Client
	MaxRows int // the statement row cap; 0 means kube.DefaultMaxRows
}

// reader answers one command family.
type reader func(ctx context.Context, s *Session, st *Statement) (*Result, error)

// readers maps each command to its reader; commands and readers are matched by name so the
// command table stays data.
var readers = map[string]reader{}

func register(name string, r reader) {
	if CommandNamed(name) == nil {
		panic("console: reader for a command that is not in the table: " + name)
	}
	readers[name] = r
}

// Run answers one parsed statement. The statement's --request-timeout, when given, bounds each
// of its requests through the context: the client's own deadline still applies beneath it. Its
// paged reads share the command's deadline (kube.StatementDeadlines).
func (s *Session) Run(ctx context.Context, st *Statement) (*Result, error) {
	r, ok := readers[st.Command.Name]
	if !ok {
		return nil, kube.Refusef(CodeUnknownCommand, sentenceUnknownCommand, st.Command.Name, commandList())
	}
	return r(kube.WithStatement(withTimeout(ctx, st), st.Command.Name), s, st)
}

// RunLine parses and runs one console line. A blank or comment line answers nil.
func (s *Session) RunLine(ctx context.Context, line string) (*Result, error) {
	st, err := ParseLine(line)
	if err != nil || st == nil {
		return nil, err
	}
	if st.Help {
		return &Result{Lines: &Lines{Text: HelpLines(st.Command)}}, nil
	}
	return s.Run(ctx, st)
}

// namespace is the namespace a namespaced statement reads: -n, else the connection's default.
func (s *Session) namespace(st *Statement) string {
	if ns := st.String("namespace"); ns != "" {
		return ns
	}
	return s.Client.Endpoint().DefaultNamespace
}

func (s *Session) maxRows() int {
	if s.MaxRows > 0 {
		return s.MaxRows
	}
	return kube.DefaultMaxRows
}

// withTimeout applies a statement's --request-timeout to each of its requests.
func withTimeout(ctx context.Context, st *Statement) context.Context {
	if d, ok := st.Duration("request-timeout"); ok {
		return kube.WithRequestTimeout(ctx, d)
	}
	return ctx
}
