// Package sanitize decides what may reach a terminal: escape sequences are removed, and control,
// bidi and zero-width characters are shown escaped.
package sanitize

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// String makes server text safe for a terminal: terminal escape sequences (CSI, OSC, DCS and the
// other string sequences, character-set selections, every other ESC sequence, and their one-byte
// C1 forms) are removed; every remaining C0 and C1 control character except tab, DEL, bytes that
// are not UTF-8, and the Unicode bidi overrides and zero-width characters are shown escaped as
// \xNN or \uNNNN. Nothing the server wrote can move the cursor, retitle the terminal or reach the
// clipboard.
func String(s string) string {
	if isPlain(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c == 0x1b {
			i = skipEscape(s, i)
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02x`, c)
		case r == 0x9b || r == 0x9d || r == 0x90 || r == 0x98 || r == 0x9e || r == 0x9f:
			i = skipC1String(s, i+size, r)
			continue
		case r == '\t':
			b.WriteByte('\t')
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r >= 0x80 && r < 0xa0:
			fmt.Fprintf(&b, `\u%04x`, r)
		case Invisible(r) && r > 0xffff:
			fmt.Fprintf(&b, `\U%08x`, r)
		case Invisible(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// isPlain is the fast path: printable ASCII and tabs only.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < 0x20 && c != '\t') || c >= 0x7f {
			return false
		}
	}
	return true
}

// Invisible reports the characters that can make text read other than it is: the bidi controls,
// the zero-width characters, the soft hyphen, the line and paragraph separators (a line break no
// terminal shows as one), the noncharacters U+FFFE and U+FFFF, and the tag characters
// U+E0000-U+E007F, which can spell out text an agent reads and a person never sees. The printers
// escape the same set in JSON and YAML.
func Invisible(r rune) bool {
	switch {
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	case r == 0x200b, r == 0x200c, r == 0x200d, r == 0x200e, r == 0x200f, r == 0x2060, r == 0xfeff, r == 0x061c:
		return true
	case r == 0x00ad, r == 0x2028, r == 0x2029, r == 0xfffe, r == 0xffff:
		return true
	case r >= 0xe0000 && r <= 0xe007f:
		return true
	}
	return false
}

// skipEscape returns the index after the escape sequence that starts at s[i] (an ESC byte).
func skipEscape(s string, i int) int {
	j := i + 1
	if j >= len(s) {
		return j
	}
	switch s[j] {
	case '[': // CSI: parameters and intermediates, then one final byte 0x40-0x7e
		j++
		for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
			if s[j] < 0x20 && s[j] != 0x1b {
				return j // a control inside: stop here, it is escaped on its own
			}
			if s[j] == 0x1b {
				return j
			}
			j++
		}
		if j < len(s) {
			j++
		}
		return j
	case ']', 'P', 'X', '^', '_': // OSC, DCS, SOS, PM, APC: a string up to BEL or ST
		return skipString(s, j+1)
	case '(', ')', '*', '+', '-', '.', '/', '%', '#', ' ': // designations and other two-byte selections
		if j+1 < len(s) {
			return j + 2
		}
		return len(s)
	}
	// Other ESC sequences: intermediates 0x20-0x2f, then a final byte.
	for j < len(s) && s[j] >= 0x20 && s[j] <= 0x2f {
		j++
	}
	if j < len(s) {
		j++
	}
	return j
}

// skipString skips a control string's body up to its terminator: BEL, ESC \ or the C1 ST.
func skipString(s string, j int) int {
	for j < len(s) {
		switch {
		case s[j] == 0x07:
			return j + 1
		case s[j] == 0x1b:
			if j+1 < len(s) && s[j+1] == '\\' {
				return j + 2
			}
			return j
		case strings.HasPrefix(s[j:], "\u009c"):
			return j + len("\u009c")
		}
		j++
	}
	return j
}

func skipC1String(s string, j int, introducer rune) int {
	if introducer == 0x9b { // C1 CSI
		for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
			if s[j] < 0x20 {
				return j
			}
			j++
		}
		if j < len(s) {
			j++
		}
		return j
	}
	return skipString(s, j)
}

// FirstUnsafe reports the first character s holds that String would remove or escape (ESC, a C0
// control other than tab, DEL, a C1 control, a byte that is not UTF-8, a bidi override or a
// zero-width character); ok is false when there is one. Tests use it to prove output is clean.
func FirstUnsafe(s string) (r rune, ok bool) {
	for _, r := range s {
		switch {
		case r == utf8.RuneError, r < 0x20 && r != '\t', r == 0x7f, r >= 0x80 && r < 0xa0, Invisible(r):
			return r, false
		}
	}
	return 0, true
}
