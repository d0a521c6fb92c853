package kube

import (
	"context"

	"github.com/studioctl/studioctl/fault"
)

// ServerVersion reads /version: the server's gitVersion, platform and build facts.
func (c *Client) ServerVersion(ctx context.Context) (map[string]any, error) {
	what := "read the server's version at /version"
	body, err := c.do(ctx, &call{method: "GET", path: "/version", accept: AcceptJSON, what: what})
	if err != nil {
		return nil, err
	}
	var v map[string]any
	if err := decodeJSON(body, &v); err != nil || v == nil {
		return nil, decodeError(what, err)
	}
	return v, nil
}

// Readyz reads /readyz and returns its text (at most 64 KiB) and whether the server said ok.
// A 5xx from /readyz is an answer here, not an error: it is how the server says it is not ready.
func (c *Client) Readyz(ctx context.Context) (string, bool, error) {
	what := "read the server's readiness at /readyz"
	body, err := c.do(ctx, &call{method: "GET", path: "/readyz", accept: acceptAny, what: what, cap: 64 << 10})
	if err != nil {
		if e, ok := fault.As(err); ok && e.Status >= 500 {
			return "", false, nil
		}
		return "", false, err
	}
	return string(body), string(body) == "ok", nil
}
