package platform

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/golden"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/printer"
)

// A synthetic cloud-shaped cluster: an EKS version, EC2 provider ids, one node that also carries
// k3s's instance-type label (a conflict), NVIDIA GPUs and MIG slices, two storage classes, ingress
// classes the identity may not list, and a kube-dns Deployment that is not named coredns.
const (
	nodeA = `{"metadata":{"name":"ip-10-0-1-1.synthetic","labels":{"node-role.kubernetes.io/worker":"","eks.amazonaws.com/nodegroup":"gpu","node.kubernetes.io/instance-type":"p4d.24xlarge","topology.kubernetes.io/zone":"eu-west-1a"}},
 "spec":{"providerID":"aws:///eu-west-1a/i-0synthetic1","taints":[{"key":"nvidia.com/gpu","value":"present","effect":"NoSchedule"}]},
 "status":{"conditions":[{"type":"Ready","status":"True"}],"nodeInfo":{"osImage":"Amazon Linux 2023 (synthetic)","kernelVersion":"6.1.0-synthetic","containerRuntimeVersion":"containerd://1.7.0","kubeletVersion":"v1.30.2-eks-synthetic"},
 "capacity":{"cpu":"96","memory":"1152Gi","ephemeral-storage":"100Gi","pods":"110","nvidia.com/gpu":"8","nvidia.com/mig-1g.5gb":"14"},
 "allocatable":{"cpu":"95690m","memory":"1130000Mi","ephemeral-storage":"95551679124","pods":"110","nvidia.com/gpu":"8","nvidia.com/mig-1g.5gb":"14"}}}`
	nodeB = `{"metadata":{"name":"ip-10-0-1-2.synthetic","labels":{"beta.kubernetes.io/instance-type":"k3s","node.kubernetes.io/instance-type":"k3s","failure-domain.beta.kubernetes.io/zone":"eu-west-1b"}},
 "spec":{"providerID":"aws:///eu-west-1b/i-0synthetic2","unschedulable":true},
 "status":{"conditions":[{"type":"Ready","status":"False"}],"nodeInfo":{"osImage":"Ubuntu (synthetic)","kernelVersion":"5.15.0","containerRuntimeVersion":"containerd://1.7.0","kubeletVersion":"v1.30.2"},
 "capacity":{"cpu":"4","memory":"16Gi","ephemeral-storage":"1e11","pods":"110","amd.com/gpu":"1"},
 "allocatable":{"cpu":"3800m","memory":"15Gi","ephemeral-storage":"90G","pods":"110","amd.com/gpu":"1"}}}`
	scGP3   = `{"metadata":{"name":"gp3","annotations":{"storageclass.kubernetes.io/is-default-class":"true"}},"provisioner":"ebs.csi.aws.com","reclaimPolicy":"Retain","volumeBindingMode":"WaitForFirstConsumer","allowVolumeExpansion":true}`
	scLocal = `{"metadata":{"name":"local"},"provisioner":"kubernetes.io/no-provisioner"}`
	dnsDep  = `{"metadata":{"name":"kube-dns-synthetic","namespace":"kube-system","labels":{"k8s-app":"kube-dns"}},"spec":{"replicas":2,"template":{"spec":{"containers":[{"name":"sidecar","image":"registry.example/sidecar:1.0"},{"name":"coredns","image":"registry.example/eks/coredns:v1.11.1-eksbuild.4@sha256:0000"}]}}},"status":{"readyReplicas":1}}`
)

func stubDiscover(reg *httpstub.Registry, nodesForbidden bool) {
	reg.JSON("/version", "", `{"major":"1","minor":"30","gitVersion":"v1.30.2-eks-synthetic","platform":"linux/amd64"}`)
	addDiscovery(reg, []synth.Resource{rNodes, rNS, rDeploy, rSC, rIC, rMC, rMCP, rCerts, rArgoWF, rSnapshot})
	if nodesForbidden {
		forbidden(reg, "/api/v1/nodes")
	} else {
		reg.JSON("/api/v1/nodes", "*", listAnswer("NodeList", nodeA, nodeB))
	}
	reg.JSON("/apis/storage.k8s.io/v1/storageclasses", "*", listAnswer("StorageClassList", scLocal, scGP3))
	forbidden(reg, "/apis/networking.k8s.io/v1/ingressclasses")
	reg.JSON("/apis/apps/v1/namespaces/kube-system/deployments", "limit=500&labelSelector=k8s-app%3Dkube-dns", listAnswer("DeploymentList", dnsDep))
}

func TestDiscover(t *testing.T) {
	c, reg := newClient(t)
	stubDiscover(reg, false)
	inv, err := Discover(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if d := inv.Distribution; d.Name != "eks" || d.Mode != "managed" || d.Basis != "strong" || !cmp.Equal(d.Conflicts, []string{"k3s"}) {
		t.Errorf("distribution = %+v", d)
	}
	if got := inv.Totals.Allocatable.GPUs; !cmp.Equal(got, map[string]int64{"nvidia.com/gpu": 8, "nvidia.com/mig-1g.5gb": 14, "amd.com/gpu": 1}) {
		t.Errorf("GPUs = %v", got)
	}
	if got := inv.Totals.Capacity.CPUMillis; got != 100000 {
		t.Errorf("cpu = %d", got)
	}
	if len(inv.Unreadable) != 1 || inv.Unreadable[0].What != "ingress classes" || inv.Unreadable[0].Code != fault.CodeForbidden {
		t.Errorf("unreadable = %+v", inv.Unreadable)
	}
	golden.Check(t, "discover.txt", render(t, Result("", inv, inv.Lines()), printer.People))
	golden.Check(t, "discover.json", render(t, Result("json", inv, nil), printer.People))
}

func TestDiscoverNodesUnreadable(t *testing.T) {
	c, reg := newClient(t)
	stubDiscover(reg, true)
	inv, err := Discover(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if len(inv.Nodes) != 0 || inv.Unreadable[0].What != "nodes" || inv.Distribution.Name != "eks" || len(inv.Distribution.Conflicts) != 0 {
		t.Errorf("inventory = %+v", inv)
	}
}

func TestDiscoverDiff(t *testing.T) {
	c, reg := newClient(t)
	stubDiscover(reg, false)
	inv, err := Discover(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	// The earlier inventory: node B absent, gp3 not default, an add-on since removed, an older kubelet.
	doc := document(inv)
	nodes := doc["nodes"].([]any)
	nodes[0].(map[string]any)["kubelet"] = "v1.29.0-eks-synthetic"
	doc["nodes"] = nodes[:1]
	doc["storageClasses"].([]any)[0].(map[string]any)["default"] = false
	doc["addOns"] = append(doc["addOns"].([]any), map[string]any{"id": "keda", "name": "KEDA", "group": "keda.sh", "resource": "scaledobjects", "versions": []any{"v1alpha1"}})
	// The same inventory as an earlier studioctl saved it, naming its schema with one "schema" key:
	// --diff reads both and finds the same changes.
	legacy := map[string]any{}
	for k, v := range doc {
		legacy[k] = v
	}
	delete(legacy, "apiVersion")
	delete(legacy, "kind")
	legacy["schema"] = "studioctl.discover/v1"
	for name, earlierDoc := range map[string]map[string]any{"earlier.json": doc, "legacy.json": legacy} {
		path := filepath.Join(t.TempDir(), name)
		data, _ := json.Marshal(earlierDoc)
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		earlier, err := LoadInventory(path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		d, err := inv.DiffWith(earlier)
		if err != nil {
			t.Fatal(err)
		}
		if d.APIVersion != DiffSchema || d.Kind != DiffKind {
			t.Errorf("%s: diff named %q %q", name, d.APIVersion, d.Kind)
		}
		golden.Check(t, "discover-diff.txt", strings.Join(d.Lines(), "\n")+"\n")
	}
	same, _ := inv.DiffWith(document(inv))
	if len(same.Changes) != 0 {
		t.Errorf("an inventory differs from itself: %+v", same.Changes)
	}
}

func TestLoadInventoryRefusals(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(body), 0o600)
		return p
	}
	for _, p := range []string{filepath.Join(dir, "missing.json"), write("bad.json", "{"), write("other.json", `{"schema":"x"}`), write("two.json", `{"schema":"studioctl.discover/v1"} {}`),
		write("kind.json", `{"apiVersion":"studioctl.dev/discover/v1","kind":"Components"}`),
		write("mixed.json", `{"apiVersion":"studioctl.dev/components/v1","kind":"Components","schema":"studioctl.discover/v1"}`),
		write("newinold.json", `{"schema":"studioctl.dev/discover/v1"}`)} {
		_, err := LoadInventory(p)
		if e, ok := fault.As(err); !ok || e.Class != fault.Refused || e.Code != CodeDiffFile {
			t.Errorf("%s: %v", p, err)
		}
	}
}

func TestQuantity(t *testing.T) {
	cases := []struct {
		in    string
		scale int
		want  int64
	}{
		{"4", 3, 4000}, {"3800m", 3, 3800}, {"0.5", 3, 500}, {"100u", 3, 1}, {"16Gi", 0, 16 << 30},
		{"16393028Ki", 0, 16393028 << 10}, {"1e3", 0, 1000}, {"1E", 0, 1e18}, {"90G", 0, 90e9}, {"1.5Mi", 0, 1572864},
		{"", 0, 0}, {"abc", 0, 0}, {"1Xi", 0, 0}, {"1e999", 0, 0}, {"20Ei", 0, 0}, {"1e99999999", 0, 0}, {"-1", 0, -1},
	}
	for _, c := range cases {
		if got := quantity(c.in, c.scale); got != c.want {
			t.Errorf("quantity(%q, %d) = %d, want %d", c.in, c.scale, got, c.want)
		}
	}
}

func TestImageVersion(t *testing.T) {
	for in, want := range map[string]string{
		"registry.k8s.io/coredns/coredns:v1.11.3":                                     "1.11.3",
		"602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/coredns:v1.11.1-eksbuild.4": "1.11.1",
		"rancher/mirrored-coredns-coredns:1.10.1":                                     "1.10.1",
		"coredns/coredns@sha256:abcd":                                                 "",
		"localhost:5000/coredns":                                                      "",
		"ghcr.io/stacklok/toolhive/operator:v0.59.0":                                  "0.59.0",
		"x:latest": "",
		"x:v2":     "2",
	} {
		if got := imageVersion(in); got != want {
			t.Errorf("imageVersion(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAddOnVersions(t *testing.T) {
	d := &discovery.Discovery{
		Groups: []discovery.GroupVersions{{Name: "toolhive.stacklok.dev", Versions: []string{"v1beta1", "v1alpha1"}}, {Name: "argoproj.io", Versions: []string{"v1alpha1"}}},
		Resources: []discovery.APIResource{
			{Group: "toolhive.stacklok.dev", Version: "v1beta1", Resource: "mcpservers", Preferred: true, Namespaced: true},
			{Group: "toolhive.stacklok.dev", Version: "v1alpha1", Resource: "mcpservers", Namespaced: true},
			{Group: "argoproj.io", Version: "v1alpha1", Resource: "workflows", Preferred: true, Namespaced: true},
		},
	}
	got := scanAddOns(d)
	want := []AddOn{{ID: "toolhive", Name: "ToolHive", Group: "toolhive.stacklok.dev", Resource: "mcpservers", Versions: []string{"v1beta1", "v1alpha1"}}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("add-ons (-want +got):\n%s\n(argoproj.io serving only workflows is not Argo CD)", diff)
	}
}
