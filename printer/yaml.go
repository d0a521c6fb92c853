package printer

import (
	"bytes"
	"strconv"

	"github.com/studioctl/studioctl/apivalue"
)

// toYAML prints encoded JSON as YAML through sigs.k8s.io/yaml, the library kubectl prints with,
// so ordinary data comes out byte for byte as kubectl's. Its emitter writes bidi and zero-width
// characters raw (even unquoted) and NEL and U+2028/U+2029 as line breaks, and it cannot be told
// to quote a string. So each string holding such a character is swapped for a plain placeholder
// before the emitter runs and written back afterwards as a double-quoted scalar with escapes. A
// swapped map key sorts by its placeholder, not its text.
func toYAML(data []byte) ([]byte, error) {
	prefix := placeholderPrefix(data)
	held, strs := holdStrings(data, prefix)
	y, err := jsonToYAML(held)
	if err != nil || len(strs) == 0 {
		return y, err
	}
	return restoreStrings(y, strs, prefix), nil
}

// placeholderPrefix is a word that occurs nowhere in data. Letters only: the JSON encoder writes
// them raw, so a string holding the word would show it in data, and the emitter never quotes it.
func placeholderPrefix(data []byte) []byte {
	p := []byte("studioctlheld")
	for bytes.Contains(data, p) {
		p = append(p, 'x')
	}
	return p
}

// holdStrings replaces every JSON string literal that needsYAMLQuote with the literal
// "<prefix><n>q" and returns the strings it replaced, in order.
func holdStrings(data, prefix []byte) ([]byte, []string) {
	var out []byte
	var strs []string
	last := 0
	for i := 0; i < len(data); i++ {
		if data[i] != '"' {
			continue
		}
		end := apivalue.StringEnd(data, i)
		if end < 0 { // a text that ends inside a string: the rest is that string
			end = len(data)
		}
		if s, ok := needsYAMLQuote(data[i:end]); ok {
			out = append(out, data[last:i]...)
			out = append(out, '"')
			out = appendPlaceholder(out, prefix, len(strs))
			out = append(out, '"')
			strs = append(strs, s)
			last = end
		}
		i = end - 1
	}
	if strs == nil {
		return data, nil
	}
	return append(out, data[last:]...), strs
}

func appendPlaceholder(b, prefix []byte, n int) []byte {
	b = append(b, prefix...)
	b = strconv.AppendInt(b, int64(n), 10)
	return append(b, 'q')
}

// maxSimpleKey is the emitter's own limit for a key written as "key: value"; a longer key is
// written as an explicit "? key" entry, as the emitter does, which also keeps it under the
// reader's 1024-character limit for implicit keys.
const maxSimpleKey = 128

// restoreStrings writes each placeholder back as its string, double-quoted with escapes. A
// placeholder followed by ':' is a map key; the others are values or sequence items.
func restoreStrings(y []byte, strs []string, prefix []byte) []byte {
	out := make([]byte, 0, len(y)+64*len(strs))
	for {
		k := bytes.Index(y, prefix)
		if k < 0 {
			return append(out, y...)
		}
		n, end := placeholderIndex(y, k+len(prefix))
		if n < 0 || n >= len(strs) {
			out = append(out, y[:k+len(prefix)]...)
			y = y[k+len(prefix):]
			continue
		}
		out = append(out, y[:k]...)
		q := yamlQuote(strs[n])
		if end < len(y) && y[end] == ':' && len(q) > maxSimpleKey {
			out = explicitKey(out, q)
			end++
		} else {
			out = append(out, q...)
		}
		y = y[end:]
	}
}

// placeholderIndex reads "<n>q" at y[i:] and returns n and the index after the q, or -1.
func placeholderIndex(y []byte, i int) (int, int) {
	j := i
	for j < len(y) && y[j] >= '0' && y[j] <= '9' {
		j++
	}
	if j == i || j >= len(y) || y[j] != 'q' {
		return -1, i
	}
	n, err := strconv.Atoi(string(y[i:j]))
	if err != nil {
		return -1, i
	}
	return n, j + 1
}

// explicitKey appends "? key", a line break and the ':' under the '?', given out ends where the
// key starts (after its line's indentation and any "- ").
func explicitKey(out, q []byte) []byte {
	col := len(out) - (bytes.LastIndexByte(out, '\n') + 1)
	out = append(out, "? "...)
	out = append(out, q...)
	out = append(out, '\n')
	out = append(out, bytes.Repeat([]byte{' '}, col)...)
	return append(out, ':')
}
