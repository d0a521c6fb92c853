package printer

import (
	"encoding/json"
	"fmt"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/studioctl/studioctl/sanitize"
)

// jsonEscaped reports the characters Go's encoder writes raw (it escapes only below U+0020) that
// must not reach a terminal: DEL, the C1 controls, bidi and zero-width characters. The two
// noncharacters U+FFFE and U+FFFF are escaped too because YAML's reader refuses them raw, and
// the YAML printer reads this JSON.
func jsonEscaped(r rune) bool {
	return r == 0x7f || (r >= 0x80 && r < 0xa0) || r == 0xfffe || r == 0xffff || sanitize.Invisible(r)
}

// escapeJSON writes each jsonEscaped character of encoded JSON as \uXXXX (a tag character, above
// U+FFFF, as its UTF-16 surrogate pair, as JSON spells it). Every such character is outside
// ASCII's printable range, so it can only sit inside a string (JSON's structure is ASCII), and the
// result decodes to the same data.
func escapeJSON(data []byte) []byte {
	i := 0
	for i < len(data) && data[i] < 0x7f {
		i++
	}
	if i == len(data) {
		return data
	}
	out := make([]byte, 0, len(data)+32)
	out = append(out, data[:i]...)
	for i < len(data) {
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case jsonEscaped(r) && r > 0xffff:
			hi, lo := utf16.EncodeRune(r)
			out = fmt.Appendf(out, `\u%04x\u%04x`, hi, lo)
		case jsonEscaped(r):
			out = fmt.Appendf(out, `\u%04x`, r)
		default:
			out = append(out, data[i:i+size]...)
		}
		i += size
	}
	return out
}

// yamlEscaped reports the characters a YAML string must not hold raw: what JSON escapes, and the
// line and paragraph separators, which a YAML reader takes as line breaks.
func yamlEscaped(r rune) bool {
	return jsonEscaped(r) || r == 0x2028 || r == 0x2029
}

// yamlPrintable is YAML's printable set above ASCII; anything else is written as an escape.
func yamlPrintable(r rune) bool {
	return (r >= 0xa0 && r <= 0xd7ff) || (r >= 0xe000 && r <= 0xfffd && r != 0xfeff) || (r >= 0x10000 && r <= utf8.MaxRune)
}

// yamlQuote writes s as a YAML double-quoted scalar: printable text as it is, every control,
// DEL, C1 control, bidi and zero-width character as an escape YAML 1.1 and 1.2 readers both
// decode (\t, \n, \x7f, \u0085, \u202e).
func yamlQuote(s string) []byte {
	b := make([]byte, 0, len(s)+2)
	b = append(b, '"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b = append(b, '\\', byte(r))
		case r == '\t':
			b = append(b, `\t`...)
		case r == '\n':
			b = append(b, `\n`...)
		case r < 0x20 || r == 0x7f:
			b = fmt.Appendf(b, `\x%02x`, r)
		case r < 0x7f:
			b = append(b, byte(r))
		case yamlEscaped(r) || !yamlPrintable(r):
			if r > 0xffff {
				b = fmt.Appendf(b, `\U%08x`, r)
			} else {
				b = fmt.Appendf(b, `\u%04x`, r)
			}
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return append(b, '"')
}

// needsYAMLQuote reports whether a JSON string literal (quotes included, as escapeJSON left it)
// holds a yamlEscaped character. Each of them is written as a \u escape in that JSON, so a
// literal with no backslash is skipped without decoding it.
func needsYAMLQuote(lit []byte) (string, bool) {
	hasEscape := false
	for _, c := range lit {
		if c == '\\' {
			hasEscape = true
			break
		}
	}
	if !hasEscape {
		return "", false
	}
	var s string
	if json.Unmarshal(lit, &s) != nil {
		return "", false
	}
	for _, r := range s {
		if yamlEscaped(r) {
			return s, true
		}
	}
	return "", false
}
