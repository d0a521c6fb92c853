package describe

// describe's sentences. Refusals end by saying nothing was sent; notices go to stderr before the
// answer and never name the object, since a notice is not masked in machine mode.
const (
	sentenceDescribeNeedsType        = "describe needs a type, and optionally names: TYPE, TYPE NAME ... or TYPE/NAME ..., such as describe pods, describe pod web-0 or describe deployment/web. Nothing was sent."
	sentenceDescribeBothForms        = "describe takes TYPE NAME ... or TYPE/NAME ..., not the two forms mixed. Nothing was sent."
	sentenceDescribeNamesAndSelector = "describe takes names or a selector (-l), not both. Nothing was sent."
	sentenceDescribeCount            = "describe prints at most %d objects in one statement; narrow it with -l, or name the objects. Nothing was printed."
	sentenceNoResources              = "No resources found"
	sentenceDescribeOneType          = "describe reads one type at a time; name a single type, not a list of types. Nothing was sent."
	sentenceDescribeUnknownFailure   = "the read did not complete"
	sentenceBackendServiceMissing    = "services %q not found"

	// CodeSecretPrefix refuses, in machine mode, describe secrets NAME when no Secret is named
	// exactly NAME: kubectl would describe those whose names start with it, which tells masked
	// names apart one character at a time.
	CodeSecretPrefix     = "refused.describe.secret_prefix"
	sentenceSecretPrefix = "In machine mode a Secret is described only by its exact name, and none has the name given; a name prefix would tell masked names apart. Nothing was printed."

	// noticeDescribeRelated names the part left out (a field kubectl prints) and why.
	noticeDescribeRelated      = "%s: not shown in full, because a read it needs failed: %s"
	noticeDescribeEvents       = "Events: not shown, because they could not be read: %s"
	noticeDescribeEventsCapped = "Events: more exist than the %d studioctl reads for one object; the Events section shows those read, sorted by time."
)
