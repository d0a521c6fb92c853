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
	CodeYAML     = "output.yaml"
	sentenceYAML = "The answer holds a character YAML cannot carry (such as DEL or U+FFFE), so it was not printed as YAML; -o json prints it escaped."

	sentenceNoResourcesIn = "No resources found in %s namespace."
	sentenceNoResources   = "No resources found"
	sentenceDocumentCount = "-o json and -o yaml print at most %d objects in one statement; narrow the list with -l or --field-selector, or name the objects. Nothing was printed."
	sentenceDocumentSize  = "The object %q is larger than 1 MiB as a document, the cap for -o json and -o yaml, so it was not printed."
)

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

// Sentences and codes of the logs, events and top readers. Refusals made by the parser end by
// saying nothing was sent; the others are said after the requests they follow.
const (
	CodeLogStreams    = "limit.log_streams"
	CodeLogNoPod      = "logs.no_pod"
	CodeLogContainer  = "logs.container_not_found"
	CodeLogKind       = "logs.unsupported_type"
	CodeLogSelector   = "logs.no_selector"
	CodeMetricsAbsent = "metrics.unavailable"
	CodeMetricsEmpty  = "metrics.not_yet"

	// logs, refused by the parser
	sentenceLogsNeedTarget     = "logs needs a pod name, TYPE/NAME or -l SELECTOR, such as: logs web-0, logs deploy/web, logs -l app=web. Nothing was sent."
	sentenceLogsTargetAndLabel = "logs reads either the pod (or TYPE/NAME) it names or the pods -l selects, not both; drop one. Nothing was sent."
	sentenceLogsTypeName       = "logs takes one pod name or one TYPE/NAME with a single slash, such as deploy/web. Nothing was sent."
	sentenceLogsContainerAll   = "-c names one container and --all-containers asks for every one; give one of them. Nothing was sent."
	sentenceLogsSinceBoth      = "--since and --since-time both set where the log starts; give one of them. Nothing was sent."
	sentenceLogsSinceTime      = "--since-time takes an RFC 3339 time such as 2026-01-15T09:00:00Z. Nothing was sent."
	sentenceLogsSinceShort     = "--since must be at least 1s (the API server counts whole seconds). Nothing was sent."
	sentenceLogsTailNegative   = "--tail takes a number of lines from 0 to 5000. Nothing was sent."
	sentenceLogsTailAll        = "--tail=-1 asks for every line, which kubectl allows; studioctl reads at most the last 5000 lines of a log (its cap), so give --tail 5000 or fewer. Nothing was sent."
	sentenceLogsLimitNegative  = "--limit-bytes takes a number of bytes from 1 to 1048576. Nothing was sent."

	limitNameTail       = "studioctl's cap of log lines per stream"
	limitNameLimitBytes = "1 MiB, studioctl's cap of bytes per log stream"

	// logs, after requests
	sentenceLogsStreams      = "This statement would read %d log streams; studioctl reads at most %d in one statement and never cuts the list short, so no log was read. Name one pod, choose a container with -c, or narrow -l."
	sentenceLogsNoPod        = "No pod in namespace %q matches the selector of %s %q (%s), so there is no log to read; kubectl would wait for one to appear, studioctl does not."
	sentenceLogsNoSelector   = "%s %q in namespace %q selects no pods (it has no selector), so there is no log to read."
	sentenceLogsKind         = "logs reads a pod, or the pods a deployment, replica set, stateful set, daemon set, job, replication controller or service selects; %s is none of those."
	sentenceLogsContainer    = "Pod %q in namespace %q has no container named %q; its containers are: %s."
	sentenceLogsNoContainers = "Pod %q in namespace %q has no containers, so there is no log to read."
	sentenceLogsDefaultTail  = "studioctl read at most the last %d lines of each log; kubectl's default is every line. Use --tail N (at most %d) to read more or fewer."
	sentenceLogsCut          = "The log of container %q of pod %q passed %s, studioctl's cap for one log stream, so it was cut there and its newest lines were not read; narrow it with --tail, --since or --limit-bytes."

	// kubectl's own notices, printed as kubectl prints them.
	noticeDefaultedContainer = "Defaulted container %q out of: %s"
	noticeDefaultNotFound    = "Default container name %q not found in pod %s"
	noticeFoundPods          = "Found %d pods, using pod/%s"

	// events
	sentenceEventsTypes   = "--types takes Normal, Warning or both (Normal,Warning); %q is neither. Nothing was sent."
	sentenceEventsFor     = "--for takes one object as TYPE/NAME with a single slash, such as pod/web-0 or deploy/web. Nothing was sent."
	sentenceEventsNoneIn  = "No events found in %s namespace."
	sentenceEventsNone    = "No events found."
	sentenceEventsShown   = "%d events matched; the %d newest are shown. Narrow the list with -n, --for or --types to see the others."
	sentenceEventsUnread  = "More than %d events exist, and studioctl reads at most %d in one statement; the list is not in time order, so newer events may be among those not read. The newest %d of those read are shown: narrow the list with -n, --for or --types."
	sentenceEventsUnread2 = "More than %d events exist, and studioctl reads at most %d in one statement; the list is not in time order, so newer events may be among those not read. Narrow the list with -n, --for or --types."

	// top
	sentenceTopSortBy       = "--sort-by takes cpu or memory. Nothing was sent."
	sentenceMetricsAbsent   = "This API server does not serve metrics.k8s.io, the resource metrics API that top reads; it is served by metrics-server, which this cluster does not appear to run. Install metrics-server to use top pod and top node."
	sentenceMetricsNodesNot = "The metrics API answered with no node metrics yet; metrics-server may still be collecting them. Run the statement again shortly."
	sentenceTopNoneIn       = "No pod metrics found in %s namespace; a new pod's metrics appear after metrics-server's first scrape."
	sentenceTopNone         = "No pod metrics found; a new pod's metrics appear after metrics-server's first scrape."
)

// Sentences of the meta family: api-resources, api-versions, explain, auth can-i and auth whoami.
// Each is studioctl's own; nothing the server wrote (an authorizer's reason, an OpenAPI message) is
// repeated.
const (
	CodeExplainNotFound = "explain.not_found"
	CodeExplainNoField  = "explain.no_field"
	CodeExplainTooLarge = "limit.explain"

	sentenceExplainPath       = "explain needs TYPE or TYPE.FIELD.FIELD..., each part a plain name (letters, digits, '-', '_'); %q is not one. Nothing was sent."
	sentenceExplainAPIVersion = "--api-version takes VERSION or GROUP/VERSION, such as v1 or apps/v1; %q is neither. Nothing was sent."
	sentenceExplainNoResource = "The OpenAPI document of %[2]s describes no operations on %[1]s, so explain cannot tell its kind; check the type or --api-version."
	sentenceExplainNoSchema   = "The OpenAPI document of %[2]s holds no schema for the kind %[1]s."
	sentenceExplainNoField    = "%[2]s has no field %[1]q along that path."
	sentenceExplainTooLarge   = "The schema explain was printing nests deeper than 1,000 levels or passed 16 MiB of text, so studioctl stopped; explain a field further down instead."

	sentenceCanIArgs           = "auth can-i needs a verb and what it acts on: VERB TYPE, VERB TYPE/NAME or VERB /URL. Nothing was sent."
	sentenceCanIListArgs       = "auth can-i --list takes no arguments: it lists every right in the namespace. Nothing was sent."
	sentenceCanIListFlags      = "auth can-i --list reads one namespace and every resource: it takes neither -A nor --subresource. Nothing was sent."
	sentenceCanINoHeaders      = "--no-headers applies to the table auth can-i --list prints; a single question answers yes or no. Nothing was sent."
	sentenceCanIURLSubresource = "--subresource applies to a resource, not to a URL path such as /healthz. Nothing was sent."
	sentenceCanIUnknownVerb    = "%q is not a verb kubectl knows; the API server was asked anyway."
	sentenceCanIClusterScoped  = "%s is not namespaced, so the namespace in the question does not narrow it."
	sentenceCanIUnknownType    = "Discovery lists no resource type %q; the API server was asked about it as written."
	sentenceCanIReasonKept     = "The API server gave a reason with its answer, which studioctl does not repeat."
	sentenceCanIIncomplete     = "The API server says this list of rights in namespace %s may be incomplete (an authorizer could not list its rules); a right missing here may still be granted."
)

// Sentences about studioctl's global flags and the session they open (cmd/studioctl and the
// library's front door).
const (
	CodeFlags          = "refused.flags"
	CodeReplayRead     = "refused.replay"
	CodeKubeconfigRead = "refused.kubeconfig.read"
	CodeInternal       = "internal"

	SentenceMaxRows          = "--max-rows takes 1 to %d. Nothing was sent."
	SentenceContextAlone     = "--context goes with --kubeconfig. Nothing was sent."
	SentenceReplayAlone      = "--replay answers from a recording, so it takes no --kubeconfig or --connection. Nothing was sent."
	SentenceTwoConnections   = "--kubeconfig and --connection each name a connection; give one. Nothing was sent."
	SentenceReplayUnreadable = "The recording at %s could not be read. Nothing was sent."
	SentenceKubeconfigOpen   = "The kubeconfig file could not be opened. Nothing was sent."
	SentenceKubeconfigRead   = "The kubeconfig file could not be read. Nothing was sent."
	SentenceRedactValue      = "--redact takes people or machine. Nothing was sent."
	SentenceMachineLower     = sentenceMachineLower
	SentenceInternal         = "studioctl failed: %s"
)
