package kube

import (
	"context"
	"sync"
	"time"
)

// StatementDeadlines is the one table of how long a statement's paged reads may take in all,
// by command: the bound on a statement as a whole, where the request deadline (30 s, or
// --request-timeout) bounds each request. A walk through a collection's pages (ListTable,
// ListObjects) stops with CodeStatementDeadline when it passes it. A command not listed here, or a
// read made outside any statement (a library caller, the tree), gets DefaultStatementDeadline.
// A statement whose --request-timeout is longer than its entry gets the request timeout instead,
// so one request is never cut shorter than the user asked.
var StatementDeadlines = map[string]time.Duration{
	"get":      DefaultStatementDeadline, // the list (and -w's first list; the window is its own bound)
	"describe": DefaultStatementDeadline, // the related objects and the events
	"events":   DefaultStatementDeadline,
	"logs":     DefaultStatementDeadline, // the pods a selector names; each log has its own caps
	"top pod":  DefaultStatementDeadline,
	"top node": DefaultStatementDeadline,
}

// StatementDeadline is the deadline of one statement of the command name.
func StatementDeadline(command string) time.Duration {
	if d, ok := StatementDeadlines[command]; ok && d > 0 {
		return d
	}
	return DefaultStatementDeadline
}

type statementKey struct{}

// statement is one running statement, as the context carries it: its command and when its first
// paged read started, by the client's clock and by the wall clock, so every walk of the statement
// counts against the same deadline.
type statement struct {
	command  string
	deadline time.Duration // 0: the command's entry in StatementDeadlines
	mu       sync.Mutex
	started  bool
	clock    time.Time // the client's clock (Options.Now), which tests inject
	wall     time.Time // real time, for the context deadline that ends a blocked request
}

// WithStatement marks ctx as running one statement of command, so its paged reads share the
// command's deadline from StatementDeadlines.
func WithStatement(ctx context.Context, command string) context.Context {
	return context.WithValue(ctx, statementKey{}, &statement{command: command})
}

// statementClock returns the statement's deadline and when its paged reads started; the first
// walk of a statement starts it. A context with no statement starts a fresh one per walk.
func (c *Client) statementClock(ctx context.Context) (d time.Duration, clock, wall time.Time) {
	st, _ := ctx.Value(statementKey{}).(*statement)
	if st == nil {
		st = &statement{}
	}
	d = st.deadline
	if d <= 0 {
		d = StatementDeadline(st.command)
	}
	if rt, ok := ctx.Value(requestTimeoutKey{}).(time.Duration); ok && rt > d {
		d = rt // the statement's own --request-timeout is longer: one request may take all of it
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if !st.started {
		st.started, st.clock, st.wall = true, c.opts.Now(), time.Now()
	}
	return d, st.clock, st.wall
}

// statementName is the command of the statement ctx runs, or "".
func statementName(ctx context.Context) string {
	if st, _ := ctx.Value(statementKey{}).(*statement); st != nil {
		return st.command
	}
	return ""
}

// maxPages is how many pages a walk may read: what its row cap needs at its page size, and
// PageSlack more for the short or empty pages a field selector can leave.
func maxPages(maxRows, size int) int {
	return (maxRows+size-1)/size + PageSlack
}
