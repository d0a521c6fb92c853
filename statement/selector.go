package statement

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/studioctl/studioctl/kube"
)

// Label and field selectors are read with kubectl's grammar before anything is sent, so a
// selector the server would reject is refused with a sentence that points at its first error.
//
// A label selector is requirements joined by commas: KEY (exists), !KEY (does not exist),
// KEY=VALUE, KEY==VALUE, KEY!=VALUE, KEY in (V,...), KEY notin (V,...), KEY>N and KEY<N. A field
// selector is terms joined by commas: FIELD=VALUE, FIELD==VALUE or FIELD!=VALUE, where a value
// escapes '\', ',' and '=' with a backslash.

type selToken int

const (
	selEnd selToken = iota
	selIdent
	selNot     // !
	selNotEq   // !=
	selEq      // =
	selEqEq    // ==
	selOpen    // (
	selClose   // )
	selComma   // ,
	selGreater // >
	selLess    // <
	selIn      // in
	selNotIn   // notin
)

// selWords are how sentences name the tokens.
var selWords = map[selToken]string{selEnd: "the end", selNot: "'!'", selNotEq: "'!='", selEq: "'='", selEqEq: "'=='",
	selOpen: "'('", selClose: "')'", selComma: "','", selGreater: "'>'", selLess: "'<'", selIn: "'in'", selNotIn: "'notin'"}

type selLexeme struct {
	tok  selToken
	text string
	pos  int // 1-based character position
}

// lexSelector splits a label selector as kubectl's lexer does: whitespace separates, the
// operator characters stand alone, anything else runs into one identifier.
func lexSelector(s string) []selLexeme {
	var out []selLexeme
	rs := []rune(s)
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case r == ' ' || r == '\t' || r == '\n' || r == '\r':
			i++
			continue
		case isSelSymbol(r):
			tok, n := symbol(rs[i:])
			out = append(out, selLexeme{tok: tok, text: string(rs[i : i+n]), pos: i + 1})
			i += n
			continue
		}
		start := i
		for i < len(rs) && !isSelSymbol(rs[i]) && !strings.ContainsRune(" \t\n\r", rs[i]) {
			i++
		}
		word := string(rs[start:i])
		tok := selIdent
		switch word {
		case "in":
			tok = selIn
		case "notin":
			tok = selNotIn
		}
		out = append(out, selLexeme{tok: tok, text: word, pos: start + 1})
	}
	return append(out, selLexeme{tok: selEnd, pos: len(rs) + 1})
}

func isSelSymbol(r rune) bool { return strings.ContainsRune("!=(),<>", r) }

func symbol(rs []rune) (selToken, int) {
	two := len(rs) > 1 && rs[1] == '='
	switch rs[0] {
	case '!':
		if two {
			return selNotEq, 2
		}
		return selNot, 1
	case '=':
		if two {
			return selEqEq, 2
		}
		return selEq, 1
	case '(':
		return selOpen, 1
	case ')':
		return selClose, 1
	case ',':
		return selComma, 1
	case '>':
		return selGreater, 1
	}
	return selLess, 1
}

// selectorError is where a selector went wrong, in words.
type selectorError struct {
	pos  int
	what string
}

type selParser struct {
	lx []selLexeme
	i  int
}

func (p *selParser) peek() selLexeme { return p.lx[p.i] }

func (p *selParser) next() selLexeme {
	l := p.lx[p.i]
	if l.tok != selEnd {
		p.i++
	}
	return l
}

func found(l selLexeme, expected string) *selectorError {
	f := selWords[l.tok]
	if l.tok == selIdent {
		f = strconv.Quote(l.text)
	}
	return &selectorError{pos: l.pos, what: "found " + f + ", expected " + expected}
}

// parseLabelSelector reads a whole label selector; nil means it is valid.
func parseLabelSelector(s string) *selectorError {
	p := &selParser{lx: lexSelector(s)}
	for {
		switch l := p.peek(); l.tok {
		case selEnd:
			return nil
		case selIdent, selNot:
			if err := p.requirement(); err != nil {
				return err
			}
		default:
			return found(l, "'!', a label key or the end")
		}
		switch l := p.next(); l.tok {
		case selEnd:
			return nil
		case selComma:
			if t := p.peek().tok; t != selIdent && t != selNot {
				return found(p.peek(), "a label key after ','")
			}
		default:
			return found(l, "',' or the end")
		}
	}
}

func (p *selParser) requirement() *selectorError {
	not := false
	if p.peek().tok == selNot {
		p.next()
		not = true
	}
	key := p.next()
	if key.tok != selIdent {
		return found(key, "a label key")
	}
	if msg := labelKeyProblem(key.text); msg != "" {
		return &selectorError{pos: key.pos, what: strconv.Quote(key.text) + " " + msg}
	}
	if t := p.peek().tok; t == selEnd || t == selComma {
		return nil // KEY exists, !KEY does not
	}
	if not {
		return found(p.peek(), "',' or the end after !KEY")
	}
	op := p.next()
	switch op.tok {
	case selIn, selNotIn:
		return p.values()
	case selEq, selEqEq, selNotEq, selGreater, selLess:
	default:
		return found(op, "an operator: =, ==, !=, in, notin, > or <")
	}
	v := p.peek()
	if v.tok == selEnd || v.tok == selComma {
		if op.tok == selGreater || op.tok == selLess {
			return found(v, "a whole number after "+selWords[op.tok])
		}
		return nil // KEY= matches an empty value
	}
	p.next()
	if v.tok != selIdent {
		return found(v, "a label value")
	}
	if op.tok == selGreater || op.tok == selLess {
		if _, err := strconv.ParseInt(v.text, 10, 64); err != nil {
			return &selectorError{pos: v.pos, what: strconv.Quote(v.text) + " is not a whole number, which " + selWords[op.tok] + " compares"}
		}
		return nil
	}
	return labelValueError(v)
}

// values reads ( V, V, ... ) after in or notin; an empty value is allowed, as kubectl allows it.
func (p *selParser) values() *selectorError {
	if l := p.next(); l.tok != selOpen {
		return found(l, "'(' after in or notin")
	}
	for {
		l := p.next()
		switch l.tok {
		case selClose:
			return nil
		case selIdent:
			if err := labelValueError(l); err != nil {
				return err
			}
			switch n := p.next(); n.tok {
			case selClose:
				return nil
			case selComma:
			default:
				return found(n, "',' or ')'")
			}
		case selComma: // an empty value
		default:
			return found(l, "a label value, ',' or ')'")
		}
	}
}

var (
	labelName    = regexp.MustCompile(`^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$`)
	dnsSubdomain = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`)
)

// labelKeyProblem says why a label key is not one, or "".
func labelKeyProblem(k string) string {
	prefix, name, qualified := strings.Cut(k, "/")
	if !qualified {
		prefix, name = "", k
	}
	switch {
	case qualified && (prefix == "" || len(prefix) > 253 || !dnsSubdomain.MatchString(prefix)):
		return "is not a label key: its prefix must be a DNS subdomain (lower-case letters, digits, '-' and '.')"
	case name == "" || len(name) > 63 || !labelName.MatchString(name):
		return "is not a label key: a key's name is at most 63 letters, digits, '-', '_' or '.', beginning and ending with a letter or digit"
	}
	return ""
}

func labelValueError(v selLexeme) *selectorError {
	if len(v.text) > 63 || !labelName.MatchString(v.text) {
		return &selectorError{pos: v.pos, what: strconv.Quote(v.text) + " is not a label value: a value is at most 63 letters, digits, '-', '_' or '.', beginning and ending with a letter or digit"}
	}
	return nil
}

// parseFieldSelector reads a field selector as kubectl's fields package does.
func parseFieldSelector(s string) *selectorError {
	rs := []rune(s)
	start, escaped := 0, false
	for i, r := range rs {
		switch {
		case escaped: // the escaped character never ends a term
			escaped = false
		case r == '\\':
			escaped = true
		case r == ',':
			if err := fieldTerm(rs[start:i], start); err != nil {
				return err
			}
			start = i + 1
		}
	}
	return fieldTerm(rs[start:], start)
}

// fieldTerm reads FIELD OP VALUE, the operator being the first !=, == or = from the left.
func fieldTerm(term []rune, offset int) *selectorError {
	if len(term) == 0 {
		return nil
	}
	for i := range term {
		rest := string(term[i:])
		for _, op := range []string{"!=", "==", "="} {
			if strings.HasPrefix(rest, op) {
				return fieldValue(term[i+len([]rune(op)):], offset+i+len([]rune(op)))
			}
		}
	}
	return &selectorError{pos: offset + 1, what: strconv.Quote(string(term)) + " has no operator: a term is FIELD=VALUE, FIELD==VALUE or FIELD!=VALUE"}
}

func fieldValue(v []rune, offset int) *selectorError {
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\\':
			if i+1 >= len(v) || !strings.ContainsRune(`\,=`, v[i+1]) {
				return &selectorError{pos: offset + i + 1, what: "a backslash escapes only '\\', ',' or '=' in a value"}
			}
			i++
		case '=':
			return &selectorError{pos: offset + i + 1, what: "'=' inside a value must be escaped as '\\='"}
		}
	}
	return nil
}

// checkSelectors refuses a label or field selector kubectl's grammar does not read.
// Each is nil when its flag was not given.
func checkSelectors(label, field *string) error {
	if label != nil {
		if e := parseLabelSelector(*label); e != nil {
			return kube.Refusef(CodeBadValue, sentenceLabelSelector, *label, e.pos, e.what)
		}
	}
	if field != nil {
		if e := parseFieldSelector(*field); e != nil {
			return kube.Refusef(CodeBadValue, sentenceFieldSelector, *field, e.pos, e.what)
		}
	}
	return nil
}
