package livetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/check"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/inner"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/platform"
	"github.com/studioctl/studioctl/redact"
	"github.com/studioctl/studioctl/run"
)

// The platform read side against the scenario e2e/seed.sh planted: discover's JSON, components,
// mcp-runtime and check --rights. What the scenario fixed is data here; what the cluster chose
// (node capacities, the rights each identity holds) is read with kubectl.

// scenarioCloudNodes are the cloud-shaped nodes: providerID prefix, instance type and GPUs.
var scenarioCloudNodes = map[string]struct {
	providerPrefix, instanceType string
	gpus                         map[string]int64
}{
	"ip-10-0-12-34.eu-west-1.compute.internal": {"aws://", "p4d.24xlarge", map[string]int64{"nvidia.com/gpu": 8}},
	"gke-prod-gpu-pool-5f3c2a1b-x7k2":          {"gce://", "a2-highgpu-1g", map[string]int64{"nvidia.com/mig-1g.5gb": 7}},
	"aks-gpupool-31415926-vmss000000":          {"azure://", "Standard_ND96isr_MI300X_v5", map[string]int64{"amd.com/gpu": 8}},
}

// scenarioAddOnGroups are the add-on API groups the scenario serves a CRD of, and ToolHive's.
var scenarioAddOnGroups = []string{"argoproj.io", "cert-manager.io", "cilium.io", "gateway.networking.k8s.io", "keda.sh",
	"kyverno.io", "monitoring.coreos.com", "nvidia.com", "platform.navin.ai", "snapshot.storage.k8s.io", "toolhive.stacklok.dev"}

// discoverDoc is the part of discover -o json the test reads.
type discoverDoc struct {
	APIVersion   string
	Kind         string
	Version      struct{ GitVersion string }
	Distribution struct {
		Basis     string
		Conflicts []string
		Evidence  []struct{ Distribution, Signal, Source, Value string }
	}
	Nodes []struct {
		Name, ProviderID, InstanceType, Status string
		Ready                                  bool
		Capacity                               struct {
			CPUMillis int64
			Gpus      map[string]int64
		}
	}
	StorageClasses []struct {
		Name, Provisioner string
		Default           bool
	}
	IngressClasses []struct {
		Name, Controller string
		Default          bool
	}
	CoreDNS []struct {
		Name, Namespace, Image string
		Desired, Ready         int64
	}
	AddOns []struct {
		Group    string
		Versions []string
	}
	Unreadable []any
}

// TestDiscoverLive checks discover -o json (as the command prints it) against the scenario and
// against kubectl's reads of the same objects, and counts the facts it checked.
func TestDiscoverLive(t *testing.T) {
	needCluster(t)
	s := liveSession(t, "admin")
	inv, err := platform.Discover(liveContext(t), inner.Client(s))
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if err := run.Print(&out, &errOut, s, platform.Result("json", inv, nil)); err != nil {
		t.Fatal(err)
	}
	var doc discoverDoc
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatalf("discover -o json: %v", err)
	}
	facts := 0
	fact := func(ok bool, format string, args ...any) {
		facts++
		if !ok {
			t.Errorf(format, args...)
		}
	}
	fact(doc.APIVersion == platform.InventorySchema && doc.Kind == platform.InventoryKind && len(doc.Unreadable) == 0,
		"apiVersion %q, kind %q, unreadable %v", doc.APIVersion, doc.Kind, doc.Unreadable)
	fact(doc.Version.GitVersion == serverVersion(t, s), "version %q", doc.Version.GitVersion)

	// Distribution: every cloud signal the scenario planted is shown, the conflict included.
	pointsTo := map[string]bool{}
	for _, e := range doc.Distribution.Evidence {
		pointsTo[e.Distribution+" "+strings.SplitN(e.Signal, " ", 3)[1]] = true
	}
	for _, d := range []string{"eks", "gke", "aks"} {
		fact(pointsTo[d+" label"] && pointsTo[d+" providerID"], "distribution evidence for %s by node label and providerID: %v", d, pointsTo)
	}
	fact(len(doc.Distribution.Conflicts) == 2, "conflicting distributions %v, want the two clouds not chosen", doc.Distribution.Conflicts)

	// Nodes, against kubectl's node list.
	kn := kubectlJSON[struct {
		Items []struct {
			Metadata struct {
				Name   string
				Labels map[string]string
			}
			Spec   struct{ ProviderID string }
			Status struct {
				Capacity   map[string]string
				Conditions []struct{ Type, Status string }
			}
		}
	}](t, "get", "nodes", "-o", "json")
	byName := map[string]int{}
	for i, n := range doc.Nodes {
		byName[n.Name] = i
	}
	fact(len(doc.Nodes) == len(kn.Items), "%d nodes, kubectl lists %d", len(doc.Nodes), len(kn.Items))
	for _, k := range kn.Items {
		i, ok := byName[k.Metadata.Name]
		if !ok {
			fact(false, "node %s is missing", k.Metadata.Name)
			continue
		}
		n := doc.Nodes[i]
		ready := false
		for _, c := range k.Status.Conditions {
			ready = ready || c.Type == "Ready" && c.Status == "True"
		}
		fact(n.ProviderID == k.Spec.ProviderID && n.InstanceType == k.Metadata.Labels["node.kubernetes.io/instance-type"] && n.Ready == ready,
			"node %s: providerID %q instance type %q ready %v; kubectl: %q %q %v", n.Name, n.ProviderID, n.InstanceType, n.Ready,
			k.Spec.ProviderID, k.Metadata.Labels["node.kubernetes.io/instance-type"], ready)
		gpus := map[string]int64{}
		for r, q := range k.Status.Capacity {
			if r == "nvidia.com/gpu" || r == "amd.com/gpu" || strings.HasPrefix(r, "nvidia.com/mig-") {
				var v int64
				fmt.Sscan(q, &v)
				gpus[r] = v
			}
		}
		if len(gpus) == 0 {
			gpus = nil
		}
		got := n.Capacity.Gpus
		if len(got) == 0 {
			got = nil
		}
		fact(cmp.Equal(gpus, got), "node %s: GPUs %v, kubectl %v", n.Name, got, gpus)
	}
	for name, want := range scenarioCloudNodes {
		i, ok := byName[name]
		fact(ok && strings.HasPrefix(doc.Nodes[i].ProviderID, want.providerPrefix) && doc.Nodes[i].InstanceType == want.instanceType &&
			cmp.Equal(doc.Nodes[i].Capacity.Gpus, want.gpus), "cloud node %s: want %s…, %s, %v", name, want.providerPrefix, want.instanceType, want.gpus)
	}
	i, ok := byName["kwok-node-2"]
	fact(ok && strings.Contains(doc.Nodes[i].Status, "SchedulingDisabled"), "the cordoned node kwok-node-2 does not read SchedulingDisabled")

	// Classes: the scenario's, one default each.
	var scNames, scDefaults, icNames, icDefaults []string
	for _, c := range doc.StorageClasses {
		scNames = append(scNames, c.Name)
		if c.Default {
			scDefaults = append(scDefaults, c.Name)
		}
	}
	for _, c := range doc.IngressClasses {
		icNames = append(icNames, c.Name)
		if c.Default {
			icDefaults = append(icDefaults, c.Name)
		}
	}
	fact(cmp.Equal(scNames, []string{"gp3", "local-nvme", "managed-csi-premium", "premium-rwo", "standard"}) && cmp.Equal(scDefaults, []string{"standard"}),
		"storage classes %v, default %v", scNames, scDefaults)
	fact(cmp.Equal(icNames, []string{"alb", "gce", "nginx", "traefik"}) && cmp.Equal(icDefaults, []string{"nginx"}),
		"ingress classes %v, default %v", icNames, icDefaults)

	// CoreDNS, against kubectl's read of the kube-dns Deployment.
	image, errText, code := runKubectl(t, "admin", []string{"get", "deploy", "-n", "kube-system", "-l", "k8s-app=kube-dns", "-o", "jsonpath={.items[0].spec.template.spec.containers[0].image}"})
	fact(code == 0 && len(doc.CoreDNS) == 1 && doc.CoreDNS[0].Name == "coredns" && doc.CoreDNS[0].Image == image &&
		doc.CoreDNS[0].Desired == 2 && doc.CoreDNS[0].Ready == 2, "CoreDNS %+v, kubectl's image %q %s", doc.CoreDNS, image, errText)

	// Add-ons: every group the scenario serves a CRD of, with the versions discovery serves.
	var groups []string
	versions := strings.Fields(kubectlText(t, "api-versions"))
	for _, a := range doc.AddOns {
		groups = append(groups, a.Group)
		for _, v := range a.Versions {
			fact(slices.Contains(versions, a.Group+"/"+v), "add-on %s: version %s is not served", a.Group, v)
		}
	}
	sort.Strings(groups)
	fact(cmp.Equal(groups, scenarioAddOnGroups), "add-on groups %v, want %v", groups, scenarioAddOnGroups)
	t.Logf("discover -o json: %d facts checked against the scenario and kubectl (%d nodes, %d storage classes, %d ingress classes, %d add-ons)",
		facts, len(doc.Nodes), len(doc.StorageClasses), len(doc.IngressClasses), len(doc.AddOns))
}

// kubectlJSON runs kubectl as the admin and decodes its JSON answer.
func kubectlJSON[T any](t *testing.T, args ...string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(kubectlText(t, args...)), &v); err != nil {
		t.Fatalf("kubectl %v: %v", args, err)
	}
	return v
}

func kubectlText(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, code := runKubectl(t, "admin", args)
	if code != 0 {
		t.Fatalf("kubectl %v: exit %d: %s", args, code, errOut)
	}
	return out
}

// scenarioComponents are the ManagedComponents e2e/seed.sh writes the status of: state, health,
// operation state, converged, and the blocked operation's reason.
var scenarioComponents = map[string][5]string{
	"search-indexer":      {"started", "ok", "succeeded", "true", ""},
	"postgres-main":       {"installing", "unknown", "running", "false", ""},
	"cache-redis":         {"starting", "warning", "running", "false", ""},
	"queue-rabbitmq":      {"stopping", "warning", "running", "false", ""},
	"analytics-warehouse": {"stopped", "ok", "succeeded", "true", ""},
	"legacy-ldap":         {"failed", "critical", "failed", "false", ""},
	"vault-secrets":       {"uninstalling", "unknown", "running", "false", ""},
	"kafka-events":        {"started", "ok", "blocked", "false", "DisruptionBudgetExhausted"},
	"object-store":        {"started", "ok", "idle", "false", ""},
}

// TestComponentsLive: components -A shows each ManagedComponent in the state the scenario wrote,
// converged only where the operator observed the latest generation, the blocked stop apart; the
// identities that may not list ManagedComponents get a 403 sentence, never a guess.
func TestComponentsLive(t *testing.T) {
	needCluster(t)
	ctx := liveContext(t)
	cs, err := platform.ListComponents(ctx, inner.Client(liveSession(t, "admin")), kube.Scope{AllNamespaces: true})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][5]string{}
	for _, c := range cs.Items {
		blocked := ""
		if c.Blocked != nil {
			blocked = c.Blocked.Reason
		}
		got[c.Name] = [5]string{c.State, c.Health, c.OperationState, fmt.Sprint(c.Converged), blocked}
	}
	if diff := cmp.Diff(scenarioComponents, got); diff != "" {
		t.Errorf("components -A (-scenario +studioctl):\n%s", diff)
	}
	states := map[string]bool{}
	for _, c := range cs.Items {
		states[c.State] = true
	}
	t.Logf("components -A: %d components in %d states", len(cs.Items), len(states))
	for _, identity := range []string{"view", "none"} {
		_, err := platform.ListComponents(ctx, inner.Client(liveSession(t, identity)), kube.Scope{AllNamespaces: true})
		if e, ok := fault.As(err); !ok || e.Class != fault.ServerError || e.Status != 403 {
			t.Errorf("components -A as %s: %v, want a 403 sentence", identity, err)
		}
	}
}

// TestMCPRuntimeLive: mcp-runtime lists the managed instances only, counts them by phase, tenant
// and project, and shows each owner as the fingerprint of the value the cluster holds, never the
// value.
func TestMCPRuntimeLive(t *testing.T) {
	needCluster(t)
	s := liveSession(t, "admin")
	rt, err := platform.ReadRuntime(liveContext(t), inner.Client(s), "", "")
	if err != nil {
		t.Fatal(err)
	}
	want := platform.RuntimeCounts{Total: 4, ByPhase: map[string]int{"Pending": 1, "Ready": 2, "Stopped": 1},
		ByTenant: map[string]int{"acme": 3, "globex": 1}, ByProject: map[string]int{"analytics": 1, "checkout": 1, "platform-tools": 1, "support": 1}}
	if diff := cmp.Diff(want, rt.Counts); diff != "" {
		t.Errorf("counts (-scenario +studioctl):\n%s", diff)
	}
	if !rt.Operator.Found || rt.Operator.Ready != 2 || !rt.CRD.Served {
		t.Errorf("operator %+v, CRD %+v", rt.Operator, rt.CRD)
	}
	servers := kubectlJSON[struct {
		Items []struct {
			Metadata struct {
				Name, Namespace string
				Annotations     map[string]string
			}
		}
	}](t, "get", "mcpservers", "-A", "-o", "json")
	owners := map[string]string{}
	for _, m := range servers.Items {
		owners[m.Metadata.Namespace+"/"+m.Metadata.Name] = m.Metadata.Annotations[redact.OwnerKey]
	}
	for _, in := range rt.Instances {
		ref := in.Namespace + "/" + in.Name
		owner, ok := owners[ref]
		if !ok || !strings.HasPrefix(in.Namespace, "mcp-") || owner == "" || in.Owner != redact.OwnerFingerprint(owner) {
			t.Errorf("instance %s: owner fingerprint %q; the cluster's owner fingerprints to %q", ref, in.Owner, redact.OwnerFingerprint(owner))
		}
	}
	var out, errOut bytes.Buffer
	if err := run.Print(&out, &errOut, s, platform.Result("json", rt, nil)); err != nil {
		t.Fatal(err)
	}
	for ref, owner := range owners {
		if owner != "" && strings.Contains(out.String()+errOut.String(), owner) {
			t.Errorf("mcp-runtime -o json prints the owner of %s", ref)
		}
	}
	t.Logf("mcp-runtime: %d instances of %d MCPServers, counts %+v", rt.Counts.Total, len(servers.Items), rt.Counts)
}

// TestCheckRightsLive: check --rights of every profile, for each identity, answers what kubectl
// auth can-i answers for each right; exit 4 names every missing right, exit 0 holds them all.
func TestCheckRightsLive(t *testing.T) {
	needCluster(t)
	for _, identity := range []string{"admin", "view", "none"} {
		t.Run(identity, func(t *testing.T) {
			s := liveSession(t, identity)
			for _, profile := range check.ProfileNames() {
				r, err := check.RunRights(liveContext(t), inner.Client(s), profile)
				if err != nil {
					t.Fatalf("%s: %v", profile, err)
				}
				needs := check.Profiles[profile]
				want := make([]bool, len(needs))
				var wg sync.WaitGroup
				for i, n := range needs {
					wg.Go(func() { want[i] = kubectlCanI(t, identity, n, inner.Client(s).Endpoint().DefaultNamespace) })
				}
				wg.Wait()
				var missing []string
				for i, ra := range r.Rights {
					if ra.Allowed != want[i] {
						t.Errorf("%s: %s: allowed %v, kubectl auth can-i says %v", profile, ra.Right, ra.Allowed, want[i])
					}
					if !want[i] {
						missing = append(missing, ra.Right)
					}
				}
				wantExit := fault.ExitOK
				if len(missing) > 0 {
					wantExit = fault.ExitWarnings
				}
				if r.Exit() != wantExit || !cmp.Equal(r.Missing, append([]string{}, missing...)) {
					t.Errorf("%s: exit %d, missing %v; want exit %d, missing %v", profile, r.Exit(), r.Missing, wantExit, missing)
				}
				if identity == "admin" && len(missing) > 0 || identity == "none" && len(missing) == 0 {
					t.Errorf("%s as %s: missing %v", profile, identity, missing)
				}
				t.Logf("check --rights %s as %s: exit %d, %d of %d rights missing", profile, identity, r.Exit(), len(r.Missing), len(r.Rights))
			}
		})
	}
}

// kubectlCanI asks kubectl auth can-i for one need as identity.
func kubectlCanI(t *testing.T, identity string, n check.Need, defaultNS string) bool {
	args := []string{"auth", "can-i", n.Verb}
	switch {
	case n.URL != "":
		args = append(args, n.URL)
	default:
		res := n.Resource
		if n.Group != "" {
			res += "." + n.Group
		}
		if n.Name != "" {
			res += "/" + n.Name
		}
		args = append(args, res)
		if n.Subresource != "" {
			args = append(args, "--subresource", n.Subresource)
		}
		switch ns := n.Namespace; ns {
		case "":
			args = append(args, "--all-namespaces")
		case check.DefaultNamespace:
			args = append(args, "-n", defaultNS)
		default:
			args = append(args, "-n", ns)
		}
	}
	out, errOut, code := runKubectl(t, identity, args)
	if code > 1 {
		t.Errorf("kubectl %v: exit %d: %s", args, code, errOut)
	}
	return strings.TrimSpace(out) == "yes"
}
