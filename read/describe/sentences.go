package describe

// describe's sentences. Refusals end by saying nothing was sent; notices go to stderr before the
// answer and never name the object, since a notice is not masked in machine mode.
const (
	sentenceDescribeNeedsName      = "describe needs a type and one object's name: TYPE NAME or TYPE/NAME, such as describe pod web-0 or describe deployment/web. Nothing was sent."
	sentenceDescribeBothForms      = "describe takes TYPE NAME or TYPE/NAME, not a TYPE/NAME followed by another name. Nothing was sent."
	sentenceDescribeOneType        = "describe reads one type at a time; name a single type, not a list of types. Nothing was sent."
	sentenceDescribeUnknownFailure = "the read did not complete"

	// noticeDescribeRelated names the part left out (a field kubectl prints) and why.
	noticeDescribeRelated      = "%s: not shown in full, because a read it needs failed: %s"
	noticeDescribeEvents       = "Events: not shown, because they could not be read: %s"
	noticeDescribeEventsCapped = "Events: more exist than the %d studioctl reads for one object; the Events section shows those read, sorted by time."
)
