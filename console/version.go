package console

import (
	"context"

	"github.com/studioctl/studioctl/kube"
)

func init() { register("version", readVersion) }

// readVersion prints studioctl's version and the server's, as kubectl version does.
func readVersion(ctx context.Context, s *Session, st *Statement) (*Result, error) {
	server, err := s.Client.ServerVersion(ctx)
	if err != nil {
		return nil, err
	}
	if out := st.Output(); out == "json" || out == "yaml" {
		doc := map[string]any{"clientVersion": map[string]any{"gitVersion": kube.Version, "program": "studioctl"}, "serverVersion": server}
		return &Result{Docs: &Docs{Format: out, Value: doc}}, nil
	}
	gv, _ := server["gitVersion"].(string)
	return &Result{Lines: &Lines{Text: []string{"Client Version: studioctl " + kube.Version, "Server Version: " + gv}}}, nil
}
