package apivalue

import (
	"strconv"
	"strings"
)

// Field selectors, read once with kubectl's grammar (its fields package): terms joined by
// commas, each FIELD=VALUE, FIELD==VALUE or FIELD!=VALUE, split at the first of those operators
// from the left, a value escaping '\', ',' and '=' with a backslash. Which fields a kind may be
// selected on is the server's table, which the snapshot reader keeps.

// FieldTerm is one term of a field selector.
type FieldTerm struct {
	Field string
	Equal bool   // = and ==; false for !=
	Value string // unescaped
}

// FieldSelector is a parsed field selector: every term must hold.
type FieldSelector []FieldTerm

// ParseFieldSelector reads a field selector; empty terms (",,") are skipped, as kubectl skips them.
func ParseFieldSelector(s string) (FieldSelector, *SelectorError) {
	rs := []rune(s)
	var out FieldSelector
	start, escaped := 0, false
	for i := 0; i <= len(rs); i++ {
		switch {
		case i < len(rs) && escaped: // the escaped character never ends a term
			escaped = false
		case i < len(rs) && rs[i] == '\\':
			escaped = true
		case i == len(rs) || rs[i] == ',':
			t, err := fieldTerm(rs[start:i], start)
			if err != nil {
				return nil, err
			}
			if t != nil {
				out = append(out, *t)
			}
			start = i + 1
		}
	}
	return out, nil
}

// fieldTerm reads FIELD OP VALUE, the operator being the first !=, == or = from the left; nil
// for an empty term.
func fieldTerm(term []rune, offset int) (*FieldTerm, *SelectorError) {
	if len(term) == 0 {
		return nil, nil
	}
	for i := range term {
		rest := string(term[i:])
		for _, op := range []string{"!=", "==", "="} {
			if strings.HasPrefix(rest, op) {
				n := len([]rune(op))
				v, err := fieldValue(term[i+n:], offset+i+n)
				if err != nil {
					return nil, err
				}
				return &FieldTerm{Field: string(term[:i]), Equal: op != "!=", Value: v}, nil
			}
		}
	}
	return nil, &SelectorError{Pos: offset + 1, What: strconv.Quote(string(term)) + " has no operator: a term is FIELD=VALUE, FIELD==VALUE or FIELD!=VALUE"}
}

// fieldValue checks a value's escapes and gives it unescaped.
func fieldValue(v []rune, offset int) (string, *SelectorError) {
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\\':
			if i+1 >= len(v) || !strings.ContainsRune(`\,=`, v[i+1]) {
				return "", &SelectorError{Pos: offset + i + 1, What: "a backslash escapes only '\\', ',' or '=' in a value"}
			}
			i++
		case '=':
			return "", &SelectorError{Pos: offset + i + 1, What: "'=' inside a value must be escaped as '\\='"}
		}
		b.WriteRune(v[i])
	}
	return b.String(), nil
}
