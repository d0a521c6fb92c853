package discovery

import (
	"strings"

	"github.com/studioctl/studioctl/policy"
)

// What a statement's TYPE names in discovery: a category's resources, or one resource.

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
		p, found := d.Preferred(r.Group, r.Resource)
		if !found || !p.Has("list") {
			continue
		}
		rs = append(rs, p)
	}
	return rs, ok
}

// Preferred is a group's resource at the group's preferred version.
func (d *Discovery) Preferred(group, resource string) (APIResource, bool) {
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
