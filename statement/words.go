package statement

// Word is one word of a line as the shell reads it: its text, and the bytes of the line it was
// typed as (line[Start:End], quotes and backslashes included).
type Word struct {
	Text       string
	Start, End int
}

// lexed is what lex read of a line: its words up to the first operator, where that operator is
// (-1 if none), and whether the quoting is unreadable (a quote, backslash, backquote or $( left
// open, or a parenthesis out of place); open is where the unreadable part begins.
type lexed struct {
	words    []Word
	operator int
	bad      bool
	open     int
}

// The kinds of word being read, as go-shellwords names them: none yet, a bare word, a word that
// had quotes (kept even when empty).
const (
	argNo = iota
	argSingle
	argQuoted
)

// lexer is the state of one walk over a line. Its rules are go-shellwords' with environment
// expansion and command substitution off (the split Split asks of go-shellwords), and
// FuzzLexAgreesWithShellwords holds the two equal. go-shellwords gives words without where they
// were typed; lex gives both, so the history and the call log mask exactly the words the parser
// reads.
type lexer struct {
	out                                 lexed
	buf                                 []byte
	got                                 int
	start                               int
	escaped, dq, sq, backq, dollarq, ds bool
}

// lex splits line into words, stopping at the first unquoted ; & | < or >.
func lex(line string) lexed {
	l := &lexer{out: lexed{operator: -1, open: -1}, start: -1}
	for i, r := range line {
		if !l.step(i, r) {
			return l.out
		}
	}
	if l.escaped || l.sq || l.dq || l.backq || l.dollarq {
		l.fail(len(line))
		return l.out
	}
	l.flush(len(line))
	return l.out
}

func (l *lexer) flush(end int) {
	if l.got == argQuoted || (l.got != argNo && len(l.buf) > 0) {
		l.out.words = append(l.out.words, Word{Text: string(l.buf), Start: l.start, End: end})
	}
	l.buf, l.got, l.start = l.buf[:0], argNo, -1
}

// fail marks the line unreadable from the word being read, or from i when none is.
func (l *lexer) fail(i int) {
	l.out.bad, l.out.open = true, i
	if l.start >= 0 {
		l.out.open = l.start
	}
}

func (l *lexer) add(r rune) {
	l.got = argSingle
	l.buf = append(l.buf, string(r)...)
}

func (l *lexer) quoted() bool { return l.sq || l.dq || l.backq || l.dollarq }

// step reads the rune r at byte i; false ends the walk (an operator or an unreadable line).
func (l *lexer) step(i int, r rune) bool {
	afterDollar := l.ds
	l.ds = false
	if l.start < 0 && !isSpace(r) {
		l.start = i
	}
	switch {
	case l.escaped:
		l.escaped = false
		l.escape(r)
	case r == '\\':
		if l.sq {
			l.buf = append(l.buf, '\\')
		} else {
			l.escaped = true
		}
	case isSpace(r):
		if l.quoted() {
			l.buf = append(l.buf, byte(r))
		} else {
			l.flush(i)
		}
	default:
		return l.special(i, r, afterDollar)
	}
	return true
}

// escape reads the rune after a backslash: kept with its backslash inside backquotes or $( ),
// read as a tab or a newline after \t or \n, and as itself otherwise.
func (l *lexer) escape(r rune) {
	if l.backq || l.dollarq {
		l.buf = append(l.buf, '\\')
		l.add(r)
		return
	}
	switch r {
	case 't':
		r = '\t'
	case 'n':
		r = '\n'
	}
	l.add(r)
}

// special reads quotes, parentheses and operators; any other rune is part of the word.
func (l *lexer) special(i int, r rune, afterDollar bool) bool {
	switch r {
	case '`':
		if !l.sq && !l.dq && !l.dollarq {
			l.backq = !l.backq
		}
	case ')':
		if !l.sq && !l.dq && !l.backq {
			if !l.dollarq {
				l.fail(i)
				return false
			}
			l.add(r)
			l.dollarq = false
			return true
		}
	case '(':
		if !l.sq && !l.dq && !l.backq {
			if l.dollarq || !afterDollar {
				l.fail(i)
				return false
			}
			l.dollarq = true
			l.buf = append(l.buf, '(')
			return true
		}
	case '"':
		if !l.sq && !l.dollarq && !l.backq {
			if l.dq {
				l.got = argQuoted
			}
			l.dq = !l.dq
			return true
		}
	case '\'':
		if !l.dq && !l.dollarq && !l.backq {
			if l.sq {
				l.got = argQuoted
			}
			l.sq = !l.sq
			return true
		}
	case ';', '&', '|', '<', '>':
		if !l.quoted() {
			l.flush(i)
			l.out.operator = i
			return false
		}
	}
	l.add(r)
	l.ds = r == '$' && !l.quoted()
	return true
}

func isSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\r', '\n':
		return true
	}
	return false
}
