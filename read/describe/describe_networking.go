package describe

import (
	"context"
	"net"
	"strconv"
	"strings"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
)

// Networking: services and ingresses, and the endpoint slices behind them.

func (r *dRenderer) service() {
	w, o := r.w, r.obj
	r.headAndLabels(true)
	w.write(0, "Selector:\t%s\n", dLabelSet(dStrMap(o, "spec", "selector")))
	w.write(0, "Type:\t%s\n", dstr(o, "spec", "type"))
	r.serviceAddresses()
	r.servicePorts()
	w.write(0, "Session Affinity:\t%s\n", dstr(o, "spec", "sessionAffinity"))
	w.optional("External Traffic Policy", dstr(o, "spec", "externalTrafficPolicy"))
	w.optional("Internal Traffic Policy", dstr(o, "spec", "internalTrafficPolicy"))
	if v := dstr(o, "spec", "healthCheckNodePort"); v != "" && v != "0" {
		w.write(0, "HealthCheck NodePort:\t%s\n", v)
	}
	if v := dStrList(o, "spec", "loadBalancerSourceRanges"); len(v) > 0 {
		w.write(0, "LoadBalancer Source Ranges:\t%s\n", strings.Join(v, ","))
	}
	r.events()
}

// serviceAddresses prints the addresses a service is reached at: cluster, external and load
// balancer.
func (r *dRenderer) serviceAddresses() {
	w, o := r.w, r.obj
	w.optional("IP Family Policy", dstr(o, "spec", "ipFamilyPolicy"))
	w.write(0, "IP Families:\t%s\n", dOrNone(strings.Join(dStrList(o, "spec", "ipFamilies"), ",")))
	w.write(0, "IP:\t%s\n", dstr(o, "spec", "clusterIP"))
	w.write(0, "IPs:\t%s\n", dOrNone(strings.Join(dStrList(o, "spec", "clusterIPs"), ",")))
	if ips := dStrList(o, "spec", "externalIPs"); len(ips) > 0 {
		w.write(0, "External IPs:\t%s\n", strings.Join(ips, ","))
	}
	w.optional("Desired LoadBalancer IP", dstr(o, "spec", "loadBalancerIP"))
	w.optional("External Name", dstr(o, "spec", "externalName"))
	ing := dlist(o, "status", "loadBalancer", "ingress")
	if len(ing) == 0 {
		return
	}
	var parts []string
	for _, i := range ing {
		if ip := dstr(i, "ip"); ip != "" {
			if mode := dstr(i, "ipMode"); mode != "" {
				ip += " (" + mode + ")"
			}
			parts = append(parts, ip)
		} else {
			parts = append(parts, dstr(i, "hostname"))
		}
	}
	w.write(0, "LoadBalancer Ingress:\t%s\n", strings.Join(parts, ", "))
}

// servicePorts prints each port with its target, node port and the endpoints serving it.
func (r *dRenderer) servicePorts() {
	w := r.w
	for _, sp := range dlist(r.obj, "spec", "ports") {
		name := dstr(sp, "name")
		if name == "" {
			name = "<unset>"
		}
		proto := dstr(sp, "protocol")
		w.write(0, "Port:\t%s\t%s/%s\n", name, dint(sp, "port"), proto)
		w.write(0, "TargetPort:\t%s/%s\n", dstr(sp, "targetPort"), proto)
		if np := dstr(sp, "nodePort"); np != "" && np != "0" {
			w.write(0, "NodePort:\t%s\t%s/%s\n", name, np, proto)
		}
		w.write(0, "Endpoints:\t%s\n", dEndpoints(r.d.extra.slices, map[string]bool{dstr(sp, "name"): true}))
	}
}

func (r *dRenderer) ingress() {
	w, o := r.w, r.obj
	r.head(false)
	w.labels("", "Labels", dStrMap(o, "metadata", "labels"))
	w.write(0, "Namespace:\t%s\n", dstr(o, "metadata", "namespace"))
	addrs := map[string]bool{}
	for _, i := range dlist(o, "status", "loadBalancer", "ingress") {
		if ip := dstr(i, "ip"); ip != "" {
			addrs[ip] = true
		} else if h := dstr(i, "hostname"); h != "" {
			addrs[h] = true
		}
	}
	w.write(0, "Address:\t%s\n", strings.Join(dKeys(addrs), ","))
	class := "<none>"
	if dhas(o, "spec", "ingressClassName") {
		class = dstr(o, "spec", "ingressClassName")
	}
	w.write(0, "Ingress Class:\t%s\n", class)
	def := "<default>"
	if b := dmap(o, "spec", "defaultBackend"); b != nil {
		def = r.backend(b)
	}
	w.write(0, "Default backend:\t%s\n", def)
	r.ingressTLS()
	r.ingressRules(def)
	w.annotations("Annotations", dStrMap(o, "metadata", "annotations"))
	r.events()
}

func (r *dRenderer) ingressTLS() {
	tls := dlist(r.obj, "spec", "tls")
	if len(tls) == 0 {
		return
	}
	r.w.write(0, "TLS:\n")
	for _, t := range tls {
		hosts := strings.Join(dStrList(t, "hosts"), ",")
		if s := dstr(t, "secretName"); s == "" {
			r.w.write(1, "SNI routes %s\n", hosts)
		} else {
			r.w.write(1, "%s terminates %s\n", s, hosts)
		}
	}
}

// ingressRules prints the HTTP rules' hosts and paths with their backends; with no HTTP rule,
// every host and path goes to the default backend, def.
func (r *dRenderer) ingressRules(def string) {
	w := r.w
	w.write(0, "Rules:\n  Host\tPath\tBackends\n")
	w.write(1, "----\t----\t--------\n")
	count := 0
	for _, rule := range dlist(r.obj, "spec", "rules") {
		if dmap(rule, "http") == nil {
			continue
		}
		count++
		host := dstr(rule, "host")
		if host == "" {
			host = "*"
		}
		w.write(1, "%s\t\n", host)
		for _, p := range dlist(rule, "http", "paths") {
			w.write(2, "\t%s \t%s\n", dstr(p, "path"), r.backend(dmap(p, "backend")))
		}
	}
	if count == 0 {
		w.write(1, "%s\t%s\t%s\n", "*", "*", def)
	}
}

// backend prints an ingress backend: "service:port (endpoints)", or a resource reference.
func (r *dRenderer) backend(b map[string]any) string {
	if svc := dmap(b, "service"); svc != nil {
		eps, ok := r.d.extra.backends[dBackendKey(b)]
		if !ok {
			eps = "<none>"
		}
		return dstr(svc, "name") + ":" + dBackendPort(b) + " (" + eps + ")"
	}
	if res := dmap(b, "resource"); res != nil {
		group := "<none>"
		if dhas(res, "apiGroup") {
			group = dstr(res, "apiGroup")
		}
		return "APIGroup: " + group + ", Kind: " + dstr(res, "kind") + ", Name: " + dstr(res, "name")
	}
	return ""
}

// serviceSlices reads the endpoint slices behind a service, found by kubectl's service-name label.
func (rd *describeRead) serviceSlices(ctx context.Context) {
	slices, err := rd.list(ctx, "endpointslices.discovery.k8s.io", kube.Scope{Namespace: rd.ns},
		kube.ListOptions{LabelSelector: "kubernetes.io/service-name=" + dstr(rd.d.Object, "metadata", "name")})
	if err != nil {
		rd.notice(noticeDescribeRelated, "Endpoints", dwhy(err))
	}
	rd.d.extra.slices = slices
}

// ingressBackends reads, once per service an ingress sends to, the service and its endpoint
// slices, and keeps the endpoints text of each backend's port.
func (rd *describeRead) ingressBackends(ctx context.Context) {
	rd.d.extra.backends = map[string]string{}
	reads := map[string]*dServiceRead{}
	for _, b := range dIngressBackends(rd.d.Object) {
		name := dstr(b, "service", "name")
		if dmap(b, "service") == nil || name == "" {
			continue
		}
		sr := reads[name]
		if sr == nil {
			sr = rd.backendService(ctx, name)
			reads[name] = sr
		}
		key := dBackendKey(b)
		if sr.err != "" {
			rd.d.extra.backends[key] = "<error: " + sr.err + ">"
			continue
		}
		rd.d.extra.backends[key] = dEndpoints(sr.slices, map[string]bool{dServicePortName(sr.svc, b): true})
	}
}

// dIngressBackends lists an ingress's default backend, then its rules' backends.
func dIngressBackends(ing map[string]any) []map[string]any {
	var backends []map[string]any
	if b := dmap(ing, "spec", "defaultBackend"); b != nil {
		backends = append(backends, b)
	}
	for _, rule := range dlist(ing, "spec", "rules") {
		for _, p := range dlist(rule, "http", "paths") {
			if b := dmap(p, "backend"); b != nil {
				backends = append(backends, b)
			}
		}
	}
	return backends
}

// dServiceRead is a backend service as read, or why it could not be.
type dServiceRead struct {
	svc    map[string]any
	slices []map[string]any
	err    string
}

func (rd *describeRead) backendService(ctx context.Context, name string) *dServiceRead {
	slices, err := rd.list(ctx, "endpointslices.discovery.k8s.io", kube.Scope{Namespace: rd.ns},
		kube.ListOptions{LabelSelector: "kubernetes.io/service-name=" + name})
	if err != nil {
		return &dServiceRead{err: dwhy(err)}
	}
	r, err := rd.resolve(ctx, "services")
	if err != nil {
		return &dServiceRead{err: dwhy(err)}
	}
	svc, err := rd.s.Client.GetObject(ctx, r, rd.ns, name)
	if e, ok := fault.As(err); ok && e.Code == fault.CodeNotFound {
		// kubectl's own words for a backend whose Service is gone, composed here from the name.
		return &dServiceRead{err: fault.Sentencef(sentenceBackendServiceMissing, name)}
	}
	if err != nil {
		return &dServiceRead{err: dwhy(err)}
	}
	return &dServiceRead{svc: svc, slices: slices}
}

// dServicePortName names the service port a backend sends to, by its number or its name; the
// last port that matches wins, as in kubectl.
func dServicePortName(svc map[string]any, b any) string {
	portName := ""
	num, pname := dstr(b, "service", "port", "number"), dstr(b, "service", "port", "name")
	for _, sp := range dlist(svc, "spec", "ports") {
		if num != "" && num != "0" && dstr(sp, "port") == num {
			portName = dstr(sp, "name")
		} else if pname != "" && dstr(sp, "name") == pname {
			portName = dstr(sp, "name")
		}
	}
	return portName
}

// dBackendKey tells an ingress's service backends apart: the service and its port.
func dBackendKey(b any) string { return dstr(b, "service", "name") + "\x00" + dBackendPort(b) }

// dBackendPort is a service backend's port number, or its name when it has no number.
func dBackendPort(b any) string {
	port := dstr(b, "service", "port", "number")
	if port == "" || port == "0" {
		port = dstr(b, "service", "port", "name")
	}
	return port
}

// dEndpoints prints a service port's ready endpoints as kubectl does: at most three
// host:port pairs, then "+ N more...". ports nil means every port.
func dEndpoints(slices []map[string]any, ports map[string]bool) string {
	if len(slices) == 0 {
		return "<none>"
	}
	const max = 3
	var list []string
	more := false
	count := 0
	ready := func(ep any) bool {
		r, present := dmap(ep, "conditions")["ready"]
		return !present || r == nil || r == true
	}
	// add counts a ready endpoint and shows it while fewer than max are shown; port is "" for a
	// slice that names no ports. Once the list is full, the next endpoint, ready or not, marks
	// it as having more, as kubectl does.
	add := func(ep any, port string) {
		if len(list) == max {
			more = true
		}
		if !ready(ep) {
			return
		}
		if !more {
			addr := dFirstAddress(ep)
			if port != "" {
				addr = net.JoinHostPort(addr, port)
			}
			list = append(list, addr)
		}
		count++
	}
	for _, s := range slices {
		sp := dlist(s, "ports")
		if len(sp) == 0 {
			for _, ep := range dlist(s, "endpoints") {
				add(ep, "")
			}
			continue
		}
		for _, port := range sp {
			if ports != nil && !ports[dstr(port, "name")] {
				continue
			}
			for _, ep := range dlist(s, "endpoints") {
				add(ep, dint(port, "port"))
			}
		}
	}
	out := strings.Join(list, ",")
	if more {
		return out + " + " + strconv.Itoa(count-max) + " more..."
	}
	return out
}

func dFirstAddress(ep any) string {
	if a := dlist(ep, "addresses"); len(a) > 0 {
		return dscalar(a[0])
	}
	return ""
}

func (r *dRenderer) ingressClass() {
	w, o := r.w, r.obj
	r.headAndLabels(false)
	w.write(0, "Controller:\t%s\n", dstr(o, "spec", "controller"))
	if p := dmap(o, "spec", "parameters"); p != nil {
		w.write(0, "Parameters:\n")
		if dhas(p, "apiGroup") {
			w.write(1, "APIGroup:\t%s\n", dstr(p, "apiGroup"))
		}
		w.write(1, "Kind:\t%s\n", dstr(p, "kind"))
		w.write(1, "Name:\t%s\n", dstr(p, "name"))
	}
	r.events()
}

// networkPolicy prints a policy as kubectl does: the pods it selects, then in prose which
// ingress and egress traffic it allows, rule by rule.
func (r *dRenderer) networkPolicy() {
	w, o := r.w, r.obj
	r.head(true)
	w.write(0, "Created on:\t%s\n", w.goTime(dstr(o, "metadata", "creationTimestamp")))
	r.labelsAndAnnotations()
	w.write(0, "Spec:\n")
	w.write(1, "PodSelector: ")
	if sel := dSelector(dmap(o, "spec", "podSelector")); sel == "" {
		w.write(2, "<none> (Allowing the specific traffic to all pods in this namespace)\n")
	} else {
		w.write(2, "%s\n", sel)
	}
	types := dStrList(o, "spec", "policyTypes")
	has := func(t string) bool {
		for _, x := range types {
			if x == t {
				return true
			}
		}
		return false
	}
	if has("Ingress") {
		w.write(1, "Allowing ingress traffic:\n")
		r.policyRules(dNetpolIngress, dlist(o, "spec", "ingress"))
	} else {
		w.write(1, "Not affecting ingress traffic\n")
	}
	if has("Egress") {
		w.write(1, "Allowing egress traffic:\n")
		r.policyRules(dNetpolEgress, dlist(o, "spec", "egress"))
	} else {
		w.write(1, "Not affecting egress traffic\n")
	}
	w.write(1, "Policy Types: %s\n", dOrNone(strings.Join(types, ", ")))
}

// dNetpolDirection holds the words that differ between a policy's ingress and egress rules.
type dNetpolDirection struct {
	peers, peer, isolated, anyPeer string
}

var (
	dNetpolIngress = dNetpolDirection{peers: "from", peer: "From", isolated: "<none> (Selected pods are isolated for ingress connectivity)",
		anyPeer: "From: <any> (traffic not restricted by source)"}
	dNetpolEgress = dNetpolDirection{peers: "to", peer: "To", isolated: "<none> (Selected pods are isolated for egress connectivity)",
		anyPeer: "To: <any> (traffic not restricted by destination)"}
)

// policyRules prints a direction's rules, each with its ports and its peers, a line of dashes
// between two rules.
func (r *dRenderer) policyRules(dir dNetpolDirection, rules []any) {
	w := r.w
	const in = "    "
	if len(rules) == 0 {
		w.write(0, in+"%s\n", dir.isolated)
		return
	}
	for i, rule := range rules {
		ports := dlist(rule, "ports")
		if len(ports) == 0 {
			w.write(0, in+"To Port: <any> (traffic allowed to all ports)\n")
		}
		for _, p := range ports {
			proto := dstr(p, "protocol")
			if !dhas(p, "protocol") {
				proto = "TCP"
			}
			if dhas(p, "endPort") {
				w.write(0, in+"To Port Range: %s-%s/%s\n", dstr(p, "port"), dstr(p, "endPort"), proto)
			} else {
				w.write(0, in+"To Port: %s/%s\n", dstr(p, "port"), proto)
			}
		}
		peers := dlist(rule, dir.peers)
		if len(peers) == 0 {
			w.write(0, in+"%s\n", dir.anyPeer)
		}
		for _, peer := range peers {
			w.write(0, in+"%s:\n", dir.peer)
			r.policyPeer(peer)
		}
		if i != len(rules)-1 {
			w.write(0, in+"----------\n")
		}
	}
}

// policyPeer prints one peer of a rule: its namespace and pod selectors, or its IP block.
func (r *dRenderer) policyPeer(peer any) {
	w := r.w
	const in = "    "
	pods, nss := dmap(peer, "podSelector"), dmap(peer, "namespaceSelector")
	if nss != nil {
		w.write(1, in+"NamespaceSelector: %s\n", dOrNone(dSelector(nss)))
	}
	if pods != nil {
		w.write(1, in+"PodSelector: %s\n", dOrNone(dSelector(pods)))
	}
	if b := dmap(peer, "ipBlock"); b != nil && pods == nil && nss == nil {
		w.write(1, in+"IPBlock:\n")
		w.write(2, in+"CIDR: %s\n", dstr(b, "cidr"))
		w.write(2, in+"Except: %s\n", strings.Join(dStrList(b, "except"), ", "))
	}
}
