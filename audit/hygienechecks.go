package audit

import (
	"math/big"
	"slices"
	"strconv"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/apivalue"
)

// systemNamespaces hold Kubernetes' own objects, which its components read through the API
// rather than mount: their ConfigMaps and ServiceAccounts are not checked for use.
var systemNamespaces = []string{"kube-system", "kube-public", "kube-node-lease"}

// namespaceFindings are namespace ns's hygiene findings; a kind the identity may not list there
// is kind_unreadable and its checks are not made.
func (in *hygieneInput) namespaceFindings(ns string) []Finding {
	var fs []Finding
	for _, k := range append(append([]string{}, hygieneKinds...), namedKinds...) {
		if in.kinds[k].forbidden(ns) {
			fs = append(fs, newFinding(CodeKindUnreadable, "Namespace", "", ns, "", SentenceKindUnreadable, k, ns))
		}
	}
	fs = append(fs, in.serviceFindings(ns)...)
	fs = append(fs, in.ingressFindings(ns)...)
	fs = append(fs, in.policyFindings(ns)...)
	fs = append(fs, in.claimFindings(ns)...)
	fs = append(fs, in.unusedFindings(ns)...)
	return append(fs, in.autoscalerFindings(ns)...)
}

// selectsAny reports whether a selector selects any pod of ns.
func (in *hygieneInput) selectsAny(ns string, sel studioctl.Object) bool {
	for _, l := range in.labels[ns] {
		if selects(sel, l) {
			return true
		}
	}
	return false
}

func (in *hygieneInput) serviceFindings(ns string) []Finding {
	var fs []Finding
	for _, s := range in.kinds["services"].byNS[ns] {
		v, _ := s.Field("spec", "selector")
		sel, _ := v.(map[string]any)
		if len(sel) == 0 || s.String("spec", "type") == "ExternalName" {
			continue // endpoints managed by hand, or a DNS name
		}
		if !in.selectsAny(ns, studioctl.NewObject(map[string]any{"matchLabels": sel})) {
			fs = append(fs, newFinding(CodeServiceNoPods, "Service", ns, s.Name(), "", SentenceServiceNoPods, s.Name()))
		}
	}
	return fs
}

// ingressFindings: each backend of an Ingress (its default one and every path's) names a Service
// of the namespace and a port that Service defines, by number or by name.
func (in *hygieneInput) ingressFindings(ns string) []Finding {
	services := in.kinds["services"]
	if services.forbidden(ns) {
		return nil
	}
	var fs []Finding
	for _, ing := range in.kinds["ingresses.networking.k8s.io"].byNS[ns] {
		backends := []studioctl.Object{podSpecAt(ing, "spec", "defaultBackend", "service")}
		for _, rule := range ing.Slice("spec", "rules") {
			for _, p := range rule.Slice("http", "paths") {
				backends = append(backends, podSpecAt(p, "backend", "service"))
			}
		}
		for _, b := range backends {
			if f, bad := backendFinding(ing, b, services.byNS[ns]); bad {
				fs = append(fs, f)
			}
		}
	}
	return fs
}

func backendFinding(ing, b studioctl.Object, services []studioctl.Object) (Finding, bool) {
	name := b.String("name")
	if name == "" {
		return Finding{}, false
	}
	i := slices.IndexFunc(services, func(s studioctl.Object) bool { return s.Name() == name })
	if i < 0 {
		return newFinding(CodeIngressBackendMissing, "Ingress", ing.Namespace(), ing.Name(), "", SentenceIngressNoService, ing.Name(), name), true
	}
	port := b.String("port", "name")
	if port == "" {
		port = strconv.FormatInt(intField(b, 0, "port", "number"), 10)
	}
	for _, p := range services[i].Slice("spec", "ports") {
		if p.String("name") == port || strconv.FormatInt(intField(p, -1, "port"), 10) == port {
			return Finding{}, false
		}
	}
	return newFinding(CodeIngressBackendMissing, "Ingress", ing.Namespace(), ing.Name(), "", SentenceIngressNoPort, ing.Name(), port, name), true
}

// policyFindings: a NetworkPolicy whose pod selector is not empty and selects no pod protects
// nothing (an empty selector selects every pod).
func (in *hygieneInput) policyFindings(ns string) []Finding {
	var fs []Finding
	for _, p := range in.kinds["networkpolicies.networking.k8s.io"].byNS[ns] {
		sel := podSpecAt(p, "spec", "podSelector")
		if len(sel.Slice("matchExpressions")) == 0 {
			if v, _ := sel.Field("matchLabels"); len(asMap(v)) == 0 {
				continue
			}
		}
		if !in.selectsAny(ns, sel) {
			fs = append(fs, newFinding(CodeNetpolSelectsNothing, "NetworkPolicy", ns, p.Name(), "", SentenceNetpolSelectsNothing, p.Name()))
		}
	}
	return fs
}

func asMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

func (in *hygieneInput) claimFindings(ns string) []Finding {
	var fs []Finding
	for _, c := range in.kinds["persistentvolumeclaims"].byNS[ns] {
		if phase := c.String("status", "phase"); phase == "Pending" || phase == "Lost" {
			fs = append(fs, newFinding(CodePVCUnbound, "PersistentVolumeClaim", ns, c.Name(), "", SentencePVCUnbound, c.Name(), phase))
		}
	}
	return fs
}

// unusedFindings: ConfigMaps and Secrets no pod or CronJob mounts or reads (nor, for a Secret, a
// ServiceAccount or an Ingress's TLS), and ServiceAccounts none runs as (default aside);
// kube-root-ca.crt is every namespace's, mounted through the token.
func (in *hygieneInput) unusedFindings(ns string) []Finding {
	if slices.Contains(systemNamespaces, ns) {
		return nil
	}
	var fs []Finding
	for _, c := range in.names["configmaps"][ns] {
		if c.name != "kube-root-ca.crt" && !in.refs[ns]["ConfigMap/"+c.name] {
			fs = append(fs, newFinding(CodeConfigMapUnused, "ConfigMap", ns, c.name, "", SentenceConfigMapUnused, c.name))
		}
	}
	fs = append(fs, in.unusedSecrets(ns, in.machine)...)
	for _, a := range in.kinds["serviceaccounts"].byNS[ns] {
		if a.Name() != "default" && !in.refs[ns]["ServiceAccount/"+a.Name()] {
			fs = append(fs, newFinding(CodeSAUnused, "ServiceAccount", ns, a.Name(), "", SentenceSAUnused, a.Name()))
		}
	}
	return fs
}

// scaleTargets are the kinds an autoscaler's target is looked up in.
var scaleTargets = map[string]string{"Deployment": "deployments.apps", "StatefulSet": "statefulsets.apps", "ReplicaSet": "replicasets.apps"}

func (in *hygieneInput) autoscalerFindings(ns string) []Finding {
	var fs []Finding
	for _, h := range in.kinds["horizontalpodautoscalers.autoscaling"].byNS[ns] {
		if lo, hi := intField(h, 1, "spec", "minReplicas"), intField(h, 0, "spec", "maxReplicas"); lo == hi {
			fs = append(fs, newFinding(CodeHPAFixed, "HorizontalPodAutoscaler", ns, h.Name(), "", SentenceHPAFixed, h.Name(), hi))
		}
		kind, name := h.String("spec", "scaleTargetRef", "kind"), h.String("spec", "scaleTargetRef", "name")
		targets, known := in.kinds[scaleTargets[kind]]
		if !known || targets.forbidden(ns) {
			continue // a custom kind, or one the identity may not list
		}
		if !slices.ContainsFunc(targets.byNS[ns], func(o studioctl.Object) bool { return o.Name() == name }) {
			fs = append(fs, newFinding(CodeHPATargetMissing, "HorizontalPodAutoscaler", ns, h.Name(), "", SentenceHPATargetMissing, h.Name(), kind, name))
		}
	}
	return fs
}

// clusterFindings are the nodes' and volumes' findings (with -A); a kind the identity may not
// list is kind_unreadable.
func (in *hygieneInput) clusterFindings() []Finding {
	var fs []Finding
	for kind, o := range map[string]*objects{"nodes": in.nodes, "persistentvolumes": in.pvs} {
		if o.forbidden("") {
			fs = append(fs, newFinding(CodeKindUnreadable, "Resource", "", kind, "", SentenceKindUnreadable, kind, "the cluster"))
		}
	}
	for _, n := range in.nodes.byNS[""] {
		fs = append(fs, in.nodeFindings(n)...)
	}
	for _, pv := range in.pvs.byNS[""] {
		if phase := pv.String("status", "phase"); phase == "Released" || phase == "Failed" {
			fs = append(fs, newFinding(CodePVReleased, "PersistentVolume", "", pv.Name(), "", SentencePVReleased, pv.Name(), phase))
		}
	}
	return fs
}

func (in *hygieneInput) nodeFindings(n studioctl.Object) []Finding {
	var fs []Finding
	if _, ready := condition(n, "Ready"); !ready {
		fs = append(fs, newFinding(CodeNodeNotReady, "Node", "", n.Name(), "", SentenceNodeNotReady, n.Name()))
	}
	for _, p := range []string{"MemoryPressure", "DiskPressure", "PIDPressure"} {
		if _, on := condition(n, p); on {
			fs = append(fs, newFinding(CodeNodePressure, "Node", "", n.Name(), "", SentenceNodePressure, n.Name(), p))
		}
	}
	if v, _ := n.Field("spec", "unschedulable"); v == true {
		fs = append(fs, newFinding(CodeNodeCordoned, "Node", "", n.Name(), "", SentenceNodeCordoned, n.Name()))
	}
	if r := in.nodeRequests[n.Name()]; r != nil {
		for _, res := range []struct {
			name string
			sum  *big.Rat
		}{{"cpu", r.cpu}, {"memory", r.memory}} {
			alloc := n.String("status", "allocatable", res.name)
			if q, ok := apivalue.ParseQuantity(alloc); ok && res.sum.Cmp(q.Rat()) > 0 {
				fs = append(fs, newFinding(CodeNodeOvercommitted, "Node", "", n.Name(), "", SentenceNodeOvercommitted, n.Name(), res.name,
					apivalue.UsageText(res.name, res.sum), alloc))
			}
		}
	}
	return fs
}
