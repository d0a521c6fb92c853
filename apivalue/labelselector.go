package apivalue

import (
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Label selectors, read once with kubectl's grammar: the statement refuses what the server
// would (pointing at the first error), and the snapshot reader selects with what was read.
//
// A label selector is requirements joined by commas: KEY (exists), !KEY (does not exist),
// KEY=VALUE, KEY==VALUE, KEY!=VALUE, KEY in (V,...), KEY notin (V,...), KEY>N and KEY<N.

// Operator is how a requirement compares a label.
type Operator string

// The operators of a label requirement.
const (
	Exists       Operator = "exists"
	DoesNotExist Operator = "!"
	Equals       Operator = "="
	NotEquals    Operator = "!="
	In           Operator = "in"
	NotIn        Operator = "notin"
	GreaterThan  Operator = "gt"
	LessThan     Operator = "lt"
)

// Requirement is one term of a label selector.
type Requirement struct {
	Key    string
	Op     Operator
	Values []string // one for =, != and the comparisons; the set for in and notin
}

// LabelSelector is a parsed label selector: every requirement must hold. The empty one selects
// everything.
type LabelSelector []Requirement

// SelectorError is where a selector went wrong (a 1-based character position) and what was
// wrong there, in words a refusal can quote.
type SelectorError struct {
	Pos  int
	What string
}

// Error says where, for a log; a refusal composes its own sentence from Pos and What.
func (e *SelectorError) Error() string { return "at character " + strconv.Itoa(e.Pos) + ": " + e.What }

// ParseLabelSelector reads a label selector as kubectl's labels.Parse does.
func ParseLabelSelector(s string) (LabelSelector, *SelectorError) {
	p := &selParser{lx: lexSelector(s)}
	var out LabelSelector
	for {
		switch l := p.peek(); l.tok {
		case selEnd:
			return out, nil
		case selIdent, selNot:
			r, err := p.requirement()
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		default:
			return nil, found(l, "'!', a label key or the end")
		}
		switch l := p.next(); l.tok {
		case selEnd:
			return out, nil
		case selComma:
			if t := p.peek().tok; t != selIdent && t != selNot {
				return nil, found(p.peek(), "a label key after ','")
			}
		default:
			return nil, found(l, "',' or the end")
		}
	}
}

// Matches tells whether labels meet every requirement, as the server decides.
func (s LabelSelector) Matches(labels map[string]string) bool {
	for _, r := range s {
		if !r.matches(labels) {
			return false
		}
	}
	return true
}

func (r Requirement) matches(labels map[string]string) bool {
	v, has := labels[r.Key]
	switch r.Op {
	case Exists:
		return has
	case DoesNotExist:
		return !has
	case Equals:
		return has && v == r.Values[0]
	case NotEquals:
		return !has || v != r.Values[0]
	case In:
		return has && slices.Contains(r.Values, v)
	case NotIn:
		return !has || !slices.Contains(r.Values, v)
	case GreaterThan, LessThan:
		// The parser took only whole numbers; a label that is not one never compares.
		a, err1 := strconv.ParseInt(v, 10, 64)
		b, err2 := strconv.ParseInt(r.Values[0], 10, 64)
		return has && err1 == nil && err2 == nil && (r.Op == GreaterThan && a > b || r.Op == LessThan && a < b)
	}
	return false
}

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

// selOps are the operators a comparison token stands for.
var selOps = map[selToken]Operator{selEq: Equals, selEqEq: Equals, selNotEq: NotEquals, selGreater: GreaterThan, selLess: LessThan, selIn: In, selNotIn: NotIn}

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

func found(l selLexeme, expected string) *SelectorError {
	f := selWords[l.tok]
	if l.tok == selIdent {
		f = strconv.Quote(l.text)
	}
	return &SelectorError{Pos: l.pos, What: "found " + f + ", expected " + expected}
}

func (p *selParser) requirement() (Requirement, *SelectorError) {
	not := false
	if p.peek().tok == selNot {
		p.next()
		not = true
	}
	key := p.next()
	if key.tok != selIdent {
		return Requirement{}, found(key, "a label key")
	}
	if msg := labelKeyProblem(key.text); msg != "" {
		return Requirement{}, &SelectorError{Pos: key.pos, What: strconv.Quote(key.text) + " " + msg}
	}
	r := Requirement{Key: key.text, Op: Exists}
	if not {
		r.Op = DoesNotExist
	}
	if t := p.peek().tok; t == selEnd || t == selComma {
		return r, nil // KEY exists, !KEY does not
	}
	if not {
		return Requirement{}, found(p.peek(), "',' or the end after !KEY")
	}
	op := p.next()
	r.Op = selOps[op.tok]
	switch op.tok {
	case selIn, selNotIn:
		vals, err := p.values()
		r.Values = vals
		return r, err
	case selEq, selEqEq, selNotEq, selGreater, selLess:
	default:
		return Requirement{}, found(op, "an operator: =, ==, !=, in, notin, > or <")
	}
	v, err := p.value(op)
	r.Values = []string{v}
	return r, err
}

// value reads the one value after =, ==, !=, > or <.
func (p *selParser) value(op selLexeme) (string, *SelectorError) {
	v := p.peek()
	if v.tok == selEnd || v.tok == selComma {
		if op.tok == selGreater || op.tok == selLess {
			return "", found(v, "a whole number after "+selWords[op.tok])
		}
		return "", nil // KEY= matches an empty value
	}
	p.next()
	if v.tok != selIdent {
		return "", found(v, "a label value")
	}
	if op.tok == selGreater || op.tok == selLess {
		if _, err := strconv.ParseInt(v.text, 10, 64); err != nil {
			return "", &SelectorError{Pos: v.pos, What: strconv.Quote(v.text) + " is not a whole number, which " + selWords[op.tok] + " compares"}
		}
		return v.text, nil
	}
	return v.text, labelValueError(v)
}

// values reads ( V, V, ... ) after in or notin as kubectl's parser does: a set, so repeats
// count once and the values are kept sorted; "()", a leading, doubled or trailing comma each
// stand for the empty value.
func (p *selParser) values() ([]string, *SelectorError) {
	if l := p.next(); l.tok != selOpen {
		return nil, found(l, "'(' after in or notin")
	}
	set := map[string]bool{}
	if p.peek().tok == selClose {
		p.next()
		return []string{""}, nil
	}
	for {
		switch l := p.next(); l.tok {
		case selIdent:
			if err := labelValueError(l); err != nil {
				return nil, err
			}
			set[l.text] = true
			switch n := p.peek(); n.tok {
			case selComma: // read as the next term
			case selClose:
				p.next()
				return slices.Sorted(maps.Keys(set)), nil
			default:
				return nil, found(n, "',' or ')'")
			}
		case selComma:
			if len(set) == 0 {
				set[""] = true // "(,"
			}
			switch p.peek().tok {
			case selClose: // ",)"
				p.next()
				set[""] = true
				return slices.Sorted(maps.Keys(set)), nil
			case selComma: // ",,"
				p.next()
				set[""] = true
			}
		default:
			return nil, found(l, "a label value, ',' or ')'")
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

// IsLabelValue reports whether s is a label value: at most 63 letters, digits, '-', '_' or '.',
// beginning and ending with a letter or digit (the empty value is one too, where a rule allows it).
func IsLabelValue(s string) bool { return len(s) <= 63 && labelName.MatchString(s) }

func labelValueError(v selLexeme) *SelectorError {
	if !IsLabelValue(v.text) {
		return &SelectorError{Pos: v.pos, What: strconv.Quote(v.text) + " is not a label value: a value is at most 63 letters, digits, '-', '_' or '.', beginning and ending with a letter or digit"}
	}
	return nil
}
