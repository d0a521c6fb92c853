package apivalue

import (
	"maps"
	"slices"
	"sort"
	"strings"
)

// A LabelSelector object (metav1.LabelSelector: matchLabels and matchExpressions), as a workload,
// a Service's plain map, a budget or a network policy holds it, read into the same requirements
// a selector's text parses to: logs and rollout send its text, describe prints it, the audit
// evaluates it.

// expressionOps are the operators a matchExpressions entry may name.
var expressionOps = map[string]Operator{"In": In, "NotIn": NotIn, "Exists": Exists, "DoesNotExist": DoesNotExist}

// LabelSelectorOf reads a LabelSelector object, its requirements sorted by key as kubectl sorts
// them (matchLabels first where a key is in both). ok is false when an entry cannot be read
// (an operator kubectl does not know, a value that is not a string); that entry is left out.
// An absent or empty object reads as the empty selector, which selects everything.
func LabelSelectorOf(sel map[string]any) (s LabelSelector, ok bool) {
	ok = true
	ml, _ := sel["matchLabels"].(map[string]any)
	keys := slices.Sorted(maps.Keys(ml))
	for _, k := range keys {
		v, isString := ml[k].(string)
		ok = ok && isString
		s = append(s, Requirement{Key: k, Op: Equals, Values: []string{v}})
	}
	me, _ := sel["matchExpressions"].([]any)
	for _, x := range me {
		r, read := expression(x)
		if !read {
			ok = false
			continue
		}
		s = append(s, r)
	}
	sort.SliceStable(s, func(i, j int) bool { return s[i].Key < s[j].Key })
	return s, ok
}

// expression reads one matchExpressions entry.
func expression(x any) (Requirement, bool) {
	e, _ := x.(map[string]any)
	key, _ := e["key"].(string)
	opName, _ := e["operator"].(string)
	op, known := expressionOps[opName]
	r := Requirement{Key: key, Op: op}
	vs, _ := e["values"].([]any)
	for _, v := range vs {
		s, isString := v.(string)
		if !isString {
			return r, false
		}
		r.Values = append(r.Values, s)
	}
	sort.Strings(r.Values)
	return r, known
}

// String is the selector's text as kubectl writes it: requirements joined by commas, set values
// sorted. The empty selector is "".
func (s LabelSelector) String() string {
	parts := make([]string, len(s))
	for i, r := range s {
		parts[i] = r.String()
	}
	return strings.Join(parts, ",")
}

// String is one requirement as kubectl writes it.
func (r Requirement) String() string {
	switch r.Op {
	case Exists:
		return r.Key
	case DoesNotExist:
		return "!" + r.Key
	case In, NotIn:
		return r.Key + " " + string(r.Op) + " (" + strings.Join(r.Values, ",") + ")"
	case GreaterThan:
		return r.Key + ">" + first(r.Values)
	case LessThan:
		return r.Key + "<" + first(r.Values)
	}
	return r.Key + string(r.Op) + first(r.Values)
}

func first(values []string) string {
	if len(values) == 0 {
		return ""
	}
	return values[0]
}
