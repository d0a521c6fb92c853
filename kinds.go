package studioctl

import (
	"context"

	"github.com/studioctl/studioctl/kube/discovery"
)

// Kind is one kind the server serves, as discovery lists it.
type Kind struct {
	// Group is the API group; "" for the core group.
	Group string
	// Version is the version reads use: the group's preferred one unless a name chose another.
	Version string
	// Resource is the plural, lower-case name: "deployments".
	Resource string
	// Kind is the object's kind: "Deployment".
	Kind string
	// Singular is the lower-case singular name: "deployment".
	Singular string
	// ShortNames are the abbreviations kubectl accepts: "deploy".
	ShortNames []string
	// Namespaced is true for a kind whose objects live in a namespace.
	Namespaced bool
	// Verbs are the read verbs the server serves for it (get, list, watch): what studioctl may ask.
	Verbs []string
	// AllVerbs are every verb discovery lists, writes included (studioctl sends none of them).
	AllVerbs []string
	// Categories are the groups of kinds it belongs to ("all").
	Categories []string
}

// GVR is the kind's exact name; its String is what every read accepts as a kind.
func (k Kind) GVR() GVR { return GVR{Group: k.Group, Version: k.Version, Resource: k.Resource} }

func kindOf(r discovery.APIResource) Kind {
	return Kind{Group: r.Group, Version: r.Version, Resource: r.Resource, Kind: r.Kind, Singular: r.Singular,
		ShortNames: r.ShortNames, Namespaced: r.Namespaced, Verbs: r.Verbs, AllVerbs: r.AllVerbs, Categories: r.Categories}
}

// GVR names a kind exactly, by group, version and resource. Its String is the kubectl form every
// read accepts as a kind ("deployments.v1.apps", "pods.v1").
type GVR struct {
	Group    string
	Version  string
	Resource string
}

// String is resource.version.group, or resource.version for the core group.
func (g GVR) String() string {
	if g.Group == "" {
		return g.Resource + "." + g.Version
	}
	return g.Resource + "." + g.Version + "." + g.Group
}

// Resolve finds the kind a name means, as kubectl does: a plural, a short name, a singular or a
// Kind, optionally qualified (deployments.apps, deployments.v1.apps).
func (s *Session) Resolve(ctx context.Context, kind string) (Kind, error) {
	r, err := s.client.Resolve(ctx, kind)
	if err != nil {
		return Kind{}, err
	}
	return kindOf(r), nil
}

// Kinds lists every kind the server serves (discovery), core group first.
func (s *Session) Kinds(ctx context.Context) ([]Kind, error) {
	d, err := s.client.Discovery(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Kind, len(d.Resources))
	for i, r := range d.Resources {
		out[i] = kindOf(r)
	}
	return out, nil
}
