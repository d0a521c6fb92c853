package apivalue

import "errors"

// ErrTooDeep is CheckNesting's refusal.
var ErrTooDeep = errors.New("nesting over the cap")

// CheckNesting refuses a JSON text whose objects and arrays nest deeper than max, before any
// decoder builds it. It scans bytes once, skipping strings, and does not validate otherwise.
func CheckNesting(data []byte, max int) error {
	depth := 0
	inString := false
	for i := 0; i < len(data); i++ {
		b := data[i]
		if inString {
			switch b {
			case '\\':
				i++
			case '"':
				inString = false
			}
			continue
		}
		switch b {
		case '"':
			inString = true
		case '{', '[':
			depth++
			if depth > max {
				return ErrTooDeep
			}
		case '}', ']':
			depth--
		}
	}
	return nil
}
