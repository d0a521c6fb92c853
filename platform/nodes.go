package platform

import (
	"sort"
	"strings"

	"github.com/studioctl/studioctl/apivalue"
)

// Node is one node of the inventory.
type Node struct {
	Name             string    `json:"name"`
	Status           string    `json:"status"` // Ready, NotReady or Unknown, plus ",SchedulingDisabled"
	Ready            bool      `json:"ready"`
	Roles            []string  `json:"roles"`
	Taints           []string  `json:"taints"`
	ProviderID       string    `json:"providerID"`
	InstanceType     string    `json:"instanceType"`
	Zone             string    `json:"zone"`
	OSImage          string    `json:"osImage"`
	Kernel           string    `json:"kernel"`
	ContainerRuntime string    `json:"containerRuntime"`
	Kubelet          string    `json:"kubelet"`
	Capacity         Resources `json:"capacity"`
	Allocatable      Resources `json:"allocatable"`
}

// Resources are a node's (or the cluster's) capacity or allocatable amounts. A quantity that
// does not parse counts as 0.
type Resources struct {
	CPUMillis             int64            `json:"cpuMillis"`
	MemoryBytes           int64            `json:"memoryBytes"`
	EphemeralStorageBytes int64            `json:"ephemeralStorageBytes"`
	Pods                  int64            `json:"pods"`
	GPUs                  map[string]int64 `json:"gpus"`
}

func (r *Resources) add(o Resources) {
	r.CPUMillis += o.CPUMillis
	r.MemoryBytes += o.MemoryBytes
	r.EphemeralStorageBytes += o.EphemeralStorageBytes
	r.Pods += o.Pods
	for k, v := range o.GPUs {
		r.GPUs[k] += v
	}
}

// Totals are the cluster's sums over the nodes read.
type Totals struct {
	Nodes       int       `json:"nodes"`
	ReadyNodes  int       `json:"readyNodes"`
	Capacity    Resources `json:"capacity"`
	Allocatable Resources `json:"allocatable"`
}

func totals(nodes []Node) Totals {
	t := Totals{Nodes: len(nodes), Capacity: Resources{GPUs: map[string]int64{}}, Allocatable: Resources{GPUs: map[string]int64{}}}
	for _, n := range nodes {
		if n.Ready {
			t.ReadyNodes++
		}
		t.Capacity.add(n.Capacity)
		t.Allocatable.add(n.Allocatable)
	}
	return t
}

func readNode(o map[string]any) (Node, nodeFacts) {
	labels := strMap(o, "metadata", "labels")
	n := Node{
		Name: str(o, "metadata", "name"), Roles: roles(labels), Taints: taints(o),
		ProviderID: str(o, "spec", "providerID"), InstanceType: firstOf(labels, labelInstanceType, labelInstanceTypeBeta),
		Zone: firstOf(labels, labelZone, labelZoneBeta), OSImage: str(o, "status", "nodeInfo", "osImage"),
		Kernel: str(o, "status", "nodeInfo", "kernelVersion"), ContainerRuntime: str(o, "status", "nodeInfo", "containerRuntimeVersion"),
		Kubelet:  str(o, "status", "nodeInfo", "kubeletVersion"),
		Capacity: resources(strMap(o, "status", "capacity")), Allocatable: resources(strMap(o, "status", "allocatable")),
	}
	n.Status, n.Ready = nodeStatus(o)
	return n, nodeFacts{Name: n.Name, ProviderID: n.ProviderID, Labels: labels, Annotations: strMap(o, "metadata", "annotations")}
}

func firstOf(m map[string]string, keys ...string) string {
	for _, k := range keys {
		if v := m[k]; v != "" {
			return v
		}
	}
	return ""
}

// nodeStatus reads the Ready condition as kubectl's STATUS column does.
func nodeStatus(o map[string]any) (string, bool) {
	status, ready := "Unknown", false
	for _, c := range objects(o, "status", "conditions") {
		if str(c, "type") == "Ready" {
			ready = str(c, "status") == "True"
			status = "NotReady"
			if ready {
				status = "Ready"
			}
		}
	}
	if boolean(o, "spec", "unschedulable") {
		status += ",SchedulingDisabled"
	}
	return status, ready
}

func roles(labels map[string]string) []string {
	set := map[string]bool{}
	for k, v := range labels {
		if r, ok := strings.CutPrefix(k, labelRolePrefix); ok && r != "" {
			set[r] = true
		}
		if k == labelRole && v != "" {
			set[v] = true
		}
	}
	return sortedKeys(set)
}

func taints(o map[string]any) []string {
	out := []string{}
	for _, t := range objects(o, "spec", "taints") {
		s := str(t, "key")
		if v := str(t, "value"); v != "" {
			s += "=" + v
		}
		out = append(out, s+":"+str(t, "effect"))
	}
	return out
}

func resources(q map[string]string) Resources {
	r := Resources{
		CPUMillis: quantity(q["cpu"], 3), MemoryBytes: quantity(q["memory"], 0),
		EphemeralStorageBytes: quantity(q["ephemeral-storage"], 0), Pods: quantity(q["pods"], 0),
		GPUs: map[string]int64{},
	}
	for k, v := range q {
		if isGPU(k) {
			r.GPUs[k] = quantity(v, 0)
		}
	}
	return r
}

func isGPU(name string) bool {
	for _, n := range gpuNames {
		if name == n {
			return true
		}
	}
	for _, p := range gpuPrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// quantity reads a Kubernetes quantity ("3800m", "16Gi", "1e3") in units of 10^-scale, rounded
// up as the API server rounds; a value that does not parse, or does not fit, is 0.
func quantity(s string, scale int) int64 {
	q, ok := apivalue.ParseQuantity(s)
	if !ok {
		return 0
	}
	n, fits := q.CeilScaled(scale)
	if !fits {
		return 0
	}
	return n
}

func sortNodes(nodes []Node) {
	sort.Slice(nodes, func(i, j int) bool { return nodes[i].Name < nodes[j].Name })
}
