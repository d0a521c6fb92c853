package get

import (
	"bytes"
	"context"
	"unicode/utf8"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
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
		return fault.Refusef(statement.CodeUsage, sentenceRawArgs)
	}
	if o.Output != "" || o.watching() || o.WatchEvents || o.Selector != "" || o.FieldSelector != "" || o.SortBy != "" ||
		o.Subresource != "" || o.AllNamespaces || o.ShowLabels || len(o.LabelColumns) > 0 || o.NoHeaders || o.IgnoreNotFound {
		return fault.Refusef(statement.CodeUsage, sentenceRawAlone)
	}
	if !policy.IsRawPath(*o.Raw) {
		return fault.Refusef(fault.CodeRefusedRawPath, fault.SentenceRawPath, kube.RawPathList(), *o.Raw)
	}
	return nil
}

// runRaw reads the path. On the command line the answer streams (the OpenAPI index is large):
// each whole line, or a long line's part, is printed as it arrives; elsewhere it is read whole.
// Either way the Writer sanitises the bytes as it prints them.
func (o *Options) runRaw(ctx context.Context, s *reader.Session) (*printer.Result, error) {
	if s.Live == nil {
		body, err := s.Client.Raw(ctx, *o.Raw)
		if err != nil {
			return nil, err
		}
		return &printer.Result{Body: body}, nil
	}
	var held []byte
	err := s.Client.RawStream(ctx, *o.Raw, func(b []byte) error {
		held = append(held, b...)
		cut := rawCut(held)
		if cut == 0 {
			return nil
		}
		err := s.Live.Text(held[:cut])
		held = append(held[:0], held[cut:]...)
		return err
	})
	if err == nil && len(held) > 0 {
		err = s.Live.Text(held)
	}
	if err != nil {
		return nil, err
	}
	return &printer.Result{}, nil
}

// rawCut is how much of held may be printed now: up to its last line feed, or, once a line runs
// past limits.RawHeldBytes, up to the end of its last whole character (so no character is cut in
// two); 0 holds it all for now.
func rawCut(held []byte) int {
	if i := bytes.LastIndexByte(held, '\n'); i >= 0 {
		return i + 1
	}
	if len(held) < limits.RawHeldBytes {
		return 0
	}
	start := len(held) - 1
	for start > 0 && len(held)-start < utf8.UTFMax && !utf8.RuneStart(held[start]) {
		start--
	}
	if start == 0 || utf8.FullRune(held[start:]) {
		return len(held)
	}
	return start
}
