package kube

import (
	"context"
	"strings"

	"github.com/studioctl/studioctl/limits"

	"github.com/studioctl/studioctl/fault"
)

// Category lists the resources discovery places in a category ("all"), as kubectl's category
// expander does: every served version is read in discovery's order, each group and resource is
// kept once at its preferred version, and only resources that can be listed are kept. ok is false
// when no resource names the category.
func (d *Discovery) Category(name string) (rs []APIResource, ok bool) {
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "" {
		return nil, false
	}
	seen := map[string]bool{}
	for i := range d.Resources {
		r := &d.Resources[i]
		if strings.Contains(r.Resource, "/") || !hasString(r.Categories, name) {
			continue
		}
		ok = true
		key := r.Resource + "." + r.Group
		if seen[key] {
			continue
		}
		seen[key] = true
		p, found := d.preferred(r.Group, r.Resource)
		if !found || !p.Has("list") {
			continue
		}
		rs = append(rs, p)
	}
	return rs, ok
}

// preferred is a group's resource at the group's preferred version.
func (d *Discovery) preferred(group, resource string) (APIResource, bool) {
	for i := range d.Resources {
		r := &d.Resources[i]
		if r.Group == group && r.Resource == resource && r.Preferred {
			return *r, true
		}
	}
	return APIResource{}, false
}

func hasString(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// ResolveTypes finds what one word of a get's TYPE list names: the resources of a discovery
// category when the word is one ("all"; kubectl expands categories before it looks for a type), or
// the one resource Resolve finds. A category wider than limits.MaxKindsPerStatement is refused.
func (c *Client) ResolveTypes(ctx context.Context, typ string) ([]APIResource, error) {
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
		return []APIResource{r}, nil
	}
	if len(rs) > limits.MaxKindsPerStatement {
		return nil, fault.Refusef(fault.CodeLimitKinds, sentenceCategoryKinds, typ, len(rs), limits.MaxKindsPerStatement)
	}
	return rs, nil
}
