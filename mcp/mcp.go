// Package mcp is studioctl's agent surface: a Model Context Protocol server (the official Go SDK)
// whose tools read one or more saved connections that opted in, in machine mode, under the agent
// path's caps. Every tool is read-only; a statement is admitted by the same parser and allowlist
// as the command's, and refused before anything is sent when it would write, watch, follow, choose
// a connection or an identity, or change studioctl's own settings.
//
// The agent sees connection names and their servers' host names, answers masked by machine
// redaction with a receipt of what was masked, and studioctl's sentences; never a credential, a
// kubeconfig, a file path or a way to switch identity.
//
// Tools (the table in tools.go): run_kubectl_read (one statement line), profile_workloads and
// inspect_usage (the audit room's readings of one namespace), outline_cluster (the plan-mode
// projection: the Cluster container and the default namespace walked, kinds with counts and names,
// Secret names withheld) and list_connections.
package mcp

import (
	"context"
	"errors"
	"io"
	"sync"
	"sync/atomic"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
)

// The agent path's caps.
const (
	// MaxStatementChars bounds one run_kubectl_read line, in characters.
	MaxStatementChars = limits.MCPStatementChars
	// MaxRows is the row cap of every read on the agent path; nothing raises it.
	MaxRows = limits.MCPMaxRows
	// DefaultDeadline bounds one call when Options.Deadline is 0.
	DefaultDeadline = limits.MCPCallDeadline
	// DefaultConcurrent is how many calls run at once when Options.MaxConcurrent is 0.
	DefaultConcurrent = limits.MCPConcurrentCalls
)

// Connection is one connection the agent may read: its name, its server's host name (all the
// agent learns of it) and how to open a session on it.
type Connection struct {
	Name string
	Host string
	Open func() (*studioctl.Session, error)
}

// Options configure a Server.
type Options struct {
	// Connections are the connections the agent may read (FromStore: the saved ones that opted in).
	Connections []Connection
	// Deadline bounds each call; 0 is DefaultDeadline.
	Deadline time.Duration
	// MaxConcurrent is how many calls run at once; 0 is DefaultConcurrent.
	MaxConcurrent int
	// Log, when set, receives one line per call (OpenLog opens the state directory's file).
	Log io.Writer
	// Now is the log's clock; nil is the system clock.
	Now func() time.Time
}

// Server is the agent surface over a set of connections.
type Server struct {
	opts Options
	sem  chan struct{}
	// waiting counts the calls queued for a slot (at most maxQueued(), past which a call is
	// answered busy at once).
	waiting atomic.Int64
	log     *callLog
	sdk     *sdk.Server
	mu      sync.Mutex
	cache   map[string]*entry
}

// entry is one connection's session, opened at its first call and kept.
type entry struct {
	mu sync.Mutex
	s  *studioctl.Session
}

// New builds the server and registers its tools.
func New(o Options) *Server {
	if o.Deadline <= 0 {
		o.Deadline = DefaultDeadline
	}
	if o.MaxConcurrent <= 0 {
		o.MaxConcurrent = DefaultConcurrent
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	s := &Server{opts: o, sem: make(chan struct{}, o.MaxConcurrent), cache: map[string]*entry{}}
	s.log = &callLog{w: o.Log, now: o.Now}
	s.sdk = sdk.NewServer(&sdk.Implementation{Name: "studioctl", Version: kube.Version}, &sdk.ServerOptions{
		Instructions: instructions,
	})
	s.sdk.AddReceivingMiddleware(protocolMiddleware)
	for _, register := range tools {
		register(s)
	}
	return s
}

const instructions = "studioctl reads Kubernetes clusters read-only. Start with list_connections and outline_cluster; " +
	"then read with run_kubectl_read, one kubectl read a call (get, describe, logs, events, top, explain, auth can-i, api-resources), " +
	"or profile a namespace's workloads (profile_workloads) and their resource usage (inspect_usage). " +
	"Answers are masked for an agent: a value shown as <redacted> exists but is withheld, and each answer's redaction receipt counts them."

// MCP is the SDK server, for a transport of the caller's choosing (tests use in-memory ones).
func (s *Server) MCP() *sdk.Server { return s.sdk }

// connection finds the connection a call names ("" names the only one).
func (s *Server) connection(name string) (*Connection, error) {
	cs := s.opts.Connections
	if name == "" {
		switch len(cs) {
		case 0:
			return nil, fault.Refusef(CodeNoConnection, sentenceNoConnection)
		case 1:
			return &cs[0], nil
		}
		return nil, fault.Refusef(CodeWhichOne, sentenceWhichOne, len(cs))
	}
	for i := range cs {
		if cs[i].Name == name {
			return &cs[i], nil
		}
	}
	return nil, fault.Refusef(CodeNotOptedIn, sentenceNotOptedIn, name)
}

// resolve finds the connection a call names and notes its name in the call's log record, so the
// log names the connection read even when the call left it out.
func (s *Server) resolve(rec *logRecord, name string) (*Connection, error) {
	c, err := s.connection(name)
	if err == nil {
		rec.Connection = c.Name
	}
	return c, err
}

// session opens a connection's session once, in machine mode under the agent's row cap, whatever
// the opener chose.
func (s *Server) session(c *Connection) (*studioctl.Session, error) {
	s.mu.Lock()
	e, ok := s.cache[c.Name]
	if !ok {
		e = &entry{}
		s.cache[c.Name] = e
	}
	s.mu.Unlock()
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.s != nil {
		return e.s, nil
	}
	sess, err := c.Open()
	if err != nil {
		return nil, err
	}
	if err := sess.Raise(studioctl.Machine); err != nil {
		return nil, err
	}
	if sess.RowCap() > MaxRows {
		if err := sess.CapRows(MaxRows); err != nil {
			return nil, err
		}
	}
	e.s = sess
	return sess, nil
}

// call runs one tool call under the concurrency cap and the deadline, and logs it. A queue of
// calls behind a slow server must not reach it all at once when slots free up as their shared
// deadline fires (600 queued calls once released 250 requests in that second): at most
// maxQueued() calls wait, and a call that gets its slot with less than a quarter of its deadline
// left answers busy instead of starting requests it could not finish.
func (s *Server) call(ctx context.Context, rec *logRecord, run func(context.Context) (int, error)) error {
	ctx, cancel := context.WithTimeout(ctx, s.opts.Deadline)
	defer cancel()
	busy := func() error {
		err := fault.Refusef(CodeBusy, sentenceBusy, s.opts.MaxConcurrent)
		s.log.write(rec, 0, err)
		return toolError(err)
	}
	select {
	case s.sem <- struct{}{}: // a free slot: no queue
	default:
		if s.waiting.Add(1) > s.maxQueued() {
			s.waiting.Add(-1)
			return busy()
		}
		select {
		case s.sem <- struct{}{}:
			s.waiting.Add(-1)
		case <-ctx.Done():
			s.waiting.Add(-1)
			err := s.ctxError(ctx, fault.Refusef(CodeBusy, sentenceBusy, s.opts.MaxConcurrent))
			s.log.write(rec, 0, err)
			return toolError(err)
		}
		if left, ok := ctx.Deadline(); ok && time.Until(left) < s.opts.Deadline/4 {
			<-s.sem
			return busy()
		}
	}
	defer func() { <-s.sem }()
	if ctx.Err() != nil {
		err := s.ctxError(ctx, ctx.Err())
		s.log.write(rec, 0, err)
		return toolError(err)
	}
	rows, err := run(ctx)
	if err != nil && ctx.Err() != nil {
		err = s.ctxError(ctx, err)
	}
	s.log.write(rec, rows, err)
	return toolError(err)
}

// maxQueued is how many calls may wait for a slot: four rounds of the concurrency cap.
func (s *Server) maxQueued() int64 { return int64(4 * s.opts.MaxConcurrent) }

// ctxError says why a call's context ended: its deadline, or the client's cancel.
func (s *Server) ctxError(ctx context.Context, busy error) error {
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		if e, ok := fault.As(busy); ok && e.Code == CodeBusy {
			return busy
		}
		return &fault.Error{Code: CodeDeadline, Class: fault.Unreachable, Sentence: fault.Sentencef(sentenceDeadline, s.opts.Deadline.String())}
	case ctx.Err() != nil:
		return fault.Refusef(CodeCancelled, sentenceCancelled)
	}
	return busy
}

// toolError is an error as the agent reads it: studioctl's sentence after its stable code.
func toolError(err error) error {
	if err == nil {
		return nil
	}
	e := fault.Of(err)
	return &agentError{e}
}

type agentError struct{ e *fault.Error }

func (a *agentError) Error() string { return a.e.Code + ": " + a.e.Sentence }
func (a *agentError) Unwrap() error { return a.e }
