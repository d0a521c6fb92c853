package console

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
