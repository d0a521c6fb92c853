package describe

import (
	"net"
	"strconv"
	"strings"

	"github.com/studioctl/studioctl/fault"
)

// Containers, as a pod and a pod template print them: image, ports, command, state, resources,
// probes, environment and mounts.

// containers prints a list of containers under label; withStatus matches each with its status
// (a pod's), where a pod template has none. space indents the whole block, as a pod template is.
func (r *dRenderer) containers(label string, containers, statuses []any, withStatus bool, space string) {
	byName := map[string]any{}
	for _, s := range statuses {
		byName[dstr(s, "name")] = s
	}
	none := ""
	if len(containers) == 0 {
		none = " <none>"
	}
	r.w.write(0, "%s%s:%s\n", space, label, none)
	nameIndent := ""
	if space != "" {
		nameIndent = " "
	}
	for _, c := range containers {
		status, ok := byName[dstr(c, "name")]
		r.container(c, status, ok && withStatus, withStatus, nameIndent)
	}
}

// container prints one container; hasStatus says whether status is the container's.
func (r *dRenderer) container(c, status any, hasStatus, resolveEnv bool, nameIndent string) {
	w := r.w
	w.write(1, "%s%s:\n", nameIndent, dstr(c, "name"))
	if hasStatus {
		w.write(2, "Container ID:\t%s\n", dstr(status, "containerID"))
	}
	w.write(2, "Image:\t%s\n", dstr(c, "image"))
	if hasStatus {
		w.write(2, "Image ID:\t%s\n", dstr(status, "imageID"))
	}
	r.containerPorts(c)
	r.seccompProfile(dmap(c, "securityContext", "seccompProfile"), 2, 3)
	r.containerCommand(c)
	if hasStatus {
		r.containerStatus(status)
	}
	r.resources(dmap(c, "resources"), 2)
	r.probes(c)
	r.envFrom(dlist(c, "envFrom"))
	r.env(c, resolveEnv)
	r.mounts(dlist(c, "volumeMounts"))
	r.devices(dlist(c, "volumeDevices"))
}

// containerPorts prints "Port" for one port or none, "Ports" for several, as kubectl does; a
// named port carries its name: 8080/TCP (http).
func (r *dRenderer) containerPorts(c any) {
	var ports, hostPorts []string
	for _, p := range dlist(c, "ports") {
		name := ""
		if n := dstr(p, "name"); n != "" {
			name = " (" + n + ")"
		}
		ports = append(ports, dint(p, "containerPort")+"/"+dstr(p, "protocol")+name)
		hostPorts = append(hostPorts, dint(p, "hostPort")+"/"+dstr(p, "protocol")+name)
	}
	r.portList("Port", "Ports", ports)
	r.portList("Host Port", "Host Ports", hostPorts)
}

func (r *dRenderer) portList(one, several string, ports []string) {
	if s := strings.Join(ports, ", "); strings.Contains(s, ",") {
		r.w.write(2, "%s:\t%s\n", several, s)
	} else {
		r.w.write(2, "%s:\t%s\n", one, dOrNone(s))
	}
}

// containerCommand prints the command and its arguments, an argument's lines each on its own.
func (r *dRenderer) containerCommand(c any) {
	for _, part := range [][2]string{{"command", "Command"}, {"args", "Args"}} {
		lines := dStrList(c, part[0])
		if len(lines) == 0 {
			continue
		}
		r.w.write(2, "%s:\n", part[1])
		for _, l := range lines {
			for _, s := range strings.Split(l, "\n") {
				r.w.write(3, "%s\n", s)
			}
		}
	}
}

func (r *dRenderer) containerStatus(status any) {
	w := r.w
	r.containerState("State", dmap(status, "state"))
	if last := dmap(status, "lastState"); dmap(last, "terminated") != nil {
		r.containerState("Last State", last)
	}
	w.write(2, "Ready:\t%s\n", dBool(dbool(status, "ready")))
	w.write(2, "Restart Count:\t%s\n", dint(status, "restartCount"))
}

func (r *dRenderer) probes(c any) {
	for _, p := range [][2]string{{"livenessProbe", "Liveness"}, {"readinessProbe", "Readiness"}, {"startupProbe", "Startup"}} {
		if probe := dmap(c, p[0]); probe != nil {
			r.w.write(2, "%s:\t%s\n", p[1], dProbe(probe))
		}
	}
}

// envFrom prints the config maps and Secrets a container takes all its variables from.
func (r *dRenderer) envFrom(from []any) {
	if len(from) == 0 {
		return
	}
	w := r.w
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

func (r *dRenderer) mounts(mounts []any) {
	w := r.w
	if len(mounts) == 0 {
		w.write(2, "Mounts:\t<none>\n")
	} else {
		w.write(2, "Mounts:\n")
	}
	for _, m := range dSortedBy(mounts, "mountPath") {
		flags := "rw"
		if dbool(m, "readOnly") {
			flags = "ro"
		}
		if sp := dstr(m, "subPath"); sp != "" {
			flags += ",path=" + strconv.Quote(sp)
		}
		w.write(3, "%s from %s (%s)\n", dstr(m, "mountPath"), dstr(m, "name"), flags)
	}
}

func (r *dRenderer) devices(devices []any) {
	if len(devices) == 0 {
		return
	}
	r.w.write(2, "Devices:\n")
	for _, d := range dSortedBy(devices, "devicePath") {
		r.w.write(3, "%s from %s\n", dstr(d, "devicePath"), dstr(d, "name"))
	}
}

// env prints a container's variables; resolve reads the pod fields the downward API names,
// which a pod template has no values for.
func (r *dRenderer) env(c any, resolve bool) {
	env := dlist(c, "env")
	if len(env) == 0 {
		r.w.write(2, "Environment:\t<none>\n")
		return
	}
	r.w.write(2, "Environment:\n")
	for _, e := range env {
		if from := dmap(e, "valueFrom"); from != nil {
			r.envFromSource(c, dstr(e, "name"), from, resolve)
		} else {
			r.envValue(dstr(e, "name"), dstr(e, "value"))
		}
	}
}

// envValue prints a literal value, each of its lines in the value column.
func (r *dRenderer) envValue(name, value string) {
	for i, s := range strings.Split(value, "\n") {
		if i == 0 {
			r.w.write(3, "%s:\t%s\n", name, s)
		} else {
			r.w.write(3, "\t%s\n", s)
		}
	}
}

// envFromSource prints a variable taken from a pod field, a resource, a Secret's key or a config
// map's key; a Secret's value is never read.
func (r *dRenderer) envFromSource(c any, name string, from map[string]any, resolve bool) {
	w := r.w
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
	r.quantityLists(res, level, [][2]string{{"limits", "Limits"}, {"requests", "Requests"}})
}

// quantityLists prints each named map of quantities in m that is not empty under its title,
// sorted by resource name.
func (r *dRenderer) quantityLists(m map[string]any, level int, parts [][2]string) {
	for _, part := range parts {
		list := dmap(m, part[0])
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
	attrs := fault.Sentencef("delay=%ss timeout=%ss period=%ss #success=%s #failure=%s", dint(p, "initialDelaySeconds"),
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
