package statement

import (
	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/redact"
)

// Label and field selectors are read with kubectl's grammar (apivalue's parsers) before anything
// is sent, so a selector the server would reject is refused with a sentence that points at its
// first error.

// CheckScope applies the statements' rules for -n, -A and -l to studioctl's own commands that
// take them (audit, components, tree ...), so each refuses what a statement refuses, with the same
// sentence. namespace and selector are nil when their flags were not given.
func CheckScope(namespace *string, all bool, selector *string) error {
	if err := checkScope(namespace, all); err != nil {
		return err
	}
	return checkSelectors(selector, nil)
}

// checkScope refuses -n with -A, and a namespace that is not a DNS-1123 label.
func checkScope(namespace *string, all bool) error {
	if namespace != nil && all {
		return fault.Refusef(CodeUsage, SentenceNamespaceAll)
	}
	if namespace != nil && !fault.IsDNS1123Label(*namespace) {
		return fault.Refusef(fault.CodeRefusedName, SentenceNamespaceName)
	}
	return nil
}

// checkSelectors refuses a label or field selector kubectl's grammar does not read, and a label
// selector on the owner's key, which would confirm a guessed identity by its answer. Each is nil
// when its flag was not given.
func checkSelectors(label, field *string) error {
	if label != nil {
		if _, e := apivalue.ParseLabelSelector(*label); e != nil {
			return fault.Refusef(CodeBadValue, sentenceLabelSelector, *label, e.Pos, e.What)
		}
		if redact.SelectsOwner(*label) {
			return fault.Refusef(CodeBadValue, SentenceOwnerSelector)
		}
	}
	if field != nil {
		if _, e := apivalue.ParseFieldSelector(*field); e != nil {
			return fault.Refusef(CodeBadValue, sentenceFieldSelector, *field, e.Pos, e.What)
		}
	}
	return nil
}
