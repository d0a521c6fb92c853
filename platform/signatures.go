package platform

// The data tables of discover: the distributions, the signals that point at each, the GPU
// resources and the add-ons. Detection (detect.go) and the add-on scan only read these.

// distributions in their order of precedence when two are equally supported; managed means a
// cloud runs the control plane.
var distributions = []struct {
	Name    string
	Managed bool
}{
	{"openshift", false},
	{"rke2", false},
	{"k3s", false},
	{"eks", true},
	{"gke", true},
	{"aks", true},
}

// DefaultDistribution is the verdict when no signal matched.
const DefaultDistribution = "kubernetes"

type signalKind int

const (
	sigVersion    signalKind = iota // /version gitVersion contains Match
	sigProviderID                   // a node's spec.providerID begins with Match
	sigLabelKey                     // a node label key begins with Match
	sigLabelValue                   // a node label Match equals Value
	sigAnnotation                   // a node annotation key begins with Match
	sigGroup                        // discovery serves the API group Match
)

// Signal strengths: a strong signal names a distribution; a weak one names only a cloud (a
// kubeadm cluster on EC2 has aws:// provider ids too), so it decides only when nothing strong does.
const (
	weak   = 1
	strong = 2
)

type signal struct {
	Dist     string
	Kind     signalKind
	Match    string
	Value    string
	Strength int
}

var signals = []signal{
	{"openshift", sigGroup, "config.openshift.io", "", strong},
	{"openshift", sigLabelKey, "node.openshift.io/os_id", "", strong},
	{"rke2", sigVersion, "+rke2", "", strong},
	{"rke2", sigAnnotation, "rke2.io/", "", strong},
	{"rke2", sigLabelValue, "node.kubernetes.io/instance-type", "rke2", strong},
	{"rke2", sigProviderID, "rke2://", "", strong},
	{"k3s", sigVersion, "+k3s", "", strong},
	{"k3s", sigLabelValue, "node.kubernetes.io/instance-type", "k3s", strong},
	{"k3s", sigProviderID, "k3s://", "", strong},
	{"eks", sigVersion, "-eks-", "", strong},
	{"eks", sigLabelKey, "eks.amazonaws.com/", "", strong},
	{"eks", sigProviderID, "aws://", "", weak},
	{"gke", sigVersion, "-gke.", "", strong},
	{"gke", sigLabelKey, "cloud.google.com/gke-", "", strong},
	{"gke", sigProviderID, "gce://", "", weak},
	{"aks", sigLabelKey, "kubernetes.azure.com/", "", strong},
	{"aks", sigProviderID, "azure://", "", weak},
}

// gpuResources are the extended resources counted as GPUs: exact names, and prefixes for the
// MIG slices the NVIDIA device plugin advertises (nvidia.com/mig-1g.5gb and the like).
var (
	gpuNames    = []string{"nvidia.com/gpu", "amd.com/gpu"}
	gpuPrefixes = []string{"nvidia.com/mig-"}
)

// addOns are found through the API groups their CRDs serve, by one resource each (a group such
// as argoproj.io is shared by several projects, so the group alone proves nothing).
var addOns = []struct {
	ID, Name, Group, Resource string
}{
	{"cert-manager", "cert-manager", "cert-manager.io", "certificates"},
	{"cilium", "Cilium", "cilium.io", "ciliumnetworkpolicies"},
	{"kyverno", "Kyverno", "kyverno.io", "clusterpolicies"},
	{"argo-cd", "Argo CD", "argoproj.io", "applications"},
	{"keda", "KEDA", "keda.sh", "scaledobjects"},
	{"navin-platform-operator", "Navin Platform Operator", "platform.navin.ai", "managedcomponents"},
	{"prometheus-operator", "Prometheus Operator", "monitoring.coreos.com", "prometheuses"},
	{"gateway-api", "Gateway API", "gateway.networking.k8s.io", "gateways"},
	{"volume-snapshots", "Volume snapshots", "snapshot.storage.k8s.io", "volumesnapshots"},
	{"nvidia-gpu-operator", "NVIDIA GPU Operator", "nvidia.com", "clusterpolicies"},
	{"openshift", "OpenShift", "config.openshift.io", "clusterversions"},
	{"toolhive", "ToolHive", "toolhive.stacklok.dev", "mcpservers"},
}

// The well-known names discover reads.
const (
	labelInstanceType     = "node.kubernetes.io/instance-type"
	labelInstanceTypeBeta = "beta.kubernetes.io/instance-type"
	labelZone             = "topology.kubernetes.io/zone"
	labelZoneBeta         = "failure-domain.beta.kubernetes.io/zone"
	labelRolePrefix       = "node-role.kubernetes.io/"
	labelRole             = "kubernetes.io/role"
	annDefaultSC          = "storageclass.kubernetes.io/is-default-class"
	annDefaultSCBeta      = "storageclass.beta.kubernetes.io/is-default-class"
	annDefaultIC          = "ingressclass.kubernetes.io/is-default-class"
	dnsNamespace          = "kube-system"
	dnsSelector           = "k8s-app=kube-dns"
)
