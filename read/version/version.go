package version

import (
	"context"

	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/statement"
)

// Run prints studioctl's version and the server's, as kubectl version does.
func Run(ctx context.Context, s *reader.Session, st *statement.Statement) (*printer.Result, error) {
	server, err := s.Client.ServerVersion(ctx)
	if err != nil {
		return nil, err
	}
	if out := st.Output(); out == "json" || out == "yaml" {
		doc := map[string]any{"clientVersion": map[string]any{"gitVersion": kube.Version, "program": "studioctl"}, "serverVersion": server}
		return &printer.Result{Docs: &printer.Docs{Format: out, Value: doc}}, nil
	}
	gv, _ := server["gitVersion"].(string)
	return &printer.Result{Lines: &printer.Lines{Text: []string{"Client Version: studioctl " + kube.Version, "Server Version: " + gv}}}, nil
}
