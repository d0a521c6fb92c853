package statement

import (
	"slices"
	"strings"
)

// CredentialMask is what a credential flag's value becomes wherever a line is kept.
const CredentialMask = "****"

// MaskCredentials replaces the value of every credential flag (CredentialFlags) in a line with
// CredentialMask, before the line is kept anywhere (the console's history, the agent's call log).
// The words are the shell's (lex, as Split reads them), so a value is masked whole however it is
// quoted: --token X, --token=X, "--token" 'a'"b c", a\ b. Every statement of the line is read, and
// a comment too. The rest of the line stays as it was typed. Where the quoting is left open, the
// unreadable rest of the line is masked when it follows a credential flag or names one.
func MaskCredentials(line string) string {
	m := masker{line: line}
	for off := 0; off <= len(line); {
		l := lex(line[off:])
		for _, w := range l.words {
			m.word(w.Text, off+w.Start, off+w.End)
		}
		if l.bad {
			m.unreadable(off + l.open)
			break
		}
		if l.operator < 0 {
			break
		}
		off += l.operator + 1
	}
	m.keep(len(line))
	return m.b.String()
}

// masker copies a line as typed, up to each word it replaces.
type masker struct {
	line   string
	b      strings.Builder
	copied int
	value  bool // the next word is a credential flag's value
}

func (m *masker) keep(upto int) {
	m.b.WriteString(m.line[m.copied:upto])
	m.copied = upto
}

func (m *masker) replace(start, end int, with string) {
	m.keep(start)
	m.b.WriteString(with)
	m.copied = end
}

func (m *masker) word(text string, start, end int) {
	if m.value {
		m.value = false
		m.replace(start, end, CredentialMask)
		return
	}
	name, _, hasValue := strings.Cut(text, "=")
	switch {
	case !isCredentialFlag(name):
	case hasValue:
		m.replace(start, end, name+"="+CredentialMask)
	default:
		m.value = true
	}
}

// unreadable masks the rest of the line from start when a credential flag comes before it, or
// when it names one with its quotes and backslashes taken out (a word the shell never closed).
func (m *masker) unreadable(start int) {
	rest := strings.NewReplacer(`'`, "", `"`, "", `\`, "", "`", "").Replace(m.line[start:])
	if m.value {
		m.replace(start, len(m.line), CredentialMask)
		return
	}
	for _, f := range CredentialFlags {
		if strings.HasPrefix(rest, "--"+f+"=") {
			m.replace(start, len(m.line), "--"+f+"="+CredentialMask)
			return
		}
	}
	for _, f := range CredentialFlags {
		if strings.Contains(rest, "--"+f) {
			m.replace(start, len(m.line), CredentialMask)
			return
		}
	}
}

func isCredentialFlag(word string) bool {
	long, ok := strings.CutPrefix(word, "--")
	return ok && slices.Contains(CredentialFlags, long)
}
