package describe

import (
	"encoding/base64"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Kubernetes resource quantities, as far as describe needs them: a node's pods' requests and
// limits are summed and set against its allocatable resources, and a sum prints in the canonical
// form the API server prints a quantity in ("350m", "192Mi", "2").

type dQuantityFormat int

const (
	dDecimalSI dQuantityFormat = iota
	dBinarySI
	dDecimalExponent
)

// dQuantity is an exact value and the format it prints in; the zero quantity prints "0".
type dQuantity struct {
	v *big.Rat
	f dQuantityFormat
}

var (
	dDecimalSuffixes = map[string]int{"n": -9, "u": -6, "m": -3, "": 0, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18}
	dBinarySuffixes  = map[string]int{"Ki": 1, "Mi": 2, "Gi": 3, "Ti": 4, "Pi": 5, "Ei": 6}
)

// parseDQuantity reads a quantity: a signed decimal number and a suffix (an SI prefix, a binary
// prefix such as Mi, or an exponent such as e3). Precision below 10^-9 is rounded up, as the API
// server does.
func parseDQuantity(s string) (dQuantity, bool) {
	s = strings.TrimSpace(s)
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := i
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	num, suffix := s[:i], s[i:]
	if i == digits || strings.Count(num, ".") > 1 || num == "." || strings.HasSuffix(num, "+") {
		return dQuantity{}, false
	}
	v, ok := new(big.Rat).SetString(num)
	if !ok {
		return dQuantity{}, false
	}
	q := dQuantity{v: v, f: dDecimalSI}
	switch {
	case dBinarySuffixes[suffix] > 0:
		q.f = dBinarySI
		q.v.Mul(q.v, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(1024), big.NewInt(int64(dBinarySuffixes[suffix])), nil)))
	case len(suffix) > 1 && (suffix[0] == 'e' || suffix[0] == 'E'):
		exp, err := strconv.Atoi(suffix[1:])
		if err != nil || exp > 64 || exp < -64 {
			return dQuantity{}, false
		}
		q.f = dDecimalExponent
		q.v.Mul(q.v, dpow10(exp))
	default:
		exp, ok := dDecimalSuffixes[suffix]
		if !ok {
			return dQuantity{}, false
		}
		q.v.Mul(q.v, dpow10(exp))
	}
	// Round up to nano units.
	nano := new(big.Rat).Mul(q.v, dpow10(9))
	q.v = new(big.Rat).Quo(new(big.Rat).SetInt(dCeil(nano)), dpow10(9))
	return q, true
}

func parseDQuantityOrZero(s string) dQuantity {
	q, ok := parseDQuantity(s)
	if !ok {
		return dQuantity{}
	}
	return q
}

func dpow10(e int) *big.Rat {
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(dabs(e))), nil)
	if e < 0 {
		return new(big.Rat).SetFrac(big.NewInt(1), p)
	}
	return new(big.Rat).SetInt(p)
}

func dabs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// dCeil is the least integer not below r.
func dCeil(r *big.Rat) *big.Int {
	q, m := new(big.Int).DivMod(r.Num(), r.Denom(), new(big.Int))
	if m.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}

func (q dQuantity) rat() *big.Rat {
	if q.v == nil {
		return new(big.Rat)
	}
	return q.v
}

// add is q+o in q's format (o's when q is the zero quantity), as a resource list sums.
func (q dQuantity) add(o dQuantity) dQuantity {
	f := q.f
	if q.v == nil {
		f = o.f
	}
	return dQuantity{v: new(big.Rat).Add(q.rat(), o.rat()), f: f}
}

func (q dQuantity) cmp(o dQuantity) int { return q.rat().Cmp(o.rat()) }

// milli is the value in thousandths, rounded up; value the value rounded up.
func (q dQuantity) milli() int64 { return dClamp(dCeil(new(big.Rat).Mul(q.rat(), dpow10(3)))) }
func (q dQuantity) value() int64 { return dClamp(dCeil(q.rat())) }

func dClamp(n *big.Int) int64 {
	if !n.IsInt64() {
		if n.Sign() < 0 {
			return math.MinInt64
		}
		return math.MaxInt64
	}
	return n.Int64()
}

// String prints the canonical form: a power of 1024 for a binary quantity that is a whole number
// of at least 1024 in size, otherwise the largest power of 1000 that leaves a whole mantissa.
func (q dQuantity) String() string {
	v := q.rat()
	if v.Sign() == 0 {
		return "0"
	}
	f := q.f
	if f == dBinarySI {
		if v.IsInt() && v.Cmp(big.NewRat(1024, 1)) >= 0 || v.IsInt() && v.Cmp(big.NewRat(-1024, 1)) <= 0 {
			n := new(big.Int).Set(v.Num())
			exp := 0
			k := big.NewInt(1024)
			for exp < 6 {
				qq, m := new(big.Int).QuoRem(n, k, new(big.Int))
				if m.Sign() != 0 {
					break
				}
				n = qq
				exp++
			}
			suffix := ""
			for s, e := range dBinarySuffixes {
				if e == exp {
					suffix = s
				}
			}
			return n.String() + suffix
		}
		f = dDecimalSI
	}
	// Whole nano units; strip factors of ten, then step the exponent down to a multiple of 3.
	n := new(big.Int).Mul(v.Num(), new(big.Int).Exp(big.NewInt(10), big.NewInt(9), nil))
	n.Quo(n, v.Denom())
	exp := -9
	ten := big.NewInt(10)
	for {
		qq, m := new(big.Int).QuoRem(n, ten, new(big.Int))
		if m.Sign() != 0 || n.Sign() == 0 {
			break
		}
		n = qq
		exp++
	}
	if extra := ((exp % 3) + 3) % 3; extra > 0 {
		n.Mul(n, new(big.Int).Exp(ten, big.NewInt(int64(extra)), nil))
		exp -= extra
	}
	if f == dDecimalExponent {
		if exp == 0 {
			return n.String()
		}
		return n.String() + "e" + strconv.Itoa(exp)
	}
	for s, e := range dDecimalSuffixes {
		if e == exp {
			return n.String() + s
		}
	}
	return n.String() + "e" + strconv.Itoa(exp)
}

func dSameQuantity(a, b string) bool {
	qa, oka := parseDQuantity(a)
	qb, okb := parseDQuantity(b)
	if !oka || !okb {
		return a == b
	}
	return qa.cmp(qb) == 0
}

func dZeroQuantity(s string) bool {
	q, ok := parseDQuantity(s)
	return ok && q.rat().Sign() <= 0
}

// dResources is a set of named quantities (a container's requests, a pod's limits).
type dResources map[string]dQuantity

func readDResources(m map[string]any) dResources {
	out := dResources{}
	for k, v := range m {
		if q, ok := parseDQuantity(dscalar(v)); ok {
			out[k] = q
		}
	}
	return out
}

func (l dResources) get(name string) dQuantity { return l[name] }

func (l dResources) addAll(o dResources) {
	for k, q := range o {
		if cur, ok := l[k]; ok {
			l[k] = cur.add(q)
		} else {
			l[k] = q
		}
	}
}

func (l dResources) maxAll(o dResources) {
	for k, q := range o {
		if cur, ok := l[k]; !ok || q.cmp(cur) > 0 {
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
		if cur, ok := limits[k]; ok && cur.rat().Sign() != 0 {
			limits[k] = cur.add(q)
		}
	}
	return reqs, limits
}

// dContainerResource is the value a resourceFieldRef env var holds: the container's request
// or limit divided by the divisor (1 by default), rounded up; "0" when unset.
func dContainerResource(c any, ref map[string]any) string {
	res := dstr(ref, "resource")
	divisor := parseDQuantityOrZero(dstr(ref, "divisor"))
	if divisor.rat().Sign() == 0 {
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
		n, d = q.milli(), divisor.milli()
	case name == "memory" || name == "ephemeral-storage" || strings.HasPrefix(name, "hugepages-"):
		n, d = q.value(), divisor.value()
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
