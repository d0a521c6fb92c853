package kube

import (
	"context"

	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/policy"
)

// rawKey marks a request as get --raw's, so the guard admits it only through policy.CheckRaw.
type rawKey struct{}

func isRaw(ctx context.Context) bool { v, _ := ctx.Value(rawKey{}).(bool); return v }

// Raw reads one of policy.RawPaths as the server wrote it (get --raw), at most
// limits.MaxRawBytes. Any other path is refused here and again by the guard, before a socket
// opens.
func (c *Client) Raw(ctx context.Context, path string) ([]byte, error) {
	if !policy.IsRawPath(path) {
		return nil, Refusef(CodeRefusedRawPath, SentenceRawPath, RawPathList(), path)
	}
	return c.do(context.WithValue(ctx, rawKey{}, true), &call{method: "GET", path: path, accept: acceptAny,
		what: "read " + path, cap: limits.MaxRawBytes})
}

// RawPathList names the paths get --raw reads, for sentences and help.
func RawPathList() string {
	out := ""
	for i, p := range policy.RawPaths {
		if i > 0 {
			out += ", "
		}
		out += p
	}
	return out
}
