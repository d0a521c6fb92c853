package jsonpath

import "fmt"

// Error is a template that cannot be read or run. Pos is the byte of the template where reading
// failed, or -1 for a fault found while running it.
type Error struct {
	Pos int
	Msg string
}

// Error is the message with, for a template that cannot be read, the byte where reading failed.
func (e *Error) Error() string {
	if e.Pos < 0 {
		return e.Msg
	}
	return fmt.Sprintf("%s (at character %d)", e.Msg, e.Pos+1)
}

func errorf(pos int, format string, args ...any) error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// What a template's reader and runner say; the caller quotes them inside its own sentence.
const (
	msgTooLong            = "the template is longer than %d bytes"
	msgTooDeep            = "the template nests deeper than %d levels"
	msgStrayEnd           = "{end} closes no {range}"
	msgNoEnd              = "a {range} has no {end}"
	msgNestedBrace        = "an action may not open another '{'"
	msgUnclosed           = "an action opened with '{' is never closed with '}'"
	msgBadChar            = "%q is not read inside an action"
	msgUnterminatedArray  = "a '[' is never closed with ']'"
	msgUnterminatedFilter = "a filter [?( ... )] is never closed"
	msgBadIndex           = "%q is not an index or a slice such as [0], [-1], [1:3] or [::2]"
	msgUnclosedQuote      = "a quoted string is never closed"
	msgBadQuote           = "a quoted string holds an escape that is not read"
	msgBadNumber          = "%q is not a number"
	msgBadWord            = "%q is not read: an action holds a path such as .metadata.name, a quoted string, range or end"
	msgEmptyFilter        = "a filter is empty"
	msgFilterOperand      = "%s needs a value on each side"
	msgTooMuchWork        = "the template finds too many values to print"
	msgNotFound           = "%s is not found"
	msgNotList            = "an index or a slice reads a list, and the value is not one"
	msgOutOfRange         = "index %d is outside the list, which has %d items"
	msgStartAfterEnd      = "the slice starts at %d, after its end %d"
	msgBadStep            = "a slice's step must be greater than 0"
	msgNotFilterable      = "a filter reads a list, and the value is not one"
	msgCompareOne         = "a filter compares one value at a time, and its path found several"
	msgIncomparable       = "a filter compares values of different kinds"
	msgTooMuchOutput      = "the template prints more than %d MiB"
	msgNotJSON            = "a value the template found cannot be written as JSON"
	msgRelaxed            = "a path is written a.b, .a.b, {a.b} or {.a.b}"
)
