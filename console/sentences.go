package console

// Every sentence the console says about a statement it will not send lives here, with its stable
// code. Each refusal ends by saying nothing was sent, because the parser runs before any request.
const (
	CodeWriteCommand   = "refused.write_command"
	CodeNotInV1        = "refused.not_in_v1"
	CodeFlagNotInV1    = "refused.flag_not_in_v1"
	CodeConnectionFlag = "refused.connection_flag"
	CodeLater          = "refused.not_built_yet"
	CodeFollow         = "refused.follow"
	CodeUnknownCommand = "refused.unknown_command"
	CodeUsage          = "refused.usage"
	CodeBadValue       = "refused.bad_value"
	CodeLimit          = "limit.value"
	CodeLexer          = "refused.unreadable"
	CodeMachineLower   = "refused.redact_lower"

	sentenceWriteCommand   = "studioctl is read-only: %q changes a cluster, runs a program in it or opens a tunnel into it, so it is never sent. Nothing was sent."
	sentenceNotInV1Command = "%q is a read-only kubectl command that this version of studioctl does not read. Nothing was sent."
	sentenceFlagNotInV1    = "%s is not in v1 for %s, which takes: %s. Nothing was sent."
	sentenceConnectionFlag = "%s is a connection setting, and the connection decides this, not a statement: put studioctl's own flags (--kubeconfig FILE, --context NAME, --connection NAME) before the verb. Nothing was sent."
	sentenceLaterOutput    = "-o %s is not built in studioctl yet (it is planned); use -o json or -o yaml and a JSON tool for now. Nothing was sent."
	sentenceLaterSortBy    = "--sort-by on get is not built in studioctl yet (it is planned; kubectl's reads whole objects and turns paging off). Nothing was sent."
	sentenceLaterMultiType = "A get of several types at once (TYPE,TYPE or mixed TYPE/NAME) is not built in studioctl yet (it is planned); run one get per type. Nothing was sent."
	sentenceLaterGetAll    = "get all is not built in studioctl yet (it is planned); run one get per type, such as get pods and get deployments. Nothing was sent."
	sentenceLaterRaw       = "get --raw is not in v1: studioctl reads typed objects only. Nothing was sent."
	sentenceFollow         = "follow is not available in v1: remove -f to read the latest lines, and run the statement again to refresh. Nothing was sent."
	sentenceUnknownCommand = "%q is not a command studioctl reads; it reads: %s. Nothing was sent."
	sentenceTopNeedsKind   = "top needs pod or node: top pod, top node. Nothing was sent."
	sentenceAuthNeedsKind  = "auth needs can-i or whoami: auth can-i VERB TYPE, auth whoami. Nothing was sent."
	sentenceTooFewArgs     = "%s needs %s. Nothing was sent."
	sentenceTooManyArgs    = "%s takes %s, and was given more. Nothing was sent."
	sentenceMissingValue   = "%s needs a value. Nothing was sent."
	sentenceBadBool        = "%s takes true or false. Nothing was sent."
	sentenceBadInt         = "%s takes a whole number. Nothing was sent."
	sentenceBadDuration    = "%s takes a duration such as 30s, 5m or 1h. Nothing was sent."
	sentenceBadOutput      = "-o %s is not an output %s prints; it prints: %s. Nothing was sent."
	sentenceRepeated       = "%s is given twice. Nothing was sent."
	sentenceLineTooLong    = "The statement is longer than 64 KiB. Nothing was sent."
	sentenceUnterminated   = "The statement has a quote that is never closed. Nothing was sent."
	sentenceOperator       = "studioctl reads one statement a line and runs no shell: ;, |, &, < and > are not read. Nothing was sent."
	sentenceLimit          = "%s may be at most %s (%s); studioctl refuses a larger value rather than cutting it. Nothing was sent."
	sentenceLimitMin       = "%s must be at least %s. Nothing was sent."
	sentenceNamespaceAll   = "-n and -A ask for different namespaces; give one. Nothing was sent."
	sentenceBadSelector    = "%s holds a control character. Nothing was sent."
	sentenceWatchOutput    = "get -w prints the table form only; remove -o %s. Nothing was sent."
	sentenceWatchNames     = "get -w watches a list; name no objects. Nothing was sent."
)

// Answers that are not refusals.
const (
	sentenceNoResourcesIn = "No resources found in %s namespace."
	sentenceNoResources   = "No resources found"
	sentenceDocumentCount = "-o json and -o yaml print at most %d objects in one statement; narrow the list with -l or --field-selector, or name the objects. Nothing was printed."
	sentenceDocumentSize  = "The object %q is larger than 1 MiB as a document, the cap for -o json and -o yaml, so it was not printed."
)
