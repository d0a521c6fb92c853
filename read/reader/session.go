// Package reader holds what every reader family is handed: the session (the client and the
// statement row cap), the shape of a command's typed options, and the few rules they all apply
// the same way.
package reader

import (
	"context"
	"time"

	"github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/internal/inner"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
)

// Session runs statements against one API server: the reader families' view of a library session
// ([Of]), which the command line, the console, package run and the browse tree hand them.
type Session struct {
	Client  *kube.Client
	MaxRows int // the statement row cap; 0 means limits.DefaultMaxRows
	// Live, when set, runs the live forms (get -w, logs -f, events -w, rollout status) until the
	// context ends, printing each row or line through it as it arrives. Only the command line
	// sets it; the console and the library keep the bounded forms.
	Live *printer.Stream
	// Machine is set in machine mode (agents: MCP, the console's machine mode): the reads that
	// would tell a masked value by the order or the count of what they print refuse, and events
	// keep the grid's caps.
	Machine bool
}

// Of is the reader session on a library session: its client and its row cap.
func Of(s *studioctl.Session) *Session {
	return &Session{Client: inner.Client(s), MaxRows: s.RowCap(), Machine: s.Mode() >= studioctl.Machine}
}

// Mode is the printer's redaction mode for a library session's mode.
func Mode(s *studioctl.Session) printer.RedactMode { return s.Mode() }

// Options are one command's options, in the manner of kubectl's pkg/cmd: filled once from the
// parsed statement (statement.Fill) or built by a caller such as the browse screen, then
// Validate (the command's own argument rules: nothing sent, no connection needed), Complete (the
// defaults the session supplies) and Run (the reads).
type Options interface {
	Validate() error
	Complete(s *Session)
	Run(ctx context.Context, s *Session) (*printer.Result, error)
	// CommonOptions are the options every command takes, applied by the dispatcher alike.
	CommonOptions() *Common
}

// Common are the options every command takes. Each command's options embed it.
type Common struct {
	RequestTimeout *time.Duration `flag:"request-timeout"` // nil: the client's own deadline
}

// CommonOptions gives the options every command shares.
func (c *Common) CommonOptions() *Common { return c }

// Plain are the options of a command that takes only -o beside Common's and has no rule or
// default of its own (version, auth whoami).
type Plain struct {
	Common
	Output string `flag:"output"`
}

// Validate has nothing to add to the parser's checks.
func (*Plain) Validate() error { return nil }

// Complete has nothing to fill.
func (*Plain) Complete(*Session) {}

// Namespace is the namespace a namespaced statement reads: -n, else the connection's default.
// Complete calls it, so the default is applied in this one place.
func (s *Session) Namespace(given string) string {
	if given != "" {
		return given
	}
	return s.Client.Endpoint().DefaultNamespace
}

// RowCap is the number of rows a statement may read; Complete calls it, so the default is applied
// in this one place.
func (s *Session) RowCap() int {
	if s.MaxRows > 0 {
		return s.MaxRows
	}
	return limits.DefaultMaxRows
}

// WithTimeout applies a statement's --request-timeout to each of its requests.
func WithTimeout(ctx context.Context, c *Common) context.Context {
	if c.RequestTimeout != nil {
		return kube.WithRequestTimeout(ctx, *c.RequestTimeout)
	}
	return ctx
}
