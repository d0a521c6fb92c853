package redact

// ruleSet is what one redaction mode does at each object of a decoded answer. visit applies the
// mode's rules to one map, given the kind its enclosing list names for it ("" when none), and
// says whether to walk into the map's values, which kind a list it holds names for its items, and
// whether it changed the map. tooDeep replaces a value nested past maxDepth, so nothing past the
// cap is printed unredacted.
type ruleSet struct {
	visit   func(m map[string]any, hint string) (descend bool, itemHint string, changed bool)
	tooDeep any
	// scalar, when set, says what replaces a value that is neither a map nor an array (masking a
	// subtree whole); nil leaves every scalar as it is.
	scalar func(v any) (nv any, replace bool)
}

// walk is the one walker of the package, for both rule sets (people and machine; the machine
// rules mask a field's whole subtree with wholeRules, through the same walk): depth-first over
// maps and arrays, carrying a list's item kind down to its items (a SecretList's items carry no
// kind of their own). It returns what to store in place of v when replace is set, and whether
// anything in v changed.
func (rs ruleSet) walk(v any, hint string, depth int) (nv any, replace, changed bool) {
	switch t := v.(type) {
	case map[string]any:
		if depth > maxDepth {
			return rs.tooDeep, true, true
		}
		descend, itemHint, changed := rs.visit(t, hint)
		if !descend {
			return nil, false, changed
		}
		return nil, false, rs.walkValues(t, itemHint, depth) || changed
	case []any:
		if depth > maxDepth {
			return rs.tooDeep, true, true
		}
		for i, c := range t {
			nv, replace, ch := rs.walk(c, hint, depth+1)
			if replace {
				t[i] = nv
			}
			changed = changed || ch
		}
	default:
		if rs.scalar != nil {
			nv, replace = rs.scalar(v)
			return nv, replace, replace
		}
	}
	return nil, false, changed
}

// walkValues walks the values of m, a map at depth, without visiting m itself; itemHint is the
// kind of the items under its "items" key. It reports whether anything changed.
func (rs ruleSet) walkValues(m map[string]any, itemHint string, depth int) bool {
	changed := false
	for k, c := range m {
		h := ""
		if k == "items" {
			h = itemHint
		}
		nv, replace, ch := rs.walk(c, h, depth+1)
		if replace {
			m[k] = nv
		}
		changed = changed || ch
	}
	return changed
}

// machineRules mask every value the machine-mode rules name (machineMap), in every map. Whether a
// map changed is not tracked: nothing reads it in machine mode.
var machineRules = ruleSet{
	visit: func(m map[string]any, hint string) (bool, string, bool) {
		machineMap(m, hint)
		return true, listItemKind(m), false
	},
	tooDeep: Masked,
}

// wholeRules mask a subtree whole (maskDeep): every scalar becomes Masked, null stays null, and
// maps and arrays keep their keys and length.
var wholeRules = ruleSet{
	visit:   func(map[string]any, string) (bool, string, bool) { return true, "", false },
	tooDeep: Masked,
	scalar: func(v any) (any, bool) {
		if v == nil {
			return nil, false
		}
		return Masked, true
	},
}

// peopleRules strip every Secret found at any depth, and do not walk into a Secret after
// stripping it (SecretObject walks inside it itself, for the owner rule); every other map has its
// owner entries fingerprinted (owner.go). A function rather than a variable, as the owner rule
// walks a last-applied copy with these same rules.
func peopleRules() ruleSet { return ruleSet{visit: peopleVisit, tooDeep: markerTooDeep} }

func peopleVisit(m map[string]any, hint string) (bool, string, bool) {
	if IsSecret(m) || hint == "Secret" && m["kind"] == nil && coreAPIVersion(m) {
		SecretObject(m)
		return false, "", true
	}
	changed := ownerMap(m)
	if coreAPIVersion(m) {
		return true, listItemKind(m), changed
	}
	return true, "", changed
}

// people applies the people rules to v, in place, and reports whether anything changed.
func people(v any) bool {
	_, _, changed := peopleRules().walk(v, "", 0)
	return changed
}

// secretAnswerWalk visits an answer to a read whose resource is core secrets, taking every object
// in it as a Secret: a single object, a list's items (which the API server sends without a kind)
// and a watch event's object go to onObject, a Table to onTable. A Status (an error answer) is
// left, and so is a Status among a list's items.
func secretAnswerWalk(v any, depth int, onTable, onObject func(map[string]any)) {
	m, ok := v.(map[string]any)
	if !ok || depth > 8 {
		return
	}
	kind, _ := m["kind"].(string)
	_, isRows := m["rows"].([]any)
	items, isList := m["items"].([]any)
	switch {
	case kind == "Status":
	case isRows || kind == "Table":
		onTable(m)
	case isList:
		for _, it := range items {
			if obj, ok := it.(map[string]any); ok {
				if k, _ := obj["kind"].(string); k != "Status" {
					onObject(obj)
				}
			}
		}
	case isWatchEvent(m):
		secretAnswerWalk(m["object"], depth+1, onTable, onObject)
	default:
		onObject(m)
	}
}
