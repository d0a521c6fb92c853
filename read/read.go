// Package read answers statements: one table lists every command's reader family (its Validate,
// run before anything is sent, and its Run), and Run dispatches a parsed statement to it.
package read

import (
	"context"

	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/apiresources"
	"github.com/studioctl/studioctl/read/auth"
	"github.com/studioctl/studioctl/read/describe"
	"github.com/studioctl/studioctl/read/events"
	"github.com/studioctl/studioctl/read/explain"
	"github.com/studioctl/studioctl/read/get"
	"github.com/studioctl/studioctl/read/logs"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/read/top"
	"github.com/studioctl/studioctl/read/version"
	"github.com/studioctl/studioctl/redact"
	"github.com/studioctl/studioctl/statement"
)

// Session is the session every reader is handed.
type Session = reader.Session

type runFunc func(ctx context.Context, s *reader.Session, st *statement.Statement) (*printer.Result, error)

// family is one command's reader: its own argument rules and its reads.
type family struct {
	validate func(*statement.Statement) error // nil: the parser's checks are all it needs
	run      runFunc
}

// families maps each command of statement.Commands to its reader, by name.
var families = map[string]family{
	"get":           {get.Validate, get.Run},
	"describe":      {describe.Validate, describe.Run},
	"logs":          {logs.Validate, logs.Run},
	"events":        {events.Validate, events.Run},
	"explain":       {explain.Validate, explain.Run},
	"top pod":       {top.Validate, top.RunPod},
	"top node":      {top.Validate, top.RunNode},
	"auth can-i":    {auth.ValidateCanI, auth.RunCanI},
	"auth whoami":   {nil, auth.RunWhoAmI},
	"api-resources": {nil, apiresources.RunAPIResources},
	"api-versions":  {nil, apiresources.RunAPIVersions},
	"version":       {nil, version.Run},
}

// Parse reads a statement from words (as a shell split them) and applies its command's own
// argument rules, so a refusal never depends on a connection. Blank input answers nil.
func Parse(words []string) (*statement.Statement, error) {
	return validate(statement.Parse(words))
}

// ParseLine is Parse for one console line.
func ParseLine(line string) (*statement.Statement, error) {
	return validate(statement.ParseLine(line))
}

func validate(st *statement.Statement, err error) (*statement.Statement, error) {
	if err != nil || st == nil || st.Help {
		return st, err
	}
	if redact.SelectsOwner(st.String("selector")) {
		return nil, kube.Refusef(statement.CodeBadValue, statement.SentenceOwnerSelector)
	}
	if f, ok := families[st.Command.Name]; ok && f.validate != nil {
		if err := f.validate(st); err != nil {
			return nil, err
		}
	}
	return st, nil
}

// Run answers one parsed statement. The statement's --request-timeout, when given, bounds each
// of its requests through the context: the client's own deadline still applies beneath it. Its
// paged reads share the command's deadline (limits.StatementDeadlines).
func Run(ctx context.Context, s *reader.Session, st *statement.Statement) (*printer.Result, error) {
	f, ok := families[st.Command.Name]
	if !ok {
		return nil, kube.Refusef(statement.CodeUnknownCommand, statement.SentenceUnknownCommand, st.Command.Name, statement.CommandList())
	}
	return f.run(kube.WithStatement(reader.WithTimeout(ctx, st), st.Command.Name), s, st)
}

// RunLine parses and runs one console line. A blank or comment line answers nil.
func RunLine(ctx context.Context, s *reader.Session, line string) (*printer.Result, error) {
	st, err := ParseLine(line)
	if err != nil || st == nil {
		return nil, err
	}
	if st.Help {
		return &printer.Result{Lines: &printer.Lines{Text: statement.HelpLines(st.Command)}}, nil
	}
	return Run(ctx, s, st)
}
