package describe

import (
	"encoding/base64"
	"math"
	"strconv"
	"strings"

	"github.com/studioctl/studioctl/apivalue"
)

// Kubernetes resource quantities, as far as describe needs them: a node's pods' requests and
// limits are summed and set against its allocatable resources, and a sum prints in the canonical
// form the API server prints a quantity in ("350m", "192Mi", "2"). apivalue reads and prints
// them; here is what describe does with them.

// parseDQuantity reads a quantity as the API server keeps it, rounded up to nano units.
func parseDQuantity(s string) (apivalue.Quantity, bool) {
	q, ok := apivalue.ParseQuantity(strings.TrimSpace(s))
	if !ok {
		return apivalue.Quantity{}, false
	}
	return q.Nano(), true
}

func parseDQuantityOrZero(s string) apivalue.Quantity {
	q, _ := parseDQuantity(s)
	return q
}

// dMilli is the value in thousandths, rounded up; dValue the value rounded up (the nearest int64
// when either does not fit one).
func dMilli(q apivalue.Quantity) int64 { n, _ := q.CeilScaled(3); return n }
func dValue(q apivalue.Quantity) int64 { n, _ := q.CeilScaled(0); return n }

func dSameQuantity(a, b string) bool {
	qa, oka := parseDQuantity(a)
	qb, okb := parseDQuantity(b)
	if !oka || !okb {
		return a == b
	}
	return qa.Cmp(qb) == 0
}

func dZeroQuantity(s string) bool {
	q, ok := parseDQuantity(s)
	return ok && q.Sign() <= 0
}

// dResources is a set of named quantities (a container's requests, a pod's limits).
type dResources map[string]apivalue.Quantity

func readDResources(m map[string]any) dResources {
	out := dResources{}
	for k, v := range m {
		if q, ok := parseDQuantity(dscalar(v)); ok {
			out[k] = q
		}
	}
	return out
}

func (l dResources) get(name string) apivalue.Quantity { return l[name] }

func (l dResources) addAll(o dResources) {
	for k, q := range o {
		if cur, ok := l[k]; ok {
			l[k] = cur.Add(q)
		} else {
			l[k] = q
		}
	}
}

func (l dResources) maxAll(o dResources) {
	for k, q := range o {
		if cur, ok := l[k]; !ok || q.Cmp(cur) > 0 {
			l[k] = q
		}
	}
}

func (l dResources) copy() dResources {
	out := dResources{}
	out.addAll(l)
	return out
}

// dPodRequestsAndLimits sums a pod's containers' requests and limits as kubectl does: the app
// containers and the restartable (sidecar) init containers add up, each other init container
// counts with the sidecars started before it, the larger of the two wins, and the pod's overhead
// is added (to limits only where a limit is set).
func dPodRequestsAndLimits(pod map[string]any) (reqs, limits dResources) {
	sum := func(part string) dResources {
		total := dResources{}
		for _, c := range dlist(pod, "spec", "containers") {
			total.addAll(readDResources(dmap(c, "resources", part)))
		}
		sidecars, inits := dResources{}, dResources{}
		for _, c := range dlist(pod, "spec", "initContainers") {
			own := readDResources(dmap(c, "resources", part))
			if dstr(c, "restartPolicy") == "Always" {
				total.addAll(own)
				sidecars.addAll(own)
				inits.maxAll(sidecars)
				continue
			}
			tmp := own.copy()
			tmp.addAll(sidecars)
			inits.maxAll(tmp)
		}
		total.maxAll(inits)
		return total
	}
	reqs, limits = sum("requests"), sum("limits")
	overhead := readDResources(dmap(pod, "spec", "overhead"))
	reqs.addAll(overhead)
	for k, q := range overhead {
		if cur, ok := limits[k]; ok && cur.Sign() != 0 {
			limits[k] = cur.Add(q)
		}
	}
	return reqs, limits
}

// dContainerResource is the value a resourceFieldRef env var holds: the container's request
// or limit divided by the divisor (1 by default), rounded up; "0" when unset.
func dContainerResource(c any, ref map[string]any) string {
	res := dstr(ref, "resource")
	divisor := parseDQuantityOrZero(dstr(ref, "divisor"))
	if divisor.Sign() == 0 {
		divisor, _ = parseDQuantity("1")
	}
	part, name, ok := strings.Cut(res, ".")
	if !ok || (part != "limits" && part != "requests") {
		return ""
	}
	q := parseDQuantityOrZero(dstr(c, "resources", part, name))
	var n, d int64
	switch {
	case name == "cpu":
		n, d = dMilli(q), dMilli(divisor)
	case name == "memory" || name == "ephemeral-storage" || strings.HasPrefix(name, "hugepages-"):
		n, d = dValue(q), dValue(divisor)
	default:
		return ""
	}
	if d == 0 {
		return ""
	}
	return strconv.FormatInt(int64(math.Ceil(float64(n)/float64(d))), 10)
}

// dBase64Len is the decoded size of a base64 value (a ConfigMap's binaryData).
func dBase64Len(s string) int {
	if b, err := base64.StdEncoding.DecodeString(s); err == nil {
		return len(b)
	}
	return base64.StdEncoding.DecodedLen(len(s))
}
