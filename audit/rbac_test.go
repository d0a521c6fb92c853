package audit

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/internal/golden"
	"github.com/studioctl/studioctl/internal/synth"
)

var rbacKinds = append(append([]synth.Resource{}, baseKinds...),
	rs(rbacGroup, "v1", "clusterroles", "ClusterRole", false), rs(rbacGroup, "v1", "clusterrolebindings", "ClusterRoleBinding", false),
	rs(rbacGroup, "v1", "roles", "Role", true), rs(rbacGroup, "v1", "rolebindings", "RoleBinding", true))

func policy(groups, resources, verbs []any, names ...any) obj {
	r := obj{"apiGroups": groups, "resources": resources, "verbs": verbs}
	if len(names) > 0 {
		r["resourceNames"] = names
	}
	return r
}

func role(kind, ns, name string, rules ...obj) obj {
	list := make([]any, len(rules))
	for i, r := range rules {
		list[i] = r
	}
	return obj{"kind": kind, "metadata": obj{"name": name, "namespace": ns}, "rules": list}
}

func binding(kind, ns, name, roleKind, roleName string, subjects ...obj) obj {
	list := make([]any, len(subjects))
	for i, s := range subjects {
		list[i] = s
	}
	return obj{"kind": kind, "metadata": obj{"name": name, "namespace": ns}, "roleRef": obj{"kind": roleKind, "name": roleName}, "subjects": list}
}

// rbacWorld is a cluster with one grant of each right of concern, the built-in bindings a server
// makes, a narrowed rule and a dangling binding; namespace locked may not be read.
func rbacWorld(t *testing.T) *world {
	w := newWorld(t, rbacKinds)
	w.list("/api/v1/namespaces", obj{"kind": "Namespace", "metadata": obj{"name": "ci"}}, obj{"kind": "Namespace", "metadata": obj{"name": "locked"}})
	w.list("/apis/rbac.authorization.k8s.io/v1/clusterroles",
		role("ClusterRole", "", "cluster-admin", policy([]any{"*"}, []any{"*"}, []any{"*"})),
		role("ClusterRole", "", "secret-reader", policy([]any{""}, []any{"secrets"}, []any{"get", "list"})),
		role("ClusterRole", "", "one-secret", policy([]any{""}, []any{"secrets"}, []any{"get"}, "tls-cert")),
		role("ClusterRole", "", "kubelet-poker", policy([]any{""}, []any{"nodes/*"}, []any{"get"})),
		role("ClusterRole", "", "impersonator", policy([]any{""}, []any{"users", "groups"}, []any{"impersonate"})),
		role("ClusterRole", "", "view", policy([]any{"apps"}, []any{"deployments"}, []any{"get", "list", "watch"})))
	w.list("/apis/rbac.authorization.k8s.io/v1/clusterrolebindings",
		binding("ClusterRoleBinding", "", "ops-admins", "ClusterRole", "cluster-admin", obj{"kind": "Group", "name": "ops"}),
		binding("ClusterRoleBinding", "", "auditor", "ClusterRole", "secret-reader", obj{"kind": "ServiceAccount", "name": "auditor", "namespace": "ci"}),
		binding("ClusterRoleBinding", "", "cert-reader", "ClusterRole", "one-secret", obj{"kind": "User", "name": "certbot"}),
		binding("ClusterRoleBinding", "", "everyone-impersonates", "ClusterRole", "impersonator", obj{"kind": "Group", "name": "system:authenticated"}),
		binding("ClusterRoleBinding", "", "kubelet-api", "ClusterRole", "kubelet-poker", obj{"kind": "User", "name": "metrics"}),
		binding("ClusterRoleBinding", "", "gone", "ClusterRole", "deleted-role", obj{"kind": "User", "name": "ghost"}),
		obj{"kind": "ClusterRoleBinding", "metadata": obj{"name": "system:controller:job-controller", "annotations": obj{"rbac.authorization.kubernetes.io/autoupdate": "true"}},
			"roleRef": obj{"kind": "ClusterRole", "name": "cluster-admin"}, "subjects": []any{obj{"kind": "User", "name": "system:kube-controller-manager"}}})
	w.list("/apis/rbac.authorization.k8s.io/v1/namespaces/ci/roles",
		role("Role", "ci", "deployer", policy([]any{"", "apps"}, []any{"pods", "deployments", "pods/exec"}, []any{"create", "get"})),
		role("Role", "ci", "binder", policy([]any{rbacGroup}, []any{"roles"}, []any{"bind"}), policy([]any{"batch"}, []any{"*"}, []any{"get"})))
	w.list("/apis/rbac.authorization.k8s.io/v1/namespaces/ci/rolebindings",
		binding("RoleBinding", "ci", "deployer", "Role", "deployer", obj{"kind": "ServiceAccount", "name": "pipeline"}),
		binding("RoleBinding", "ci", "binder", "Role", "binder", obj{"kind": "User", "name": "alice"}),
		binding("RoleBinding", "ci", "readers", "ClusterRole", "view", obj{"kind": "Group", "name": "devs"}))
	for _, kind := range []string{"roles", "rolebindings"} {
		w.forbid("/apis/rbac.authorization.k8s.io/v1/" + kind)
		w.forbid("/apis/rbac.authorization.k8s.io/v1/namespaces/locked/" + kind)
	}
	return w
}

// TestRBACReading: each right of concern is found on the subject that holds it, through its
// binding and role, cluster-wide and in a namespace; cluster-admin stands for the rest; a rule
// narrowed to named objects, a view role, a dangling binding and the server's own bindings give
// no finding; a namespace whose bindings may not be read is not audited.
func TestRBACReading(t *testing.T) {
	r, err := AuditRBAC(context.Background(), rbacWorld(t).s, "", Options{AllNamespaces: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range r.Findings {
		got = append(got, f.Code+" "+f.Object()+" "+f.Subject)
	}
	want := []string{
		// Cluster-wide (and the namespace not audited, which counts against no namespace), errors first.
		"audit.rbac_cluster_admin ClusterRoleBinding/ops-admins Group/ops",
		"audit.rbac_impersonate ClusterRoleBinding/everyone-impersonates Group/system:authenticated",
		"audit.rbac_nodes_proxy ClusterRoleBinding/kubelet-api User/metrics",
		"audit.rbac_not_audited Namespace/locked ",
		"audit.rbac_secrets_read ClusterRoleBinding/auditor ServiceAccount/ci/auditor",
		// Namespace ci.
		"audit.rbac_escalate RoleBinding/ci/binder User/alice",
		"audit.rbac_create_workloads RoleBinding/ci/deployer ServiceAccount/ci/pipeline",
		"audit.rbac_exec RoleBinding/ci/deployer ServiceAccount/ci/pipeline",
		"audit.rbac_wildcard RoleBinding/ci/binder User/alice",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
	if !r.ClusterAudited || r.Audited() != 1 || len(r.Namespaces) != 2 {
		t.Errorf("cluster audited %v, %d of %d namespaces audited", r.ClusterAudited, r.Audited(), len(r.Namespaces))
	}
	if len(r.Notices) != 1 {
		t.Errorf("notices %q: the server's own binding must be counted", r.Notices)
	}
	if len(r.Grants) != 6 {
		t.Errorf("%d grants: %+v", len(r.Grants), r.Grants)
	}
}

// TestRBACNotReadable: an identity that may list no RBAC gets a report that says so, never a
// clean one.
func TestRBACNotReadable(t *testing.T) {
	w := newWorld(t, rbacKinds)
	w.list("/api/v1/namespaces", obj{"kind": "Namespace", "metadata": obj{"name": "ci"}})
	for _, p := range []string{"clusterroles", "clusterrolebindings", "roles", "rolebindings", "namespaces/ci/roles", "namespaces/ci/rolebindings"} {
		w.forbid("/apis/rbac.authorization.k8s.io/v1/" + p)
	}
	r, err := AuditRBAC(context.Background(), w.s, "", Options{AllNamespaces: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := codesOf(r.Findings); !cmp.Equal(got, []string{CodeRBACNotAudited}) || r.ClusterAudited || r.Audited() != 0 {
		t.Errorf("codes %v, cluster audited %v, %d audited", got, r.ClusterAudited, r.Audited())
	}
	if len(r.Findings) != 2 {
		t.Errorf("want one finding for the cluster and one for ci: %+v", r.Findings)
	}
	if _, err := AuditRBAC(context.Background(), w.s, "ci", Options{Selector: "a=b"}); err == nil {
		t.Error("a selector must be refused")
	}
}

func TestRBACGoldens(t *testing.T) {
	r, err := AuditRBAC(context.Background(), rbacWorld(t).s, "", Options{AllNamespaces: true})
	if err != nil {
		t.Fatal(err)
	}
	for format, name := range map[string]string{"": "rbac.txt", "json": "rbac.json", "junit": "rbac.junit.xml", "sarif": "rbac.sarif.json", "markdown": "rbac.md"} {
		golden.Check(t, name, render(t, r, format))
	}
}
