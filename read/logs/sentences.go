package logs

// logs' codes and sentences: refusals made before anything is sent, and what it says after its reads.
const (
	CodeLogStreams   = "limit.log_streams"
	CodeLogNoPod     = "logs.no_pod"
	CodeLogContainer = "logs.container_not_found"
	CodeLogKind      = "logs.unsupported_type"
	CodeLogSelector  = "logs.no_selector"
	// logs, refused by the parser
	SentenceLogsNeedTarget     = "logs needs a pod name, TYPE/NAME or -l SELECTOR, such as: logs web-0, logs deploy/web, logs -l app=web. Nothing was sent."
	SentenceLogsTargetAndLabel = "logs reads either the pod (or TYPE/NAME) it names or the pods -l selects, not both; drop one. Nothing was sent."
	SentenceLogsTypeName       = "logs takes one pod name or one TYPE/NAME with a single slash, such as deploy/web. Nothing was sent."
	SentenceLogsContainerAll   = "-c names one container and --all-containers asks for every one; give one of them. Nothing was sent."
	SentenceLogsSinceBoth      = "--since and --since-time both set where the log starts; give one of them. Nothing was sent."
	SentenceLogsSinceTime      = "--since-time takes an RFC 3339 time such as 2026-01-15T09:00:00Z. Nothing was sent."
	SentenceLogsSinceShort     = "--since must be at least 1s (the API server counts whole seconds). Nothing was sent."
	SentenceLogsTailNegative   = "--tail takes a number of lines from 0 to 5000. Nothing was sent."
	SentenceLogsTailAll        = "--tail=-1 asks for every line, which kubectl allows; studioctl reads at most the last 5000 lines of a log (its cap), so give --tail 5000 or fewer. Nothing was sent."
	SentenceLogsLimitNegative  = "--limit-bytes takes a number of bytes from 1 to 1048576. Nothing was sent."
	LimitNameTail              = "studioctl's cap of log lines per stream"
	LimitNameLimitBytes        = "1 MiB, studioctl's cap of bytes per log stream"
	LimitNameLogRequests       = "studioctl's cap of logs followed at once"
	SentenceLogsRequestsLow    = "--max-log-requests takes a number of logs from 1 to 20. Nothing was sent."
	// logs, after requests
	sentenceLogsStreams      = "This statement would read %d log streams; studioctl reads at most %d in one statement and never cuts the list short, so no log was read. Name one pod, choose a container with -c, or narrow -l."
	sentenceLogsFollowMany   = "This statement would follow %d logs at once, more than --max-log-requests allows (%d), so no log was read; raise --max-log-requests (at most 20) or narrow -l."
	sentenceLogsNoPod        = "No pod in namespace %q matches the selector of %s %q (%s), so there is no log to read; kubectl would wait for one to appear, studioctl does not."
	sentenceLogsNoSelector   = "%s %q in namespace %q selects no pods (it has no selector), so there is no log to read."
	SentenceLogsKind         = "logs reads a pod, or the pods a deployment, replica set, stateful set, daemon set, job, replication controller or service selects; %s is none of those."
	sentenceLogsContainer    = "Pod %q in namespace %q has no container named %q; its containers are: %s."
	sentenceLogsNoContainers = "Pod %q in namespace %q has no containers, so there is no log to read."
	SentenceLogsDefaultTail  = "studioctl read at most the last %d lines of each log; kubectl's default is every line. Use --tail N (at most %d) to read more or fewer."
	sentenceLogsCut          = "The log of container %q of pod %q passed %s, studioctl's cap for one log stream, so it was cut there and its newest lines were not read; narrow it with --tail, --since or --limit-bytes."
	// kubectl's own notices, printed as kubectl prints them.
	noticeDefaultedContainer = "Defaulted container %q out of: %s"
	noticeDefaultNotFound    = "Default container name %q not found in pod %s"
	noticeFoundPods          = "Found %d pods, using pod/%s"
)
