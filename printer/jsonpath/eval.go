package jsonpath

import (
	"bytes"
	"encoding/json"
	"io"
	"sort"
	"strconv"
	"strings"
)

// Execute prints the template against data as kubectl does: text as written, and each action's
// values joined by single spaces (strings as they are, maps and lists as compact JSON). With
// allowMissing (kubectl's default), a missing key prints nothing; without it, it is an error.
func (t *Template) Execute(w io.Writer, data any, allowMissing bool) error {
	e := &evaluator{allowMissing: allowMissing, out: &capWriter{w: w, left: MaxOutputBytes}}
	return e.items(t.root, data)
}

// Find evaluates a template that is one action and answers the values it finds, for custom
// columns and --sort-by; missing keys find nothing.
func (t *Template) Find(data any) ([]any, error) {
	e := &evaluator{allowMissing: true}
	var out []any
	for _, it := range t.root {
		if it.text != nil || it.ranged {
			continue
		}
		vals, err := e.path(it.path, []any{data})
		if err != nil {
			return nil, err
		}
		out = append(out, vals...)
	}
	return out, nil
}

type evaluator struct {
	allowMissing bool
	work         int
	out          *capWriter
}

func (e *evaluator) items(items []item, data any) error {
	for _, it := range items {
		switch {
		case it.text != nil:
			if _, err := io.WriteString(e.out, *it.text); err != nil {
				return err
			}
		case it.ranged:
			vals, err := e.path(it.path, []any{data})
			if err != nil {
				return err
			}
			for _, v := range vals {
				if err := e.items(it.body, v); err != nil {
					return err
				}
			}
		default:
			vals, err := e.path(it.path, []any{data})
			if err != nil {
				return err
			}
			if err := e.print(vals); err != nil {
				return err
			}
		}
	}
	return nil
}

func (e *evaluator) print(vals []any) error {
	for i, v := range vals {
		if i > 0 {
			if _, err := io.WriteString(e.out, " "); err != nil {
				return err
			}
		}
		if _, err := io.WriteString(e.out, Text(v)); err != nil {
			return err
		}
	}
	return nil
}

// Text is how kubectl's JSONPath prints one value: a string as it is, a number as its decoded
// value prints, a map or a list as compact JSON, and null as "<no value>".
func Text(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return numberText(x)
	case bool:
		return strconv.FormatBool(x)
	case nil:
		return "<no value>"
	case map[string]any, []any:
		data, err := json.Marshal(x)
		if err != nil {
			return ""
		}
		return string(data)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	return ""
}

// numberText prints a number as kubectl's decoded objects hold it: a whole number as an integer,
// anything else as a float prints (1e+06 for 1000000.0).
func numberText(n json.Number) string {
	if _, err := strconv.ParseInt(string(n), 10, 64); err == nil {
		return string(n)
	}
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil {
		return string(n)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

func numberLiteral(s string) json.Number { return json.Number(s) }

// path evaluates steps from the values in.
func (e *evaluator) path(steps []step, in []any) ([]any, error) {
	cur := in
	for _, st := range steps {
		next, err := e.step(st, cur)
		if err != nil {
			return nil, err
		}
		e.work += len(next)
		if len(next) > MaxValues || e.work > MaxWork {
			return nil, errorf(-1, msgTooMuchWork)
		}
		cur = next
	}
	return cur, nil
}

func (e *evaluator) step(st step, in []any) ([]any, error) {
	switch st.kind {
	case stepRoot:
		return in, nil
	case stepLiteral:
		return []any{st.literal}, nil
	case stepField:
		if st.names != nil {
			return e.fields(st.names, in)
		}
		return e.field(st.name, in)
	case stepRecursive:
		var out []any
		for _, v := range in {
			out = e.descend(v, out)
		}
		return out, nil
	case stepWildcard:
		var out []any
		for _, v := range in {
			if m, ok := v.(map[string]any); ok {
				for _, k := range sortedKeys(m) {
					out = append(out, m[k])
				}
			}
		}
		return out, nil
	case stepSlice:
		return e.slice(st.slice, in)
	case stepUnion:
		var out []any
		for _, alt := range st.union {
			vals, err := e.path(alt, in)
			if err != nil {
				return nil, err
			}
			out = append(out, vals...)
		}
		return out, nil
	}
	return e.filter(st.filter, in)
}

func (e *evaluator) fields(names []string, in []any) ([]any, error) {
	var err error
	for _, n := range names {
		if in, err = e.field(n, in); err != nil {
			return nil, err
		}
	}
	return in, nil
}

// field reads a key of each map; a value that is not a map has no keys. When there were values
// and none had the key, the key is missing.
func (e *evaluator) field(name string, in []any) ([]any, error) {
	var out []any
	for _, v := range in {
		if m, ok := v.(map[string]any); ok {
			if x, ok := m[name]; ok {
				out = append(out, x)
			}
		}
	}
	if len(out) == 0 && len(in) > 0 && !e.allowMissing {
		return nil, errorf(-1, msgNotFound, name)
	}
	return out, nil
}

// descend collects v and every map and list below it that holds something, maps in key order.
func (e *evaluator) descend(v any, out []any) []any {
	e.work++
	if e.work > MaxWork {
		return out
	}
	switch x := v.(type) {
	case map[string]any:
		if len(x) == 0 {
			return out
		}
		out = append(out, x)
		for _, k := range sortedKeys(x) {
			out = e.descend(x[k], out)
		}
	case []any:
		if len(x) == 0 {
			return out
		}
		out = append(out, x)
		for _, it := range x {
			out = e.descend(it, out)
		}
	}
	return out
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// slice applies kubectl's index and slice rules: negative positions count from the end, an
// index out of range is an error, and a step must be positive.
func (e *evaluator) slice(p [3]param, in []any) ([]any, error) {
	var out []any
	for _, v := range in {
		list, ok := v.([]any)
		if !ok {
			if v == nil {
				continue
			}
			return nil, errorf(-1, msgNotList)
		}
		n := len(list)
		start, end := p[0].value, n
		if start < 0 {
			start += n
		}
		if p[1].known {
			end = p[1].value
			if end < 0 || (end == 0 && p[1].derived) {
				end += n
			}
		}
		if start == end {
			continue
		}
		if start < 0 || start >= n || end < 0 || end > n {
			return nil, errorf(-1, msgOutOfRange, start, n)
		}
		if start > end {
			return nil, errorf(-1, msgStartAfterEnd, start, end)
		}
		stride := 1
		if p[2].known {
			if p[2].value <= 0 {
				return nil, errorf(-1, msgBadStep)
			}
			stride = p[2].value
		}
		for i := start; i < end; i += stride {
			out = append(out, list[i])
		}
	}
	return out, nil
}

// capWriter stops a template that prints more than its cap.
type capWriter struct {
	w    io.Writer
	left int
}

func (c *capWriter) Write(p []byte) (int, error) {
	if len(p) > c.left {
		return 0, errorf(-1, msgTooMuchOutput, MaxOutputBytes>>20)
	}
	c.left -= len(p)
	return c.w.Write(p)
}

// String runs the template and answers what it printed.
func (t *Template) String(data any, allowMissing bool) (string, error) {
	var b bytes.Buffer
	err := t.Execute(&b, data, allowMissing)
	return b.String(), err
}

// Source is the template's text as given.
func (t *Template) Source() string { return strings.Clone(t.text) }
