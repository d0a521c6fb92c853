package jsonpath

import (
	"bytes"
	"encoding/json"
	"io"
)

// ExecuteJSON prints the template as kubectl's -o jsonpath-as-json does: each piece of the
// template (a text, an action, and each piece of a range's body once per value it repeats over)
// prints the values it found as one JSON array, indented by four spaces, on lines of its own. A
// text prints an array of itself; an action that finds nothing prints []. allowMissing is as in
// Execute, and the output cap is the same.
func (t *Template) ExecuteJSON(w io.Writer, data any, allowMissing bool) error {
	e := &evaluator{allowMissing: allowMissing, out: &capWriter{w: w, left: MaxOutputBytes}}
	return e.jsonItems(t.root, data)
}

func (e *evaluator) jsonItems(items []item, data any) error {
	for _, it := range items {
		if it.text != nil {
			if err := e.jsonGroup([]any{*it.text}); err != nil {
				return err
			}
			continue
		}
		vals, err := e.path(it.path, []any{data})
		if err != nil {
			return err
		}
		if !it.ranged {
			if err := e.jsonGroup(vals); err != nil {
				return err
			}
			continue
		}
		for _, v := range vals {
			if err := e.jsonItems(it.body, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// jsonGroup writes one piece's values as an indented JSON array and a line feed.
func (e *evaluator) jsonGroup(vals []any) error {
	if vals == nil {
		vals = []any{}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "    ")
	if err := enc.Encode(vals); err != nil {
		return errorf(-1, msgNotJSON)
	}
	_, err := e.out.Write(b.Bytes())
	return err
}
