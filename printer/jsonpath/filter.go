package jsonpath

import (
	"strings"
)

// cond is a filter's condition: a comparison of two paths (or literals), a path that must
// exist, or two conditions joined by && or ||.
type cond struct {
	op          string // ==, !=, <, >, <=, >=, exists, &&, ||
	left, right []step
	a, b        *cond
}

// filter reads [?(CONDITION)].
func (r *pathReader) filter() (*step, error) {
	end := closing(r.s, r.i)
	if end < 0 || end < r.i+4 || r.s[end-1] != ')' {
		return nil, r.errorf(msgUnterminatedFilter)
	}
	inner := r.s[r.i+3 : end-1]
	at := r.at + r.i + 3
	r.i = end + 1
	c, err := parseCond(inner, at, r.depth+1)
	if err != nil {
		return nil, err
	}
	return &step{kind: stepFilter, filter: c}, nil
}

func parseCond(s string, at, depth int) (*cond, error) {
	if depth > MaxDepth {
		return nil, errorf(at, msgTooDeep, MaxDepth)
	}
	for _, op := range []string{"||", "&&"} {
		if i := findTop(s, op); i >= 0 {
			a, err := parseCond(s[:i], at, depth+1)
			if err != nil {
				return nil, err
			}
			b, err := parseCond(s[i+2:], at+i+2, depth+1)
			if err != nil {
				return nil, err
			}
			return &cond{op: op, a: a, b: b}, nil
		}
	}
	trimmed := strings.TrimSpace(s)
	if strings.HasPrefix(trimmed, "(") && closingParen(trimmed) == len(trimmed)-1 {
		lead := strings.Index(s, "(")
		return parseCond(trimmed[1:len(trimmed)-1], at+lead+1, depth+1)
	}
	if trimmed == "" {
		return nil, errorf(at, msgEmptyFilter)
	}
	return parseComparison(s, at, depth)
}

func parseComparison(s string, at, depth int) (*cond, error) {
	for _, op := range []string{"==", "!=", "<=", ">=", "<", ">"} {
		i := findTop(s, op)
		if i < 0 {
			continue
		}
		left, err := parsePath(s[:i], at, depth+1)
		if err != nil {
			return nil, err
		}
		right, err := parsePath(s[i+len(op):], at+i+len(op), depth+1)
		if err != nil {
			return nil, err
		}
		if len(left) == 0 || len(right) == 0 {
			return nil, errorf(at+i, msgFilterOperand, op)
		}
		return &cond{op: op, left: left, right: right}, nil
	}
	left, err := parsePath(s, at, depth+1)
	if err != nil {
		return nil, err
	}
	return &cond{op: "exists", left: left}, nil
}

// findTop finds op outside quotes, brackets and parentheses.
func findTop(s, op string) int {
	depth := 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' && quote == '"' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '[' || c == '(':
			depth++
		case c == ']' || c == ')':
			depth--
		case depth == 0 && strings.HasPrefix(s[i:], op):
			// "<" is not the start of "<=", nor "=" the end of "!=".
			if (op == "<" || op == ">") && i+1 < len(s) && s[i+1] == '=' {
				continue
			}
			return i
		}
	}
	return -1
}

func closingParen(s string) int {
	depth := 0
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
		case c == '(':
			depth++
		case c == ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}
