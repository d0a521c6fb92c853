package check

import (
	"context"
	"sort"
	"strings"
	"sync"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
)

// DefaultNamespace in a profile's need stands for the connection's default namespace (the
// namespace registered for the manager).
const DefaultNamespace = "$default"

// Need is one right a profile requires: a verb on a resource (or on a non-resource URL), in a
// namespace ("" means every namespace, or a cluster-scoped resource).
type Need struct {
	Verb, Group, Resource, Subresource, Name, Namespace, URL string
}

// Profiles are the rights each platform reader (and the manager) needs, by profile name. It is
// the one table `check --rights` reads; docs/platform.md prints it.
var Profiles = map[string][]Need{
	"discover": {
		{Verb: "get", URL: "/version"}, {Verb: "get", URL: "/api"}, {Verb: "get", URL: "/apis"},
		{Verb: "list", Resource: "nodes"},
		{Verb: "list", Group: "storage.k8s.io", Resource: "storageclasses"},
		{Verb: "list", Group: "networking.k8s.io", Resource: "ingressclasses"},
		{Verb: "list", Group: "apps", Resource: "deployments", Namespace: "kube-system"},
	},
	"components": {
		{Verb: "get", Group: "platform.navin.ai", Resource: "managedcomponents", Namespace: DefaultNamespace},
		{Verb: "list", Group: "platform.navin.ai", Resource: "managedcomponents", Namespace: DefaultNamespace},
	},
	"mcp-runtime": {
		{Verb: "get", Group: "apps", Resource: "deployments", Name: "toolhive-operator", Namespace: "toolhive-system"},
		{Verb: "get", Resource: "namespaces"}, {Verb: "list", Resource: "namespaces"},
		{Verb: "get", Group: "toolhive.stacklok.dev", Resource: "mcpservers"},
		{Verb: "list", Group: "toolhive.stacklok.dev", Resource: "mcpservers"},
		{Verb: "get", Group: "platform.navin.ai", Resource: "managedcomponents", Namespace: "toolhive-system"},
		{Verb: "list", Group: "platform.navin.ai", Resource: "managedcomponents", Namespace: "toolhive-system"},
	},
	"navin-manager": {
		{Verb: "get", URL: "/version"}, {Verb: "get", URL: "/api"}, {Verb: "get", URL: "/apis"},
		{Verb: "list", Resource: "nodes"},
		{Verb: "list", Group: "storage.k8s.io", Resource: "storageclasses"},
		{Verb: "list", Group: "networking.k8s.io", Resource: "ingressclasses"},
		{Verb: "get", Group: "apps", Resource: "deployments", Namespace: "kube-system"},
		{Verb: "list", Group: "apps", Resource: "deployments", Namespace: "kube-system"},
		{Verb: "get", Group: "platform.navin.ai", Resource: "managedcomponents", Namespace: DefaultNamespace},
		{Verb: "list", Group: "platform.navin.ai", Resource: "managedcomponents", Namespace: DefaultNamespace},
		{Verb: "create", Group: "platform.navin.ai", Resource: "managedcomponents", Namespace: DefaultNamespace},
		{Verb: "patch", Group: "platform.navin.ai", Resource: "managedcomponents", Namespace: DefaultNamespace},
		{Verb: "delete", Group: "platform.navin.ai", Resource: "managedcomponents", Namespace: DefaultNamespace},
		{Verb: "get", Group: "platform.navin.ai", Resource: "managedcomponents", Subresource: "status", Namespace: DefaultNamespace},
	},
}

// managerRights say, per profile, which rights of the platform it reads belong to the platform
// manager instead: a read-only tool's profile names only what it reads, and the report says where
// the writes went, so no one grants them to studioctl's identity.
var managerRights = map[string]Notice{
	"mcp-runtime": {CodeRightsManager, sentenceRightsMCPManager},
}

// clusterScoped are the cluster-scoped resources the profiles name.
var clusterScoped = map[string]bool{"nodes": true, "namespaces": true, "storageclasses": true, "ingressclasses": true}

// ProfileNames are the profiles, sorted.
func ProfileNames() []string {
	var out []string
	for k := range Profiles {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// RightAnswer is one need and whether the identity holds it.
type RightAnswer struct {
	Right   string `json:"right"`
	Verb    string `json:"verb"`
	Group   string `json:"group,omitempty"`
	Target  string `json:"resource"`
	Name    string `json:"name,omitempty"`
	Scope   string `json:"namespace"`
	Allowed bool   `json:"allowed"`
}

// RightsReport is check --rights's answer.
type RightsReport struct {
	Profile string        `json:"profile"`
	Rights  []RightAnswer `json:"rights"`
	Missing []string      `json:"missing"`
	// Notices name the rights that belong to the platform manager, not to the profile.
	Notices []Notice `json:"notices,omitempty"`
}

func (n Need) check(defaultNS string) kube.AccessCheck {
	ns := n.Namespace
	if ns == DefaultNamespace {
		ns = defaultNS
	}
	return kube.AccessCheck{Verb: n.Verb, Namespace: ns, Group: n.Group, Resource: n.Resource, Subresource: n.Subresource, Name: n.Name, NonResourceURL: n.URL}
}

func describeNeed(a kube.AccessCheck) RightAnswer {
	target := a.NonResourceURL
	if target == "" {
		target = a.Resource
		if a.Group != "" {
			target += "." + a.Group
		}
		if a.Subresource != "" {
			target += "/" + a.Subresource
		}
	}
	scope := "every namespace"
	switch {
	case a.NonResourceURL != "":
		scope = "(not namespaced)"
	case a.Namespace != "":
		scope = a.Namespace
	}
	r := RightAnswer{Verb: a.Verb, Group: a.Group, Target: target, Name: a.Name, Scope: scope}
	r.Right = a.Verb + " " + target
	if a.Name != "" {
		r.Right += " " + a.Name
	}
	if a.Namespace != "" {
		r.Right += " in namespace " + a.Namespace
	} else if clusterScoped[a.Resource] {
		r.Right += " (cluster-wide)"
		r.Scope = "(cluster-scoped)"
	} else if a.NonResourceURL == "" {
		r.Right += " in every namespace"
	}
	return r
}

// RunRights asks one self access review per need of the profile, all at once.
func RunRights(ctx context.Context, c *kube.Client, profile string) (*RightsReport, error) {
	needs, ok := Profiles[profile]
	if !ok {
		return nil, fault.Refusef(CodeRightsProfile, SentenceRightsProfile, profile, strings.Join(ProfileNames(), ", "))
	}
	checks := make([]kube.AccessCheck, len(needs))
	answers := make([]kube.AccessAnswer, len(needs))
	errs := make([]error, len(needs))
	var wg sync.WaitGroup
	for i, n := range needs {
		checks[i] = n.check(c.Endpoint().DefaultNamespace)
		wg.Go(func() { answers[i], errs[i] = c.CanI(ctx, checks[i]) })
	}
	wg.Wait()
	r := &RightsReport{Profile: profile, Rights: []RightAnswer{}, Missing: []string{}}
	if n, ok := managerRights[profile]; ok {
		r.Notices = append(r.Notices, n)
	}
	for i := range needs {
		if errs[i] != nil {
			return nil, errs[i]
		}
		ra := describeNeed(checks[i])
		ra.Allowed = answers[i].Allowed
		r.Rights = append(r.Rights, ra)
		if !ra.Allowed {
			r.Missing = append(r.Missing, ra.Right)
		}
	}
	return r, nil
}

// Exit is 4 when a right is missing, else 0.
func (r *RightsReport) Exit() int {
	if len(r.Missing) > 0 {
		return fault.ExitWarnings
	}
	return fault.ExitOK
}

// Result is the report for the printer: the object with -o json, else one line a right.
func (r *RightsReport) Result(format string) *printer.Result {
	if format == "json" {
		return &printer.Result{Docs: &printer.Docs{Format: "json", Value: document(r, RightsSchema, RightsKind)}, Exit: r.Exit()}
	}
	lines := []string{sprintf(sentenceRightsHeld, r.Profile, len(r.Rights)-len(r.Missing), len(r.Rights))}
	for _, ra := range r.Rights {
		mark := "ok      "
		if !ra.Allowed {
			mark = "MISSING "
		}
		lines = append(lines, "  "+mark+ra.Right)
	}
	res := &printer.Result{Lines: &printer.Lines{Text: lines}, Exit: r.Exit()}
	if len(r.Missing) > 0 {
		res.Notices = append(res.Notices, "warning: "+sprintf(sentenceRightsMissing, r.Profile, strings.Join(r.Missing, "; ")))
	}
	for _, n := range r.Notices {
		res.Notices = append(res.Notices, "notice: "+n.Sentence)
	}
	return res
}
