package jsonpath

import "io"

// Stream runs a template over a List one item at a time, for the templates whose output over the
// whole List is the concatenation of their output over each item: text and literals around at
// most one action (or range) whose path reads the items one by one, .items[*]... or ..name...
// Its output is byte for byte what Execute prints on the List, so a long list is printed as it is
// read and never held whole.
type Stream struct {
	pre, post []item
	act       *item  // the action or range that reads the items; nil when none does
	rest      []step // act's path from one item
	printed   bool   // act printed a value: its values are joined by spaces across items too
}

// envelopeKeys are the keys of the List envelope (and of its metadata) that ..name could also find
// outside the items, which would make the output differ from the items' concatenation.
var envelopeKeys = map[string]bool{"apiVersion": true, "items": true, "kind": true, "metadata": true, "resourceVersion": true}

// Streamer answers the template as a Stream, or false when its output needs the whole List (an
// index into the items, two actions over them, a union, a missing key that must fail). Without
// allowMissing a key missing from one item but present in another fails only per item, so such a
// template is never streamed.
func (t *Template) Streamer(allowMissing bool) (*Stream, bool) {
	if !allowMissing {
		return nil, false
	}
	s := &Stream{}
	for i := range t.root {
		it := &t.root[i]
		switch {
		case constant(it) && s.act == nil:
			s.pre = append(s.pre, *it)
		case constant(it):
			s.post = append(s.post, *it)
		case s.act != nil:
			return nil, false
		default:
			rest, ok := perItem(it.path)
			if !ok {
				return nil, false
			}
			s.act, s.rest = it, rest
		}
	}
	return s, true
}

// constant reports whether an item prints the same whatever the data: text, or a literal.
func constant(it *item) bool {
	if it.text != nil {
		return true
	}
	if it.ranged {
		return false
	}
	lit := false
	for _, st := range it.path {
		switch st.kind {
		case stepLiteral:
			lit = true
		case stepRoot:
		default:
			return false
		}
	}
	return lit
}

// perItem rewrites a path over the List as the path over one item when the List's values are the
// items' values in order: .items[*]REST reads REST of each item; ..name REST finds, in the
// depth-first walk, nothing outside the items when name is no key of the envelope. REST must map
// each value on its own (a union or a literal gathers across values, so it is not streamed).
func perItem(path []step) ([]step, bool) {
	var steps []step
	for _, st := range path {
		if st.kind != stepRoot {
			steps = append(steps, st)
		}
	}
	var rest []step
	switch {
	case len(steps) >= 2 && steps[0].kind == stepField && steps[0].names == nil && steps[0].name == "items" &&
		steps[1].kind == stepSlice && steps[1].slice == [3]param{}:
		rest = steps[2:]
	case len(steps) >= 2 && steps[0].kind == stepRecursive && steps[1].kind == stepField && steps[1].names == nil &&
		!envelopeKeys[steps[1].name]:
		rest = steps
	default:
		return nil, false
	}
	for _, st := range rest {
		if st.kind == stepUnion || st.kind == stepLiteral {
			return nil, false
		}
	}
	return rest, true
}

// Begin prints what the template prints before the items.
func (s *Stream) Begin(w io.Writer) error { return s.constants(w, s.pre) }

// End prints what the template prints after the items.
func (s *Stream) End(w io.Writer) error { return s.constants(w, s.post) }

func (s *Stream) constants(w io.Writer, items []item) error {
	e := &evaluator{allowMissing: true, out: &capWriter{w: w, left: MaxOutputBytes}}
	return e.items(items, nil)
}

// Item prints the template's output for one item of the List. Each item has the template's bounds
// of work and output on its own.
func (s *Stream) Item(w io.Writer, obj any) error {
	if s.act == nil {
		return nil
	}
	e := &evaluator{allowMissing: true, out: &capWriter{w: w, left: MaxOutputBytes}}
	vals, err := e.path(s.rest, []any{obj})
	if err != nil {
		return err
	}
	if s.act.ranged {
		for _, v := range vals {
			if err := e.items(s.act.body, v); err != nil {
				return err
			}
		}
		return nil
	}
	for _, v := range vals {
		if s.printed {
			if _, err := io.WriteString(e.out, " "); err != nil {
				return err
			}
		}
		s.printed = true
		if _, err := io.WriteString(e.out, Text(v)); err != nil {
			return err
		}
	}
	return nil
}
