package jsonpath

import (
	"encoding/json"
	"math/big"
)

// filter keeps the elements of each list for which the condition holds; a value that is not a
// list cannot be filtered.
func (e *evaluator) filter(c *cond, in []any) ([]any, error) {
	var out []any
	for _, v := range in {
		list, ok := v.([]any)
		if !ok {
			if v == nil {
				continue
			}
			return nil, errorf(-1, msgNotFilterable)
		}
		for _, el := range list {
			keep, err := e.holds(c, el)
			if err != nil {
				return nil, err
			}
			if keep {
				out = append(out, el)
			}
		}
	}
	return out, nil
}

// holds evaluates a condition on one element (@). A comparison whose left side finds nothing
// skips the element, as kubectl's does; one that finds several is an error.
func (e *evaluator) holds(c *cond, el any) (bool, error) {
	switch c.op {
	case "&&", "||":
		a, err := e.holds(c.a, el)
		if err != nil || (c.op == "&&" && !a) || (c.op == "||" && a) {
			return a, err
		}
		return e.holds(c.b, el)
	case "exists":
		vals, err := e.path(c.left, []any{el})
		return err == nil && len(vals) > 0, nil
	}
	lefts, err := e.path(c.left, []any{el})
	if err != nil {
		return false, err
	}
	rights, err := e.path(c.right, []any{el})
	if err != nil {
		return false, err
	}
	if len(lefts) == 0 || len(rights) == 0 {
		return false, nil
	}
	if len(lefts) > 1 || len(rights) > 1 {
		return false, errorf(-1, msgCompareOne)
	}
	return compare(c.op, lefts[0], rights[0])
}

// compare compares two scalars of one kind: numbers by value, strings by bytes, booleans and
// null for equality only.
func compare(op string, a, b any) (bool, error) {
	cmp, ordered, ok := order(a, b)
	if !ok {
		return false, errorf(-1, msgIncomparable)
	}
	switch op {
	case "==":
		return cmp == 0, nil
	case "!=":
		return cmp != 0, nil
	}
	if !ordered {
		return false, errorf(-1, msgIncomparable)
	}
	switch op {
	case "<":
		return cmp < 0, nil
	case ">":
		return cmp > 0, nil
	case "<=":
		return cmp <= 0, nil
	}
	return cmp >= 0, nil
}

// order answers a's order against b, whether the kind has an order, and whether they compare.
func order(a, b any) (cmp int, ordered, ok bool) {
	switch x := a.(type) {
	case string:
		y, ok := b.(string)
		if !ok {
			return 0, false, false
		}
		switch {
		case x < y:
			return -1, true, true
		case x > y:
			return 1, true, true
		}
		return 0, true, true
	case json.Number:
		y, ok := b.(json.Number)
		if !ok {
			return 0, false, false
		}
		fx, okx := new(big.Float).SetString(string(x))
		fy, oky := new(big.Float).SetString(string(y))
		if !okx || !oky {
			return 0, false, false
		}
		return fx.Cmp(fy), true, true
	case bool:
		y, ok := b.(bool)
		if !ok {
			return 0, false, false
		}
		if x == y {
			return 0, false, true
		}
		return 1, false, true
	case nil:
		if b == nil {
			return 0, false, true
		}
	}
	return 0, false, false
}
