package get

import (
	"encoding/json"
	"math/big"
	"sort"
	"strings"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/printer/jsonpath"
	"github.com/studioctl/studioctl/redact"
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
	return nil, fault.Refusef(statement.CodeBadValue, sentenceSortBy, expr, err)
}

// metadataOnly reports whether the path reads only what a Table row's PartialObjectMetadata
// carries, so the rows need not carry whole objects.
func (s *sorter) metadataOnly() bool { return strings.HasPrefix(s.path, "{.metadata.") }

// key is the first value the path finds in obj, or nil when it finds nothing. A map or a list
// is kept as its text, so a row keeps its key alone and never a part of its object (a table
// read with whole objects drops each object once its key is taken: memory stays flat).
func (s *sorter) key(obj map[string]any) any {
	vals, err := s.t.Find(obj)
	if err != nil || len(vals) == 0 {
		return nil
	}
	switch v := vals[0].(type) {
	case map[string]any, []any:
		return jsonpath.Text(v)
	default:
		return v
	}
}

// order sorts rows by their keys as kubectl's sorter does: sort.Sort (not a stable sort) over the
// rows in the server's order with kubectl's comparison, so rows with equal keys come out in the
// order kubectl prints them.
func order(keys []any, swap func(perm []int)) {
	r := &rowSort{keys: append([]any(nil), keys...), perm: make([]int, len(keys))}
	for i := range r.perm {
		r.perm[i] = i
	}
	sort.Sort(r)
	swap(r.perm)
}

type rowSort struct {
	keys []any
	perm []int
}

func (r *rowSort) Len() int           { return len(r.keys) }
func (r *rowSort) Less(i, j int) bool { return less(r.keys[i], r.keys[j]) }
func (r *rowSort) Swap(i, j int) {
	r.keys[i], r.keys[j] = r.keys[j], r.keys[i]
	r.perm[i], r.perm[j] = r.perm[j], r.perm[i]
}

// checkFound is kubectl's rule that the path must find something in at least one object (of a
// table, only when it has more than one row); otherwise the statement fails.
func (s *sorter) checkFound(keys []any, minRows int) error {
	if len(keys) < minRows {
		return nil
	}
	for _, k := range keys {
		if k != nil {
			return nil
		}
	}
	return &fault.Error{Code: codeSortByNothing, Class: fault.ServerError, Sentence: fault.Sentencef(sentenceSortByNothing, s.path)}
}

// less is kubectl's comparison: a row whose path finds nothing first (kubectl answers "less" for
// it whatever the other row holds); numbers by value; strings that are both quantities as
// quantities, both times as times, else byte by byte.
func less(a, b any) bool {
	if a == nil {
		return true
	}
	if b == nil {
		return false
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
	return jsonpath.Text(a) < jsonpath.Text(b)
}

func lessString(x, y string) bool {
	if qx, ok := apivalue.ParseQuantity(x); ok {
		if qy, ok := apivalue.ParseQuantity(y); ok {
			return qx.Cmp(qy) < 0
		}
	}
	// kubectl compares a time's RFC 3339 text, which is its order when both are written in UTC
	// as the API server writes them; a time with an offset still sorts by the instant.
	if tx := apivalue.Time(x); !tx.IsZero() {
		if ty := apivalue.Time(y); !ty.IsZero() && !tx.Equal(ty) {
			return tx.Before(ty)
		}
	}
	return x < y
}

// sortProbe is the value machineHides puts at the path to see whether machine mode masks it.
const sortProbe = "studioctl-sort-probe"

// machineHides reports whether machine mode masks what the path finds in an object of r's kind
// (every object of a core secrets read taken as a Secret, an event as one about a Secret), so an
// order by it would tell an agent what it may not read. It asks the masking rules themselves, on
// the smallest object that holds the probe at the path; a path whose values cannot be told from
// the path alone (descent, filters, unions, slices) counts as hidden.
func (s *sorter) machineHides(r discovery.APIResource) bool {
	doc, ok := s.t.Skeleton(sortProbe)
	obj, isMap := doc.(map[string]any)
	if !ok || !isMap {
		return true
	}
	if _, set := obj["kind"]; !set {
		obj["kind"] = r.Kind
	}
	if r.Kind == "Event" {
		for _, ref := range []string{"involvedObject", "regarding"} {
			if _, set := obj[ref]; !set {
				obj[ref] = map[string]any{"kind": "Secret"}
			}
		}
	}
	if isCoreSecrets(r) {
		redact.MachineSecretAnswer(obj)
	} else {
		redact.Machine(obj)
	}
	return s.key(obj) != sortProbe
}
