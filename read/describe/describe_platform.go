package describe

import (
	"sort"
	"strconv"
	"strings"
)

// The Navin Platform Operator's ManagedComponent (platform.navin.ai/v1alpha1): what it installs,
// the state it is asked for and the four status dimensions, its last operation, the workloads the
// operator reports and the Secrets it reads, by name and key only (never a value: the object holds
// none, and spec.values shows its keys only, since chart values are free-form).

const navinGroup = "platform.navin.ai"

// componentConverges is the observed state each desired state converges to (docs/platform.md).
var componentConverges = map[string]string{"Running": "started", "Stopped": "stopped"}

func (r *dRenderer) managedComponent() {
	w, o := r.w, r.obj
	r.headAndLabels(true)
	w.write(0, "Service:\t%s\n", dOrNone(dstr(o, "spec", "service")))
	w.optional("Version", dstr(o, "spec", "version"))
	w.optional("Chart", dstr(o, "spec", "source", "chart"))
	w.optional("Digest", dstr(o, "spec", "source", "digest"))
	w.write(0, "Desired State:\t%s\n", dOrNone(dstr(o, "spec", "desiredState")))
	w.write(0, "Maintenance:\t%s\n", strconv.FormatBool(dbool(o, "spec", "maintenance")))
	w.present("Replicas", o, "spec", "replicas")
	if pdb := dmap(o, "spec", "pdb"); pdb != nil {
		var parts []string
		if dhas(pdb, "minAvailable") {
			parts = append(parts, "min available "+dstr(pdb, "minAvailable"))
		}
		if dhas(pdb, "maxUnavailable") {
			parts = append(parts, "max unavailable "+dstr(pdb, "maxUnavailable"))
		}
		w.write(0, "Disruption Budget:\t%s\n", dOrNone(strings.Join(parts, ", ")))
	}
	if as := dmap(o, "spec", "autoscaling"); as != nil {
		text := dstr(as, "engine") + " " + dstr(as, "minReplicas") + "-" + dstr(as, "maxReplicas") + " replicas"
		if dhas(as, "targetCPUUtilizationPercentage") {
			text += ", target " + dstr(as, "targetCPUUtilizationPercentage") + "% CPU"
		}
		w.write(0, "Autoscaling:\t%s\n", text)
	}
	if values := dmap(o, "spec", "values"); values != nil {
		w.write(0, "Values:\t%s\n", dOrNone(strings.Join(dKeys(values), ", ")))
	}
	if op := dmap(o, "spec", "operation"); op != nil {
		w.write(0, "Requested Operation:\t%s\n", dOperation(op, "requestedAt"))
	}
	w.write(0, "State:\t%s\n", dOrNone(dstr(o, "status", "state")))
	w.write(0, "Health:\t%s\n", dOrNone(dstr(o, "status", "health")))
	w.write(0, "Operation State:\t%s\n", dOrNone(dstr(o, "status", "operationState")))
	w.write(0, "Security State:\t%s\n", dOrNone(dstr(o, "status", "securityState")))
	w.write(0, "Converged:\t%s\n", r.componentConverged())
	w.optional("Reason", dstr(o, "status", "reason"))
	w.optional("Message", dstr(o, "status", "message"))
	last := dmap(o, "status", "lastOperation")
	if last == nil {
		w.write(0, "Last Operation:\t<none>\n")
	} else {
		w.write(0, "Last Operation:\t%s\n", dOperation(last, "finishedAt"))
	}
	r.componentWorkloads()
	r.componentSecretRefs()
	if conds := dlist(o, "status", "conditions"); len(conds) > 0 {
		w.flush()
		w.write(0, "Conditions:\n")
		w.write(1, "Type\tStatus\tLastTransitionTime\tReason\tMessage\n")
		w.write(1, "----\t------\t------------------\t------\t-------\n")
		for _, c := range conds {
			w.write(1, "%s \t%s \t%s \t%s \t%s\n", dstr(c, "type"), dstr(c, "status"), w.date(dstr(c, "lastTransitionTime")),
				dstr(c, "reason"), dstr(c, "message"))
		}
	}
	w.flush()
	r.events()
}

// componentConverged is "true" only when the operator observed the latest generation and the
// observed state is the one the desired state converges to; otherwise it says which is not so.
func (r *dRenderer) componentConverged() string {
	o := r.obj
	gen, seen := dstr(o, "metadata", "generation"), dstr(o, "status", "observedGeneration")
	want, known := componentConverges[dstr(o, "spec", "desiredState")]
	switch {
	case gen == "" || seen == "" || gen != seen:
		return "false (generation " + dOrNone(gen) + ", observed " + dOrNone(seen) + ")"
	case !known || dstr(o, "status", "state") != want:
		return "false (state " + dOrNone(dstr(o, "status", "state")) + ", desired " + dOrNone(dstr(o, "spec", "desiredState")) + ")"
	}
	return "true"
}

// componentWorkloads prints the workloads the operator reports: kind, name, desired, ready and
// available counts.
func (r *dRenderer) componentWorkloads() {
	w := r.w
	list := dlist(r.obj, "status", "workloads")
	if len(list) == 0 {
		w.write(0, "Workloads:\t<none>\n")
		return
	}
	w.flush()
	w.write(0, "Workloads:\n")
	w.write(1, "Kind\tName\tDesired\tReady\tAvailable\n")
	w.write(1, "----\t----\t-------\t-----\t---------\n")
	for _, x := range list {
		w.write(1, "%s\t%s\t%s\t%s\t%s\n", dstr(x, "kind"), dstr(x, "name"), dint(x, "desired"), dint(x, "ready"), dint(x, "available"))
	}
	w.flush()
}

// componentSecretRefs prints each Secret the component reads, by name and key, sorted; the value
// path it fills is a place in the chart's values, not a value, and is left out too.
func (r *dRenderer) componentSecretRefs() {
	w := r.w
	var refs [][2]string
	for _, x := range dlist(r.obj, "spec", "secretRefs") {
		refs = append(refs, [2]string{dstr(x, "secretName"), dstr(x, "key")})
	}
	if len(refs) == 0 {
		w.write(0, "Secret Refs:\t<none>\n")
		return
	}
	sort.Slice(refs, func(i, j int) bool { return refs[i][0]+"\x00"+refs[i][1] < refs[j][0]+"\x00"+refs[j][1] })
	w.flush()
	w.write(0, "Secret Refs:\n")
	w.write(1, "Secret\tKey\n")
	w.write(1, "------\t---\n")
	for _, ref := range refs {
		w.write(1, "%s\t%s\n", ref[0], ref[1])
	}
	w.flush()
}

// dOperation is "action (state) id, at time" of an operation, with the parts it has.
func dOperation(op map[string]any, timeField string) string {
	text := dOrNone(dstr(op, "action"))
	if s := dstr(op, "state"); s != "" {
		text += " (" + s + ")"
	}
	if id := dstr(op, "id"); id != "" {
		text += " " + id
	}
	if at := dstr(op, timeField); at != "" {
		text += ", at " + at
	}
	return text
}
