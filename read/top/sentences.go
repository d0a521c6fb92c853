package top

// top's codes and sentences.
const (
	CodeMetricsAbsent = "metrics.unavailable"
	CodeMetricsEmpty  = "metrics.not_yet"
	// top
	SentenceTopSortBy       = "--sort-by takes cpu or memory. Nothing was sent."
	SentenceMetricsAbsent   = "This API server does not serve metrics.k8s.io, the resource metrics API that top reads; it is served by metrics-server, which this cluster does not appear to run. Install metrics-server to use top pod and top node."
	SentenceMetricsNodesNot = "The metrics API answered with no node metrics yet; metrics-server may still be collecting them. Run the statement again shortly."
	SentenceTopNoneIn       = "No pod metrics found in %s namespace; a new pod's metrics appear after metrics-server's first scrape."
	sentenceTopNone         = "No pod metrics found; a new pod's metrics appear after metrics-server's first scrape."
)
