package redact

// ruleSet is what one redaction mode does at each object of a decoded answer. visit applies the
// mode's rules to one map, given the kind its enclosing list names for it ("" when none), and
// says whether to walk into the map's values and which kind a list it holds names for its items.
// tooDeep replaces a value nested past maxDepth, so nothing past the cap is printed unredacted.
type ruleSet struct {
	visit   func(m map[string]any, hint string) (descend bool, itemHint string)
	tooDeep any
}

// walk is the one walker both modes share: depth-first over maps and arrays, carrying a list's
// item kind down to its items (a SecretList's items carry no kind of their own).
func (rs ruleSet) walk(v any, hint string, depth int) (any, bool) {
	switch t := v.(type) {
	case map[string]any:
		if depth > maxDepth {
			return rs.tooDeep, true
		}
		descend, itemHint := rs.visit(t, hint)
		if !descend {
			return nil, false
		}
		for k, c := range t {
			h := ""
			if k == "items" {
				h = itemHint
			}
			if nv, replace := rs.walk(c, h, depth+1); replace {
				t[k] = nv
			}
		}
	case []any:
		if depth > maxDepth {
			return rs.tooDeep, true
		}
		for i, c := range t {
			if nv, replace := rs.walk(c, hint, depth+1); replace {
				t[i] = nv
			}
		}
	}
	return nil, false
}

// machineRules mask every value the machine-mode rules name (machineMap), in every map.
var machineRules = ruleSet{
	visit: func(m map[string]any, hint string) (bool, string) {
		machineMap(m, hint)
		return true, listItemKind(m)
	},
	tooDeep: Masked,
}

// peopleRules strip every Secret found at any depth, and do not walk into a Secret after
// stripping it (SecretObject applies the owner rule inside it); every other map has its owner
// entries fingerprinted (owner.go).
var peopleRules = ruleSet{
	visit: func(m map[string]any, hint string) (bool, string) {
		if IsSecret(m) || hint == "Secret" && m["kind"] == nil && coreAPIVersion(m) {
			SecretObject(m)
			return false, ""
		}
		ownerMap(m)
		if coreAPIVersion(m) {
			return true, listItemKind(m)
		}
		return true, ""
	},
	tooDeep: markerTooDeep,
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
