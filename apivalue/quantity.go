// Package apivalue is the room for values of the Kubernetes API that several rooms read: resource
// quantities ("250m", "1.5Gi", "2e3") and whether a resource is the core Secrets. Each has one
// reading here, with one set of rules, so top, get's sort, describe, the platform's node figures
// and the audit agree on what a value is. It imports nothing of studioctl's but limits.
package apivalue

import (
	"math"
	"math/big"
	"strconv"

	"github.com/studioctl/studioctl/limits"
)

// Format is how a quantity was written, which decides how a sum of such quantities prints.
type Format int

const (
	// DecimalSI is a power of 1000 as a suffix (n, u, m, k, M, G, T, P, E) or no suffix.
	DecimalSI Format = iota
	// BinarySI is a power of 1024 as a suffix (Ki, Mi, Gi, Ti, Pi, Ei).
	BinarySI
	// DecimalExponent is a power of ten written as an exponent (e3, E-2).
	DecimalExponent
)

// Quantity is an exact resource quantity and the format it was written in. The zero Quantity
// is 0 in DecimalSI.
type Quantity struct {
	v *big.Rat
	f Format
}

// The suffixes a quantity may end in, by the power they name: of ten for the decimal ones, of
// 1024 for the binary ones.
var (
	decimalSuffixes = map[string]int{"n": -9, "u": -6, "m": -3, "": 0, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18}
	binarySuffixes  = map[string]int{"Ki": 1, "Mi": 2, "Gi": 3, "Ti": 4, "Pi": 5, "Ei": 6}
)

// ParseQuantity reads a quantity exactly, as resource.ParseQuantity does: a signed decimal number
// (digits and at most one point) and then a decimal suffix, a binary suffix or an exponent.
// Anything else, a space included, is not a quantity. The text is read only up to limits.QuantityChars and the
// exponent only up to limits.QuantityExponent either way: a server's answer decides both, and
// 10 to a power of a hundred million is work no answer should be able to ask for.
func ParseQuantity(s string) (Quantity, bool) {
	if len(s) > limits.QuantityChars {
		return Quantity{}, false
	}
	num, suffix, ok := splitNumber(s)
	if !ok {
		return Quantity{}, false
	}
	v, ok := new(big.Rat).SetString(num)
	if !ok {
		return Quantity{}, false
	}
	if p, ok := binarySuffixes[suffix]; ok {
		return Quantity{v: v.Mul(v, new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(10*p)))), f: BinarySI}, true
	}
	if p, ok := decimalSuffixes[suffix]; ok {
		return Quantity{v: v.Mul(v, pow10(p)), f: DecimalSI}, true
	}
	if suffix[0] != 'e' && suffix[0] != 'E' {
		return Quantity{}, false
	}
	p, err := strconv.Atoi(suffix[1:])
	if err != nil || p > limits.QuantityExponent || p < -limits.QuantityExponent {
		return Quantity{}, false
	}
	return Quantity{v: v.Mul(v, pow10(p)), f: DecimalExponent}, true
}

// splitNumber cuts s after its number: an optional sign, then digits with at most one point and
// at least one digit.
func splitNumber(s string) (num, suffix string, ok bool) {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits, points := 0, 0
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
			continue
		case c == '.':
			points++
			continue
		}
		break
	}
	if digits == 0 || points > 1 {
		return "", "", false
	}
	return s[:i], s[i:], true
}

// MustQuantity is ParseQuantity for a value that is not a quantity read as zero, as a sum of a
// resource list skips what it cannot read.
func MustQuantity(s string) Quantity {
	q, _ := ParseQuantity(s)
	return q
}

// Rat is the quantity's exact value, a copy the caller may change.
func (q Quantity) Rat() *big.Rat {
	if q.v == nil {
		return new(big.Rat)
	}
	return new(big.Rat).Set(q.v)
}

// Format is how the quantity was written.
func (q Quantity) Format() Format { return q.f }

// As is the same value to print in format f, as a quota's use prints in its hard limit's format.
func (q Quantity) As(f Format) Quantity { return Quantity{v: q.v, f: f} }

// Sign is -1, 0 or +1 as the quantity is below, at or above zero.
func (q Quantity) Sign() int {
	if q.v == nil {
		return 0
	}
	return q.v.Sign()
}

// Cmp compares two quantities by value: -1, 0 or +1.
func (q Quantity) Cmp(o Quantity) int { return q.value().Cmp(o.value()) }

// Add is q+o in q's format (o's when q is the zero Quantity), as the API server sums a resource
// list.
func (q Quantity) Add(o Quantity) Quantity {
	f := q.f
	if q.v == nil {
		f = o.f
	}
	return Quantity{v: new(big.Rat).Add(q.value(), o.value()), f: f}
}

// Nano is the quantity rounded up to whole nano units, the precision the API server keeps.
func (q Quantity) Nano() Quantity {
	nano := new(big.Rat).Mul(q.value(), pow10(9))
	return Quantity{v: new(big.Rat).Quo(new(big.Rat).SetInt(ceil(nano)), pow10(9)), f: q.f}
}

// CeilScaled is the quantity in units of 10^-scale rounded up, as resource.Quantity's
// ScaledValue rounds (MilliValue is scale 3, Value scale 0); see CeilScaled.
func (q Quantity) CeilScaled(scale int) (n int64, fits bool) { return CeilScaled(q.value(), scale) }

// value is the quantity's value for reading only.
func (q Quantity) value() *big.Rat {
	if q.v == nil {
		return new(big.Rat)
	}
	return q.v
}

// CeilScaled is r in units of 10^-scale rounded up, as resource.Quantity's ScaledValue rounds.
// A value that does not fit an int64 is the nearest int64 with fits false.
func CeilScaled(r *big.Rat, scale int) (n int64, fits bool) {
	c := ceil(new(big.Rat).Mul(r, pow10(scale)))
	if !c.IsInt64() {
		if c.Sign() < 0 {
			return math.MinInt64, false
		}
		return math.MaxInt64, false
	}
	return c.Int64(), true
}

// UsageText prints an amount of a resource as kubectl top prints one: cpu in millicores rounded
// up ("250m"), anything else in whole MiB ("64Mi").
func UsageText(resource string, r *big.Rat) string {
	if resource == "cpu" {
		m, _ := CeilScaled(r, 3)
		return strconv.FormatInt(m, 10) + "m"
	}
	b, _ := CeilScaled(r, 0)
	return strconv.FormatInt(b/(1<<20), 10) + "Mi"
}

// pow10 is 10^e exactly.
func pow10(e int) *big.Rat {
	if e < 0 {
		return new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(-e)), nil))
	}
	return new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(e)), nil))
}

// ceil is the least integer not below r.
func ceil(r *big.Rat) *big.Int {
	q, m := new(big.Int).DivMod(r.Num(), r.Denom(), new(big.Int))
	if m.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}
