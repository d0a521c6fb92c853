// Package discovery is what a server's aggregated discovery lists (apidiscovery.k8s.io v2 and
// v2beta1), read strictly: the resources and their read verbs (the only verbs it keeps, so nothing
// read can widen the allowlist), the groups and their versions, the version floor decided from
// them, and the disk cache's file of the two raw answers. The client (package kube) asks for the
// answers and keeps them; this room reads them.
package discovery

import (
	"slices"
	"strings"

	"github.com/studioctl/studioctl/fault"
)

// APIResource is one resource discovery lists, at its group's preferred version unless a
// statement names another.
type APIResource struct {
	Group      string
	Version    string
	Resource   string // plural, lower-case: "deployments"
	Kind       string // "Deployment"
	Singular   string
	ShortNames []string
	Namespaced bool
	Verbs      []string // the read verbs only (get, list, watch): what the policy consults
	// AllVerbs is every verb discovery lists, for api-resources to print and filter on. It is
	// display only: the policy never reads it (Lookup returns Verbs).
	AllVerbs     []string
	Categories   []string
	Subresources []Subresource
	Preferred    bool // this is the group's preferred version
}

// HasSubresource reports whether discovery lists sub for r with the get verb.
func (r APIResource) HasSubresource(sub string) bool {
	for _, s := range r.Subresources {
		if s.Name == sub && slices.Contains(s.Verbs, "get") {
			return true
		}
	}
	return false
}

// Subresource is one subresource of a resource, with its verbs.
type Subresource struct {
	Name  string
	Verbs []string
}

// GroupVersion is "v1" for the core group and "group/version" otherwise, as apiVersion reads.
func (r APIResource) GroupVersion() string {
	if r.Group == "" {
		return r.Version
	}
	return r.Group + "/" + r.Version
}

// GroupResource is "pods" or "deployments.apps", the way kubectl names a type in messages.
func (r APIResource) GroupResource() string {
	if r.Group == "" {
		return r.Resource
	}
	return r.Resource + "." + r.Group
}

// StatementType names the type in a statement so that no other group's kind can take it, as
// kubectl reads it: the singular for the core group, singular.group otherwise (deployment.apps).
func (r APIResource) StatementType() string {
	if r.Group == "" {
		return r.Singular
	}
	return r.Singular + "." + r.Group
}

// IsCustomGroup tells a custom resource's API group from Kubernetes' own, whose groups are the
// core group, a handful of short names and *.k8s.io.
func IsCustomGroup(g string) bool {
	switch g {
	case "", "apps", "batch", "autoscaling", "policy", "extensions":
		return false
	}
	return !strings.HasSuffix(g, ".k8s.io")
}

// Has reports whether discovery lists verb for the resource.
func (r APIResource) Has(verb string) bool { return slices.Contains(r.Verbs, verb) }

// Discovery is what the server's aggregated discovery lists, in the server's order: the core
// group first, then the groups by the server's priority, each group's versions in preference order.
type Discovery struct {
	Resources []APIResource
	Groups    []GroupVersions
	// Beta is true when the server answered apidiscovery.k8s.io/v2beta1 (1.27 to 1.29).
	Beta bool
}

// GroupVersions is one group with its served versions, preferred first.
type GroupVersions struct {
	Name     string
	Versions []string
}

// Lookup implements policy.Resources.
func (d *Discovery) Lookup(group, version, resource, sub string) (bool, []string, bool) {
	for i := range d.Resources {
		r := &d.Resources[i]
		if r.Group != group || r.Version != version || r.Resource != resource {
			continue
		}
		if sub == "" {
			return r.Namespaced, r.Verbs, true
		}
		for _, s := range r.Subresources {
			if s.Name == sub {
				return r.Namespaced, s.Verbs, true
			}
		}
		return false, nil, false
	}
	return false, nil, false
}

// Floor refuses a server that runs Kubernetes 1.27 or earlier: its discovery lists
// authentication.k8s.io/v1 (every server since 1.6 does) without selfsubjectreviews, which 1.28
// added. A discovery that does not list that group version at all cannot tell, and passes; check
// and auth whoami still meet the floor as the review's 404.
func (d *Discovery) Floor() error {
	if d == nil {
		return nil
	}
	listed := false
	for _, g := range d.Groups {
		if g.Name == "authentication.k8s.io" && slices.Contains(g.Versions, "v1") {
			listed = true
		}
	}
	if !listed {
		return nil
	}
	for _, r := range d.Resources {
		if r.Group == "authentication.k8s.io" && r.Version == "v1" && r.Resource == "selfsubjectreviews" {
			return nil
		}
	}
	return fault.Server(fault.CodeTooOld, 404, fault.SentenceTooOld)
}
