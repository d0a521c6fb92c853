package platform

import (
	"math/big"
	"sort"
	"strings"
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
		CPUMillis: quantity(q["cpu"], 1000), MemoryBytes: quantity(q["memory"], 1),
		EphemeralStorageBytes: quantity(q["ephemeral-storage"], 1), Pods: quantity(q["pods"], 1),
		GPUs: map[string]int64{},
	}
	for k, v := range q {
		if isGPU(k) {
			r.GPUs[k] = quantity(v, 1)
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

var quantitySuffixes = map[string]*big.Rat{
	"": big.NewRat(1, 1), "n": big.NewRat(1, 1e9), "u": big.NewRat(1, 1e6), "m": big.NewRat(1, 1e3),
	"k": big.NewRat(1e3, 1), "M": big.NewRat(1e6, 1), "G": big.NewRat(1e9, 1), "T": big.NewRat(1e12, 1),
	"P": big.NewRat(1e15, 1), "E": big.NewRat(1e18, 1),
	"Ki": big.NewRat(1<<10, 1), "Mi": big.NewRat(1<<20, 1), "Gi": big.NewRat(1<<30, 1),
	"Ti": big.NewRat(1<<40, 1), "Pi": big.NewRat(1<<50, 1), "Ei": big.NewRat(1<<60, 1),
}

// quantity reads a Kubernetes quantity ("3800m", "16Gi", "1e3") times scale, rounded up, as
// the API server rounds; a value that does not parse, or does not fit, is 0.
func quantity(s string, scale int64) int64 {
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.' || i == 0 && (s[i] == '+' || s[i] == '-')) {
		i++
	}
	num, ok := new(big.Rat).SetString(s[:i])
	if !ok || i == 0 {
		return 0
	}
	suffix := s[i:]
	if mult, ok := quantitySuffixes[suffix]; ok {
		num.Mul(num, mult)
	} else if len(suffix) > 1 && (suffix[0] == 'e' || suffix[0] == 'E') {
		exp, ok := new(big.Int).SetString(suffix[1:], 10)
		if !ok || !exp.IsInt64() || exp.Int64() > 30 || exp.Int64() < -30 {
			return 0
		}
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(abs(exp.Int64())), nil)
		if exp.Sign() >= 0 {
			num.Mul(num, new(big.Rat).SetInt(p))
		} else {
			num.Quo(num, new(big.Rat).SetInt(p))
		}
	} else {
		return 0
	}
	num.Mul(num, big.NewRat(scale, 1))
	q, m := new(big.Int).QuoRem(num.Num(), num.Denom(), new(big.Int))
	if m.Sign() > 0 {
		q.Add(q, big.NewInt(1))
	}
	if !q.IsInt64() {
		return 0
	}
	return q.Int64()
}

func abs(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

func sortNodes(nodes []Node) {
	sort.Slice(nodes, func(i, j int) bool { return nodes[i].Name < nodes[j].Name })
}
