package get

import (
	"context"

	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/policy"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/statement"
)

// get --raw PATH prints the server's answer at one of the fixed paths (policy.RawPaths) as it
// came: no type, no name, no output form, no filter, as kubectl's --raw stands alone.

// validateRaw refuses, before anything is sent, a path outside the fixed ones and anything given
// beside it.
func (o *Options) validateRaw() error {
	if len(o.Args) > 0 {
		return kube.Refusef(statement.CodeUsage, sentenceRawArgs)
	}
	if o.Output != "" || o.watching() || o.WatchEvents || o.Selector != "" || o.FieldSelector != "" || o.SortBy != "" ||
		o.Subresource != "" || o.AllNamespaces || o.ShowLabels || len(o.LabelColumns) > 0 || o.NoHeaders || o.IgnoreNotFound {
		return kube.Refusef(statement.CodeUsage, sentenceRawAlone)
	}
	if !policy.IsRawPath(*o.Raw) {
		return kube.Refusef(kube.CodeRefusedRawPath, kube.SentenceRawPath, kube.RawPathList(), *o.Raw)
	}
	return nil
}

// runRaw reads the path; the Writer sanitises the bytes as it prints them.
func (o *Options) runRaw(ctx context.Context, s *reader.Session) (*printer.Result, error) {
	body, err := s.Client.Raw(ctx, *o.Raw)
	if err != nil {
		return nil, err
	}
	if body == nil {
		body = []byte{}
	}
	return &printer.Result{Body: body}, nil
}
