package audit

import (
	"context"
	"math/big"
	"sort"
	"strings"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
)

// ReadingHygiene is the hygiene reading: objects that point at nothing or that nothing uses, and
// the nodes' health.
const ReadingHygiene = "hygiene"

// hygieneKinds are the namespaced kinds the hygiene reading lists and keeps; namedKinds stream,
// each leaving its name (and a Secret its type); pods stream last.
var hygieneKinds = []string{"services", "ingresses.networking.k8s.io", "networkpolicies.networking.k8s.io",
	"persistentvolumeclaims", "serviceaccounts", "horizontalpodautoscalers.autoscaling",
	"deployments.apps", "statefulsets.apps", "replicasets.apps", "cronjobs.batch"}

// hygieneInput is what the reading read. Pods are not kept: each leaves its labels, what it
// references and its requests on its node, so memory grows with the pods' labels, not the pods.
type hygieneInput struct {
	kinds        map[string]*objects
	pods         *objects
	labels       map[string]map[string]map[string]string // namespace → each distinct label set of its pods, by its text
	refs         map[string]map[string]bool              // namespace → "ConfigMap/x", "Secret/s", "ServiceAccount/y" in use
	machine      bool                                    // the session is in machine mode: Secret names are withheld
	nodeRequests map[string]*requests                    // node → its pods' requests
	nodes, pvs   *objects
	names        map[string]map[string][]named // kind → namespace → its objects\' names
}

// namedKinds are listed for their names only: a ConfigMap's data or a Secret's keys are never
// kept, so memory follows the count of objects, not their size.
var namedKinds = []string{"configmaps", "secrets"}

// named is what a streamed object leaves: its name, and a Secret's type.
type named struct{ name, typ string }

// requests are summed cpu and memory requests.
type requests struct{ cpu, memory *big.Rat }

// AuditHygiene is the hygiene reading of namespace ns (or every namespace): Services that select
// no pod, Ingresses to a missing Service or port, NetworkPolicies that select no pod, claims not
// bound, volumes released or failed, ConfigMaps and ServiceAccounts nothing uses, autoscalers that
// cannot scale or scale nothing; and with -A the nodes: not ready, under pressure, cordoned, or
// with more requested than they can allocate.
func AuditHygiene(ctx context.Context, s *studioctl.Session, ns string, o Options) (*Report, error) {
	if o.Selector != "" {
		return nil, fault.Refusef(CodeUsage, SentenceHygieneSelector)
	}
	g, timed, err := begin(ctx, s, ns, o)
	if err != nil {
		return nil, err
	}
	in, err := readHygiene(ctx, g)
	if err != nil {
		return nil, err
	}
	in.machine = s.Mode() == studioctl.Machine
	if err := g.missingNamespace(ctx, func(ns string) bool {
		return in.pods.none(ns) && !in.pods.forbidden(ns) && in.kinds["services"].none(ns)
	}); err != nil {
		return nil, err
	}
	r := &Report{Reading: ReadingHygiene, Scope: g.asked()}
	for _, name := range g.scope(in.pods) {
		if in.pods.forbidden(name) {
			r.Namespaces = append(r.Namespaces, &Namespace{Name: name})
			r.Findings = append(r.Findings, newFinding(CodeNotAudited, "Namespace", "", name, "", SentenceNotAudited, name))
			continue
		}
		r.Namespaces = append(r.Namespaces, &Namespace{Name: name, Audited: true})
		r.Findings = append(r.Findings, in.namespaceFindings(name)...)
	}
	if g.all {
		r.Findings = append(r.Findings, in.clusterFindings()...)
	}
	r.Findings = tidy(append(r.Findings, blind(in.pods)...))
	timed(r)
	return r, nil
}

func readHygiene(ctx context.Context, g *gatherer) (*hygieneInput, error) {
	in := &hygieneInput{kinds: map[string]*objects{}, labels: map[string]map[string]map[string]string{},
		refs: map[string]map[string]bool{}, nodeRequests: map[string]*requests{},
		names: map[string]map[string][]named{"configmaps": {}, "secrets": {}}}
	for _, k := range hygieneKinds {
		o, err := g.list(ctx, k, "", "")
		if err != nil {
			return nil, err
		}
		in.kinds[k] = o
	}
	for _, k := range namedKinds {
		o, err := g.listEach(ctx, k, "", "", func(obj studioctl.Object) {
			in.names[k][obj.Namespace()] = append(in.names[k][obj.Namespace()], named{obj.Name(), obj.String("type")})
		})
		if err != nil {
			return nil, err
		}
		in.kinds[k] = o
	}
	for _, c := range in.kinds["cronjobs.batch"].byNS {
		for _, cj := range c {
			in.addRefs(cj.Namespace(), podSpecAt(cj, "spec", "jobTemplate", "spec", "template", "spec"))
		}
	}
	pods, err := g.listEach(ctx, "pods", "", "", in.addPod)
	if err != nil {
		return nil, err
	}
	in.pods = pods
	in.addAccountAndIngressSecrets()
	if g.all {
		if in.nodes, err = g.listCluster(ctx, "nodes"); err != nil {
			return nil, err
		}
		if in.pvs, err = g.listCluster(ctx, "persistentvolumes"); err != nil {
			return nil, err
		}
	}
	return in, nil
}

// podSpecAt is the pod spec at path in o, empty when there is none.
func podSpecAt(o studioctl.Object, path ...string) studioctl.Object {
	v, _ := o.Field(path...)
	m, _ := v.(map[string]any)
	return studioctl.NewObject(m)
}

// addPod keeps what the checks need of a pod: its labels, its references, its requests on its node.
func (in *hygieneInput) addPod(p studioctl.Object) {
	ns := p.Namespace()
	in.addLabels(ns, p.Labels())
	spec := podSpecAt(p, "spec")
	in.addRefs(ns, spec)
	if node := spec.String("nodeName"); node != "" && !finished(p) {
		in.addRequests(node, spec)
	}
}

// addLabels keeps a pod's label set once per namespace: a workload's pods share theirs, so
// 20,000 pods leave a few hundred sets, not 20,000 maps.
func (in *hygieneInput) addLabels(ns string, labels map[string]string) {
	keys := make([]string, 0, len(labels))
	for k := range labels {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k + "\x00" + labels[k] + "\x00")
	}
	if in.labels[ns] == nil {
		in.labels[ns] = map[string]map[string]string{}
	}
	if _, ok := in.labels[ns][b.String()]; !ok {
		in.labels[ns][b.String()] = labels
	}
}

// finished reports a pod that no longer holds its node's resources.
func finished(p studioctl.Object) bool {
	phase := p.String("status", "phase")
	return phase == "Succeeded" || phase == "Failed"
}

// addRefs notes the ConfigMaps and the ServiceAccount a pod spec uses.
func (in *hygieneInput) addRefs(ns string, spec studioctl.Object) {
	in.ensureRefs(ns)
	in.addSecretRefs(ns, spec)
	account := spec.String("serviceAccountName")
	if account == "" {
		account = "default"
	}
	in.refs[ns]["ServiceAccount/"+account] = true
	for _, v := range spec.Slice("volumes") {
		if name := v.String("configMap", "name"); name != "" {
			in.refs[ns]["ConfigMap/"+name] = true
		}
		for _, src := range v.Slice("projected", "sources") {
			if name := src.String("configMap", "name"); name != "" {
				in.refs[ns]["ConfigMap/"+name] = true
			}
		}
	}
	for _, list := range []string{"containers", "initContainers"} {
		for _, c := range spec.Slice(list) {
			for _, e := range c.Slice("env") {
				if name := e.String("valueFrom", "configMapKeyRef", "name"); name != "" {
					in.refs[ns]["ConfigMap/"+name] = true
				}
			}
			for _, e := range c.Slice("envFrom") {
				if name := e.String("configMapRef", "name"); name != "" {
					in.refs[ns]["ConfigMap/"+name] = true
				}
			}
		}
	}
}

// addRequests adds a pod's containers' cpu and memory requests to its node's sums.
func (in *hygieneInput) addRequests(node string, spec studioctl.Object) {
	r := in.nodeRequests[node]
	if r == nil {
		r = &requests{cpu: new(big.Rat), memory: new(big.Rat)}
		in.nodeRequests[node] = r
	}
	for _, c := range spec.Slice("containers") {
		if q, ok := apivalue.ParseQuantity(c.String("resources", "requests", "cpu")); ok {
			r.cpu.Add(r.cpu, q.Rat())
		}
		if q, ok := apivalue.ParseQuantity(c.String("resources", "requests", "memory")); ok {
			r.memory.Add(r.memory, q.Rat())
		}
	}
}
