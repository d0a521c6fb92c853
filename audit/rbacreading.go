package audit

import (
	"context"
	"slices"
	"sort"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/fault"
)

// The RBAC kinds the reading lists.
const (
	kindClusterRoles    = "clusterroles.rbac.authorization.k8s.io"
	kindClusterBindings = "clusterrolebindings.rbac.authorization.k8s.io"
	kindRoles           = "roles.rbac.authorization.k8s.io"
	kindBindings        = "rolebindings.rbac.authorization.k8s.io"
)

// rbacInput is what the RBAC reading read: the cluster-scoped kinds under namespace "".
type rbacInput struct {
	clusterRoles, clusterBindings, roles, bindings *objects
}

// AuditRBAC is the RBAC reading of namespace ns (or every namespace): each subject that holds a
// right of concern (RBACRights, cluster-admin, wildcard rules), through which binding and role,
// cluster-wide and per namespace. Bindings the API server makes for itself are counted, not
// reported. What the identity may not list is reported as not audited, never as clean.
func AuditRBAC(ctx context.Context, s *studioctl.Session, ns string, o Options) (*Report, error) {
	if o.Selector != "" {
		return nil, fault.Refusef(CodeUsage, SentenceRBACSelector)
	}
	g, timed, err := begin(ctx, s, ns, o)
	if err != nil {
		return nil, err
	}
	in, err := readRBAC(ctx, g)
	if err != nil {
		return nil, err
	}
	if err := g.missingNamespace(ctx, func(ns string) bool {
		return in.bindings.none(ns) && in.roles.none(ns) && !in.bindings.forbidden(ns)
	}); err != nil {
		return nil, err
	}
	r := &Report{Reading: ReadingRBAC, Scope: g.asked()}
	r.rbacCluster(in)
	for _, name := range g.scope(in.bindings) {
		r.rbacNamespace(in, name)
	}
	sort.SliceStable(r.Grants, func(i, j int) bool { return r.Grants[i].less(r.Grants[j]) })
	r.Findings = tidy(r.Findings)
	if err := capRows(r, o, s.RowCap()); err != nil {
		return nil, err
	}
	timed(r)
	return r, nil
}

func readRBAC(ctx context.Context, g *gatherer) (*rbacInput, error) {
	in := &rbacInput{}
	var err error
	if in.clusterRoles, err = g.listCluster(ctx, kindClusterRoles); err != nil {
		return nil, err
	}
	if in.clusterBindings, err = g.listCluster(ctx, kindClusterBindings); err != nil {
		return nil, err
	}
	if in.roles, err = g.list(ctx, kindRoles, "", ""); err != nil {
		return nil, err
	}
	in.bindings, err = g.list(ctx, kindBindings, "", "")
	return in, err
}

// rbacCluster adds the cluster-wide grants, or says they could not be read.
func (r *Report) rbacCluster(in *rbacInput) {
	if in.clusterBindings.forbidden("") || in.clusterRoles.forbidden("") {
		r.Findings = append(r.Findings, newFinding(CodeRBACNotAudited, "APIGroup", "", rbacGroup, "", SentenceRBACClusterNotAudited))
		return
	}
	r.ClusterAudited = true
	builtins := 0
	for _, b := range in.clusterBindings.byNS[""] {
		if builtIn(b) {
			builtins++
			continue
		}
		r.grant(b, in.clusterRoles.byNS[""], nil)
	}
	if builtins > 0 {
		r.Notices = append(r.Notices, fault.Sentencef(SentenceRBACBuiltIn, builtins))
	}
}

// rbacNamespace adds namespace ns's grants (its RoleBindings), or says they could not be read.
func (r *Report) rbacNamespace(in *rbacInput, ns string) {
	if in.bindings.forbidden(ns) || in.roles.forbidden(ns) {
		r.Namespaces = append(r.Namespaces, &Namespace{Name: ns})
		r.Findings = append(r.Findings, newFinding(CodeRBACNotAudited, "Namespace", "", ns, "", SentenceRBACNotAudited, ns))
		return
	}
	r.Namespaces = append(r.Namespaces, &Namespace{Name: ns, Audited: true})
	for _, b := range in.bindings.byNS[ns] {
		if builtIn(b) {
			continue
		}
		r.grant(b, in.clusterRoles.byNS[""], in.roles.byNS[ns])
	}
}

// grant adds binding b's rows and findings: its role is a ClusterRole or, for a RoleBinding, a
// Role of its namespace. A role that is not there (a dangling binding) grants nothing.
func (r *Report) grant(b studioctl.Object, clusterRoles, roles []studioctl.Object) {
	kind, name := b.String("roleRef", "kind"), b.String("roleRef", "name")
	pool := clusterRoles
	if kind == "Role" {
		pool = roles
	}
	i := slices.IndexFunc(pool, func(o studioctl.Object) bool { return o.Name() == name })
	if i < 0 {
		return
	}
	role := kind + "/" + name
	rights := rightsOf(role, rulesOf(pool[i]))
	if len(rights) == 0 {
		return
	}
	for _, s := range b.Slice("subjects") {
		g := Grant{Scope: b.Namespace(), Binding: b.Kind() + "/" + b.Name(), Role: role, Subject: subjectName(s, b.Namespace()), Rights: rights}
		r.Grants = append(r.Grants, g)
		for _, code := range rights {
			f := newFinding(code, b.Kind(), b.Namespace(), b.Name(), "", rbacSentences[code], g.Subject, scopeWords(b.Namespace()), role)
			f.Subject = g.Subject
			r.Findings = append(r.Findings, f)
		}
	}
}

// scopeWords say where a grant holds.
func scopeWords(ns string) string {
	if ns == "" {
		return "in every namespace"
	}
	return fault.Sentencef("in namespace %s", ns)
}

func (g Grant) less(o Grant) bool {
	if g.Scope != o.Scope {
		return g.Scope < o.Scope
	}
	if g.Binding != o.Binding {
		return g.Binding < o.Binding
	}
	return g.Subject < o.Subject
}
