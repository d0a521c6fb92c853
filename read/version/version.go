// Package version answers version: studioctl's version and the server's.
package version

import (
	"context"

	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
)

// Options are version's options, filled once from the statement.
type Options struct{ reader.Plain }

// Run prints studioctl's version and the server's, as kubectl version does.
func (o *Options) Run(ctx context.Context, s *reader.Session) (*printer.Result, error) {
	server, err := s.Client.ServerVersion(ctx)
	if err != nil {
		return nil, err
	}
	if out := o.Output; out == "json" || out == "yaml" {
		doc := map[string]any{"clientVersion": map[string]any{"gitVersion": kube.Version, "program": "studioctl"}, "serverVersion": server}
		return &printer.Result{Docs: &printer.Docs{Format: out, Value: doc}}, nil
	}
	gv, _ := server["gitVersion"].(string)
	return &printer.Result{Lines: &printer.Lines{Text: []string{"Client Version: studioctl " + kube.Version, "Server Version: " + gv}}}, nil
}
