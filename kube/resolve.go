package kube

import (
	"context"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube/discovery"
)

// Resolve finds the resource a statement's TYPE names, the way kubectl does: a plural, a short
// name, a singular or a kind, case-insensitively, optionally qualified as resource.group or
// resource.version.group. An unknown type reads discovery again once, then fails with kubectl's
// sentence.
func (c *Client) Resolve(ctx context.Context, typ string) (discovery.APIResource, error) {
	d, err := c.Discovery(ctx)
	if err != nil {
		return discovery.APIResource{}, err
	}
	if r, ok := d.Resolve(typ); ok {
		return r, nil
	}
	if !c.discoveryIsFresh() {
		if d, err = c.RefreshDiscovery(ctx); err != nil {
			return discovery.APIResource{}, err
		}
		if r, ok := d.Resolve(typ); ok {
			return r, nil
		}
	}
	return discovery.APIResource{}, fault.Server(fault.CodeUnknownType, 404, sprintf(sentenceUnknownType, typ))
}
