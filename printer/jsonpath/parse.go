// Package jsonpath is kubectl's JSONPath dialect, written for studioctl: a template of text and
// {actions}; an action is a path (.field, ['key'], [index], [start:end:step], [*], .*, ..field,
// unions [a,b] and filters [?(@.x == "y")]) or a literal ({"\n"}, {'\t'}), and {range PATH} ...
// {end} repeats its body for each value the path finds. It reads decoded JSON only (maps, slices,
// strings, json.Number, bools and nil) and bounds its work: the template's length, its nesting,
// the values a step may hold and the bytes it may print.
package jsonpath

import (
	"github.com/studioctl/studioctl/limits"
	"strconv"
	"strings"
)

// Bounds of a template; a hostile expression is refused or stopped, never followed without end.
const (
	MaxTemplateBytes = limits.JSONPathTemplateBytes // the longest template read
	MaxDepth         = limits.JSONPathDepth         // nested ranges, unions and filters
	MaxValues        = limits.JSONPathValues        // values one step may hold
	MaxWork          = limits.JSONPathWork
	MaxOutputBytes   = limits.JSONPathOutputBytes
)

// Template is a parsed JSONPath template.
type Template struct {
	root []item
	text string
}

// item is one piece of a template: text, an action, or a range with its body.
type item struct {
	text   *string
	path   []step // an action: the path it prints
	ranged bool   // a range: path is what it repeats over, body its items
	body   []item
}

// step is one step of a path.
type step struct {
	kind    stepKind
	name    string   // field
	slice   [3]param // index or slice
	union   [][]step // union: each alternative
	filter  *cond    // filter
	literal any      // literal: a string, json.Number or bool
	names   []string // dict key: ['a.b'] reads as .a.b, as kubectl reads it
}

type stepKind int

const (
	stepField stepKind = iota
	stepRecursive
	stepSlice
	stepWildcard
	stepUnion
	stepFilter
	stepLiteral
	stepRoot
)

type param struct {
	known, derived bool
	value          int
}

// Parse reads a template, or refuses it with an error that names the position of the fault.
func Parse(text string) (*Template, error) {
	if len(text) > MaxTemplateBytes {
		return nil, errorf(0, msgTooLong, MaxTemplateBytes)
	}
	p := &parser{src: text}
	root, err := p.items(0)
	if err != nil {
		return nil, err
	}
	if p.pos < len(p.src) {
		return nil, errorf(p.pos, msgStrayEnd)
	}
	return &Template{root: root, text: text}, nil
}

type parser struct {
	src string
	pos int
}

// items reads text and actions until the end of the template or, inside a range, its {end}.
func (p *parser) items(depth int) ([]item, error) {
	if depth > MaxDepth {
		return nil, errorf(p.pos, msgTooDeep, MaxDepth)
	}
	var out []item
	for p.pos < len(p.src) {
		open := strings.IndexByte(p.src[p.pos:], '{')
		if open < 0 {
			s := p.src[p.pos:]
			out = append(out, item{text: &s})
			p.pos = len(p.src)
			break
		}
		if open > 0 {
			s := p.src[p.pos : p.pos+open]
			out = append(out, item{text: &s})
		}
		start := p.pos + open
		body, end, err := actionText(p.src, start)
		if err != nil {
			return nil, err
		}
		word := strings.TrimSpace(body)
		if word == "end" {
			if depth == 0 {
				return nil, errorf(start, msgStrayEnd)
			}
			p.pos = end
			return out, nil
		}
		p.pos = end
		it, err := p.action(body, start+1, depth)
		if err != nil {
			return nil, err
		}
		out = append(out, it)
	}
	if depth > 0 {
		return nil, errorf(len(p.src), msgNoEnd)
	}
	return out, nil
}

// action reads one {action}; a range reads its body up to the matching {end}.
func (p *parser) action(body string, at, depth int) (item, error) {
	trimmed := strings.TrimLeft(body, " ")
	if rest, ok := strings.CutPrefix(trimmed, "range"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '.' || rest[0] == '@' || rest[0] == '$' || rest[0] == '[') {
		path, err := parsePath(rest, at+len(body)-len(rest), depth+1)
		if err != nil {
			return item{}, err
		}
		inner, err := p.items(depth + 1)
		if err != nil {
			return item{}, err
		}
		return item{path: path, ranged: true, body: inner}, nil
	}
	path, err := parsePath(body, at, depth)
	if err != nil {
		return item{}, err
	}
	return item{path: path}, nil
}

// actionText finds the action that opens at src[start] ('{') and returns its inside and the
// position after its '}'; a '}' inside quotes does not close it.
func actionText(src string, start int) (string, int, error) {
	var quote byte
	for i := start + 1; i < len(src); i++ {
		c := src[i]
		switch {
		case quote != 0 && c == '\\' && quote == '"':
			i++
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
		case c == '"' || c == '\'':
			quote = c
		case c == '{':
			return "", 0, errorf(i, msgNestedBrace)
		case c == '}':
			return src[start+1 : i], i + 1, nil
		}
	}
	return "", 0, errorf(start, msgUnclosed)
}

// parsePath reads the inside of an action: steps, or one literal.
func parsePath(s string, at, depth int) ([]step, error) {
	if depth > MaxDepth {
		return nil, errorf(at, msgTooDeep, MaxDepth)
	}
	r := &pathReader{s: s, at: at, depth: depth}
	return r.steps()
}

type pathReader struct {
	s     string
	i     int
	at    int // the position of s[0] in the template, for errors
	depth int
}

func (r *pathReader) errorf(msg string, args ...any) error { return errorf(r.at+r.i, msg, args...) }

func (r *pathReader) steps() ([]step, error) {
	var out []step
	for r.i < len(r.s) {
		st, err := r.step()
		if err != nil {
			return nil, err
		}
		if st != nil {
			out = append(out, *st)
		}
	}
	return out, nil
}

// step reads one step at r.i; it answers nil for what reads as nothing (spaces, @ and $ at the start).
func (r *pathReader) step() (*step, error) {
	c := r.s[r.i]
	switch {
	case c == ' ':
		r.i++
		return nil, nil
	case c == '@' || c == '$':
		r.i++
		return &step{kind: stepRoot}, nil
	case strings.HasPrefix(r.s[r.i:], "[?("):
		return r.filter()
	case strings.HasPrefix(r.s[r.i:], ".."):
		r.i++
		return &step{kind: stepRecursive}, nil
	case c == '.':
		return r.field()
	case c == '[':
		return r.bracket()
	case c == '"' || c == '\'':
		return r.quoted()
	case c == '-' || c == '+' || (c >= '0' && c <= '9'):
		return r.number()
	case isIdent(c):
		return r.word()
	}
	return nil, r.errorf(msgBadChar, string(rune(c)))
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// field reads .name (a backslash keeps a dot in the name: .labels.app\.kubernetes\.io/name),
// .* and a lone dot.
func (r *pathReader) field() (*step, error) {
	r.i++
	if r.i < len(r.s) && r.s[r.i] == '*' {
		r.i++
		return &step{kind: stepWildcard}, nil
	}
	var b strings.Builder
	for r.i < len(r.s) {
		c := r.s[r.i]
		if c == '\\' && r.i+1 < len(r.s) && r.s[r.i+1] == '.' {
			b.WriteByte('.')
			r.i += 2
			continue
		}
		if c == '.' || c == '[' || c == ' ' || c == '"' || c == '\'' || c == '(' || c == ')' || c == '=' || c == '!' || c == '<' || c == '>' || c == '&' || c == '|' || c == ',' {
			break
		}
		b.WriteByte(c)
		r.i++
	}
	if b.Len() == 0 {
		return &step{kind: stepRoot}, nil
	}
	return &step{kind: stepField, name: b.String()}, nil
}

// bracket reads [index], [start:end:step], [*], ['key'] and unions [a,b].
func (r *pathReader) bracket() (*step, error) {
	end := closing(r.s, r.i)
	if end < 0 {
		return nil, r.errorf(msgUnterminatedArray)
	}
	inner := r.s[r.i+1 : end]
	at := r.at + r.i + 1
	r.i = end + 1
	if inner == "*" {
		return &step{kind: stepSlice}, nil
	}
	if parts := splitTop(inner); len(parts) > 1 {
		return r.union(parts, at)
	}
	if len(inner) >= 2 && inner[0] == '\'' && inner[len(inner)-1] == '\'' {
		return &step{kind: stepField, names: strings.Split(inner[1:len(inner)-1], ".")}, nil
	}
	return parseSlice(inner, at)
}

func (r *pathReader) union(parts []string, at int) (*step, error) {
	st := &step{kind: stepUnion}
	for _, part := range parts {
		sub, err := parsePath("["+strings.TrimSpace(part)+"]", at, r.depth+1)
		if err != nil {
			return nil, err
		}
		st.union = append(st.union, sub)
	}
	return st, nil
}

// closing finds the ']' that closes the '[' at s[i], past quotes and nested brackets.
func closing(s string, i int) int {
	depth := 0
	var quote byte
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '[' || c == '(':
			depth++
		case c == ']' || c == ')':
			depth--
			if depth == 0 && c == ']' {
				return i
			}
		}
	}
	return -1
}

// splitTop splits at the commas outside quotes and brackets.
func splitTop(s string) []string {
	var out []string
	depth, last := 0, 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '[' || c == '(':
			depth++
		case c == ']' || c == ')':
			depth--
		case c == ',' && depth == 0:
			out = append(out, s[last:i])
			last = i + 1
		}
	}
	return append(out, s[last:])
}

// parseSlice reads kubectl's index and slice forms: [2], [-1], [1:3], [:2], [::2].
func parseSlice(s string, at int) (*step, error) {
	parts := strings.Split(s, ":")
	if len(parts) > 3 || s == "" {
		return nil, errorf(at, msgBadIndex, s)
	}
	st := &step{kind: stepSlice}
	for i, part := range parts {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		n, err := strconv.Atoi(part)
		if err != nil || n > 1<<30 || n < -(1<<30) {
			return nil, errorf(at, msgBadIndex, s)
		}
		st.slice[i] = param{known: true, value: n}
	}
	if len(parts) == 1 {
		st.slice[1] = param{known: true, derived: true, value: st.slice[0].value + 1}
	}
	return st, nil
}

// quoted reads a string literal: double quotes take Go's escapes, single quotes none.
func (r *pathReader) quoted() (*step, error) {
	q := r.s[r.i]
	j := r.i + 1
	for j < len(r.s) && r.s[j] != q {
		if q == '"' && r.s[j] == '\\' {
			j++
		}
		j++
	}
	if j >= len(r.s) {
		return nil, r.errorf(msgUnclosedQuote)
	}
	raw := r.s[r.i : j+1]
	r.i = j + 1
	if q == '\'' {
		return &step{kind: stepLiteral, literal: raw[1 : len(raw)-1]}, nil
	}
	s, err := strconv.Unquote(raw)
	if err != nil {
		return nil, errorf(r.at+j, msgBadQuote)
	}
	return &step{kind: stepLiteral, literal: s}, nil
}

func (r *pathReader) number() (*step, error) {
	j := r.i + 1
	for j < len(r.s) && (r.s[j] >= '0' && r.s[j] <= '9' || r.s[j] == '.' || r.s[j] == 'e' || r.s[j] == 'E') {
		j++
	}
	text := r.s[r.i:j]
	if _, err := strconv.ParseFloat(text, 64); err != nil {
		return nil, r.errorf(msgBadNumber, text)
	}
	r.i = j
	return &step{kind: stepLiteral, literal: numberLiteral(strings.TrimPrefix(text, "+"))}, nil
}

func (r *pathReader) word() (*step, error) {
	j := r.i
	for j < len(r.s) && isIdent(r.s[j]) {
		j++
	}
	w := r.s[r.i:j]
	switch w {
	case "true", "false":
		r.i = j
		return &step{kind: stepLiteral, literal: w == "true"}, nil
	}
	return nil, r.errorf(msgBadWord, w)
}

// Relaxed turns kubectl's relaxed path forms (a.b, .a.b, {a.b}, {.a.b}) into a template, as
// custom columns and --sort-by read them.
func Relaxed(expr string) (string, error) {
	if expr == "" {
		return "", nil
	}
	inner := expr
	if strings.HasPrefix(inner, "{") && strings.HasSuffix(inner, "}") {
		inner = inner[1 : len(inner)-1]
	}
	inner = strings.TrimPrefix(inner, ".")
	if inner == "" || strings.ContainsAny(inner, "{}") {
		return "", errorf(0, msgRelaxed)
	}
	return "{." + inner + "}", nil
}
