package get

// Every sentence the console says about a statement it will not send lives here, with its stable
// code. Each refusal ends by saying nothing was sent, because the parser runs before any request.
const (
	sentenceKinds        = "A get may name at most %[2]d types at once, and this one names %[1]d. Nothing was sent."
	sentenceTargets      = "get takes TYPE[,TYPE ...] [NAME ...] or TYPE/NAME ...; %q is neither. Nothing was sent."
	sentenceWatchSeveral = "get -w watches one type; name one type, not several or a category such as all. Nothing was sent."
	sentenceWatchOutput  = "get -w prints the table form only; remove -o %s. Nothing was sent."
	sentenceWatchNames   = "get -w watches a list; name no objects. Nothing was sent."
)

// get's sentences.
const (
	sentenceNoResources   = "No resources found"
	sentenceDocumentCount = "-o json and -o yaml print at most %d objects in one statement; narrow the list with -l or --field-selector, or name the objects. Nothing was printed."
	sentenceDocumentRows  = "The objects to print number more than %d, the row cap for one statement, so nothing was printed; narrow the list with -l or --field-selector, or raise the cap with --max-rows (at most 1,000,000)."
	sentenceStreamRows    = "The list holds more than %d objects, the row cap for one statement: the %d printed before this line are not all of them, and a JSON or YAML list is left unclosed; narrow it with -l or --field-selector, or raise the cap with --max-rows (at most 1,000,000)."
	sentenceDocumentSize  = "The object %q is larger than 1 MiB as a document, the cap for -o json and -o yaml, so it was not printed."
)

const (
	sentenceSortBy          = "--sort-by %q is not a path get can sort by: %s. Nothing was sent."
	codeSortByNothing       = "sort_by.nothing_found"
	sentenceSortByNothing   = "--sort-by %q finds nothing in any of the objects read, so they cannot be sorted by it."
	codeSortByMasked        = "refused.sort_by.masked"
	sentenceSortByMasked    = "In machine mode --sort-by %q is refused: machine mode hides what that path holds in %s (or cannot tell that it does not), and an order by it would tell the hidden values apart. Sort by a path machine mode shows, such as .metadata.creationTimestamp. No object was read."
	sentenceSubresource     = "get --subresource reads status or scale; %q is neither. Nothing was sent."
	sentenceSubresourceOne  = "get --subresource reads one named object: name one object of one type, without -l, --field-selector, -A or -w. Nothing was sent."
	sentenceSubresourceNone = "The API server lists no %[2]s subresource of %[1]s that may be read, so nothing was read."
	sentenceRawArgs         = "get --raw PATH names no type or object: give the path alone. Nothing was sent."
	sentenceRawAlone        = "get --raw prints the server's answer as it comes, so it takes no -o, -w, -l, --field-selector, --sort-by, --subresource, -A or column flag. Nothing was sent."
	sentenceSortByWatch     = "get -w prints changes as they come and cannot sort them; remove --sort-by. Nothing was sent."
)
