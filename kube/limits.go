package kube

import "time"

// Every cap studioctl holds, named once. The flag table, the help text, the docs and the tests read
// these; a value above a limit's maximum is refused naming the limit, never clamped.
const (
	PageSize               = 500              // objects per list request
	DefaultMaxRows         = 5000             // rows one statement reads unless --max-rows raises it
	MaxMaxRows             = 100000           // the most --max-rows may ask for
	TreeFolderCap          = 1000             // objects the tree lists per kind and container
	MaxResponseBytes       = 16 << 20         // bytes per response, counted after decompression
	MaxNesting             = 1000             // nesting of an answer's objects and arrays
	MaxDocumentBytes       = 1 << 20          // bytes per -o json / -o yaml document
	MaxDocuments           = 500              // objects per -o json / -o yaml statement
	DefaultLogLines        = 500              // log lines without --tail
	RowActionLogLines      = 50               // log lines a tree row action reads
	MaxTailLines           = 5000             // the most --tail may ask for
	SelectorLogLines       = 10               // log lines per pod under -l without --tail
	MaxLogStreamBytes      = 1 << 20          // bytes per log stream
	MaxLogStreams          = 5                // log streams per statement
	DefaultWatchWindow     = 10 * time.Second // watch window without --request-timeout
	MaxWatchBytes          = 8 << 20          // bytes per watch window
	MaxEventsRead          = 5000             // events a statement reads
	MaxEventsShown         = 1000             // events a statement shows
	MaxExplainBytes        = 4 << 20          // bytes per OpenAPI document
	DiscoveryTTL           = 10 * time.Minute // discovery kept per connection
	MaxRetryAfter          = 5 * time.Second  // longest wait on a 429
	DefaultRetryAfter      = 1 * time.Second  // the wait on a 429 without Retry-After
	MaxKubeconfigBytes     = 1 << 20          // bytes of a kubeconfig
	MaxKubeconfigNesting   = 100              // nesting of a kubeconfig
	DefaultConnectTimeout  = 10 * time.Second // connect deadline
	DefaultRequestTimeout  = 30 * time.Second // request deadline, the whole body included
	MinRequestTimeout      = 1 * time.Second  // the least --request-timeout may ask for
	MaxRequestTimeout      = 10 * time.Minute // the most --request-timeout may ask for
	MaxNamespacesListed    = 1000             // namespaces the tree lists
	MaxStatementBytes      = 64 << 10         // a console line
	MaxAgentStatementChars = 4096             // one statement an agent may send
	MaxSentenceValue       = 512              // characters of one value a sentence quotes (Sentencef)
	PageSlack              = 5                // pages a walk may read beyond what its row cap needs
	// DefaultStatementDeadline bounds a statement's paged reads in all; StatementDeadlines
	// (statement.go) sets it per command.
	DefaultStatementDeadline = 2 * time.Minute
)
