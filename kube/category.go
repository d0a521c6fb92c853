package kube

import (
	"context"

	"github.com/studioctl/studioctl/limits"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube/discovery"
)

// ResolveTypes finds what one word of a get's TYPE list names: the resources of a discovery
// category when the word is one ("all"; kubectl expands categories before it looks for a type), or
// the one resource Resolve finds. A category wider than limits.MaxKindsPerStatement is refused.
func (c *Client) ResolveTypes(ctx context.Context, typ string) ([]discovery.APIResource, error) {
	d, err := c.Discovery(ctx)
	if err != nil {
		return nil, err
	}
	rs, ok := d.Category(typ)
	if !ok {
		r, err := c.Resolve(ctx, typ)
		if err != nil {
			return nil, err
		}
		return []discovery.APIResource{r}, nil
	}
	if len(rs) > limits.MaxKindsPerStatement {
		return nil, fault.Refusef(fault.CodeLimitKinds, sentenceCategoryKinds, typ, len(rs), limits.MaxKindsPerStatement)
	}
	return rs, nil
}
