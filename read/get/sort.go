package get

import (
	"encoding/json"
	"math/big"
	"sort"
	"strings"
	"time"

	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer/jsonpath"
	"github.com/studioctl/studioctl/statement"
)

// sorter is --sort-by: a path, and each row's key as the path finds it in the row's object.
type sorter struct {
	t    *jsonpath.Template
	path string
}

func newSorter(expr string) (*sorter, error) {
	tmpl, err := jsonpath.Relaxed(expr)
	if err == nil {
		var t *jsonpath.Template
		if t, err = jsonpath.Parse(tmpl); err == nil {
			return &sorter{t: t, path: tmpl}, nil
		}
	}
	return nil, kube.Refusef(statement.CodeBadValue, sentenceSortBy, expr, err)
}

// metadataOnly reports whether the path reads only what a Table row's PartialObjectMetadata
// carries, so the rows need not carry whole objects.
func (s *sorter) metadataOnly() bool { return strings.HasPrefix(s.path, "{.metadata.") }

// key is the first value the path finds in obj, or nil when it finds nothing.
func (s *sorter) key(obj map[string]any) any {
	vals, err := s.t.Find(obj)
	if err != nil || len(vals) == 0 {
		return nil
	}
	return vals[0]
}

// order sorts n rows by their keys with kubectl's rule, keeping the server's order among equals.
func order(keys []any, swap func(perm []int)) {
	perm := make([]int, len(keys))
	for i := range perm {
		perm[i] = i
	}
	sort.SliceStable(perm, func(a, b int) bool { return less(keys[perm[a]], keys[perm[b]]) })
	swap(perm)
}

// less is kubectl's sort order: a row whose path finds nothing first; numbers by value; strings
// that are both quantities as quantities, both times as times, else in natural order (web-2
// before web-10).
func less(a, b any) bool {
	if a == nil || b == nil {
		return a == nil && b != nil
	}
	switch x := a.(type) {
	case json.Number:
		if y, ok := b.(json.Number); ok {
			fx, _ := new(big.Float).SetString(string(x))
			fy, _ := new(big.Float).SetString(string(y))
			if fx != nil && fy != nil {
				return fx.Cmp(fy) < 0
			}
		}
	case string:
		if y, ok := b.(string); ok {
			return lessString(x, y)
		}
	case bool:
		if y, ok := b.(bool); ok {
			return !x && y
		}
	}
	return naturalLess(jsonpath.Text(a), jsonpath.Text(b))
}

func lessString(x, y string) bool {
	if qx, ok := quantity(x); ok {
		if qy, ok := quantity(y); ok {
			return qx.Cmp(qy) < 0
		}
	}
	if tx, err := time.Parse(time.RFC3339, x); err == nil {
		if ty, err := time.Parse(time.RFC3339, y); err == nil {
			return tx.Before(ty)
		}
	}
	return naturalLess(x, y)
}

// naturalLess compares runs of digits by value and everything else byte by byte.
func naturalLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digits(a), digits(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if len(na) != len(nb) {
				return len(na) < len(nb)
			}
			if na != nb {
				return na < nb
			}
			if da != db {
				return da < db
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// quantity reads a Kubernetes quantity (100m, 1.5Gi, 2e3) as an exact number.
func quantity(s string) (*big.Rat, bool) {
	num := strings.TrimRight(s, "KMGTPEkmunie")
	suffix := s[len(num):]
	if num == "" || len(suffix) > 2 {
		return nil, false
	}
	r, ok := new(big.Rat).SetString(num)
	if !ok || strings.ContainsAny(num, "/eE") && suffix != "" {
		return nil, false
	}
	mult, ok := quantitySuffixes[suffix]
	if !ok {
		return nil, false
	}
	return r.Mul(r, mult), true
}

var quantitySuffixes = func() map[string]*big.Rat {
	m := map[string]*big.Rat{"": big.NewRat(1, 1), "n": big.NewRat(1, 1e9), "u": big.NewRat(1, 1e6), "m": big.NewRat(1, 1e3)}
	dec := big.NewRat(1, 1)
	bin := big.NewRat(1, 1)
	for i, p := range []string{"k", "M", "G", "T", "P", "E"} {
		dec = new(big.Rat).Mul(dec, big.NewRat(1000, 1))
		bin = new(big.Rat).Mul(bin, big.NewRat(1024, 1))
		m[p] = dec
		m[[]string{"Ki", "Mi", "Gi", "Ti", "Pi", "Ei"}[i]] = bin
	}
	return m
}()
