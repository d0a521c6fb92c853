package jsonpath

// maxSkeletonIndex is the largest index Skeleton builds a list for.
const maxSkeletonIndex = 64

// Skeleton builds the smallest document in which a template of one simple path (fields, ['key'],
// an index, [*] and .*) finds leaf, so a caller can ask what a rule does to the value at that path
// without any object (machine mode's --sort-by check). ok is false for every other template: text,
// ranges, several actions, recursive descent, unions, slices, filters and literals, where the
// values found cannot be told from the path alone.
func (t *Template) Skeleton(leaf any) (doc any, ok bool) {
	if len(t.root) != 1 || t.root[0].text != nil || t.root[0].ranged || t.root[0].path == nil {
		return nil, false
	}
	steps := t.root[0].path
	doc = leaf
	for i := len(steps) - 1; i >= 0; i-- {
		if doc, ok = wrap(steps[i], doc); !ok {
			return nil, false
		}
	}
	return doc, true
}

// wrap is the value in which one step finds v.
func wrap(st step, v any) (any, bool) {
	switch st.kind {
	case stepRoot:
		return v, true
	case stepWildcard:
		return map[string]any{"x": v}, true
	case stepField:
		if st.names == nil {
			return map[string]any{st.name: v}, true
		}
		for i := len(st.names) - 1; i >= 0; i-- {
			v = map[string]any{st.names[i]: v}
		}
		return v, true
	case stepSlice:
		return wrapIndex(st.slice, v)
	}
	return nil, false
}

// wrapIndex is the list in which [*], [i] or [-i] finds v (at the index, the other places null).
func wrapIndex(p [3]param, v any) (any, bool) {
	switch {
	case !p[0].known && !p[1].known && !p[2].known: // [*]
		return []any{v}, true
	case p[2].known || !p[1].derived:
		return nil, false // a slice: [a:b] or [a:b:c]
	case p[0].value < 0 && p[0].value >= -maxSkeletonIndex:
		return []any{v}, true // [-1]: one element is the last one
	case p[0].value >= 0 && p[0].value <= maxSkeletonIndex:
		list := make([]any, p[0].value+1)
		list[p[0].value] = v
		return list, true
	}
	return nil, false
}
