// Package read answers statements: one table lists every command's reader family (its typed
// options, with Validate run before anything is sent, Complete and Run), Parse fills a parsed
// statement's options once, and Run dispatches it.
package read

import (
	"context"
	"fmt"
	"reflect"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/apiresources"
	"github.com/studioctl/studioctl/read/auth"
	"github.com/studioctl/studioctl/read/clusterinfo"
	"github.com/studioctl/studioctl/read/config"
	"github.com/studioctl/studioctl/read/describe"
	"github.com/studioctl/studioctl/read/events"
	"github.com/studioctl/studioctl/read/explain"
	"github.com/studioctl/studioctl/read/get"
	"github.com/studioctl/studioctl/read/logs"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/read/rollout"
	"github.com/studioctl/studioctl/read/top"
	"github.com/studioctl/studioctl/read/version"
	"github.com/studioctl/studioctl/statement"
)

// Session is the session every reader is handed.
type Session = reader.Session

// Statement is a parsed statement and its command's options, filled from it once and validated.
type Statement struct {
	*statement.Statement
	Options reader.Options // nil for a --help statement, which sends nothing
}

// families maps each command of statement.Commands to a new value of its options, by name.
var families = map[string]func() reader.Options{
	"get":                    func() reader.Options { return &get.Options{} },
	"describe":               func() reader.Options { return &describe.Options{} },
	"logs":                   func() reader.Options { return &logs.Options{} },
	"events":                 func() reader.Options { return &events.Options{} },
	"explain":                func() reader.Options { return &explain.Options{} },
	"top pod":                func() reader.Options { return &top.PodOptions{} },
	"top node":               func() reader.Options { return &top.NodeOptions{} },
	"auth can-i":             func() reader.Options { return &auth.CanIOptions{} },
	"auth whoami":            func() reader.Options { return &auth.WhoAmIOptions{} },
	"api-resources":          func() reader.Options { return &apiresources.ResourcesOptions{} },
	"api-versions":           func() reader.Options { return &apiresources.VersionsOptions{} },
	"version":                func() reader.Options { return &version.Options{} },
	"rollout status":         func() reader.Options { return &rollout.StatusOptions{} },
	"rollout history":        func() reader.Options { return &rollout.HistoryOptions{} },
	"cluster-info":           func() reader.Options { return &clusterinfo.Options{} },
	"config view":            func() reader.Options { return &config.ViewOptions{} },
	"config get-contexts":    func() reader.Options { return &config.GetContextsOptions{} },
	"config current-context": func() reader.Options { return &config.CurrentContextOptions{} },
}

// Parse reads a statement from words (as a shell split them), fills its command's options and
// applies the command's own argument rules, so a refusal never depends on a connection. Blank
// input answers nil.
func Parse(words []string) (*Statement, error) {
	return withOptions(statement.Parse(words))
}

// ParseLine is Parse for one console line.
func ParseLine(line string) (*Statement, error) {
	return withOptions(statement.ParseLine(line))
}

func withOptions(st *statement.Statement, err error) (*Statement, error) {
	if err != nil || st == nil {
		return nil, err
	}
	if st.Help {
		return &Statement{Statement: st}, nil
	}
	newOptions, ok := families[st.Command.Name]
	if !ok {
		return nil, unknownCommand(st.Command.Name)
	}
	o := newOptions()
	st.Fill(o)
	if err := o.Validate(); err != nil {
		return nil, err
	}
	return &Statement{Statement: st, Options: o}, nil
}

func unknownCommand(name string) error {
	return fault.Refusef(statement.CodeUnknownCommand, statement.SentenceUnknownCommand, name, statement.CommandList())
}

// Run answers one parsed statement.
func Run(ctx context.Context, s *reader.Session, st *Statement) (*printer.Result, error) {
	return run(ctx, s, st.Command.Name, st.Options)
}

// RunOptions answers a statement a caller built as typed options rather than words (the browse
// screen's row actions): its rules are checked as Parse checks them, then it runs as Run runs it.
func RunOptions(ctx context.Context, s *reader.Session, o reader.Options) (*printer.Result, error) {
	name, ok := commandOf(o)
	if !ok {
		return nil, fmt.Errorf("read: %T are no command's options", o) // a programming error
	}
	if err := o.Validate(); err != nil {
		return nil, err
	}
	return run(ctx, s, name, o)
}

// commandOf names the command whose options o is.
func commandOf(o reader.Options) (string, bool) {
	for name, newOptions := range families {
		if reflect.TypeOf(newOptions()) == reflect.TypeOf(o) {
			return name, true
		}
	}
	return "", false
}

// run completes the options from the session and reads. The statement's --request-timeout, when
// given, bounds each of its requests through the context: the client's own deadline still applies
// beneath it. Its paged reads share the command's deadline (limits.StatementDeadlines).
func run(ctx context.Context, s *reader.Session, name string, o reader.Options) (*printer.Result, error) {
	o.Complete(s)
	return o.Run(kube.WithStatement(reader.WithTimeout(ctx, o.CommonOptions()), name), s)
}
