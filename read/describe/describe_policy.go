package describe

import (
	"sort"
	"strconv"
	"strings"
)

// Policy: the objects that bound what workloads may do or use — disruption budgets, priority
// classes, limit ranges and resource quotas — in the layouts of kubectl's describers for them.
// The namespace describer's quota and limit tables (describe_nodes.go) share the rows printed here.

func (r *dRenderer) pdb() {
	w, o := r.w, r.obj
	r.head(true)
	if dhas(o, "spec", "minAvailable") {
		w.write(0, "Min available:\t%s\n", dstr(o, "spec", "minAvailable"))
	} else if dhas(o, "spec", "maxUnavailable") {
		w.write(0, "Max unavailable:\t%s\n", dstr(o, "spec", "maxUnavailable"))
	}
	sel := "<unset>"
	if s := dmap(o, "spec", "selector"); s != nil {
		sel = dOrNone(dSelector(s))
	}
	w.write(0, "Selector:\t%s\n", sel)
	w.write(0, "Status:\n")
	w.write(2, "Allowed disruptions:\t%s\n", dint(o, "status", "disruptionsAllowed"))
	w.write(2, "Current:\t%s\n", dint(o, "status", "currentHealthy"))
	w.write(2, "Desired:\t%s\n", dint(o, "status", "desiredHealthy"))
	w.write(2, "Total:\t%s\n", dint(o, "status", "expectedPods"))
	r.events()
}

func (r *dRenderer) priorityClass() {
	w, o := r.w, r.obj
	r.head(false)
	w.write(0, "Value:\t%s\n", dint(o, "value"))
	w.write(0, "GlobalDefault:\t%s\n", strconv.FormatBool(dbool(o, "globalDefault")))
	w.write(0, "PreemptionPolicy:\t%s\n", dstr(o, "preemptionPolicy"))
	w.write(0, "Description:\t%s\n", dstr(o, "description"))
	// kubectl prints a priority class's annotations on one line, as it prints labels.
	w.write(0, "Annotations:\t%s\n", dLabelSet(dStrMap(o, "metadata", "annotations")))
	r.events()
}

// limitRange prints one row per item and resource, the table kubectl prints for a limit range of
// its own (the namespace's table is the same, each row one space in).
func (r *dRenderer) limitRange() {
	w := r.w
	r.head(true)
	w.write(0, "Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n")
	w.write(0, "----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n")
	for _, item := range dlist(r.obj, "spec", "limits") {
		r.limitRangeItem("", item)
	}
}

// limitRangeItem prints an item's resources, sorted by name (kubectl leaves them in map order),
// each with its minimum, maximum, defaults and ratio, "-" where the item sets none.
func (r *dRenderer) limitRangeItem(prefix string, item any) {
	fields := []string{"min", "max", "defaultRequest", "default", "maxLimitRequestRatio"}
	names := map[string]bool{}
	for _, f := range fields {
		for k := range dmap(item, f) {
			names[k] = true
		}
	}
	for _, k := range dKeys(names) {
		cells := []any{prefix, dstr(item, "type"), k}
		for _, f := range fields {
			v := "-"
			if dhas(item, f, k) {
				v = dQty(dstr(item, f, k))
			}
			cells = append(cells, v)
		}
		r.w.write(0, "%s%s\t%s\t%s\t%s\t%s\t%s\t%s\n", cells...)
	}
}

// resourceQuota prints a quota's scopes and, per resource it limits, what is used against the
// hard limit.
func (r *dRenderer) resourceQuota() {
	w, o := r.w, r.obj
	r.head(true)
	if scopes := dStrList(o, "spec", "scopes"); len(scopes) > 0 {
		sort.Strings(scopes)
		w.write(0, "Scopes:\t%s\n", strings.Join(scopes, ", "))
		for _, s := range scopes {
			if help := dQuotaScopeHelp[s]; help != "" {
				w.write(0, " * %s\n", help)
			}
		}
	}
	w.write(0, "Resource\tUsed\tHard\n")
	w.write(0, "--------\t----\t----\n")
	hard, used := dmap(o, "status", "hard"), dmap(o, "status", "used")
	for _, k := range dKeys(hard) {
		h := dscalar(hard[k])
		w.write(0, "%s\t%s\t%s\n", k, dQuotaUsed(dscalar(used[k]), h), dQty(h))
	}
}

// dQuotaUsed prints a quota's use as kubectl does beside its hard limit: in the limit's format
// (a binary limit shows its use in binary units), rounded up to a whole number when the formats
// differ; an unset use is 0.
func dQuotaUsed(used, hard string) string {
	h, hok := parseDQuantity(hard)
	if !hok {
		if used == "" {
			return "0"
		}
		return used
	}
	u, uok := parseDQuantity(used)
	if used != "" && !uok {
		return used
	}
	if used != "" && u.Format() == h.Format() {
		return u.String()
	}
	whole, _ := parseDQuantity(strconv.FormatInt(dValue(u), 10))
	return whole.As(h.Format()).String()
}
