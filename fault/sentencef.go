package fault

import (
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/sanitize"
)

// Sentencef is the one formatter of studioctl's sentences: every *Error sentence and every notice
// composed from a template goes through it. Each string-like value it interpolates (a string, a
// []byte, an error, a fmt.Stringer) is made safe for a terminal with sanitize.String, so a name
// the server sent or the user typed cannot carry an escape sequence, a control character, a bidi
// override or a zero-width character into the sentence; and a value longer than limits.MaxSentenceValue
// characters is cut to that many, with "…" after it, so a 100 KB name is not echoed whole. The
// template itself is studioctl's own text. Numbers and other values are formatted as fmt does.
//
// %q quotes a value as Go does when sanitising left it as it was; a value that sanitising changed
// is quoted as it now reads (its escapes such as \x07 are shown once, not doubled).
func Sentencef(format string, args ...any) string {
	if len(args) == 0 {
		return format
	}
	clean := make([]any, len(args))
	for i, a := range args {
		clean[i] = sentenceArg(a)
	}
	return fmt.Sprintf(format, clean...)
}

func sentenceArg(a any) any {
	switch v := a.(type) {
	case string:
		return safeValue{v, a}
	case []byte:
		return safeValue{string(v), a}
	case error:
		return safeValue{v.Error(), a}
	case fmt.Stringer:
		return safeValue{v.String(), a}
	case []string:
		out := make([]safeValue, len(v))
		for i, s := range v {
			out[i] = safeValue{s, s}
		}
		return out
	}
	return a
}

// safeValue is one interpolated value; its text is sanitised and cut when it is formatted as
// text (%s, %q, %v). Any other verb (a Stringer under %d) formats the original value.
type safeValue struct {
	text string
	orig any
}

// Format implements fmt.Formatter.
func (v safeValue) Format(f fmt.State, verb rune) {
	switch verb {
	case 's', 'q', 'v':
	default:
		fmt.Fprintf(f, fmt.FormatString(f, verb), v.orig)
		return
	}
	raw := v.text
	s := CutValue(sanitize.String(raw))
	if verb == 'q' {
		if s == raw {
			fmt.Fprint(f, strconv.Quote(s))
			return
		}
		b := make([]byte, 0, len(s)+2)
		b = append(b, '"')
		for i := 0; i < len(s); i++ {
			if s[i] == '"' {
				b = append(b, '\\')
			}
			b = append(b, s[i])
		}
		f.Write(append(b, '"'))
		return
	}
	fmt.Fprintf(f, fmt.FormatString(f, verb), s)
}

// CutValue keeps the first limits.MaxSentenceValue characters of s.
func CutValue(s string) string {
	if len(s) <= limits.MaxSentenceValue || utf8.RuneCountInString(s) <= limits.MaxSentenceValue {
		return s
	}
	n := 0
	for i := range s {
		if n == limits.MaxSentenceValue {
			return s[:i] + "…"
		}
		n++
	}
	return s
}
