package console

import (
	"net"
	"sort"
	"strconv"
	"strings"

	"github.com/studioctl/studioctl/redact"
)

// dRenderer prints one Described: the object (masked already in machine mode) in the layout of
// kubectl's describer for its kind, or the generic describer's.
type dRenderer struct {
	w       *describeWriter
	d       *Described
	obj     map[string]any
	machine bool
}

func (r *dRenderer) render() {
	switch describeKindOf(r.d.Resource) {
	case kindPod:
		r.pod()
	case kindDeployment:
		r.deployment()
	case kindReplicaSet:
		r.replicaSet()
	case kindStatefulSet:
		r.statefulSet()
	case kindDaemonSet:
		r.daemonSet()
	case kindJob:
		r.job()
	case kindCronJob:
		r.cronJob()
	case kindService:
		r.service()
	case kindNode:
		r.node()
	case kindNamespace:
		r.namespace()
	case kindConfigMap:
		r.configMap()
	case kindSecret:
		r.secret()
	case kindSA:
		r.serviceAccount()
	case kindIngress:
		r.ingress()
	case kindPVC:
		r.pvc()
	case kindPV:
		r.pv()
	case kindRole, kindClusterRole:
		r.role()
	case kindRoleBinding, kindCRB:
		r.binding()
	default:
		r.generic()
	}
}

func (r *dRenderer) name() string {
	if r.machine && redact.IsSecret(r.d.Object) {
		return redact.Masked
	}
	return dstr(r.obj, "metadata", "name")
}

func (r *dRenderer) head(namespaced bool) {
	r.w.write(0, "Name:\t%s\n", r.name())
	if namespaced {
		r.w.write(0, "Namespace:\t%s\n", dstr(r.obj, "metadata", "namespace"))
	}
}

func (r *dRenderer) labelsAndAnnotations() {
	r.w.labels("", "Labels", dStrMap(r.obj, "metadata", "labels"))
	r.w.annotations("Annotations", dStrMap(r.obj, "metadata", "annotations"))
}

func (r *dRenderer) events() {
	if r.d.Events != nil {
		r.w.events(r.d.Events)
	}
}

// controlledBy is "Kind/name" of the controller owner reference, or "".
func (r *dRenderer) controlledBy() string {
	if ref := dControllerRef(r.obj); ref != nil {
		return dstr(ref, "kind") + "/" + dstr(ref, "name")
	}
	return ""
}

func (r *dRenderer) podsStatus() {
	x := r.d.extra
	if x.podsErr != "" {
		r.w.write(0, "Pods Status:\tnot read: %s\n", x.podsErr)
		return
	}
	r.w.write(0, "Pods Status:\t%d Running / %d Waiting / %d Succeeded / %d Failed\n", x.pods.running, x.pods.waiting, x.pods.succeeded, x.pods.failed)
}

// conditions prints the Type, Status and Reason table the workload describers print.
func (r *dRenderer) conditions() {
	conds := dlist(r.obj, "status", "conditions")
	if len(conds) == 0 {
		return
	}
	r.w.write(0, "Conditions:\n  Type\tStatus\tReason\n")
	r.w.write(1, "----\t------\t------\n")
	for _, c := range conds {
		r.w.write(1, "%s \t%s\t%s\n", dstr(c, "type"), dstr(c, "status"), dstr(c, "reason"))
	}
}

// ---------------------------------------------------------------------------------------------
// Workloads.

func (r *dRenderer) pod() {
	w, o := r.w, r.obj
	r.head(true)
	if dhas(o, "spec", "priority") {
		w.write(0, "Priority:\t%s\n", dstr(o, "spec", "priority"))
	}
	if v := dstr(o, "spec", "priorityClassName"); v != "" {
		w.write(0, "Priority Class Name:\t%s\n", v)
	}
	if v := dstr(o, "spec", "runtimeClassName"); v != "" {
		w.write(0, "Runtime Class Name:\t%s\n", v)
	}
	if v := dstr(o, "spec", "serviceAccountName"); v != "" {
		w.write(0, "Service Account:\t%s\n", v)
	}
	if node := dstr(o, "spec", "nodeName"); node == "" {
		w.write(0, "Node:\t<none>\n")
	} else {
		w.write(0, "Node:\t%s\n", node+"/"+dstr(o, "status", "hostIP"))
	}
	if v := dstr(o, "status", "startTime"); v != "" {
		w.write(0, "Start Time:\t%s\n", w.date(v))
	}
	r.labelsAndAnnotations()
	phase := dstr(o, "status", "phase")
	if del := dstr(o, "metadata", "deletionTimestamp"); del != "" && phase != "Failed" && phase != "Succeeded" {
		w.write(0, "Status:\tTerminating (lasts %s)\n", w.since(del))
		w.write(0, "Termination Grace Period:\t%ss\n", dint(o, "metadata", "deletionGracePeriodSeconds"))
	} else {
		w.write(0, "Status:\t%s\n", phase)
	}
	if v := dstr(o, "status", "reason"); v != "" {
		w.write(0, "Reason:\t%s\n", v)
	}
	if v := dstr(o, "status", "message"); v != "" {
		w.write(0, "Message:\t%s\n", v)
	}
	if sp := dmap(o, "spec", "securityContext", "seccompProfile"); sp != nil {
		w.write(0, "SeccompProfile:\t%s\n", dstr(sp, "type"))
		if dstr(sp, "type") == "Localhost" {
			w.write(0, "LocalhostProfile:\t%s\n", dstr(sp, "localhostProfile"))
		}
	}
	w.write(0, "IP:\t%s\n", dstr(o, "status", "podIP"))
	if ips := dlist(o, "status", "podIPs"); len(ips) == 0 {
		w.write(0, "IPs:\t<none>\n")
	} else {
		w.write(0, "IPs:\n")
		for _, ip := range ips {
			w.write(1, "IP:\t%s\n", dstr(ip, "ip"))
		}
	}
	if c := r.controlledBy(); c != "" {
		w.write(0, "Controlled By:\t%s\n", c)
	}
	if v := dstr(o, "status", "nominatedNodeName"); v != "" {
		w.write(0, "NominatedNodeName:\t%s\n", v)
	}
	if res := dmap(o, "spec", "resources"); res != nil {
		w.write(0, "Resources:\n")
		r.resources(res, 1)
	}
	if ic := dlist(o, "spec", "initContainers"); len(ic) > 0 {
		r.containers("Init Containers", ic, dlist(o, "status", "initContainerStatuses"), true, "")
	}
	r.containers("Containers", dlist(o, "spec", "containers"), dlist(o, "status", "containerStatuses"), true, "")
	if ec := dlist(o, "spec", "ephemeralContainers"); len(ec) > 0 {
		r.containers("Ephemeral Containers", ec, dlist(o, "status", "ephemeralContainerStatuses"), true, "")
	}
	if gates := dlist(o, "spec", "readinessGates"); len(gates) > 0 {
		w.write(0, "Readiness Gates:\n  Type\tStatus\n")
		for _, g := range gates {
			status := "<none>"
			for _, c := range dlist(o, "status", "conditions") {
				if dstr(c, "type") == dstr(g, "conditionType") {
					status = dstr(c, "status")
					break
				}
			}
			w.write(1, "%s \t%s \n", dstr(g, "conditionType"), status)
		}
	}
	if conds := dlist(o, "status", "conditions"); len(conds) > 0 {
		w.write(0, "Conditions:\n  Type\tStatus\n")
		for _, c := range conds {
			w.write(1, "%s \t%s \n", dstr(c, "type"), dstr(c, "status"))
		}
	}
	r.volumes(dlist(o, "spec", "volumes"), "")
	qos := dstr(o, "status", "qosClass")
	if qos == "" {
		qos = dComputeQOS(o)
	}
	w.write(0, "QoS Class:\t%s\n", qos)
	w.labels("", "Node-Selectors", dStrMap(o, "spec", "nodeSelector"))
	r.tolerations("Tolerations", dlist(o, "spec", "tolerations"))
	r.spreadConstraints(dlist(o, "spec", "topologySpreadConstraints"), "")
	r.events()
}

// dComputeQOS is the pod's QoS class when its status does not carry one: BestEffort with no
// requests or limits, Guaranteed when every container limits CPU and memory at its requests.
func dComputeQOS(pod map[string]any) string {
	all := append(append([]any{}, dlist(pod, "spec", "initContainers")...), dlist(pod, "spec", "containers")...)
	some := false
	guaranteed := true
	for _, c := range all {
		req, lim := dmap(c, "resources", "requests"), dmap(c, "resources", "limits")
		if len(req)+len(lim) > 0 {
			some = true
		}
		for _, res := range []string{"cpu", "memory"} {
			l := dscalar(lim[res])
			if l == "" {
				guaranteed = false
				continue
			}
			if q := dscalar(req[res]); q != "" && !dSameQuantity(q, l) {
				guaranteed = false
			}
		}
	}
	switch {
	case !some:
		return "BestEffort"
	case guaranteed:
		return "Guaranteed"
	}
	return "Burstable"
}

func (r *dRenderer) containers(label string, containers, statuses []any, withStatus bool, space string) {
	w := r.w
	byName := map[string]any{}
	for _, s := range statuses {
		byName[dstr(s, "name")] = s
	}
	none := ""
	if len(containers) == 0 {
		none = " <none>"
	}
	w.write(0, "%s%s:%s\n", space, label, none)
	nameIndent := ""
	if space != "" {
		nameIndent = " "
	}
	for _, c := range containers {
		status, ok := byName[dstr(c, "name")]
		ok = ok && withStatus
		w.write(1, "%s%s:\n", nameIndent, dstr(c, "name"))
		if ok {
			w.write(2, "Container ID:\t%s\n", dstr(status, "containerID"))
		}
		w.write(2, "Image:\t%s\n", dstr(c, "image"))
		if ok {
			w.write(2, "Image ID:\t%s\n", dstr(status, "imageID"))
		}
		var ports, hostPorts []string
		for _, p := range dlist(c, "ports") {
			ports = append(ports, dint(p, "containerPort")+"/"+dstr(p, "protocol"))
			hostPorts = append(hostPorts, dint(p, "hostPort")+"/"+dstr(p, "protocol"))
		}
		if s := strings.Join(ports, ", "); strings.Contains(s, ",") {
			w.write(2, "Ports:\t%s\n", s)
		} else {
			w.write(2, "Port:\t%s\n", dOrNone(s))
		}
		if s := strings.Join(hostPorts, ", "); strings.Contains(s, ",") {
			w.write(2, "Host Ports:\t%s\n", s)
		} else {
			w.write(2, "Host Port:\t%s\n", dOrNone(s))
		}
		if sp := dmap(c, "securityContext", "seccompProfile"); sp != nil {
			w.write(2, "SeccompProfile:\t%s\n", dstr(sp, "type"))
			if dstr(sp, "type") == "Localhost" {
				w.write(3, "LocalhostProfile:\t%s\n", dstr(sp, "localhostProfile"))
			}
		}
		for _, key := range []string{"command", "args"} {
			if lines := dStrList(c, key); len(lines) > 0 {
				w.write(2, "%s:\n", map[string]string{"command": "Command", "args": "Args"}[key])
				for _, l := range lines {
					for _, s := range strings.Split(l, "\n") {
						w.write(3, "%s\n", s)
					}
				}
			}
		}
		if ok {
			r.containerState("State", dmap(status, "state"))
			if last := dmap(status, "lastState"); dmap(last, "terminated") != nil {
				r.containerState("Last State", last)
			}
			w.write(2, "Ready:\t%s\n", dBool(dbool(status, "ready")))
			w.write(2, "Restart Count:\t%s\n", dint(status, "restartCount"))
		}
		r.resources(dmap(c, "resources"), 2)
		for _, p := range [][2]string{{"livenessProbe", "Liveness"}, {"readinessProbe", "Readiness"}, {"startupProbe", "Startup"}} {
			if probe := dmap(c, p[0]); probe != nil {
				w.write(2, "%s:\t%s\n", p[1], dProbe(probe))
			}
		}
		if from := dlist(c, "envFrom"); len(from) > 0 {
			w.write(2, "Environment Variables from:\n")
			for _, e := range from {
				kind, name, optional := "", "", false
				if ref := dmap(e, "configMapRef"); ref != nil {
					kind, name, optional = "ConfigMap", dstr(ref, "name"), dbool(ref, "optional")
				} else if ref := dmap(e, "secretRef"); ref != nil {
					kind, name, optional = "Secret", dstr(ref, "name"), dbool(ref, "optional")
				}
				if p := dstr(e, "prefix"); p == "" {
					w.write(3, "%s\t%s\tOptional: %s\n", name, kind, strconv.FormatBool(optional))
				} else {
					w.write(3, "%s\t%s with prefix '%s'\tOptional: %s\n", name, kind, p, strconv.FormatBool(optional))
				}
			}
		}
		r.env(c, withStatus)
		mounts := dlist(c, "volumeMounts")
		if len(mounts) == 0 {
			w.write(2, "Mounts:\t<none>\n")
		} else {
			w.write(2, "Mounts:\n")
		}
		sorted := append([]any(nil), mounts...)
		sort.SliceStable(sorted, func(i, j int) bool { return dstr(sorted[i], "mountPath") < dstr(sorted[j], "mountPath") })
		for _, m := range sorted {
			flags := "rw"
			if dbool(m, "readOnly") {
				flags = "ro"
			}
			if sp := dstr(m, "subPath"); sp != "" {
				flags += ",path=" + strconv.Quote(sp)
			}
			w.write(3, "%s from %s (%s)\n", dstr(m, "mountPath"), dstr(m, "name"), flags)
		}
		if devices := dlist(c, "volumeDevices"); len(devices) > 0 {
			w.write(2, "Devices:\n")
			sorted := append([]any(nil), devices...)
			sort.SliceStable(sorted, func(i, j int) bool { return dstr(sorted[i], "devicePath") < dstr(sorted[j], "devicePath") })
			for _, d := range sorted {
				w.write(3, "%s from %s\n", dstr(d, "devicePath"), dstr(d, "name"))
			}
		}
	}
}

func (r *dRenderer) env(c any, resolve bool) {
	w := r.w
	env := dlist(c, "env")
	if len(env) == 0 {
		w.write(2, "Environment:\t<none>\n")
		return
	}
	w.write(2, "Environment:\n")
	for _, e := range env {
		name := dstr(e, "name")
		from := dmap(e, "valueFrom")
		if from == nil {
			for i, s := range strings.Split(dstr(e, "value"), "\n") {
				if i == 0 {
					w.write(3, "%s:\t%s\n", name, s)
				} else {
					w.write(3, "\t%s\n", s)
				}
			}
			continue
		}
		switch {
		case dmap(from, "fieldRef") != nil:
			value := ""
			if resolve {
				value = r.fieldValue(dstr(from, "fieldRef", "fieldPath"))
			}
			w.write(3, "%s:\t%s (%s:%s)\n", name, value, dstr(from, "fieldRef", "apiVersion"), dstr(from, "fieldRef", "fieldPath"))
		case dmap(from, "resourceFieldRef") != nil:
			res := dstr(from, "resourceFieldRef", "resource")
			value := dContainerResource(c, dmap(from, "resourceFieldRef"))
			if value == "0" && (res == "limits.cpu" || res == "limits.memory") {
				value = "node allocatable"
			}
			w.write(3, "%s:\t%s (%s)\n", name, value, res)
		case dmap(from, "secretKeyRef") != nil:
			ref := dmap(from, "secretKeyRef")
			w.write(3, "%s:\t<set to the key '%s' in secret '%s'>\tOptional: %s\n", name, dstr(ref, "key"), dstr(ref, "name"), strconv.FormatBool(dbool(ref, "optional")))
		case dmap(from, "configMapKeyRef") != nil:
			ref := dmap(from, "configMapKeyRef")
			w.write(3, "%s:\t<set to the key '%s' of config map '%s'>\tOptional: %s\n", name, dstr(ref, "key"), dstr(ref, "name"), strconv.FormatBool(dbool(ref, "optional")))
		}
	}
}

// fieldValue reads the pod field a downward-API env var names.
func (r *dRenderer) fieldValue(path string) string {
	o := r.obj
	if k, ok := strings.CutPrefix(path, "metadata.labels['"); ok {
		return dstr(o, "metadata", "labels", strings.TrimSuffix(k, "']"))
	}
	if k, ok := strings.CutPrefix(path, "metadata.annotations['"); ok {
		return dstr(o, "metadata", "annotations", strings.TrimSuffix(k, "']"))
	}
	join := func(list []any, key string) string {
		var out []string
		for _, x := range list {
			out = append(out, dstr(x, key))
		}
		return strings.Join(out, ",")
	}
	switch path {
	case "metadata.name", "metadata.namespace", "metadata.uid":
		return dstr(o, "metadata", strings.TrimPrefix(path, "metadata."))
	case "spec.nodeName", "spec.serviceAccountName":
		return dstr(o, "spec", strings.TrimPrefix(path, "spec."))
	case "status.podIP", "status.hostIP":
		return dstr(o, "status", strings.TrimPrefix(path, "status."))
	case "status.podIPs":
		return join(dlist(o, "status", "podIPs"), "ip")
	case "status.hostIPs":
		return join(dlist(o, "status", "hostIPs"), "ip")
	case "metadata.labels":
		return dDownward(dStrMap(o, "metadata", "labels"))
	case "metadata.annotations":
		return dDownward(dStrMap(o, "metadata", "annotations"))
	}
	return ""
}

func dDownward(m map[string]string) string {
	var lines []string
	for _, k := range dKeys(m) {
		lines = append(lines, k+"="+strconv.Quote(m[k]))
	}
	return strings.Join(lines, "\n")
}

func (r *dRenderer) containerState(title string, state map[string]any) {
	w := r.w
	switch {
	case dmap(state, "running") != nil:
		w.write(2, "%s:\tRunning\n", title)
		w.write(3, "Started:\t%s\n", w.date(dstr(state, "running", "startedAt")))
	case dmap(state, "waiting") != nil:
		w.write(2, "%s:\tWaiting\n", title)
		if v := dstr(state, "waiting", "reason"); v != "" {
			w.write(3, "Reason:\t%s\n", v)
		}
	case dmap(state, "terminated") != nil:
		t := dmap(state, "terminated")
		w.write(2, "%s:\tTerminated\n", title)
		if v := dstr(t, "reason"); v != "" {
			w.write(3, "Reason:\t%s\n", v)
		}
		if v := dstr(t, "message"); v != "" {
			w.write(3, "Message:\t%s\n", v)
		}
		w.write(3, "Exit Code:\t%s\n", dint(t, "exitCode"))
		if n, _ := strconv.Atoi(dstr(t, "signal")); n > 0 {
			w.write(3, "Signal:\t%d\n", n)
		}
		w.write(3, "Started:\t%s\n", w.date(dstr(t, "startedAt")))
		w.write(3, "Finished:\t%s\n", w.date(dstr(t, "finishedAt")))
	default:
		w.write(2, "%s:\tWaiting\n", title)
	}
}

func (r *dRenderer) resources(res map[string]any, level int) {
	for _, part := range [][2]string{{"limits", "Limits"}, {"requests", "Requests"}} {
		list := dmap(res, part[0])
		if len(list) == 0 {
			continue
		}
		r.w.write(level, "%s:\n", part[1])
		for _, k := range dKeys(list) {
			r.w.write(level+1, "%s:\t%s\n", k, dscalar(list[k]))
		}
	}
}

// dProbe prints a probe as kubectl does: its action, then its timing.
func dProbe(p map[string]any) string {
	attrs := sprintf("delay=%ss timeout=%ss period=%ss #success=%s #failure=%s", dint(p, "initialDelaySeconds"),
		dint(p, "timeoutSeconds"), dint(p, "periodSeconds"), dint(p, "successThreshold"), dint(p, "failureThreshold"))
	switch {
	case dmap(p, "exec") != nil:
		return "exec " + dGoList(dStrList(p, "exec", "command")) + " " + attrs
	case dmap(p, "httpGet") != nil:
		h := dmap(p, "httpGet")
		host := dstr(h, "host")
		if port := dstr(h, "port"); port != "" {
			host = net.JoinHostPort(host, port)
		}
		u := strings.ToLower(dstr(h, "scheme")) + "://" + host + dstr(h, "path")
		return "http-get " + u + " " + attrs
	case dmap(p, "tcpSocket") != nil:
		return "tcp-socket " + dstr(p, "tcpSocket", "host") + ":" + dstr(p, "tcpSocket", "port") + " " + attrs
	case dmap(p, "grpc") != nil:
		return "grpc <pod>:" + dint(p, "grpc", "port") + " " + dstr(p, "grpc", "service") + " " + attrs
	}
	return "unknown " + attrs
}

func (r *dRenderer) tolerations(title string, tols []any) {
	w := r.w
	w.write(0, "%s:\t", title)
	if len(tols) == 0 {
		w.write(0, "<none>\n")
		return
	}
	sorted := append([]any(nil), tols...)
	sort.SliceStable(sorted, func(i, j int) bool { return dstr(sorted[i], "key") < dstr(sorted[j], "key") })
	for i, t := range sorted {
		if i != 0 {
			w.write(0, "\t")
		}
		s := dstr(t, "key")
		if v := dstr(t, "value"); v != "" {
			s += "=" + v
		}
		if e := dstr(t, "effect"); e != "" {
			s += ":" + e
		}
		if dstr(t, "operator") == "Exists" && dstr(t, "value") == "" {
			if dstr(t, "key") != "" || dstr(t, "effect") != "" {
				s += " op=Exists"
			} else {
				s += "op=Exists"
			}
		}
		if dhas(t, "tolerationSeconds") {
			s += " for " + dstr(t, "tolerationSeconds") + "s"
		}
		w.write(0, "%s\n", s)
	}
}

func (r *dRenderer) spreadConstraints(list []any, space string) {
	if len(list) == 0 {
		return
	}
	w := r.w
	sorted := append([]any(nil), list...)
	sort.SliceStable(sorted, func(i, j int) bool { return dstr(sorted[i], "topologyKey") < dstr(sorted[j], "topologyKey") })
	w.write(0, "%sTopology Spread Constraints:\t", space)
	for i, c := range sorted {
		if i != 0 {
			w.write(0, "%s\t", space)
		}
		s := dstr(c, "topologyKey") + ":" + dstr(c, "whenUnsatisfiable") + " when max skew " + dint(c, "maxSkew") + " is exceeded"
		if sel := dmap(c, "labelSelector"); sel != nil {
			s += " for selector " + dOrNone(dSelector(sel))
		}
		w.write(0, "%s\n", s)
	}
}

func (r *dRenderer) volumes(vols []any, space string) {
	w := r.w
	if len(vols) == 0 {
		w.write(0, "%sVolumes:\t<none>\n", space)
		return
	}
	w.write(0, "%sVolumes:\n", space)
	nameIndent := ""
	if space != "" {
		nameIndent = " "
	}
	for _, v := range vols {
		w.write(1, "%s%s:\n", nameIndent, dstr(v, "name"))
		r.volumeSource(v)
	}
}

// volumeSource prints the volume types a cluster commonly uses the way kubectl does, and
// "<unknown>" for the rest.
func (r *dRenderer) volumeSource(v any) {
	w := r.w
	optional := func(m any) string { return strconv.FormatBool(dbool(m, "optional")) }
	switch {
	case dmap(v, "hostPath") != nil:
		hp := dmap(v, "hostPath")
		typ := dstr(hp, "type")
		if !dhas(hp, "type") {
			typ = "<none>"
		}
		w.write(2, "Type:\tHostPath (bare host directory volume)\n    Path:\t%s\n    HostPathType:\t%s\n", dstr(hp, "path"), typ)
	case dmap(v, "emptyDir") != nil:
		ed := dmap(v, "emptyDir")
		limit := dstr(ed, "sizeLimit")
		if limit == "" || dZeroQuantity(limit) {
			limit = "<unset>"
		}
		w.write(2, "Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n    Medium:\t%s\n    SizeLimit:\t%s\n", dstr(ed, "medium"), limit)
	case dmap(v, "secret") != nil:
		s := dmap(v, "secret")
		w.write(2, "Type:\tSecret (a volume populated by a Secret)\n    SecretName:\t%s\n    Optional:\t%s\n", dstr(s, "secretName"), optional(s))
	case dmap(v, "configMap") != nil:
		c := dmap(v, "configMap")
		w.write(2, "Type:\tConfigMap (a volume populated by a ConfigMap)\n    Name:\t%s\n    Optional:\t%s\n", dstr(c, "name"), optional(c))
	case dmap(v, "nfs") != nil:
		n := dmap(v, "nfs")
		w.write(2, "Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n    Server:\t%s\n    Path:\t%s\n    ReadOnly:\t%s\n", dstr(n, "server"), dstr(n, "path"), strconv.FormatBool(dbool(n, "readOnly")))
	case dmap(v, "persistentVolumeClaim") != nil:
		c := dmap(v, "persistentVolumeClaim")
		w.write(2, "Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n    ClaimName:\t%s\n    ReadOnly:\t%s\n", dstr(c, "claimName"), strconv.FormatBool(dbool(c, "readOnly")))
	case dmap(v, "ephemeral") != nil:
		w.write(2, "Type:\tEphemeralVolume (an inline specification for a volume that gets created and deleted with the pod)\n")
		if t := dmap(v, "ephemeral", "volumeClaimTemplate"); t != nil {
			r.claimTemplate(t)
		}
	case dmap(v, "downwardAPI") != nil:
		w.write(2, "Type:\tDownwardAPI (a volume populated by information about the pod)\n    Items:\n")
		for _, it := range dlist(v, "downwardAPI", "items") {
			if f := dmap(it, "fieldRef"); f != nil {
				w.write(3, "%s -> %s\n", dstr(f, "fieldPath"), dstr(it, "path"))
			}
			if f := dmap(it, "resourceFieldRef"); f != nil {
				w.write(3, "%s -> %s\n", dstr(f, "resource"), dstr(it, "path"))
			}
		}
	case dmap(v, "projected") != nil:
		w.write(2, "Type:\tProjected (a volume that contains injected data from multiple sources)\n")
		for _, src := range dlist(v, "projected", "sources") {
			switch {
			case dmap(src, "secret") != nil:
				w.write(2, "SecretName:\t%s\n    Optional:\t%s\n", dstr(src, "secret", "name"), optional(dmap(src, "secret")))
			case dmap(src, "downwardAPI") != nil:
				w.write(2, "DownwardAPI:\ttrue\n")
			case dmap(src, "configMap") != nil:
				w.write(2, "ConfigMapName:\t%s\n    Optional:\t%s\n", dstr(src, "configMap", "name"), optional(dmap(src, "configMap")))
			case dmap(src, "serviceAccountToken") != nil:
				w.write(2, "TokenExpirationSeconds:\t%s\n", dint(src, "serviceAccountToken", "expirationSeconds"))
			}
		}
	case dmap(v, "csi") != nil:
		c := dmap(v, "csi")
		w.write(2, "Type:\tCSI (a Container Storage Interface (CSI) volume source)\n    Driver:\t%s\n    FSType:\t%s\n    ReadOnly:\t%s\n", dstr(c, "driver"), dstr(c, "fsType"), strconv.FormatBool(dbool(c, "readOnly")))
		r.volumeAttributes(dStrMap(c, "volumeAttributes"))
	case dmap(v, "image") != nil:
		w.write(2, "Type:\tImage (a container image or OCI artifact)\n    Reference:\t%s\n    PullPolicy:\t%s\n", dstr(v, "image", "reference"), dstr(v, "image", "pullPolicy"))
	default:
		w.write(1, "<unknown>\n")
	}
}

func (r *dRenderer) volumeAttributes(attrs map[string]string) {
	w := r.w
	w.write(2, "VolumeAttributes:\t")
	if len(attrs) == 0 {
		w.write(0, "<none>\n")
		return
	}
	for i, k := range dKeys(attrs) {
		if i != 0 {
			w.write(2, "\t")
		}
		w.write(0, "%s=%s\n", k, attrs[k])
	}
}

// claimTemplate prints an ephemeral volume's claim template, nested under the volume, as
// kubectl prints a claim that is not a whole PVC.
func (r *dRenderer) claimTemplate(t map[string]any) {
	w := r.w
	const in = "    "
	w.write(0, in+"StorageClass:\t%s\n", dClaimClass(t))
	w.write(0, in+"Volume:\t%s\n", dstr(t, "spec", "volumeName"))
	w.labels(in, "Labels", dStrMap(t, "metadata", "labels"))
	w.annotationsAt(in, "Annotations", dStrMap(t, "metadata", "annotations"))
	w.write(0, in+"Capacity:\t\n")
	w.write(0, in+"Access Modes:\t\n")
	if v := dstr(t, "spec", "volumeMode"); v != "" {
		w.write(0, in+"VolumeMode:\t%s\n", v)
	}
	if ds := dmap(t, "spec", "dataSource"); ds != nil {
		w.write(0, in+"DataSource:\n")
		if dhas(ds, "apiGroup") {
			w.write(0, in+"  APIGroup:\t%s\n", dstr(ds, "apiGroup"))
		}
		w.write(0, in+"  Kind:\t%s\n", dstr(ds, "kind"))
		w.write(0, in+"  Name:\t%s\n", dstr(ds, "name"))
	}
}

// podTemplate prints a workload's pod template as kubectl's DescribePodTemplate does.
func (r *dRenderer) podTemplate(t map[string]any) {
	w := r.w
	w.write(0, "Pod Template:\n")
	if t == nil {
		w.write(1, "<unset>")
		return
	}
	w.labels("", "  Labels", dStrMap(t, "metadata", "labels"))
	if ann := dStrMap(t, "metadata", "annotations"); len(ann) > 0 {
		w.annotations("  Annotations", ann)
	}
	if v := dstr(t, "spec", "serviceAccountName"); v != "" {
		w.write(1, "Service Account:\t%s\n", v)
	}
	if ic := dlist(t, "spec", "initContainers"); len(ic) > 0 {
		r.containers("Init Containers", ic, nil, false, "  ")
	}
	r.containers("Containers", dlist(t, "spec", "containers"), nil, false, "  ")
	r.volumes(dlist(t, "spec", "volumes"), "  ")
	r.spreadConstraints(dlist(t, "spec", "topologySpreadConstraints"), "  ")
	if v := dstr(t, "spec", "priorityClassName"); v != "" {
		w.write(1, "Priority Class Name:\t%s\n", v)
	}
	w.labels("", "  Node-Selectors", dStrMap(t, "spec", "nodeSelector"))
	r.tolerations("  Tolerations", dlist(t, "spec", "tolerations"))
}

func (r *dRenderer) deployment() {
	w, o := r.w, r.obj
	r.head(true)
	w.write(0, "CreationTimestamp:\t%s\n", w.date(dstr(o, "metadata", "creationTimestamp")))
	r.labelsAndAnnotations()
	w.write(0, "Selector:\t%s\n", dSelector(dmap(o, "spec", "selector")))
	w.write(0, "Replicas:\t%s desired | %s updated | %s total | %s available | %s unavailable\n", dint(o, "spec", "replicas"),
		dint(o, "status", "updatedReplicas"), dint(o, "status", "replicas"), dint(o, "status", "availableReplicas"), dint(o, "status", "unavailableReplicas"))
	w.write(0, "StrategyType:\t%s\n", dstr(o, "spec", "strategy", "type"))
	w.write(0, "MinReadySeconds:\t%s\n", dint(o, "spec", "minReadySeconds"))
	if ru := dmap(o, "spec", "strategy", "rollingUpdate"); ru != nil {
		w.write(0, "RollingUpdateStrategy:\t%s max unavailable, %s max surge\n", dstr(ru, "maxUnavailable"), dstr(ru, "maxSurge"))
	}
	r.podTemplate(dmap(o, "spec", "template"))
	r.conditions()
	x := r.d.extra
	if len(x.oldRS) > 0 || len(x.newRS) > 0 {
		w.write(0, "OldReplicaSets:\t%s\n", dReplicaSetList(x.oldRS))
		w.write(0, "NewReplicaSet:\t%s\n", dReplicaSetList(x.newRS))
	}
	r.events()
}

func dReplicaSetList(list []dRSSummary) string {
	var parts []string
	for _, rs := range list {
		parts = append(parts, rs.name+" ("+rs.current+"/"+rs.desired+" replicas created)")
	}
	return dOrNone(strings.Join(parts, ", "))
}

func (r *dRenderer) replicaSet() {
	w, o := r.w, r.obj
	r.head(true)
	w.write(0, "Selector:\t%s\n", dOrNone(dSelector(dmap(o, "spec", "selector"))))
	r.labelsAndAnnotations()
	if c := r.controlledBy(); c != "" {
		w.write(0, "Controlled By:\t%s\n", c)
	}
	w.write(0, "Replicas:\t%s current / %s desired\n", dint(o, "status", "replicas"), dint(o, "spec", "replicas"))
	r.podsStatus()
	r.podTemplate(dmap(o, "spec", "template"))
	r.conditions()
	r.events()
}

func (r *dRenderer) statefulSet() {
	w, o := r.w, r.obj
	r.head(true)
	w.write(0, "CreationTimestamp:\t%s\n", w.date(dstr(o, "metadata", "creationTimestamp")))
	w.write(0, "Selector:\t%s\n", dSelector(dmap(o, "spec", "selector")))
	r.labelsAndAnnotations()
	w.write(0, "Replicas:\t%s desired | %s total\n", dint(o, "spec", "replicas"), dint(o, "status", "replicas"))
	w.write(0, "Update Strategy:\t%s\n", dstr(o, "spec", "updateStrategy", "type"))
	if ru := dmap(o, "spec", "updateStrategy", "rollingUpdate"); ru != nil && dhas(ru, "partition") {
		w.write(1, "Partition:\t%s\n", dstr(ru, "partition"))
		if dhas(ru, "maxUnavailable") {
			w.write(1, "MaxUnavailable:\t%s\n", dstr(ru, "maxUnavailable"))
		}
	}
	r.podsStatus()
	r.podTemplate(dmap(o, "spec", "template"))
	claims := dlist(o, "spec", "volumeClaimTemplates")
	if len(claims) == 0 {
		w.write(0, "Volume Claims:\t<none>\n")
	} else {
		w.write(0, "Volume Claims:\n")
		for _, c := range claims {
			w.write(1, "Name:\t%s\n", dstr(c, "metadata", "name"))
			w.write(1, "StorageClass:\t%s\n", dClaimClass(c))
			w.labels("  ", "Labels", dStrMap(c, "metadata", "labels"))
			w.labels("  ", "Annotations", dStrMap(c, "metadata", "annotations"))
			capacity := dstr(c, "spec", "resources", "requests", "storage")
			if capacity == "" {
				capacity = "<default>"
			}
			w.write(1, "Capacity:\t%s\n", capacity)
			w.write(1, "Access Modes:\t%s\n", dGoList(dStrList(c, "spec", "accessModes")))
		}
	}
	r.events()
}

func (r *dRenderer) daemonSet() {
	w, o := r.w, r.obj
	r.head(true)
	w.write(0, "Selector:\t%s\n", dSelector(dmap(o, "spec", "selector")))
	w.write(0, "Node-Selector:\t%s\n", dLabelSet(dStrMap(o, "spec", "template", "spec", "nodeSelector")))
	r.labelsAndAnnotations()
	w.write(0, "Desired Number of Nodes Scheduled: %s\n", dint(o, "status", "desiredNumberScheduled"))
	w.write(0, "Current Number of Nodes Scheduled: %s\n", dint(o, "status", "currentNumberScheduled"))
	w.write(0, "Number of Nodes Scheduled with Up-to-date Pods: %s\n", dint(o, "status", "updatedNumberScheduled"))
	w.write(0, "Number of Nodes Scheduled with Available Pods: %s\n", dint(o, "status", "numberAvailable"))
	w.write(0, "Number of Nodes Misscheduled: %s\n", dint(o, "status", "numberMisscheduled"))
	r.podsStatus()
	r.podTemplate(dmap(o, "spec", "template"))
	r.events()
}

func (r *dRenderer) job() {
	w, o := r.w, r.obj
	r.head(true)
	w.write(0, "Selector:\t%s\n", dSelector(dmap(o, "spec", "selector")))
	r.labelsAndAnnotations()
	if c := r.controlledBy(); c != "" {
		w.write(0, "Controlled By:\t%s\n", c)
	}
	if dhas(o, "spec", "parallelism") {
		w.write(0, "Parallelism:\t%s\n", dstr(o, "spec", "parallelism"))
	}
	if dhas(o, "spec", "completions") {
		w.write(0, "Completions:\t%s\n", dstr(o, "spec", "completions"))
	} else {
		w.write(0, "Completions:\t<unset>\n")
	}
	if v := dstr(o, "spec", "completionMode"); v != "" {
		w.write(0, "Completion Mode:\t%s\n", v)
	}
	if dhas(o, "spec", "suspend") {
		w.write(0, "Suspend:\t%s\n", dstr(o, "spec", "suspend"))
	}
	if dhas(o, "spec", "backoffLimit") {
		w.write(0, "Backoff Limit:\t%s\n", dstr(o, "spec", "backoffLimit"))
	}
	if dhas(o, "spec", "ttlSecondsAfterFinished") {
		w.write(0, "TTL Seconds After Finished:\t%s\n", dstr(o, "spec", "ttlSecondsAfterFinished"))
	}
	start, done := dstr(o, "status", "startTime"), dstr(o, "status", "completionTime")
	if start != "" {
		w.write(0, "Start Time:\t%s\n", w.date(start))
	}
	if done != "" {
		w.write(0, "Completed At:\t%s\n", w.date(done))
	}
	if start != "" && done != "" {
		w.write(0, "Duration:\t%s\n", HumanDuration(apiTime(done).Sub(apiTime(start))))
	}
	if dhas(o, "spec", "activeDeadlineSeconds") {
		w.write(0, "Active Deadline Seconds:\t%ss\n", dstr(o, "spec", "activeDeadlineSeconds"))
	}
	if dhas(o, "status", "ready") {
		w.write(0, "Pods Statuses:\t%s Active (%s Ready) / %s Succeeded / %s Failed\n", dint(o, "status", "active"), dint(o, "status", "ready"), dint(o, "status", "succeeded"), dint(o, "status", "failed"))
	} else {
		w.write(0, "Pods Statuses:\t%s Active / %s Succeeded / %s Failed\n", dint(o, "status", "active"), dint(o, "status", "succeeded"), dint(o, "status", "failed"))
	}
	if dstr(o, "spec", "completionMode") == "Indexed" {
		w.write(0, "Completed Indexes:\t%s\n", dCapIndexes(dstr(o, "status", "completedIndexes"), 50))
	}
	r.podTemplate(dmap(o, "spec", "template"))
	r.events()
}

func dCapIndexes(s string, soft int) string {
	if s == "" {
		return "<none>"
	}
	i := soft
	for ; i < len(s); i++ {
		if s[i] == ',' {
			break
		}
	}
	if i >= len(s) {
		return s
	}
	return s[:i+1] + "..."
}

func (r *dRenderer) cronJob() {
	w, o := r.w, r.obj
	r.head(true)
	r.labelsAndAnnotations()
	w.write(0, "Schedule:\t%s\n", dstr(o, "spec", "schedule"))
	w.write(0, "Concurrency Policy:\t%s\n", dstr(o, "spec", "concurrencyPolicy"))
	suspend := "<unset>"
	if dhas(o, "spec", "suspend") {
		suspend = dBool(dbool(o, "spec", "suspend"))
	}
	w.write(0, "Suspend:\t%s\n", suspend)
	unset := func(path ...string) string {
		if dhas(o, path...) {
			return dstr(o, path...)
		}
		return "<unset>"
	}
	w.write(0, "Successful Job History Limit:\t%s\n", unset("spec", "successfulJobsHistoryLimit"))
	w.write(0, "Failed Job History Limit:\t%s\n", unset("spec", "failedJobsHistoryLimit"))
	if dhas(o, "spec", "startingDeadlineSeconds") {
		w.write(0, "Starting Deadline Seconds:\t%ss\n", dstr(o, "spec", "startingDeadlineSeconds"))
	} else {
		w.write(0, "Starting Deadline Seconds:\t<unset>\n")
	}
	jt := dmap(o, "spec", "jobTemplate", "spec")
	if sel := dmap(jt, "selector"); sel != nil {
		w.write(0, "Selector:\t%s\n", dSelector(sel))
	} else {
		w.write(0, "Selector:\t<unset>\n")
	}
	w.write(0, "Parallelism:\t%s\n", func() string {
		if dhas(jt, "parallelism") {
			return dstr(jt, "parallelism")
		}
		return "<unset>"
	}())
	w.write(0, "Completions:\t%s\n", func() string {
		if dhas(jt, "completions") {
			return dstr(jt, "completions")
		}
		return "<unset>"
	}())
	if dhas(jt, "activeDeadlineSeconds") {
		w.write(0, "Active Deadline Seconds:\t%ss\n", dstr(jt, "activeDeadlineSeconds"))
	}
	r.podTemplate(dmap(jt, "template"))
	if v := dstr(o, "status", "lastScheduleTime"); v != "" {
		w.write(0, "Last Schedule Time:\t%s\n", w.date(v))
	} else {
		w.write(0, "Last Schedule Time:\t<unset>\n")
	}
	var active []string
	for _, a := range dlist(o, "status", "active") {
		active = append(active, dstr(a, "name"))
	}
	w.write(0, "Active Jobs:\t%s\n", dOrNone(strings.Join(active, ", ")))
	r.events()
}

// ---------------------------------------------------------------------------------------------
// Networking.

func (r *dRenderer) service() {
	w, o := r.w, r.obj
	r.head(true)
	r.labelsAndAnnotations()
	w.write(0, "Selector:\t%s\n", dLabelSet(dStrMap(o, "spec", "selector")))
	w.write(0, "Type:\t%s\n", dstr(o, "spec", "type"))
	if v := dstr(o, "spec", "ipFamilyPolicy"); v != "" {
		w.write(0, "IP Family Policy:\t%s\n", v)
	}
	w.write(0, "IP Families:\t%s\n", dOrNone(strings.Join(dStrList(o, "spec", "ipFamilies"), ",")))
	w.write(0, "IP:\t%s\n", dstr(o, "spec", "clusterIP"))
	w.write(0, "IPs:\t%s\n", dOrNone(strings.Join(dStrList(o, "spec", "clusterIPs"), ",")))
	if ips := dStrList(o, "spec", "externalIPs"); len(ips) > 0 {
		w.write(0, "External IPs:\t%s\n", strings.Join(ips, ","))
	}
	if v := dstr(o, "spec", "loadBalancerIP"); v != "" {
		w.write(0, "Desired LoadBalancer IP:\t%s\n", v)
	}
	if v := dstr(o, "spec", "externalName"); v != "" {
		w.write(0, "External Name:\t%s\n", v)
	}
	if ing := dlist(o, "status", "loadBalancer", "ingress"); len(ing) > 0 {
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
	for _, sp := range dlist(o, "spec", "ports") {
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
	w.write(0, "Session Affinity:\t%s\n", dstr(o, "spec", "sessionAffinity"))
	if v := dstr(o, "spec", "externalTrafficPolicy"); v != "" {
		w.write(0, "External Traffic Policy:\t%s\n", v)
	}
	if v := dstr(o, "spec", "internalTrafficPolicy"); v != "" {
		w.write(0, "Internal Traffic Policy:\t%s\n", v)
	}
	if v := dstr(o, "spec", "healthCheckNodePort"); v != "" && v != "0" {
		w.write(0, "HealthCheck NodePort:\t%s\n", v)
	}
	if v := dStrList(o, "spec", "loadBalancerSourceRanges"); len(v) > 0 {
		w.write(0, "LoadBalancer Source Ranges:\t%s\n", strings.Join(v, ","))
	}
	r.events()
}

func (r *dRenderer) ingress() {
	w, o := r.w, r.obj
	w.write(0, "Name:\t%s\n", r.name())
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
	if tls := dlist(o, "spec", "tls"); len(tls) > 0 {
		w.write(0, "TLS:\n")
		for _, t := range tls {
			hosts := strings.Join(dStrList(t, "hosts"), ",")
			if s := dstr(t, "secretName"); s == "" {
				w.write(1, "SNI routes %s\n", hosts)
			} else {
				w.write(1, "%s terminates %s\n", s, hosts)
			}
		}
	}
	w.write(0, "Rules:\n  Host\tPath\tBackends\n")
	w.write(1, "----\t----\t--------\n")
	count := 0
	for _, rule := range dlist(o, "spec", "rules") {
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
	r.w.annotations("Annotations", dStrMap(o, "metadata", "annotations"))
	r.events()
}

// backend prints an ingress backend: "service:port (endpoints)", or a resource reference.
func (r *dRenderer) backend(b map[string]any) string {
	if svc := dmap(b, "service"); svc != nil {
		port := dstr(svc, "port", "number")
		if port == "" || port == "0" {
			port = dstr(svc, "port", "name")
		}
		eps, ok := r.d.extra.backends[dBackendKey(b)]
		if !ok {
			eps = "<none>"
		}
		return dstr(svc, "name") + ":" + port + " (" + eps + ")"
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

// ---------------------------------------------------------------------------------------------
// Cluster objects.

func (r *dRenderer) node() {
	w, o := r.w, r.obj
	w.write(0, "Name:\t%s\n", r.name())
	roles := map[string]bool{}
	for k, v := range dStrMap(o, "metadata", "labels") {
		if role, ok := strings.CutPrefix(k, "node-role.kubernetes.io/"); ok && role != "" {
			roles[role] = true
		} else if k == "kubernetes.io/role" && v != "" {
			roles[v] = true
		}
	}
	w.write(0, "Roles:\t%s\n", dOrNone(strings.Join(dKeys(roles), ",")))
	r.labelsAndAnnotations()
	w.write(0, "CreationTimestamp:\t%s\n", w.date(dstr(o, "metadata", "creationTimestamp")))
	taints := append([]any(nil), dlist(o, "spec", "taints")...)
	w.write(0, "Taints:\t")
	if len(taints) == 0 {
		w.write(0, "<none>\n")
	}
	sort.SliceStable(taints, func(i, j int) bool {
		return dstr(taints[i], "effect")+","+dstr(taints[i], "key") < dstr(taints[j], "effect")+","+dstr(taints[j], "key")
	})
	for i, t := range taints {
		if i != 0 {
			w.write(0, "\t")
		}
		s := dstr(t, "key")
		if v := dstr(t, "value"); v != "" {
			s += "=" + v
		}
		w.write(0, "%s\n", s+":"+dstr(t, "effect"))
	}
	w.write(0, "Unschedulable:\t%s\n", strconv.FormatBool(dbool(o, "spec", "unschedulable")))
	x := r.d.extra
	if x.lease != nil {
		unset := func(s string) string {
			if s == "" {
				return "<unset>"
			}
			return s
		}
		w.write(0, "Lease:\n")
		w.write(1, "HolderIdentity:\t%s\n", unset(dstr(x.lease, "spec", "holderIdentity")))
		at := func(k string) string {
			if v := dstr(x.lease, "spec", k); v != "" {
				return w.date(v)
			}
			return "<unset>"
		}
		w.write(1, "AcquireTime:\t%s\n", at("acquireTime"))
		w.write(1, "RenewTime:\t%s\n", at("renewTime"))
	} else {
		w.write(0, "Lease:\tFailed to get lease: %s\n", x.leaseErr)
	}
	if conds := dlist(o, "status", "conditions"); len(conds) > 0 {
		w.write(0, "Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n")
		w.write(1, "----\t------\t-----------------\t------------------\t------\t-------\n")
		for _, c := range conds {
			w.write(1, "%s \t%s \t%s \t%s \t%s \t%s\n", dstr(c, "type"), dstr(c, "status"), w.date(dstr(c, "lastHeartbeatTime")),
				w.date(dstr(c, "lastTransitionTime")), dstr(c, "reason"), dstr(c, "message"))
		}
	}
	w.write(0, "Addresses:\n")
	for _, a := range dlist(o, "status", "addresses") {
		w.write(1, "%s:\t%s\n", dstr(a, "type"), dstr(a, "address"))
	}
	for _, part := range [][2]string{{"capacity", "Capacity"}, {"allocatable", "Allocatable"}} {
		list := dmap(o, "status", part[0])
		if len(list) == 0 {
			continue
		}
		w.write(0, "%s:\n", part[1])
		for _, k := range dKeys(list) {
			w.write(0, "  %s:\t%s\n", k, dscalar(list[k]))
		}
	}
	info := dmap(o, "status", "nodeInfo")
	w.write(0, "System Info:\n")
	for _, f := range [][2]string{{"Machine ID", "machineID"}, {"System UUID", "systemUUID"}, {"Boot ID", "bootID"},
		{"Kernel Version", "kernelVersion"}, {"OS Image", "osImage"}, {"Operating System", "operatingSystem"},
		{"Architecture", "architecture"}, {"Container Runtime Version", "containerRuntimeVersion"},
		{"Kubelet Version", "kubeletVersion"}, {"Kube-Proxy Version", "kubeProxyVersion"}} {
		w.write(0, "  %s:\t%s\n", f[0], dstr(info, f[1]))
	}
	if v := dstr(o, "spec", "podCIDR"); v != "" {
		w.write(0, "PodCIDR:\t%s\n", v)
	}
	if v := dStrList(o, "spec", "podCIDRs"); len(v) > 0 {
		w.write(0, "PodCIDRs:\t%s\n", strings.Join(v, ","))
	}
	if v := dstr(o, "spec", "providerID"); v != "" {
		w.write(0, "ProviderID:\t%s\n", v)
	}
	if x.nodePodsErr {
		w.write(0, "Pods:\tnot authorized\n")
	} else {
		r.nodeResources()
	}
	r.events()
}

// nodeResources prints the node's non-terminated pods with their requests and limits against its
// allocatable resources, then the totals, as kubectl does.
func (r *dRenderer) nodeResources() {
	w, o := r.w, r.obj
	pods := r.d.extra.nodePods
	alloc := dmap(o, "status", "capacity")
	if a := dmap(o, "status", "allocatable"); len(a) > 0 {
		alloc = a
	}
	allocQ := func(name string) dQuantity { return parseDQuantityOrZero(dscalar(alloc[name])) }
	pct := func(part, whole int64) int64 {
		if whole == 0 {
			return 0
		}
		return int64(float64(part) / float64(whole) * 100)
	}
	w.write(0, "Non-terminated Pods:\t(%d in total)\n", len(pods))
	w.write(1, "Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n")
	w.write(1, "---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n")
	cpu, mem := allocQ("cpu"), allocQ("memory")
	for _, p := range pods {
		req, lim := dPodRequestsAndLimits(p)
		cr, cl, mr, ml := req.get("cpu"), lim.get("cpu"), req.get("memory"), lim.get("memory")
		w.write(1, "%s\t%s\t\t%s (%d%%)\t%s (%d%%)\t%s (%d%%)\t%s (%d%%)\t%s\n", dstr(p, "metadata", "namespace"), dstr(p, "metadata", "name"),
			cr.String(), pct(cr.milli(), cpu.milli()), cl.String(), pct(cl.milli(), cpu.milli()),
			mr.String(), pct(mr.value(), mem.value()), ml.String(), pct(ml.value(), mem.value()), w.since(dstr(p, "metadata", "creationTimestamp")))
	}
	w.write(0, "Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n")
	w.write(1, "Resource\tRequests\tLimits\n")
	w.write(1, "--------\t--------\t------\n")
	reqs, lims := dResources{}, dResources{}
	for _, p := range pods {
		req, lim := dPodRequestsAndLimits(p)
		reqs.addAll(req)
		lims.addAll(lim)
	}
	eph := allocQ("ephemeral-storage")
	w.write(1, "%s\t%s (%d%%)\t%s (%d%%)\n", "cpu", reqs.get("cpu").String(), pct(reqs.get("cpu").milli(), cpu.milli()), lims.get("cpu").String(), pct(lims.get("cpu").milli(), cpu.milli()))
	w.write(1, "%s\t%s (%d%%)\t%s (%d%%)\n", "memory", reqs.get("memory").String(), pct(reqs.get("memory").value(), mem.value()), lims.get("memory").String(), pct(lims.get("memory").value(), mem.value()))
	w.write(1, "%s\t%s (%d%%)\t%s (%d%%)\n", "ephemeral-storage", reqs.get("ephemeral-storage").String(), pct(reqs.get("ephemeral-storage").value(), eph.value()),
		lims.get("ephemeral-storage").String(), pct(lims.get("ephemeral-storage").value(), eph.value()))
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
	for _, name := range huge {
		a := allocQ(name)
		w.write(1, "%s\t%s (%d%%)\t%s (%d%%)\n", name, reqs.get(name).String(), pct(reqs.get(name).value(), a.value()), lims.get(name).String(), pct(lims.get(name).value(), a.value()))
	}
	for _, name := range ext {
		w.write(1, "%s\t%s\t%s\n", name, reqs.get(name).String(), lims.get(name).String())
	}
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
	w.write(0, "Name:\t%s\n", r.name())
	r.labelsAndAnnotations()
	w.write(0, "Status:\t%s\n", dstr(o, "status", "phase"))
	if conds := dlist(o, "status", "conditions"); len(conds) > 0 {
		w.write(0, "Conditions:\n")
		w.write(1, "Type\tStatus\tLastTransitionTime\tReason\tMessage\n")
		w.write(1, "----\t------\t------------------\t------\t-------\n")
		for _, c := range conds {
			w.write(1, "%s\t%s\t%s\t%s\t%s\n", dstr(c, "type"), dstr(c, "status"), w.date(dstr(c, "lastTransitionTime")), dstr(c, "reason"), dstr(c, "message"))
		}
	}
	x := r.d.extra
	if x.quotasRead {
		w.write(0, "\n")
		if len(x.quotas) == 0 {
			w.write(0, "No resource quota.\n")
		} else {
			quotas := append([]map[string]any(nil), x.quotas...)
			sort.SliceStable(quotas, func(i, j int) bool { return dstr(quotas[i], "metadata", "name") < dstr(quotas[j], "metadata", "name") })
			w.write(0, "Resource Quotas\n")
			for _, q := range quotas {
				w.write(1, "Name:\t%s\n", dstr(q, "metadata", "name"))
				if scopes := dStrList(q, "spec", "scopes"); len(scopes) > 0 {
					sort.Strings(scopes)
					w.write(1, "Scopes:\t%s\n", strings.Join(scopes, ", "))
					for _, s := range scopes {
						if help := dQuotaScopeHelp[s]; help != "" {
							w.write(1, "* %s\n", help)
						}
					}
				}
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
	}
	if x.limitsRead {
		w.write(0, "\n")
		if len(x.limits) == 0 {
			w.write(0, "No LimitRange resource.\n")
		} else {
			w.write(0, "Resource Limits\n Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n")
			w.write(0, " ----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n")
			for _, lr := range x.limits {
				for _, item := range dlist(lr, "spec", "limits") {
					names := map[string]bool{}
					for _, f := range []string{"max", "min", "default", "defaultRequest", "maxLimitRequestRatio"} {
						for k := range dmap(item, f) {
							names[k] = true
						}
					}
					dash := func(f, k string) string {
						if v := dstr(item, f, k); v != "" {
							return v
						}
						return "-"
					}
					for _, k := range dKeys(names) {
						w.write(0, " %s\t%s\t%s\t%s\t%s\t%s\t%s\n", dstr(item, "type"), k, dash("min", k), dash("max", k),
							dash("defaultRequest", k), dash("default", k), dash("maxLimitRequestRatio", k))
					}
				}
			}
		}
	}
}

var dQuotaScopeHelp = map[string]string{
	"Terminating":    "Matches all pods that have an active deadline. These pods have a limited lifespan on a node before being actively terminated by the system.",
	"NotTerminating": "Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.",
	"BestEffort":     "Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.",
	"NotBestEffort":  "Matches all pods that have at least one resource requirement set. These pods have a burstable or guaranteed quality of service.",
}

// ---------------------------------------------------------------------------------------------
// Configuration and identity.

func (r *dRenderer) configMap() {
	w, o := r.w, r.obj
	r.head(true)
	r.labelsAndAnnotations()
	w.write(0, "\nData\n====\n")
	data := dmap(o, "data")
	for _, k := range dKeys(data) {
		w.write(0, "%s:\n----\n", k)
		for _, line := range strings.Split(dscalar(data[k]), "\n") {
			w.write(0, "%s\n", line)
		}
		w.write(0, "\n")
	}
	w.write(0, "\nBinaryData\n====\n")
	bin := dmap(o, "binaryData")
	for _, k := range dKeys(bin) {
		size := "<redacted>"
		if !r.machine {
			size = strconv.Itoa(dBase64Len(dscalar(bin[k]))) + " bytes"
		}
		w.write(0, "%s: %s\n", k, size)
	}
	w.write(0, "\n")
	r.events()
}

// secret prints a Secret's key names and the size of each value, never a value: the object was
// stripped at decode (redact.SecretObject) and only its markers' sizes are read here. kubectl
// prints a service-account token's value; studioctl prints its size like any other.
func (r *dRenderer) secret() {
	w, o := r.w, r.obj
	r.head(true)
	r.labelsAndAnnotations()
	w.write(0, "\nType:\t%s\n", dstr(o, "type"))
	w.write(0, "\nData\n====\n")
	for _, ks := range redact.SecretKeys(o) {
		switch {
		case r.machine:
			w.write(0, "%s:\t%s\n", ks.Name, redact.Masked)
		case ks.Bytes < 0:
			w.write(0, "%s:\tsize unknown\n", ks.Name)
		default:
			w.write(0, "%s:\t%d bytes\n", ks.Name, ks.Bytes)
		}
	}
}

func (r *dRenderer) serviceAccount() {
	w, o := r.w, r.obj
	r.head(true)
	r.labelsAndAnnotations()
	x := r.d.extra
	missing := func(name string) bool { return x.saExisting != nil && !x.saExisting[name] }
	names := func(key string) []string {
		var out []string
		for _, s := range dlist(o, key) {
			out = append(out, dstr(s, "name"))
		}
		return out
	}
	tokens := x.saTokens
	if r.machine {
		tokens = make([]string, len(x.saTokens))
		for i := range tokens {
			tokens[i] = redact.Masked
		}
	}
	rows := []struct {
		header string
		names  []string
	}{
		{"Image pull secrets:", names("imagePullSecrets")},
		{"Mountable secrets: ", names("secrets")},
		{"Tokens:            ", tokens},
	}
	for _, row := range rows {
		if len(row.names) == 0 {
			w.write(0, "%s\t<none>\n", row.header)
			continue
		}
		prefix := row.header
		for _, n := range row.names {
			if n != redact.Masked && missing(n) {
				w.write(0, "%s\t%s (not found)\n", prefix, n)
			} else {
				w.write(0, "%s\t%s\n", prefix, n)
			}
			prefix = "                   "
		}
	}
	r.events()
}

func (r *dRenderer) role() {
	w, o := r.w, r.obj
	w.write(0, "Name:\t%s\n", r.name())
	r.labelsAndAnnotations()
	w.write(0, "PolicyRule:\n")
	w.write(1, "Resources\tNon-Resource URLs\tResource Names\tVerbs\n")
	w.write(1, "---------\t-----------------\t--------------\t-----\n")
	for _, rule := range dCompactRules(dlist(o, "rules")) {
		w.write(1, "%s\t%s\t%s\t%s\n", dCombineResourceGroup(rule.resources, rule.groups), dGoList(rule.urls), dGoList(rule.names), dGoList(rule.verbs))
	}
}

func (r *dRenderer) binding() {
	w, o := r.w, r.obj
	w.write(0, "Name:\t%s\n", r.name())
	r.labelsAndAnnotations()
	w.write(0, "Role:\n")
	w.write(1, "Kind:\t%s\n", dstr(o, "roleRef", "kind"))
	w.write(1, "Name:\t%s\n", dstr(o, "roleRef", "name"))
	w.write(0, "Subjects:\n")
	w.write(1, "Kind\tName\tNamespace\n")
	w.write(1, "----\t----\t---------\n")
	for _, s := range dlist(o, "subjects") {
		w.write(1, "%s\t%s\t%s\n", dstr(s, "kind"), dstr(s, "name"), dstr(s, "namespace"))
	}
}

// ---------------------------------------------------------------------------------------------
// Storage.

func dClaimClass(c any) string {
	if v, ok := dmap(c, "metadata", "annotations")["volume.beta.kubernetes.io/storage-class"]; ok {
		return dscalar(v)
	}
	return dstr(c, "spec", "storageClassName")
}

func dAccessModes(list []string) string {
	set := map[string]bool{}
	for _, m := range list {
		set[m] = true
	}
	var out []string
	for _, m := range [][2]string{{"ReadWriteOnce", "RWO"}, {"ReadOnlyMany", "ROX"}, {"ReadWriteMany", "RWX"}, {"ReadWriteOncePod", "RWOP"}} {
		if set[m[0]] {
			out = append(out, m[1])
		}
	}
	return strings.Join(out, ",")
}

func (r *dRenderer) pvc() {
	w, o := r.w, r.obj
	r.head(true)
	w.write(0, "StorageClass:\t%s\n", dClaimClass(o))
	if del := dstr(o, "metadata", "deletionTimestamp"); del != "" {
		w.write(0, "Status:\tTerminating (lasts %s)\n", w.since(del))
	} else {
		w.write(0, "Status:\t%s\n", dstr(o, "status", "phase"))
	}
	volume := dstr(o, "spec", "volumeName")
	w.write(0, "Volume:\t%s\n", volume)
	r.labelsAndAnnotations()
	w.write(0, "Finalizers:\t%s\n", dGoList(dStrList(o, "metadata", "finalizers")))
	capacity, modes := "", ""
	if volume != "" {
		modes = dAccessModes(dStrList(o, "status", "accessModes"))
		capacity = dstr(o, "status", "capacity", "storage")
		if capacity == "" {
			capacity = "0"
		}
	}
	w.write(0, "Capacity:\t%s\n", capacity)
	w.write(0, "Access Modes:\t%s\n", modes)
	if v := dstr(o, "spec", "volumeMode"); v != "" {
		w.write(0, "VolumeMode:\t%s\n", v)
	}
	if ds := dmap(o, "spec", "dataSource"); ds != nil {
		w.write(0, "DataSource:\n")
		if dhas(ds, "apiGroup") {
			w.write(1, "APIGroup:\t%s\n", dstr(ds, "apiGroup"))
		}
		w.write(1, "Kind:\t%s\n", dstr(ds, "kind"))
		w.write(1, "Name:\t%s\n", dstr(ds, "name"))
	}
	used := r.d.extra.usedBy
	w.write(0, "Used By:\t")
	if len(used) == 0 {
		w.write(0, "<none>\n")
	} else {
		sorted := append([]string(nil), used...)
		sort.Strings(sorted)
		for i, p := range sorted {
			if i != 0 {
				w.write(0, "\t")
			}
			w.write(0, "%s\n", p)
		}
	}
	if conds := dlist(o, "status", "conditions"); len(conds) > 0 {
		w.write(0, "Conditions:\n")
		w.write(1, "Type\tStatus\tLastProbeTime\tLastTransitionTime\tReason\tMessage\n")
		w.write(1, "----\t------\t-----------------\t------------------\t------\t-------\n")
		for _, c := range conds {
			w.write(1, "%s \t%s \t%s \t%s \t%s \t%s\n", dstr(c, "type"), dstr(c, "status"), w.date(dstr(c, "lastProbeTime")),
				w.date(dstr(c, "lastTransitionTime")), dstr(c, "reason"), dstr(c, "message"))
		}
	}
	r.events()
}

func (r *dRenderer) pv() {
	w, o := r.w, r.obj
	w.write(0, "Name:\t%s\n", r.name())
	r.labelsAndAnnotations()
	w.write(0, "Finalizers:\t%s\n", dGoList(dStrList(o, "metadata", "finalizers")))
	w.write(0, "StorageClass:\t%s\n", dClaimClass(o))
	if del := dstr(o, "metadata", "deletionTimestamp"); del != "" {
		w.write(0, "Status:\tTerminating (lasts %s)\n", w.since(del))
	} else {
		w.write(0, "Status:\t%s\n", dstr(o, "status", "phase"))
	}
	claim := ""
	if ref := dmap(o, "spec", "claimRef"); ref != nil {
		claim = dstr(ref, "namespace") + "/" + dstr(ref, "name")
	}
	w.write(0, "Claim:\t%s\n", claim)
	w.write(0, "Reclaim Policy:\t%s\n", dstr(o, "spec", "persistentVolumeReclaimPolicy"))
	w.write(0, "Access Modes:\t%s\n", dAccessModes(dStrList(o, "spec", "accessModes")))
	if v := dstr(o, "spec", "volumeMode"); v != "" {
		w.write(0, "VolumeMode:\t%s\n", v)
	}
	capacity := dstr(o, "spec", "capacity", "storage")
	if capacity == "" {
		capacity = "0"
	}
	w.write(0, "Capacity:\t%s\n", capacity)
	w.write(0, "Node Affinity:\t")
	if req := dmap(o, "spec", "nodeAffinity", "required"); req == nil {
		w.write(0, "<none>\n")
	} else {
		w.write(0, "\n")
		w.write(1, "Required Terms:\t")
		terms := dlist(req, "nodeSelectorTerms")
		if len(terms) == 0 {
			w.write(0, "<none>\n")
		} else {
			w.write(0, "\n")
			for i, t := range terms {
				w.write(2, "Term %d:\t", i)
				exprs := dlist(t, "matchExpressions")
				if len(exprs) == 0 {
					w.write(0, "<none>\n")
				}
				for j, e := range exprs {
					if j != 0 {
						w.write(2, "\t")
					}
					s := dstr(e, "key") + " " + strings.ToLower(dstr(e, "operator"))
					if vals := dStrList(e, "values"); len(vals) > 0 {
						s += " [" + strings.Join(vals, ", ") + "]"
					}
					w.write(0, "%s\n", s)
				}
			}
		}
	}
	w.write(0, "Message:\t%s\n", dstr(o, "status", "message"))
	w.write(0, "Source:\n")
	spec := dmap(o, "spec")
	switch {
	case dmap(spec, "hostPath") != nil, dmap(spec, "nfs") != nil:
		r.volumeSource(spec)
	case dmap(spec, "local") != nil:
		w.write(2, "Type:\tLocalVolume (a persistent volume backed by local storage on a node)\n    Path:\t%s\n", dstr(spec, "local", "path"))
	case dmap(spec, "csi") != nil:
		c := dmap(spec, "csi")
		w.write(2, "Type:\tCSI (a Container Storage Interface (CSI) volume source)\n    Driver:\t%s\n    FSType:\t%s\n    VolumeHandle:\t%s\n    ReadOnly:\t%s\n",
			dstr(c, "driver"), dstr(c, "fsType"), dstr(c, "volumeHandle"), strconv.FormatBool(dbool(c, "readOnly")))
		r.volumeAttributes(dStrMap(c, "volumeAttributes"))
	default:
		w.write(1, "<unknown>\n")
	}
	r.events()
}

// ---------------------------------------------------------------------------------------------
// Every other kind, custom resources included.

func (r *dRenderer) generic() {
	w, o := r.w, r.obj
	w.write(0, "Name:\t%s\n", r.name())
	w.write(0, "Namespace:\t%s\n", dstr(o, "metadata", "namespace"))
	r.labelsAndAnnotations()
	w.unstructured(0, o, "", map[string]bool{".metadata.managedFields": true, ".metadata.name": true,
		".metadata.namespace": true, ".metadata.labels": true, ".metadata.annotations": true})
	r.events()
}
