package describe

import (
	"context"
	"sort"
	"strconv"
	"strings"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
)

// Cluster objects: nodes (with their pods' requests and lease) and namespaces (with their
// quotas and limit ranges).

// dNodeRoles reads a node's roles from its labels, as kubectl does, sorted.
func dNodeRoles(node map[string]any) []string {
	roles := map[string]bool{}
	for k, v := range dStrMap(node, "metadata", "labels") {
		if role, ok := strings.CutPrefix(k, "node-role.kubernetes.io/"); ok && role != "" {
			roles[role] = true
		} else if k == "kubernetes.io/role" && v != "" {
			roles[v] = true
		}
	}
	return dKeys(roles)
}

func (r *dRenderer) node() {
	w, o := r.w, r.obj
	r.head(false)
	w.write(0, "Roles:\t%s\n", dOrNone(strings.Join(dNodeRoles(o), ",")))
	r.labelsAndAnnotations()
	w.write(0, "CreationTimestamp:\t%s\n", w.date(dstr(o, "metadata", "creationTimestamp")))
	r.taints()
	w.write(0, "Unschedulable:\t%s\n", strconv.FormatBool(dbool(o, "spec", "unschedulable")))
	r.lease()
	w.datedConditions(dlist(o, "status", "conditions"), "LastHeartbeatTime", "lastHeartbeatTime")
	w.write(0, "Addresses:\n")
	for _, a := range dlist(o, "status", "addresses") {
		w.write(1, "%s:\t%s\n", dstr(a, "type"), dstr(a, "address"))
	}
	r.quantityLists(dmap(o, "status"), 0, [][2]string{{"capacity", "Capacity"}, {"allocatable", "Allocatable"}})
	r.systemInfo()
	w.optional("PodCIDR", dstr(o, "spec", "podCIDR"))
	if v := dStrList(o, "spec", "podCIDRs"); len(v) > 0 {
		w.write(0, "PodCIDRs:\t%s\n", strings.Join(v, ","))
	}
	w.optional("ProviderID", dstr(o, "spec", "providerID"))
	if r.d.extra.nodePodsErr {
		w.write(0, "Pods:\tnot authorized\n")
	} else {
		r.nodeResources()
	}
	r.events()
}

// taints prints the node's taints sorted by effect, then key.
func (r *dRenderer) taints() {
	taints := append([]any(nil), dlist(r.obj, "spec", "taints")...)
	sort.SliceStable(taints, func(i, j int) bool {
		return dstr(taints[i], "effect")+","+dstr(taints[i], "key") < dstr(taints[j], "effect")+","+dstr(taints[j], "key")
	})
	var lines []string
	for _, t := range taints {
		s := dstr(t, "key")
		if v := dstr(t, "value"); v != "" {
			s += "=" + v
		}
		lines = append(lines, s+":"+dstr(t, "effect"))
	}
	r.w.write(0, "Taints:\t")
	r.w.valueLines("", lines)
}

// lease prints who holds the node's lease and when it was renewed, or why it could not be read.
func (r *dRenderer) lease() {
	w, lease := r.w, r.d.extra.lease
	if lease == nil {
		w.write(0, "Lease:\tFailed to get lease: %s\n", r.d.extra.leaseErr)
		return
	}
	holder := dstr(lease, "spec", "holderIdentity")
	if holder == "" {
		holder = "<unset>"
	}
	at := func(k string) string {
		if v := dstr(lease, "spec", k); v != "" {
			return w.date(v)
		}
		return "<unset>"
	}
	w.write(0, "Lease:\n")
	w.write(1, "HolderIdentity:\t%s\n", holder)
	w.write(1, "AcquireTime:\t%s\n", at("acquireTime"))
	w.write(1, "RenewTime:\t%s\n", at("renewTime"))
}

func (r *dRenderer) systemInfo() {
	info := dmap(r.obj, "status", "nodeInfo")
	r.w.write(0, "System Info:\n")
	for _, f := range [][2]string{{"Machine ID", "machineID"}, {"System UUID", "systemUUID"}, {"Boot ID", "bootID"},
		{"Kernel Version", "kernelVersion"}, {"OS Image", "osImage"}, {"Operating System", "operatingSystem"},
		{"Architecture", "architecture"}, {"Container Runtime Version", "containerRuntimeVersion"},
		{"Kubelet Version", "kubeletVersion"}, {"Kube-Proxy Version", "kubeProxyVersion"}} {
		if f[1] == "kubeProxyVersion" && r.d.extra.noProxyVersion {
			continue
		}
		r.w.write(0, "  %s:\t%s\n", f[0], dstr(info, f[1]))
	}
}

// nodeResources prints the node's non-terminated pods with their requests and limits against its
// allocatable resources, then the totals, as kubectl does.
func (r *dRenderer) nodeResources() {
	w := r.w
	pods := r.d.extra.nodePods
	alloc := dNodeAllocatable(r.obj)
	cpu, mem := alloc.get("cpu"), alloc.get("memory")
	w.write(0, "Non-terminated Pods:\t(%d in total)\n", len(pods))
	w.write(1, "Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n")
	w.write(1, "---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n")
	reqs, lims := dResources{}, dResources{}
	for _, p := range pods {
		req, lim := dPodRequestsAndLimits(p)
		w.write(1, "%s\t%s\t\t%s\t%s\t%s\t%s\t%s\n", dstr(p, "metadata", "namespace"), dstr(p, "metadata", "name"),
			dShare(req.get("cpu"), cpu, true), dShare(lim.get("cpu"), cpu, true),
			dShare(req.get("memory"), mem, false), dShare(lim.get("memory"), mem, false), w.since(dstr(p, "metadata", "creationTimestamp")))
		reqs.addAll(req)
		lims.addAll(lim)
	}
	r.allocatedResources(alloc, reqs, lims)
}

// allocatedResources prints the sums of the pods' requests and limits: the standard resources
// and huge pages with their share of what the node can allocate, extended resources without.
func (r *dRenderer) allocatedResources(alloc, reqs, lims dResources) {
	w := r.w
	w.write(0, "Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n")
	w.write(1, "Resource\tRequests\tLimits\n")
	w.write(1, "--------\t--------\t------\n")
	var huge, ext []string
	for name := range alloc {
		switch {
		case strings.HasPrefix(name, "hugepages-"):
			huge = append(huge, name)
		case !dStandardResource(name) && name != "pods":
			ext = append(ext, name)
		}
	}
	sort.Strings(huge)
	sort.Strings(ext)
	for _, name := range append([]string{"cpu", "memory", "ephemeral-storage"}, huge...) {
		milli := name == "cpu"
		w.write(1, "%s\t%s\t%s\n", name, dShare(reqs.get(name), alloc.get(name), milli), dShare(lims.get(name), alloc.get(name), milli))
	}
	for _, name := range ext {
		w.write(1, "%s\t%s\t%s\n", name, reqs.get(name).String(), lims.get(name).String())
	}
}

// dNodeAllocatable is what the node can give its pods: its allocatable resources, or its
// capacity when it reports none.
func dNodeAllocatable(node map[string]any) dResources {
	alloc := dmap(node, "status", "capacity")
	if a := dmap(node, "status", "allocatable"); len(a) > 0 {
		alloc = a
	}
	out := dResources{}
	for name, v := range alloc {
		out[name] = parseDQuantityOrZero(dscalar(v))
	}
	return out
}

// dShare prints a quantity and its whole-percent share of whole; CPU is compared in
// thousandths, as kubectl does.
func dShare(part, whole apivalue.Quantity, milli bool) string {
	if milli {
		return fault.Sentencef("%s (%d%%)", part.String(), dPercent(dMilli(part), dMilli(whole)))
	}
	return fault.Sentencef("%s (%d%%)", part.String(), dPercent(dValue(part), dValue(whole)))
}

func dPercent(part, whole int64) int64 {
	if whole == 0 {
		return 0
	}
	return int64(float64(part) / float64(whole) * 100)
}

// dStandardResource is kubectl's list of standard container resource names.
func dStandardResource(name string) bool {
	switch name {
	case "cpu", "memory", "ephemeral-storage":
		return true
	}
	return strings.HasPrefix(name, "hugepages-")
}

func (r *dRenderer) namespace() {
	w, o := r.w, r.obj
	r.headAndLabels(false)
	w.write(0, "Status:\t%s\n", dstr(o, "status", "phase"))
	if conds := dlist(o, "status", "conditions"); len(conds) > 0 {
		w.write(0, "Conditions:\n")
		w.write(1, "Type\tStatus\tLastTransitionTime\tReason\tMessage\n")
		w.write(1, "----\t------\t------------------\t------\t-------\n")
		for _, c := range conds {
			w.write(1, "%s\t%s\t%s\t%s\t%s\n", dstr(c, "type"), dstr(c, "status"), w.date(dstr(c, "lastTransitionTime")), dstr(c, "reason"), dstr(c, "message"))
		}
	}
	if r.d.extra.quotasRead {
		r.quotas(r.d.extra.quotas)
	}
	if r.d.extra.limitsRead {
		r.limitRanges(r.d.extra.limits)
	}
}

// quotas prints the namespace's resource quotas, by name, with what each allows and uses.
func (r *dRenderer) quotas(quotas []map[string]any) {
	w := r.w
	w.write(0, "\n")
	if len(quotas) == 0 {
		w.write(0, "No resource quota.\n")
		return
	}
	sorted := append([]map[string]any(nil), quotas...)
	sort.SliceStable(sorted, func(i, j int) bool { return dstr(sorted[i], "metadata", "name") < dstr(sorted[j], "metadata", "name") })
	w.write(0, "Resource Quotas\n")
	for _, q := range sorted {
		w.write(1, "Name:\t%s\n", dstr(q, "metadata", "name"))
		r.quotaScopes(dStrList(q, "spec", "scopes"))
		w.write(1, "Resource\tUsed\tHard\n")
		w.write(1, "--------\t---\t---\n")
		hard, used := dmap(q, "status", "hard"), dmap(q, "status", "used")
		for _, k := range dKeys(hard) {
			u := dscalar(used[k])
			if u == "" {
				u = "0"
			}
			w.write(1, "%s\t%s\t%s\n", k, u, dscalar(hard[k]))
		}
	}
}

// quotaScopes prints a quota's scopes, sorted, each with kubectl's sentence about it.
func (r *dRenderer) quotaScopes(scopes []string) {
	if len(scopes) == 0 {
		return
	}
	sort.Strings(scopes)
	r.w.write(1, "Scopes:\t%s\n", strings.Join(scopes, ", "))
	for _, s := range scopes {
		if help := dQuotaScopeHelp[s]; help != "" {
			r.w.write(1, "* %s\n", help)
		}
	}
}

// limitRanges prints one row per limit range item and resource: its minimum, maximum, defaults
// and ratio, "-" where it sets none.
func (r *dRenderer) limitRanges(ranges []map[string]any) {
	w := r.w
	w.write(0, "\n")
	if len(ranges) == 0 {
		w.write(0, "No LimitRange resource.\n")
		return
	}
	w.write(0, "Resource Limits\n Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n")
	w.write(0, " ----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n")
	for _, lr := range ranges {
		for _, item := range dlist(lr, "spec", "limits") {
			r.limitRangeItem(" ", item)
		}
	}
}

var dQuotaScopeHelp = map[string]string{
	"Terminating":    "Matches all pods that have an active deadline. These pods have a limited lifespan on a node before being actively terminated by the system.",
	"NotTerminating": "Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.",
	"BestEffort":     "Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.",
	"NotBestEffort":  "Matches all pods that have at least one resource requirement set. These pods have a burstable or guaranteed quality of service.",
}

func (rd *describeRead) nodeReads(ctx context.Context) {
	rd.d.extra.noProxyVersion = !rd.kv.atMost(ctx, lastMinorWithKubeProxyVersion)
	name := dstr(rd.d.Object, "metadata", "name")
	sel := "spec.nodeName=" + name + ",status.phase!=Succeeded,status.phase!=Failed"
	pods, err := rd.list(ctx, "pods", kube.Scope{AllNamespaces: true}, kube.ListOptions{FieldSelector: sel})
	if err != nil {
		if e, ok := fault.As(err); !ok || e.Code != fault.CodeForbidden {
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

// namespaceReads reads a namespace's quotas and limit ranges; a name that cannot be a namespace's
// is not put in a request path.
func (rd *describeRead) namespaceReads(ctx context.Context) {
	ns := dstr(rd.d.Object, "metadata", "name")
	if !fault.IsDNS1123Label(ns) {
		return
	}
	rd.d.extra.quotas, rd.d.extra.quotasRead = rd.listIfServed(ctx, "resourcequotas", ns, "Resource Quotas")
	rd.d.extra.limits, rd.d.extra.limitsRead = rd.listIfServed(ctx, "limitranges", ns, "Resource Limits")
}

// listIfServed lists a type in the namespace; ok is false when it could not be read, with a notice
// unless the server does not serve the type (or the namespace is gone), when the part is simply
// left out.
func (rd *describeRead) listIfServed(ctx context.Context, typ, ns, part string) (list []map[string]any, ok bool) {
	list, err := rd.list(ctx, typ, kube.Scope{Namespace: ns}, kube.ListOptions{})
	switch e, _ := fault.As(err); {
	case err == nil:
		return list, true
	case e != nil && (e.Code == fault.CodeNotFound || e.Code == fault.CodeUnknownType):
	default:
		rd.notice(noticeDescribeRelated, part, dwhy(err))
	}
	return nil, false
}
