package printer

import (
	"bytes"
	"encoding/json"
	"io"
	"sort"
)

// writeOrdered prints a document as JSON with its keys in a typed object's order (Docs.FieldOrder),
// four-space indented as kubectl prints; every value is encoded by MarshalJSON, so control
// characters are escaped as everywhere else.
func writeOrdered(out io.Writer, doc any, order map[string][]string) error {
	var raw bytes.Buffer
	if err := appendOrdered(&raw, doc, "", order); err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, raw.Bytes(), "", "    "); err != nil {
		return err
	}
	buf.WriteByte('\n')
	_, err := out.Write(buf.Bytes())
	return err
}

func appendOrdered(b *bytes.Buffer, v any, path string, order map[string][]string) error {
	switch x := v.(type) {
	case map[string]any:
		b.WriteByte('{')
		for i, k := range orderedKeys(x, order[path]) {
			if i > 0 {
				b.WriteByte(',')
			}
			key, err := MarshalJSON(k)
			if err != nil {
				return err
			}
			b.Write(key)
			b.WriteByte(':')
			child := k
			if path != "" {
				child = path + "." + k
			}
			if err := appendOrdered(b, x[k], child, order); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := appendOrdered(b, e, path+"[]", order); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	default:
		data, err := MarshalJSON(v)
		if err != nil {
			return err
		}
		b.Write(data)
	}
	return nil
}

// orderedKeys is the map's keys: those the order names, in its order, then the rest sorted.
func orderedKeys(m map[string]any, order []string) []string {
	keys := make([]string, 0, len(m))
	named := map[string]bool{}
	for _, k := range order {
		if _, ok := m[k]; ok && !named[k] {
			keys = append(keys, k)
			named[k] = true
		}
	}
	var rest []string
	for k := range m {
		if !named[k] {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	return append(keys, rest...)
}
