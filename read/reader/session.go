// Package reader holds what every reader family is handed: the session (the client and the
// statement row cap) and the few rules they all apply the same way.
package reader

import (
	"context"

	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/statement"
)

// Session runs statements against one API server. It is what the command line, the interactive
// console and a Go program importing the library all use.
type Session struct {
	Client  *kube.Client
	MaxRows int // the statement row cap; 0 means limits.DefaultMaxRows
}

// Namespace is the namespace a namespaced statement reads: -n, else the connection's default.
func (s *Session) Namespace(st *statement.Statement) string {
	if ns := st.String("namespace"); ns != "" {
		return ns
	}
	return s.Client.Endpoint().DefaultNamespace
}

// RowCap is the number of rows a statement may read.
func (s *Session) RowCap() int {
	if s.MaxRows > 0 {
		return s.MaxRows
	}
	return limits.DefaultMaxRows
}

// WithTimeout applies a statement's --request-timeout to each of its requests.
func WithTimeout(ctx context.Context, st *statement.Statement) context.Context {
	if d, ok := st.Duration("request-timeout"); ok {
		return kube.WithRequestTimeout(ctx, d)
	}
	return ctx
}
