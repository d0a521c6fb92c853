package statement

import (
	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
)

// Label and field selectors are read with kubectl's grammar (apivalue's parsers) before anything
// is sent, so a selector the server would reject is refused with a sentence that points at its
// first error.

// checkSelectors refuses a label or field selector kubectl's grammar does not read.
// Each is nil when its flag was not given.
func checkSelectors(label, field *string) error {
	if label != nil {
		if _, e := apivalue.ParseLabelSelector(*label); e != nil {
			return fault.Refusef(CodeBadValue, sentenceLabelSelector, *label, e.Pos, e.What)
		}
	}
	if field != nil {
		if _, e := apivalue.ParseFieldSelector(*field); e != nil {
			return fault.Refusef(CodeBadValue, sentenceFieldSelector, *field, e.Pos, e.What)
		}
	}
	return nil
}
