package kube

import (
	"context"
	"strings"

	"github.com/studioctl/studioctl/policy"

	"github.com/studioctl/studioctl/fault"
)

// Resolve finds the resource a statement's TYPE names, the way kubectl does: a plural, a short
// name, a singular or a kind, case-insensitively, optionally qualified as resource.group or
// resource.version.group. An unknown type reads discovery again once, then fails with kubectl's
// sentence.
func (c *Client) Resolve(ctx context.Context, typ string) (APIResource, error) {
	d, err := c.Discovery(ctx)
	if err != nil {
		return APIResource{}, err
	}
	if r, ok := d.Resolve(typ); ok {
		return r, nil
	}
	if !c.discoveryIsFresh() {
		if d, err = c.RefreshDiscovery(ctx); err != nil {
			return APIResource{}, err
		}
		if r, ok := d.Resolve(typ); ok {
			return r, nil
		}
	}
	return APIResource{}, fault.Server(fault.CodeUnknownType, 404, sprintf(sentenceUnknownType, typ))
}

// Resolve matches typ against discovery without asking the server.
func (d *Discovery) Resolve(typ string) (APIResource, bool) {
	t := strings.ToLower(strings.TrimSpace(typ))
	if t == "" {
		return APIResource{}, false
	}
	if r, ok := d.match(t, "", ""); ok {
		return r, true
	}
	name, rest, qualified := strings.Cut(t, ".")
	if !qualified || name == "" {
		return APIResource{}, false
	}
	if d.hasGroup(rest) {
		if r, ok := d.match(name, rest, ""); ok {
			return r, true
		}
	}
	if version, group, ok := strings.Cut(rest, "."); ok && policy.IsVersion(version) {
		if r, ok := d.match(name, group, version); ok {
			return r, true
		}
	}
	if policy.IsVersion(rest) { // pods.v1 names the core group at a version
		if r, ok := d.match(name, "", rest); ok {
			return r, true
		}
	}
	return APIResource{}, false
}

func (d *Discovery) hasGroup(g string) bool {
	for _, gv := range d.Groups {
		if gv.Name == g {
			return true
		}
	}
	return false
}

// match looks for name in discovery order, within group and version when they are given (an empty
// group with a version means the core group; neither means any group at its preferred version).
// Plurals win over short names, short names over singulars and kinds, as kubectl's expander does.
func (d *Discovery) match(name, group, version string) (APIResource, bool) {
	anyGroup := group == "" && version == ""
	candidates := func(yield func(*APIResource) bool) {
		for i := range d.Resources {
			r := &d.Resources[i]
			if strings.Contains(r.Resource, "/") {
				continue
			}
			if !anyGroup && r.Group != group {
				continue
			}
			if version == "" && !r.Preferred {
				continue
			}
			if version != "" && r.Version != version {
				continue
			}
			if !yield(r) {
				return
			}
		}
	}
	tests := []func(*APIResource) bool{
		func(r *APIResource) bool { return r.Resource == name },
		func(r *APIResource) bool {
			for _, s := range r.ShortNames {
				if strings.ToLower(s) == name {
					return true
				}
			}
			return false
		},
		func(r *APIResource) bool { return r.Singular == name },
		func(r *APIResource) bool { return strings.ToLower(r.Kind) == name },
	}
	for _, test := range tests {
		var found *APIResource
		candidates(func(r *APIResource) bool {
			if test(r) {
				found = r
				return false
			}
			return true
		})
		if found != nil {
			return *found, true
		}
	}
	return APIResource{}, false
}
