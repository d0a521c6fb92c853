package apivalue

import "errors"

// ErrTooDeep is CheckNesting's refusal: the text nests deeper than its cap.
var ErrTooDeep = errors.New("nesting over the cap")

// ErrTooMany is CheckBounds' refusal of a text of more values than its cap.
var ErrTooMany = errors.New("values over the cap")

// CheckNesting refuses a JSON text whose objects and arrays nest deeper than max, before any
// decoder builds it. It scans bytes once, skipping strings, and does not validate otherwise.
func CheckNesting(data []byte, max int) error { return CheckBounds(data, max, 0) }

// CheckBounds is CheckNesting that also refuses a text of more than maxValues values (each
// object, array and scalar, counted by the brackets, commas and colons that separate them; 0: any
// number). A decoded value costs tens of bytes however small its text, so a million tiny items
// would cost gigabytes decoded: the count bounds that.
func CheckBounds(data []byte, maxDepth, maxValues int) error {
	depth, values := 0, 1
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '"':
			end := StringEnd(data, i)
			if end < 0 {
				return nil // the text ends inside a string: nothing past it nests or counts
			}
			i = end - 1
		case '{', '[':
			depth++
			values++
			if depth > maxDepth {
				return ErrTooDeep
			}
		case '}', ']':
			depth--
		case ',', ':':
			values++
		}
		if maxValues > 0 && values > maxValues {
			return ErrTooMany
		}
	}
	return nil
}
