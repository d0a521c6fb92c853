package describe

import "context"

// Autoscaling: a HorizontalPodAutoscaler in the layout of kubectl's describer for it. kubectl
// reads autoscaling/v2 and prints each metric as "current / target"; a server that answered
// autoscaling/v1 gets the older layout with its one CPU target.

func (r *dRenderer) hpa() {
	w, o := r.w, r.obj
	r.headAndLabels(true)
	w.write(0, "CreationTimestamp:\t%s\n", w.date(dstr(o, "metadata", "creationTimestamp")))
	kind := dstr(o, "spec", "scaleTargetRef", "kind")
	w.write(0, "Reference:\t%s/%s\n", kind, dstr(o, "spec", "scaleTargetRef", "name"))
	if r.d.Resource.Version == "v1" {
		r.hpaV1CPU()
	} else {
		w.write(0, "Metrics:\t( current / target )\n")
		current := dlist(o, "status", "currentMetrics")
		for i, m := range dlist(o, "spec", "metrics") {
			var cur any
			if i < len(current) {
				cur = current[i]
			}
			r.hpaMetric(m, cur)
		}
	}
	w.write(0, "Min replicas:\t%s\n", dOrUnset(o, "spec", "minReplicas"))
	w.write(0, "Max replicas:\t%s\n", dint(o, "spec", "maxReplicas"))
	if b := dmap(o, "spec", "behavior"); b != nil && r.d.Resource.Version != "v1" {
		w.write(0, "Behavior:\n")
		r.hpaDirection("Scale Up", dmap(b, "scaleUp"))
		r.hpaDirection("Scale Down", dmap(b, "scaleDown"))
	}
	w.write(0, "%s pods:\t", kind)
	w.write(0, "%s current / %s desired\n", dint(o, "status", "currentReplicas"), dint(o, "status", "desiredReplicas"))
	if conds := dlist(o, "status", "conditions"); len(conds) > 0 && r.d.Resource.Version != "v1" {
		w.write(0, "Conditions:\n")
		w.write(1, "Type\tStatus\tReason\tMessage\n")
		w.write(1, "----\t------\t------\t-------\n")
		for _, c := range conds {
			w.write(1, "%s\t%s\t%s\t%s\n", dstr(c, "type"), dstr(c, "status"), dstr(c, "reason"), dstr(c, "message"))
		}
	}
	r.events()
}

// hpaAsV2 reads an autoscaler named through autoscaling/v1 again as autoscaling/v2, as kubectl's
// describer does whichever version was asked for; the v1 layout is kept for a server that serves
// no v2, or when the second read fails.
func (rd *describeRead) hpaAsV2(ctx context.Context) {
	if rd.d.Resource.Version != "v1" {
		return
	}
	r, err := rd.resolve(ctx, "horizontalpodautoscalers.v2.autoscaling")
	if err != nil {
		return
	}
	obj, err := rd.s.Client.GetObject(ctx, r, rd.ns, dstr(rd.d.Object, "metadata", "name"))
	if err != nil {
		return
	}
	rd.d.Object, rd.d.Resource = obj, r
}

// hpaV1CPU prints autoscaling/v1's CPU target and the utilisation last seen.
func (r *dRenderer) hpaV1CPU() {
	o := r.obj
	if !dhas(o, "spec", "targetCPUUtilizationPercentage") {
		return
	}
	r.w.write(0, "Target CPU utilization:\t%s%%\n", dstr(o, "spec", "targetCPUUtilizationPercentage"))
	current := "<unknown>"
	if dhas(o, "status", "currentCPUUtilizationPercentage") {
		current = dstr(o, "status", "currentCPUUtilizationPercentage")
	}
	r.w.write(0, "Current CPU utilization:\t%s%%\n", current)
}

// hpaMetric prints one metric of the spec against the status's metric at the same index, which
// kubectl reads as its current value only when it is of the same source.
func (r *dRenderer) hpaMetric(m, cur any) {
	w := r.w
	typ := dstr(m, "type")
	switch typ {
	case "External":
		ext := dmap(m, "external")
		name := dstr(ext, "metric", "name")
		have := dmap(cur, "external") != nil
		if dhas(ext, "target", "averageValue") {
			current := "<unknown>"
			if have && dhas(cur, "external", "current", "averageValue") {
				current = dQtyAt(cur, "external", "current", "averageValue")
			}
			w.write(1, "%q (target average value):\t%s / %s\n", name, current, dQtyAt(ext, "target", "averageValue"))
			return
		}
		current := "<unknown>"
		if have {
			current = dQtyAt(cur, "external", "current", "value")
		}
		w.write(1, "%q (target value):\t%s / %s\n", name, current, dQtyAt(ext, "target", "value"))
	case "Pods":
		current := "<unknown>"
		if dmap(cur, "pods") != nil {
			current = dQtyAt(cur, "pods", "current", "averageValue")
		}
		w.write(1, "%q on pods:\t%s / %s\n", dstr(m, "pods", "metric", "name"), current, dQtyAt(m, "pods", "target", "averageValue"))
	case "Object":
		obj := dmap(m, "object")
		w.write(1, "\"%s\" on %s/%s ", dstr(obj, "metric", "name"), dstr(obj, "describedObject", "kind"), dstr(obj, "describedObject", "name"))
		have := dmap(cur, "object") != nil
		if dstr(obj, "target", "type") == "AverageValue" {
			current := "<unknown>"
			if have {
				current = dQtyAt(cur, "object", "current", "averageValue")
			}
			w.write(0, "(target average value):\t%s / %s\n", current, dQtyAt(obj, "target", "averageValue"))
			return
		}
		current := "<unknown>"
		if have {
			current = dQtyAt(cur, "object", "current", "value")
		}
		w.write(0, "(target value):\t%s / %s\n", current, dQtyAt(obj, "target", "value"))
	case "Resource":
		w.write(1, "resource %s on pods", dstr(m, "resource", "name"))
		r.hpaResourceTarget(dmap(m, "resource"), dmap(cur, "resource"))
	case "ContainerResource":
		w.write(1, "resource %s of container \"%s\" on pods", dstr(m, "containerResource", "name"), dstr(m, "containerResource", "container"))
		r.hpaResourceTarget(dmap(m, "containerResource"), dmap(cur, "containerResource"))
	default:
		w.write(1, "<unknown metric type %q>\n", typ)
	}
}

// hpaResourceTarget ends a resource metric's line: an average value, or a utilisation of the
// pods' requests (kubectl prints that one at a second indentation in the middle of the line).
func (r *dRenderer) hpaResourceTarget(spec, cur map[string]any) {
	w := r.w
	if dhas(spec, "target", "averageValue") {
		current := "<unknown>"
		if cur != nil {
			current = dQtyAt(cur, "current", "averageValue")
		}
		w.write(0, ":\t%s / %s\n", current, dQtyAt(spec, "target", "averageValue"))
		return
	}
	current := "<unknown>"
	if cur != nil && dhas(cur, "current", "averageUtilization") {
		current = dstr(cur, "current", "averageUtilization") + "% (" + dQtyAt(cur, "current", "averageValue") + ")"
	}
	target := "<auto>"
	if dhas(spec, "target", "averageUtilization") {
		target = dstr(spec, "target", "averageUtilization") + "%"
	}
	w.write(1, "(as a percentage of request):\t%s / %s\n", current, target)
}

// hpaDirection prints the scaling rules of one direction, when the behavior sets them.
func (r *dRenderer) hpaDirection(title string, rules map[string]any) {
	if rules == nil {
		return
	}
	w := r.w
	w.write(1, "%s:\n", title)
	if dhas(rules, "stabilizationWindowSeconds") {
		w.write(2, "Stabilization Window: %s seconds\n", dstr(rules, "stabilizationWindowSeconds"))
	}
	policies := dlist(rules, "policies")
	if len(policies) == 0 {
		return
	}
	sel := "Max"
	if dhas(rules, "selectPolicy") {
		sel = dstr(rules, "selectPolicy")
	}
	w.write(2, "Select Policy: %s\n", sel)
	w.write(2, "Policies:\n")
	for _, p := range policies {
		w.write(3, "- Type: %s\tValue: %s\tPeriod: %s seconds\n", dstr(p, "type"), dint(p, "value"), dint(p, "periodSeconds"))
	}
}

// dQtyAt prints the quantity at path in the API server's canonical form, "<nil>" when it is not
// set (kubectl prints a quantity it has no pointer to that way); a value that does not read as a
// quantity is printed as it came.
func dQtyAt(v any, path ...string) string {
	if !dhas(v, path...) {
		return "<nil>"
	}
	return dQty(dstr(v, path...))
}

// dQty is a quantity's canonical form, or s itself when it is not a quantity.
func dQty(s string) string {
	if q, ok := parseDQuantity(s); ok {
		return q.String()
	}
	return s
}
