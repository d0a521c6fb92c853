package kube

import (
	"context"
	"sync"
	"time"

	"github.com/studioctl/studioctl/limits"
)

type statementKey struct{}

// statement is one running statement, as the context carries it: its command and when its first
// paged read started, by the client's clock and by the wall clock, so every walk of the statement
// counts against the same deadline.
type statement struct {
	command  string
	deadline time.Duration // 0: the command's entry in limits.StatementDeadlines
	mu       sync.Mutex
	started  bool
	clock    time.Time // the client's clock (Options.Now), which tests inject
	wall     time.Time // real time, for the context deadline that ends a blocked request
}

// WithStatement marks ctx as running one statement of command, so its paged reads share the
// command's deadline from limits.StatementDeadlines.
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
		d = limits.StatementDeadline(st.command)
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
// limits.PageSlack more for the short or empty pages a field selector can leave.
func maxPages(maxRows, size int) int {
	return (maxRows+size-1)/size + limits.PageSlack
}
