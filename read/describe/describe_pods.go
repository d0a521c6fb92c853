package describe

// Pods: kubectl describe pod's layout, and the scheduling blocks a pod template shares with it.

func (r *dRenderer) pod() {
	w, o := r.w, r.obj
	r.podHead()
	r.labelsAndAnnotations()
	r.podStatus()
	r.seccompProfile(dmap(o, "spec", "securityContext", "seccompProfile"), 0, 0)
	r.podIPs()
	r.controlledBy()
	if v := dstr(o, "status", "nominatedNodeName"); v != "" {
		w.write(0, "NominatedNodeName:\t%s\n", v)
	}
	if res := dmap(o, "spec", "resources"); res != nil {
		w.write(0, "Resources:\n")
		r.resources(res, 1)
	}
	r.podContainers()
	r.readinessGates()
	r.podConditions()
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

// podHead prints what comes before a pod's labels: where and as whom it runs.
func (r *dRenderer) podHead() {
	w, o := r.w, r.obj
	r.head(true)
	if dhas(o, "spec", "priority") {
		w.write(0, "Priority:\t%s\n", dstr(o, "spec", "priority"))
	}
	w.optional("Priority Class Name", dstr(o, "spec", "priorityClassName"))
	w.optional("Runtime Class Name", dstr(o, "spec", "runtimeClassName"))
	w.optional("Service Account", dstr(o, "spec", "serviceAccountName"))
	if node := dstr(o, "spec", "nodeName"); node == "" {
		w.write(0, "Node:\t<none>\n")
	} else {
		w.write(0, "Node:\t%s\n", node+"/"+dstr(o, "status", "hostIP"))
	}
	if v := dstr(o, "status", "startTime"); v != "" {
		w.write(0, "Start Time:\t%s\n", w.date(v))
	}
}

// podStatus prints the phase, or Terminating with the grace period while a pod that has not
// finished is being deleted, and the status's reason and message.
func (r *dRenderer) podStatus() {
	w, o := r.w, r.obj
	phase := dstr(o, "status", "phase")
	if phase != "Failed" && phase != "Succeeded" && r.terminatingStatus() {
		w.write(0, "Termination Grace Period:\t%ss\n", dint(o, "metadata", "deletionGracePeriodSeconds"))
	} else {
		w.write(0, "Status:\t%s\n", phase)
	}
	w.optional("Reason", dstr(o, "status", "reason"))
	w.optional("Message", dstr(o, "status", "message"))
}

// seccompProfile prints a pod's or a container's seccomp profile, if it has one.
func (r *dRenderer) seccompProfile(sp map[string]any, level, localhostLevel int) {
	if sp == nil {
		return
	}
	r.w.write(level, "SeccompProfile:\t%s\n", dstr(sp, "type"))
	if dstr(sp, "type") == "Localhost" {
		r.w.write(localhostLevel, "LocalhostProfile:\t%s\n", dstr(sp, "localhostProfile"))
	}
}

func (r *dRenderer) podIPs() {
	w, o := r.w, r.obj
	w.write(0, "IP:\t%s\n", dstr(o, "status", "podIP"))
	ips := dlist(o, "status", "podIPs")
	if len(ips) == 0 {
		w.write(0, "IPs:\t<none>\n")
		return
	}
	w.write(0, "IPs:\n")
	for _, ip := range ips {
		w.write(1, "IP:\t%s\n", dstr(ip, "ip"))
	}
}

// podContainers prints the pod's three lists of containers with their statuses; the init and
// ephemeral ones only when there are some.
func (r *dRenderer) podContainers() {
	o := r.obj
	if ic := dlist(o, "spec", "initContainers"); len(ic) > 0 {
		r.containers("Init Containers", ic, dlist(o, "status", "initContainerStatuses"), true, "")
	}
	r.containers("Containers", dlist(o, "spec", "containers"), dlist(o, "status", "containerStatuses"), true, "")
	if ec := dlist(o, "spec", "ephemeralContainers"); len(ec) > 0 {
		r.containers("Ephemeral Containers", ec, dlist(o, "status", "ephemeralContainerStatuses"), true, "")
	}
}

// readinessGates prints each gate with the status of the condition it names.
func (r *dRenderer) readinessGates() {
	w, o := r.w, r.obj
	gates := dlist(o, "spec", "readinessGates")
	if len(gates) == 0 {
		return
	}
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

func (r *dRenderer) podConditions() {
	conds := dlist(r.obj, "status", "conditions")
	if len(conds) == 0 {
		return
	}
	r.w.write(0, "Conditions:\n  Type\tStatus\n")
	for _, c := range conds {
		r.w.write(1, "%s \t%s \n", dstr(c, "type"), dstr(c, "status"))
	}
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

func (r *dRenderer) tolerations(title string, tols []any) {
	r.w.write(0, "%s:\t", title)
	var lines []string
	for _, t := range dSortedBy(tols, "key") {
		lines = append(lines, dToleration(t))
	}
	r.w.valueLines("", lines)
}

// dToleration prints a toleration as kubectl does: key=value:effect, the operator when it is
// Exists with no value, and how long it tolerates.
func dToleration(t any) string {
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
	return s
}

func (r *dRenderer) spreadConstraints(list []any, space string) {
	if len(list) == 0 {
		return
	}
	r.w.write(0, "%sTopology Spread Constraints:\t", space)
	var lines []string
	for _, c := range dSortedBy(list, "topologyKey") {
		s := dstr(c, "topologyKey") + ":" + dstr(c, "whenUnsatisfiable") + " when max skew " + dint(c, "maxSkew") + " is exceeded"
		if sel := dmap(c, "labelSelector"); sel != nil {
			s += " for selector " + dOrNone(dSelector(sel))
		}
		lines = append(lines, s)
	}
	r.w.valueLines(space, lines)
}
