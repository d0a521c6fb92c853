package printer

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"unicode"

	yamlv2 "go.yaml.in/yaml/v2"
)

// yamlEmitter writes a decoded object in block style as the YAML marshaller kubectl prints with
// writes it, for the documents that make up nearly every list: ASCII strings on one line, whole
// numbers, booleans and nulls. It is -o yaml's fast road over 20,000 pods, where the marshaller's
// reflection and event machinery were half of studioctl's CPU. Whatever it is not sure to write
// byte for byte as the marshaller does (a float, a string with a control or non-ASCII character,
// one that the marshaller could fold at 80 columns, a key long enough to be written as "? key")
// makes it give up on the whole document, which then takes the old road (toYAML);
// TestYAMLEmitterIsTheMarshallers holds the two equal over every recorded answer.
//
// A string's scalar is decided as the marshaller decides it: plain unless it would read back as
// another type, or holds what a plain scalar cannot. The common case (a letter first, then
// letters, digits and a few safe marks) is decided here; any other string is handed to the
// marshaller alone and its one-line answer is kept in a bounded cache.
type yamlEmitter struct {
	cache map[string]string
}

// yamlCacheSize bounds the scalars the emitter remembers; past it the cache starts again, so
// memory stays flat over any number of documents.
const yamlCacheSize = 4096

// yamlFoldColumn is the marshaller's best width: a scalar with a space that ends past it may be
// folded onto the next line.
const yamlFoldColumn = 80

// yamlMaxKey keeps keys well below the marshaller's 128-character limit for "key: value".
const yamlMaxKey = 100

// item writes o as the one item of a sequence at column 0 ("- key: value"), as the List's
// items hold it, or answers false.
func (e *yamlEmitter) item(dst []byte, o map[string]any) ([]byte, bool) {
	return e.seq(dst, []any{o}, 0, false)
}

// mapKey is a mapping's key: as the data holds it, and as the marshaller writes it.
type mapKey struct{ raw, text string }

// value writes v after "key:" (key is set) or "- " (key is nil) on the current line; indent is
// the column of that key or dash.
func (e *yamlEmitter) value(dst []byte, v any, indent int, key *mapKey) ([]byte, bool) {
	afterKey := key != nil
	switch t := v.(type) {
	case map[string]any:
		if len(t) == 0 {
			return appendSpaced(dst, "{}", afterKey), true
		}
		if afterKey {
			return e.mapping(append(dst, '\n'), t, indent+2, false)
		}
		return e.mapping(dst, t, indent+2, true)
	case []any:
		if len(t) == 0 {
			return appendSpaced(dst, "[]", afterKey), true
		}
		if afterKey {
			// A sequence under a key is not indented.
			return e.seq(append(dst, '\n'), t, indent, false)
		}
		return e.seq(dst, t, indent+2, true)
	}
	s, free, ok := e.scalar(v)
	if !ok {
		return dst, false
	}
	if afterKey {
		dst = append(dst, ' ')
	}
	col := len(dst) - (lastNewline(dst) + 1)
	if !free || (col+len(s) > yamlFoldColumn && strings.IndexByte(s, ' ') >= 0) {
		// A block scalar, or one the marshaller may fold: written by the marshaller where it
		// stands.
		if s, ok = inContext(v.(string), indent, key); !ok {
			return dst, false
		}
	}
	return append(append(dst, s...), '\n'), true
}

// inContext is how the marshaller writes the string s as the value of key (or, key nil, as a
// sequence item), where the key or the dash stands at column col: what its lines fold at and
// indent to depends only on that column and the key. It marshals a document that puts s there
// (col/2 levels of one-key mappings, then the key, or a key holding a one-item sequence, whose
// dash a mapping's sequence puts in its key's column) and cuts s's text out of it.
func inContext(s string, col int, key *mapKey) (string, bool) {
	var v any = map[interface{}]interface{}{"a": []interface{}{s}}
	if key != nil {
		v = map[interface{}]interface{}{key.raw: s}
	}
	for range col / 2 {
		v = map[interface{}]interface{}{"a": v}
	}
	out, err := yamlv2.Marshal(v)
	if err != nil {
		return "", false
	}
	text := string(out)
	for range col / 2 {
		_, text, _ = strings.Cut(text, "\n")
	}
	prefix := strings.Repeat(" ", col) + "- "
	if key != nil {
		// The key's line: col spaces, the key as written (which may itself hold ": "), ':'
		// and a space.
		prefix = strings.Repeat(" ", col) + key.text + ": "
	} else {
		_, text, _ = strings.Cut(text, "\n") // the "a:" line
	}
	text, ok := strings.CutPrefix(text, prefix)
	return strings.TrimSuffix(text, "\n"), ok
}

// mapping writes a non-empty mapping whose keys start at column indent; inline says the first
// key goes on the current line (after "- ").
func (e *yamlEmitter) mapping(dst []byte, m map[string]any, indent int, inline bool) ([]byte, bool) {
	keys := make([]string, 0, len(m))
	for k := range m {
		if len(k) > yamlMaxKey {
			return dst, false
		}
		keys = append(keys, k)
	}
	sort.Sort(yamlKeys(keys))
	for i, k := range keys {
		if i > 0 || !inline {
			dst = appendIndent(dst, indent)
		}
		ks, free, ok := e.string(k)
		if !ok || !free {
			return dst, false
		}
		dst = append(append(dst, ks...), ':')
		if dst, ok = e.value(dst, m[k], indent, &mapKey{raw: k, text: ks}); !ok {
			return dst, false
		}
	}
	return dst, true
}

// seq writes a non-empty sequence whose dashes start at column indent; inline says the first
// item goes on the current line.
func (e *yamlEmitter) seq(dst []byte, a []any, indent int, inline bool) ([]byte, bool) {
	for i, v := range a {
		if i > 0 || !inline {
			dst = appendIndent(dst, indent)
		}
		dst = append(dst, "- "...)
		var ok bool
		if dst, ok = e.value(dst, v, indent, nil); !ok {
			return dst, false
		}
	}
	return dst, true
}

// scalar is a scalar's text as the marshaller writes it at the start of a line; free says that
// text is the same wherever the scalar stands (it is one line, and folds only where a space
// stands past column 80).
func (e *yamlEmitter) scalar(v any) (text string, free, ok bool) {
	switch t := v.(type) {
	case nil:
		return "null", true, true
	case bool:
		if t {
			return "true", true, true
		}
		return "false", true, true
	case string:
		return e.string(t)
	case json.Number:
		switch n := resolveNumber(string(t)).(type) {
		case int:
			return strconv.Itoa(n), true, true
		case int64:
			return strconv.FormatInt(n, 10), true, true
		case uint64:
			return strconv.FormatUint(n, 10), true, true
		case string:
			// The old road hands the marshaller this text as a string; inContext would not.
			text, free, ok := e.string(n)
			return text, free, ok && free
		}
	}
	return "", false, false
}

// string is a string's scalar: plain when it surely is, else the marshaller's own answer at the
// start of a line (free when that is one line). A line break is written as the marshaller writes
// it; other controls and non-ASCII text take the old road, with its escapes.
func (e *yamlEmitter) string(s string) (text string, free, ok bool) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 && c != '\n') || c >= 0x7f {
			return "", false, false
		}
	}
	if plainForSure(s) {
		return s, true, true
	}
	if q, ok := e.cache[s]; ok {
		return q, !strings.Contains(q, "\n"), true
	}
	out, err := yamlv2.Marshal(s)
	if err != nil {
		return "", false, false
	}
	q := strings.TrimSuffix(string(out), "\n")
	if e.cache == nil || len(e.cache) >= yamlCacheSize {
		e.cache = make(map[string]string, 256)
	}
	e.cache[s] = q
	return q, !strings.Contains(q, "\n"), true
}

// yamlWords are the letter-led plain scalars the marshaller's reader takes for booleans and null.
var yamlWords = map[string]bool{
	"y": true, "Y": true, "yes": true, "Yes": true, "YES": true, "n": true, "N": true, "no": true, "No": true, "NO": true,
	"true": true, "True": true, "TRUE": true, "false": true, "False": true, "FALSE": true,
	"on": true, "On": true, "ON": true, "off": true, "Off": true, "OFF": true, "null": true, "Null": true, "NULL": true,
}

// plainForSure: an ASCII letter first, then letters, digits and marks that mean nothing inside
// a block-context plain scalar, no ':' last, and no word the reader resolves to a bool or null.
func plainForSure(s string) bool {
	if s == "" || !isASCIILetter(s[0]) || s[len(s)-1] == ':' || yamlWords[s] {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !isASCIILetter(c) && (c < '0' || c > '9') && !strings.ContainsRune("-._/:=+@,", rune(c)) {
			return false
		}
	}
	return true
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func appendIndent(dst []byte, n int) []byte {
	for range n {
		dst = append(dst, ' ')
	}
	return dst
}

// appendSpaced writes an empty collection after "key:" (with a space) or "- ", and ends the line.
func appendSpaced(dst []byte, s string, afterKey bool) []byte {
	if afterKey {
		dst = append(dst, ' ')
	}
	return append(append(dst, s...), '\n')
}

func lastNewline(b []byte) int {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] == '\n' {
			return i
		}
	}
	return -1
}

// yamlKeys orders string keys as the marshaller does: runs of digits compare as numbers, and a
// letter sorts after a non-letter at the first difference.
type yamlKeys []string

func (k yamlKeys) Len() int      { return len(k) }
func (k yamlKeys) Swap(i, j int) { k[i], k[j] = k[j], k[i] }
func (k yamlKeys) Less(i, j int) bool {
	a, b := []rune(k[i]), []rune(k[j])
	for p := 0; p < len(a) && p < len(b); p++ {
		if a[p] == b[p] {
			continue
		}
		al, bl := unicode.IsLetter(a[p]), unicode.IsLetter(b[p])
		if al && bl {
			return a[p] < b[p]
		}
		if al || bl {
			return bl
		}
		return digitRunLess(a, b, p)
	}
	return len(a) < len(b)
}

// digitRunLess compares the runs of digits that start at p (either may be empty), as the
// marshaller's sorter does, quirks included: when either side starts with '0' and the run
// before p holds a non-zero digit, both numbers start from 1.
func digitRunLess(a, b []rune, p int) bool {
	var an, bn int64
	if a[p] == '0' || b[p] == '0' {
		for j := p - 1; j >= 0 && unicode.IsDigit(a[j]); j-- {
			if a[j] != '0' {
				an, bn = 1, 1
				break
			}
		}
	}
	ai, bi := p, p
	for ; ai < len(a) && unicode.IsDigit(a[ai]); ai++ {
		an = an*10 + int64(a[ai]-'0')
	}
	for ; bi < len(b) && unicode.IsDigit(b[bi]); bi++ {
		bn = bn*10 + int64(b[bi]-'0')
	}
	if an != bn {
		return an < bn
	}
	if ai != bi {
		return ai < bi
	}
	return a[p] < b[p]
}
