package console

import (
	"context"
	"net"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/studioctl/studioctl/kube"
)

// describeRead makes the reads around the object: its events and what kubectl's describer for
// its kind also reads. A related read that fails leaves its part out with a notice rather than
// failing the statement, since the object itself was read.
type describeRead struct {
	s   *Session
	d   *Described
	res *Result
	ns  string
}

// The kinds with a describer of their own, as group/Kind.
const (
	kindPod         = "/Pod"
	kindService     = "/Service"
	kindNode        = "/Node"
	kindNamespace   = "/Namespace"
	kindConfigMap   = "/ConfigMap"
	kindSecret      = "/Secret"
	kindSA          = "/ServiceAccount"
	kindPVC         = "/PersistentVolumeClaim"
	kindPV          = "/PersistentVolume"
	kindDeployment  = "apps/Deployment"
	kindReplicaSet  = "apps/ReplicaSet"
	kindStatefulSet = "apps/StatefulSet"
	kindDaemonSet   = "apps/DaemonSet"
	kindJob         = "batch/Job"
	kindCronJob     = "batch/CronJob"
	kindIngress     = "networking.k8s.io/Ingress"
	kindRole        = "rbac.authorization.k8s.io/Role"
	kindRoleBinding = "rbac.authorization.k8s.io/RoleBinding"
	kindClusterRole = "rbac.authorization.k8s.io/ClusterRole"
	kindCRB         = "rbac.authorization.k8s.io/ClusterRoleBinding"
)

func describeKindOf(r kube.APIResource) string { return r.Group + "/" + r.Kind }

// dNoEvents are the kinds kubectl describes without an Events section.
var dNoEvents = map[string]bool{
	kindSecret: true, kindNamespace: true, kindRole: true, kindRoleBinding: true,
	kindClusterRole: true, kindCRB: true,
}

func (rd *describeRead) notice(format string, args ...any) {
	rd.res.Notices = append(rd.res.Notices, sprintf(format, args...))
}

// dwhy is the sentence of a failed related read.
func dwhy(err error) string {
	if e, ok := kube.AsError(err); ok {
		return e.Sentence
	}
	return sentenceDescribeUnknownFailure
}

func (rd *describeRead) resolve(ctx context.Context, typ string) (kube.APIResource, error) {
	return rd.s.Client.Resolve(ctx, typ)
}

// list reads every object of a related type, under the statement's row cap.
func (rd *describeRead) list(ctx context.Context, typ string, scope kube.Scope, opts kube.ListOptions) ([]map[string]any, error) {
	r, err := rd.resolve(ctx, typ)
	if err != nil {
		return nil, err
	}
	if opts.MaxRows == 0 {
		opts.MaxRows = rd.s.maxRows()
	}
	var out []map[string]any
	err = rd.s.Client.ListObjects(ctx, r, scope, opts, func(o map[string]any) error {
		out = append(out, o)
		return nil
	}, func() { out = nil })
	return out, err
}

func (rd *describeRead) related(ctx context.Context) {
	obj := rd.d.Object
	switch describeKindOf(rd.d.Resource) {
	case kindReplicaSet, kindStatefulSet, kindDaemonSet:
		rd.controllerPods(ctx)
	case kindDeployment:
		rd.replicaSets(ctx)
	case kindService:
		slices, err := rd.list(ctx, "endpointslices.discovery.k8s.io", kube.Scope{Namespace: rd.ns},
			kube.ListOptions{LabelSelector: "kubernetes.io/service-name=" + dstr(obj, "metadata", "name")})
		if err != nil {
			rd.notice(noticeDescribeRelated, "Endpoints", dwhy(err))
		}
		rd.d.extra.slices = slices
	case kindIngress:
		rd.ingressBackends(ctx)
	case kindNode:
		rd.nodeReads(ctx)
	case kindNamespace:
		name := dstr(obj, "metadata", "name")
		if kube.IsDNS1123Label(name) {
			rd.namespaceReads(ctx, name)
		}
	case kindSA:
		rd.serviceAccountSecrets(ctx)
	case kindPVC:
		pods, err := rd.list(ctx, "pods", kube.Scope{Namespace: rd.ns}, kube.ListOptions{})
		if err != nil {
			rd.notice(noticeDescribeRelated, "Used By", dwhy(err))
		}
		rd.d.extra.usedBy = dPodsUsingClaim(obj, pods)
	}
}

func (rd *describeRead) controllerPods(ctx context.Context) {
	obj := rd.d.Object
	sel := dSelector(dmap(obj, "spec", "selector"))
	pods, err := rd.list(ctx, "pods", kube.Scope{Namespace: rd.ns}, kube.ListOptions{LabelSelector: sel})
	if err != nil {
		rd.d.extra.podsErr = dwhy(err)
		rd.notice(noticeDescribeRelated, "Pods Status", dwhy(err))
		return
	}
	uid := dstr(obj, "metadata", "uid")
	for _, p := range pods {
		if ref := dControllerRef(p); ref == nil || dstr(ref, "uid") != uid {
			continue
		}
		switch dstr(p, "status", "phase") {
		case "Running":
			rd.d.extra.pods.running++
		case "Pending":
			rd.d.extra.pods.waiting++
		case "Succeeded":
			rd.d.extra.pods.succeeded++
		case "Failed":
			rd.d.extra.pods.failed++
		}
	}
}

// replicaSets finds a deployment's replica sets as kubectl does: those it controls, the new one
// being the oldest whose pod template equals the deployment's apart from the pod-template-hash
// label, the others old.
func (rd *describeRead) replicaSets(ctx context.Context) {
	obj := rd.d.Object
	sel := dSelector(dmap(obj, "spec", "selector"))
	list, err := rd.list(ctx, "replicasets.apps", kube.Scope{Namespace: rd.ns}, kube.ListOptions{LabelSelector: sel})
	if err != nil {
		rd.notice(noticeDescribeRelated, "OldReplicaSets and NewReplicaSet", dwhy(err))
		return
	}
	uid := dstr(obj, "metadata", "uid")
	var owned []map[string]any
	for _, rs := range list {
		if ref := dControllerRef(rs); ref != nil && dstr(ref, "uid") == uid {
			owned = append(owned, rs)
		}
	}
	byAge := append([]map[string]any(nil), owned...)
	sort.SliceStable(byAge, func(i, j int) bool {
		ti, tj := apiTime(dstr(byAge[i], "metadata", "creationTimestamp")), apiTime(dstr(byAge[j], "metadata", "creationTimestamp"))
		if ti.Equal(tj) {
			return dstr(byAge[i], "metadata", "name") < dstr(byAge[j], "metadata", "name")
		}
		return ti.Before(tj)
	})
	want := dTemplateNoHash(dmap(obj, "spec", "template"))
	newName := ""
	for _, rs := range byAge {
		if reflect.DeepEqual(dTemplateNoHash(dmap(rs, "spec", "template")), want) {
			newName = dstr(rs, "metadata", "name")
			break
		}
	}
	rd.d.extra.rsRead = true
	for _, rs := range owned {
		sum := dRSSummary{name: dstr(rs, "metadata", "name"), current: dint(rs, "status", "replicas"), desired: dint(rs, "spec", "replicas")}
		if sum.name == newName {
			rd.d.extra.newRS = append(rd.d.extra.newRS, sum)
		} else {
			rd.d.extra.oldRS = append(rd.d.extra.oldRS, sum)
		}
	}
}

func dTemplateNoHash(t map[string]any) any {
	c := dDeepCopy(t)
	if m, ok := c.(map[string]any); ok {
		if labels := dmap(m, "metadata", "labels"); labels != nil {
			delete(labels, "pod-template-hash")
			if len(labels) == 0 {
				delete(dmap(m, "metadata"), "labels")
			}
		}
	}
	return c
}

func (rd *describeRead) ingressBackends(ctx context.Context) {
	obj := rd.d.Object
	var backends []map[string]any
	if b := dmap(obj, "spec", "defaultBackend"); b != nil {
		backends = append(backends, b)
	}
	for _, rule := range dlist(obj, "spec", "rules") {
		for _, p := range dlist(rule, "http", "paths") {
			if b := dmap(p, "backend"); b != nil {
				backends = append(backends, b)
			}
		}
	}
	rd.d.extra.backends = map[string]string{}
	type svcRead struct {
		svc    map[string]any
		slices []map[string]any
		err    string
	}
	reads := map[string]*svcRead{}
	for _, b := range backends {
		name := dstr(b, "service", "name")
		if dmap(b, "service") == nil || name == "" {
			continue
		}
		sr := reads[name]
		if sr == nil {
			sr = &svcRead{}
			reads[name] = sr
			slices, err := rd.list(ctx, "endpointslices.discovery.k8s.io", kube.Scope{Namespace: rd.ns},
				kube.ListOptions{LabelSelector: "kubernetes.io/service-name=" + name})
			if err != nil {
				sr.err = dwhy(err)
			} else if r, rerr := rd.resolve(ctx, "services"); rerr != nil {
				sr.err = dwhy(rerr)
			} else if svc, gerr := rd.s.Client.GetObject(ctx, r, rd.ns, name); gerr != nil {
				sr.err = dwhy(gerr)
			} else {
				sr.svc, sr.slices = svc, slices
			}
		}
		key := dBackendKey(b)
		if sr.err != "" {
			rd.d.extra.backends[key] = "<error: " + sr.err + ">"
			continue
		}
		portName := ""
		num, pname := dstr(b, "service", "port", "number"), dstr(b, "service", "port", "name")
		for _, sp := range dlist(sr.svc, "spec", "ports") {
			if num != "" && num != "0" && dstr(sp, "port") == num {
				portName = dstr(sp, "name")
			} else if pname != "" && dstr(sp, "name") == pname {
				portName = dstr(sp, "name")
			}
		}
		rd.d.extra.backends[key] = dEndpoints(sr.slices, map[string]bool{portName: true})
	}
}

func dBackendKey(b any) string {
	port := dstr(b, "service", "port", "number")
	if port == "" || port == "0" {
		port = dstr(b, "service", "port", "name")
	}
	return dstr(b, "service", "name") + "\x00" + port
}

func (rd *describeRead) nodeReads(ctx context.Context) {
	name := dstr(rd.d.Object, "metadata", "name")
	sel := "spec.nodeName=" + name + ",status.phase!=Succeeded,status.phase!=Failed"
	pods, err := rd.list(ctx, "pods", kube.Scope{AllNamespaces: true}, kube.ListOptions{FieldSelector: sel})
	if err != nil {
		if e, ok := kube.AsError(err); !ok || e.Code != kube.CodeForbidden {
			rd.notice(noticeDescribeRelated, "Non-terminated Pods", dwhy(err))
		}
		rd.d.extra.nodePodsErr = true
	}
	rd.d.extra.nodePods = pods
	r, err := rd.resolve(ctx, "leases.coordination.k8s.io")
	if err == nil {
		rd.d.extra.lease, err = rd.s.Client.GetObject(ctx, r, "kube-node-lease", name)
	}
	if err != nil {
		rd.d.extra.leaseErr = dwhy(err)
	}
}

func (rd *describeRead) namespaceReads(ctx context.Context, ns string) {
	quotas, err := rd.list(ctx, "resourcequotas", kube.Scope{Namespace: ns}, kube.ListOptions{})
	switch e, _ := kube.AsError(err); {
	case err == nil:
		rd.d.extra.quotas, rd.d.extra.quotasRead = quotas, true
	case e != nil && (e.Code == kube.CodeNotFound || e.Code == kube.CodeUnknownType):
	default:
		rd.notice(noticeDescribeRelated, "Resource Quotas", dwhy(err))
	}
	limits, err := rd.list(ctx, "limitranges", kube.Scope{Namespace: ns}, kube.ListOptions{})
	switch e, _ := kube.AsError(err); {
	case err == nil:
		rd.d.extra.limits, rd.d.extra.limitsRead = limits, true
	case e != nil && (e.Code == kube.CodeNotFound || e.Code == kube.CodeUnknownType):
	default:
		rd.notice(noticeDescribeRelated, "Resource Limits", dwhy(err))
	}
}

// serviceAccountSecrets lists the namespace's Secrets as a Table with metadata only (names, type
// and annotations; never a value), to find the service account's token Secrets and the names it
// lists that do not exist. A list the identity may not make is tolerated, as kubectl does.
func (rd *describeRead) serviceAccountSecrets(ctx context.Context) {
	r, err := rd.resolve(ctx, "secrets")
	if err != nil {
		return
	}
	sa := rd.d.Object
	name, uid := dstr(sa, "metadata", "name"), dstr(sa, "metadata", "uid")
	p := &dSecretRowPager{}
	err = rd.s.Client.ListTable(ctx, r, kube.Scope{Namespace: rd.ns}, kube.ListOptions{IncludeObject: "Metadata", MaxRows: rd.s.maxRows()}, p)
	if err != nil {
		return
	}
	rd.d.extra.saExisting = map[string]bool{}
	for _, row := range p.rows {
		rd.d.extra.saExisting[row.name] = true
		if row.typ == "kubernetes.io/service-account-token" && row.saName == name && row.saUID == uid {
			rd.d.extra.saTokens = append(rd.d.extra.saTokens, row.name)
		}
	}
}

type dSecretRow struct{ name, typ, saName, saUID string }

type dSecretRowPager struct{ rows []dSecretRow }

func (p *dSecretRowPager) Reset() { p.rows = nil }
func (p *dSecretRowPager) Page(t *kube.Table) error {
	typeCol := -1
	for i, c := range t.Columns {
		if strings.EqualFold(c.Name, "Type") {
			typeCol = i
		}
	}
	for _, row := range t.Rows {
		sr := dSecretRow{name: row.Name()}
		if typeCol >= 0 && typeCol < len(row.Cells) {
			sr.typ = cellString(row.Cells[typeCol])
		}
		ann := dmap(row.Object, "metadata", "annotations")
		sr.saName, sr.saUID = dstr(ann, "kubernetes.io/service-account.name"), dstr(ann, "kubernetes.io/service-account.uid")
		p.rows = append(p.rows, sr)
	}
	return nil
}

// dPodsUsingClaim lists the pods that mount the claim, then the pods that own it, as kubectl does.
func dPodsUsingClaim(pvc map[string]any, pods []map[string]any) []string {
	claim := dstr(pvc, "metadata", "name")
	var out []string
	seen := map[string]bool{}
	for _, p := range pods {
		for _, v := range dlist(p, "spec", "volumes") {
			if dmap(v, "persistentVolumeClaim") != nil && dstr(v, "persistentVolumeClaim", "claimName") == claim {
				out = append(out, dstr(p, "metadata", "name"))
				seen[dstr(p, "metadata", "uid")] = true
			}
		}
	}
	for _, ref := range dlist(pvc, "metadata", "ownerReferences") {
		if dstr(ref, "kind") != "Pod" {
			continue
		}
		for _, p := range pods {
			uid := dstr(p, "metadata", "uid")
			if uid == dstr(ref, "uid") && !seen[uid] {
				seen[uid] = true
				out = append(out, dstr(p, "metadata", "name"))
			}
		}
	}
	return out
}

// events reads the core v1 events about the object with kubectl's field selector: the involved
// object's name, namespace, kind and uid (a pod's without the kind, and with its mirror uid when
// it is a static pod's mirror). A node's events are read twice, by uid and by name as uid, since
// the kubelet names a node by its name.
func (rd *describeRead) events(ctx context.Context) {
	kind := describeKindOf(rd.d.Resource)
	if dNoEvents[kind] {
		return
	}
	obj := rd.d.Object
	name, ns, uid := dstr(obj, "metadata", "name"), dstr(obj, "metadata", "namespace"), dstr(obj, "metadata", "uid")
	refKind := dstr(obj, "kind")
	if kind == kindPod {
		refKind = ""
		if mirror := dstr(obj, "metadata", "annotations", "kubernetes.io/config.mirror"); mirror != "" {
			uid = mirror
		}
	}
	uids := []string{uid}
	if kind == kindNode {
		uids = append(uids, name)
	}
	scope := kube.Scope{Namespace: ns}
	if ns == "" {
		scope = kube.Scope{AllNamespaces: true}
	} else if !kube.IsDNS1123Label(ns) {
		return
	}
	events := []map[string]any{}
	for _, u := range uids {
		sel := dEventSelector(name, ns, refKind, u)
		got, err := rd.list(ctx, "events.v1", scope, kube.ListOptions{FieldSelector: sel, MaxRows: kube.MaxEventsRead})
		if e, ok := kube.AsError(err); ok && e.Code == kube.CodeLimitRows {
			rd.notice(noticeDescribeEventsCapped, kube.MaxEventsRead)
			err = nil
		}
		if err != nil {
			rd.notice(noticeDescribeEvents, dwhy(err))
			return
		}
		events = append(events, got...)
	}
	dSortEvents(events)
	if len(events) > kube.MaxEventsShown {
		events = events[len(events)-kube.MaxEventsShown:]
	}
	rd.d.Events = events
}

// dEventSelector is kubectl's field selector for the events about an object, its terms sorted.
func dEventSelector(name, ns, kind, uid string) string {
	terms := []string{"involvedObject.name=" + dEscapeField(name), "involvedObject.namespace=" + dEscapeField(ns)}
	if kind != "" {
		terms = append(terms, "involvedObject.kind="+dEscapeField(kind))
	}
	if uid != "" {
		terms = append(terms, "involvedObject.uid="+dEscapeField(uid))
	}
	sort.Strings(terms)
	return strings.Join(terms, ",")
}

func dEscapeField(s string) string {
	return strings.NewReplacer(`\`, `\\`, `,`, `\,`, `=`, `\=`).Replace(s)
}

// dSortEvents orders events by time, oldest first: the last time each was seen (lastTimestamp,
// else its series' last observation, else eventTime, else firstTimestamp).
func dSortEvents(events []map[string]any) {
	at := func(e map[string]any) int64 {
		for _, p := range [][]string{{"lastTimestamp"}, {"series", "lastObservedTime"}, {"eventTime"}, {"firstTimestamp"}} {
			if t := apiTime(dstr(e, p...)); !t.IsZero() {
				return t.UnixNano()
			}
		}
		return 0
	}
	sort.SliceStable(events, func(i, j int) bool { return at(events[i]) < at(events[j]) })
}

// dControllerRef is the owner reference marked controller, or nil.
func dControllerRef(obj any) map[string]any {
	for _, ref := range dlist(obj, "metadata", "ownerReferences") {
		if m, ok := ref.(map[string]any); ok && m["controller"] == true {
			return m
		}
	}
	return nil
}

// dSelector prints a LabelSelector as kubectl does: requirements sorted by key, matchLabels
// as key=value, expressions as "key in (a,b)", "key notin (a,b)", "key" and "!key". A missing or
// empty selector prints "".
func dSelector(sel map[string]any) string {
	type req struct{ key, text string }
	var reqs []req
	for k, v := range dmap(sel, "matchLabels") {
		reqs = append(reqs, req{k, k + "=" + dscalar(v)})
	}
	for _, e := range dlist(sel, "matchExpressions") {
		key := dstr(e, "key")
		var vals []string
		for _, v := range dlist(e, "values") {
			vals = append(vals, dscalar(v))
		}
		sort.Strings(vals)
		switch dstr(e, "operator") {
		case "In":
			reqs = append(reqs, req{key, key + " in (" + strings.Join(vals, ",") + ")"})
		case "NotIn":
			reqs = append(reqs, req{key, key + " notin (" + strings.Join(vals, ",") + ")"})
		case "Exists":
			reqs = append(reqs, req{key, key})
		case "DoesNotExist":
			reqs = append(reqs, req{key, "!" + key})
		}
	}
	sort.SliceStable(reqs, func(i, j int) bool { return reqs[i].key < reqs[j].key })
	parts := make([]string, len(reqs))
	for i, r := range reqs {
		parts[i] = r.text
	}
	return strings.Join(parts, ",")
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
	for _, s := range slices {
		sp := dlist(s, "ports")
		if len(sp) == 0 {
			for _, ep := range dlist(s, "endpoints") {
				if len(list) == max {
					more = true
				}
				if !ready(ep) {
					continue
				}
				if !more {
					list = append(list, dFirstAddress(ep))
				}
				count++
			}
			continue
		}
		for _, port := range sp {
			if ports != nil && !ports[dstr(port, "name")] {
				continue
			}
			for _, ep := range dlist(s, "endpoints") {
				if len(list) == max {
					more = true
				}
				if !ready(ep) {
					continue
				}
				if !more {
					list = append(list, net.JoinHostPort(dFirstAddress(ep), dint(port, "port")))
				}
				count++
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
