// Package jsonw writes decoded JSON values (maps, slices, strings, json.Number, bools, nil) as
// Go's encoder with HTML escaping off and then json.Indent would, byte for byte, without the
// reflection encoder and without the second pass indenting took: on get pods -A -o json that
// pair was a third of studioctl's CPU. Keys are sorted; strings are escaped as the encoder
// escapes them, and each character a Writer's Escape reports as \uXXXX (a surrogate pair above
// U+FFFF). A value of any other type (a caller's own struct, a float) is refused (ok false): the
// caller then takes the encoder's road. printer's TestAppendJSONIsTheEncoders holds the two equal
// over every recorded answer.
package jsonw

import (
	"encoding/json"
	"slices"
	"unicode/utf16"
	"unicode/utf8"
)

// Writer writes JSON; Escape, when set, names the characters written as escapes beyond those Go's
// encoder escapes.
type Writer struct {
	Escape func(rune) bool
	// Raw lets a json.RawMessage through, written as it is: for a caller whose raw values are
	// compact JSON it decoded itself (the snapshot reader), never for printed output.
	Raw bool
}

// Append writes v after dst, indented as json.Indent(prefix, indent) indents (compact with indent
// ""), or answers false.
func (w Writer) Append(dst []byte, v any, prefix, indent string) ([]byte, bool) {
	return w.appendJSON(dst, v, prefix, indent, 0)
}

func (w Writer) appendJSON(dst []byte, v any, prefix, indent string, depth int) ([]byte, bool) {
	switch t := v.(type) {
	case nil:
		return append(dst, "null"...), true
	case bool:
		if t {
			return append(dst, "true"...), true
		}
		return append(dst, "false"...), true
	case string:
		return w.appendString(dst, t), true
	case json.Number:
		if t == "" {
			return append(dst, '0'), true
		}
		if !validNumber(string(t)) {
			return dst, false
		}
		return append(dst, t...), true
	case json.RawMessage:
		if !w.Raw || len(t) == 0 {
			return dst, false
		}
		return append(dst, t...), true
	case map[string]any:
		return w.appendObject(dst, t, prefix, indent, depth)
	case []any:
		return w.appendArray(dst, t, prefix, indent, depth)
	}
	return dst, false
}

func (w Writer) appendObject(dst []byte, m map[string]any, prefix, indent string, depth int) ([]byte, bool) {
	if m == nil {
		return append(dst, "null"...), true // as the encoder writes a nil map
	}
	if len(m) == 0 {
		return append(dst, "{}"...), true
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	dst = append(dst, '{')
	for i, k := range keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = newline(dst, prefix, indent, depth+1)
		dst = w.appendString(dst, k)
		dst = append(dst, ':')
		if indent != "" {
			dst = append(dst, ' ')
		}
		var ok bool
		if dst, ok = w.appendJSON(dst, m[k], prefix, indent, depth+1); !ok {
			return dst, false
		}
	}
	dst = newline(dst, prefix, indent, depth)
	return append(dst, '}'), true
}

func (w Writer) appendArray(dst []byte, a []any, prefix, indent string, depth int) ([]byte, bool) {
	if a == nil {
		return append(dst, "null"...), true // as the encoder writes a nil slice
	}
	if len(a) == 0 {
		return append(dst, "[]"...), true
	}
	dst = append(dst, '[')
	for i, e := range a {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = newline(dst, prefix, indent, depth+1)
		var ok bool
		if dst, ok = w.appendJSON(dst, e, prefix, indent, depth+1); !ok {
			return dst, false
		}
	}
	dst = newline(dst, prefix, indent, depth)
	return append(dst, ']'), true
}

// newline starts a line at depth, as json.Indent does; nothing when compact.
func newline(dst []byte, prefix, indent string, depth int) []byte {
	if indent == "" {
		return dst
	}
	dst = append(dst, '\n')
	dst = append(dst, prefix...)
	for range depth {
		dst = append(dst, indent...)
	}
	return dst
}

const hexDigits = "0123456789abcdef"

// AppendString quotes s as Go's encoder does with HTML escaping off (\b \f \n \r \t, other
// controls as \u00XX, U+2028 and U+2029 escaped, invalid UTF-8 as \ufffd), and every character
// Escape reports as \uXXXX (a surrogate pair above U+FFFF).
func (w Writer) AppendString(dst []byte, s string) []byte { return w.appendString(dst, s) }

func (w Writer) appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' && !(b == 0x7f && w.escapes(0x7f)) {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '"', '\\':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, `\b`...)
			case '\f':
				dst = append(dst, `\f`...)
			case '\n':
				dst = append(dst, `\n`...)
			case '\r':
				dst = append(dst, `\r`...)
			case '\t':
				dst = append(dst, `\t`...)
			default:
				dst = appendU(dst, rune(b))
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case r == 0x2028 || r == 0x2029 || (r <= 0xffff && w.escapes(r)):
			dst = append(dst, s[start:i]...)
			dst = appendU(dst, r)
		case w.escapes(r):
			dst = append(dst, s[start:i]...)
			hi, lo := utf16.EncodeRune(r)
			dst = appendU(appendU(dst, hi), lo)
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// appendU writes \uXXXX in lower-case hex.
func appendU(dst []byte, r rune) []byte {
	return append(dst, '\\', 'u', hexDigits[r>>12&0xf], hexDigits[r>>8&0xf], hexDigits[r>>4&0xf], hexDigits[r&0xf])
}

func (w Writer) escapes(r rune) bool { return w.Escape != nil && w.Escape(r) }

// validNumber reports whether s is a JSON number, as the encoder checks a json.Number before it
// writes one: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?. Numbers are in every object, so this
// is a scan of their few bytes rather than the JSON scanner's.
func validNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		i = digits(s, i)
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		if j := digits(s, i+1); j > i+1 {
			i = j
		} else {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if j := digits(s, i); j > i {
			i = j
		} else {
			return false
		}
	}
	return i == len(s)
}

// digits is the index after the run of decimal digits from s[i].
func digits(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}
