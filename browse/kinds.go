package browse

// Scope is where a kind of the tree lives: under a namespace or under the Cluster container.
type Scope int

// Where a kind's objects live.
const (
	Namespaced Scope = iota
	Cluster
)

// Folder groups of the tree (seeds/002 section 6). A kind with no group sits under its container.
const (
	GroupWorkloads     = "Workloads"
	GroupConfig        = "Config"
	GroupNetwork       = "Network"
	GroupStorage       = "Storage"
	GroupAccessControl = "Access Control"
)

// Kind is one row of the kind table: a built-in resource the tree shows as a folder.
type Kind struct {
	Scope    Scope
	Group    string // the folder group, "" for none
	APIGroup string // the resource's API group, "" for the core group
	Resource string // plural, as discovery lists it
	Label    string // the folder's label
}

// Kinds is the kind table, in the order the tree draws each container. It is data: what the tree
// shows, the tests, the docs and the live suite read it. Each kind is looked up in discovery at its
// group's preferred version; a kind the server does not serve stays in the tree, marked so.
var Kinds = []Kind{
	{Namespaced, GroupWorkloads, "", "pods", "Pods"},
	{Namespaced, GroupWorkloads, "apps", "deployments", "Deployments"},
	{Namespaced, GroupWorkloads, "apps", "replicasets", "Replica Sets"},
	{Namespaced, GroupWorkloads, "apps", "statefulsets", "Stateful Sets"},
	{Namespaced, GroupWorkloads, "apps", "daemonsets", "Daemon Sets"},
	{Namespaced, GroupWorkloads, "batch", "jobs", "Jobs"},
	{Namespaced, GroupWorkloads, "batch", "cronjobs", "Cron Jobs"},
	{Namespaced, GroupWorkloads, "", "replicationcontrollers", "Replication Controllers"},
	{Namespaced, GroupConfig, "", "configmaps", "Config Maps"},
	{Namespaced, GroupConfig, "", "secrets", "Secrets"},
	{Namespaced, GroupConfig, "", "resourcequotas", "Resource Quotas"},
	{Namespaced, GroupConfig, "", "limitranges", "Limit Ranges"},
	{Namespaced, GroupConfig, "autoscaling", "horizontalpodautoscalers", "Horizontal Pod Autoscalers"},
	{Namespaced, GroupConfig, "policy", "poddisruptionbudgets", "Pod Disruption Budgets"},
	{Namespaced, GroupConfig, "coordination.k8s.io", "leases", "Leases"},
	{Namespaced, GroupNetwork, "", "services", "Services"},
	{Namespaced, GroupNetwork, "", "endpoints", "Endpoints"},
	{Namespaced, GroupNetwork, "discovery.k8s.io", "endpointslices", "Endpoint Slices"},
	{Namespaced, GroupNetwork, "networking.k8s.io", "ingresses", "Ingresses"},
	{Namespaced, GroupNetwork, "networking.k8s.io", "networkpolicies", "Network Policies"},
	{Namespaced, GroupStorage, "", "persistentvolumeclaims", "Persistent Volume Claims"},
	{Namespaced, GroupAccessControl, "", "serviceaccounts", "Service Accounts"},
	{Namespaced, GroupAccessControl, "rbac.authorization.k8s.io", "roles", "Roles"},
	{Namespaced, GroupAccessControl, "rbac.authorization.k8s.io", "rolebindings", "Role Bindings"},
	{Namespaced, "", "", "events", "Events"},

	{Cluster, "", "", "nodes", "Nodes"},
	{Cluster, "", "", "namespaces", "Namespaces"},
	{Cluster, "", "apiextensions.k8s.io", "customresourcedefinitions", "Custom Resource Definitions"},
	{Cluster, GroupConfig, "scheduling.k8s.io", "priorityclasses", "Priority Classes"},
	{Cluster, GroupConfig, "node.k8s.io", "runtimeclasses", "Runtime Classes"},
	{Cluster, GroupConfig, "admissionregistration.k8s.io", "mutatingwebhookconfigurations", "Mutating Webhook Configurations"},
	{Cluster, GroupConfig, "admissionregistration.k8s.io", "validatingwebhookconfigurations", "Validating Webhook Configurations"},
	{Cluster, GroupNetwork, "networking.k8s.io", "ingressclasses", "Ingress Classes"},
	{Cluster, GroupStorage, "", "persistentvolumes", "Persistent Volumes"},
	{Cluster, GroupStorage, "storage.k8s.io", "storageclasses", "Storage Classes"},
	{Cluster, GroupAccessControl, "rbac.authorization.k8s.io", "clusterroles", "Cluster Roles"},
	{Cluster, GroupAccessControl, "rbac.authorization.k8s.io", "clusterrolebindings", "Cluster Role Bindings"},
}

// CustomResourcesLabel is the label of the folder whose rows are the custom resource types.
const CustomResourcesLabel = "Custom Resources"

// kindsIn returns the table's kinds of one scope, in order.
func kindsIn(s Scope) []Kind {
	var out []Kind
	for _, k := range Kinds {
		if k.Scope == s {
			out = append(out, k)
		}
	}
	return out
}

// groupSize counts the kinds of a group in a scope: a group of one is not drawn, and its kind
// sits under the container.
func groupSize(s Scope, group string) int {
	n := 0
	for _, k := range Kinds {
		if k.Scope == s && k.Group == group {
			n++
		}
	}
	return n
}

// groupID is a group's path segment: lower-case, words joined by '-'.
func groupID(label string) string {
	b := make([]byte, 0, len(label))
	for i := 0; i < len(label); i++ {
		c := label[i]
		switch {
		case c >= 'A' && c <= 'Z':
			b = append(b, c+'a'-'A')
		case c == ' ':
			b = append(b, '-')
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

func hasSuffix(s, suffix string) bool {
	return len(s) >= len(suffix) && s[len(s)-len(suffix):] == suffix
}
