// Package limits is the one table of every cap and deadline studioctl holds: the transport's, the
// statements', the console's and the tree's. The flag table, help, the docs and the tests read it;
// a value above a limit's maximum is refused naming the limit, never clamped.
package limits

import "time"

const (
	PageSize              = 500              // objects per list request
	DefaultMaxRows        = 5000             // rows one statement reads unless --max-rows raises it
	MaxMaxRows            = 1000000          // the most --max-rows may ask for
	TreeFolderCap         = 1000             // objects the tree lists per kind and container
	MaxResponseBytes      = 16 << 20         // bytes per response, counted after decompression
	MaxNesting            = 1000             // nesting of an answer's objects and arrays
	MaxDocumentBytes      = 1 << 20          // bytes per -o json / -o yaml document
	MaxDocuments          = 500              // objects per -o json / -o yaml statement
	MaxDescribed          = 200              // objects one describe prints (describe TYPE, -l, a name prefix)
	MaxKindsPerStatement  = 64               // resource types one get or describe reads (TYPE,TYPE and a category such as all)
	DefaultLogLines       = 500              // log lines without --tail
	RowActionLogLines     = 50               // log lines a tree row action reads
	BrowseViewLines       = 20000            // lines browse keeps in a row view (a followed log drops its oldest beyond)
	BrowseHeldChanges     = 10000            // changes browse holds while paused; beyond, the list is read again on resume
	MaxTailLines          = 5000             // the most --tail may ask for
	SelectorLogLines      = 10               // log lines per pod under -l without --tail
	MaxLogStreamBytes     = 1 << 20          // bytes per log stream
	MaxLogStreams         = 5                // log streams per statement
	DefaultWatchWindow    = 10 * time.Second // watch window without --request-timeout
	MaxWatchBytes         = 8 << 20          // bytes per watch window
	LiveIdleTimeout       = 30 * time.Minute // a live stream (get -w, logs -f, events -w, rollout status) with no event or line this long ends
	MaxLiveStreamBytes    = 64 << 20         // bytes per live stream: one watch connection or one followed log
	LiveReconnectPause    = 1 * time.Second  // the wait before a live watch reconnects after an empty connection
	MaxLogLineBytes       = 1 << 20          // bytes of one followed log line
	MaxLogRequests        = 20               // the most --max-log-requests may ask for
	DefaultLogRequests    = 5                // followed log streams at once under -l, as kubectl's --max-log-requests
	MaxEventsRead         = 5000             // events a statement reads
	MaxEventsShown        = 1000             // events a statement shows
	MaxExplainBytes       = 4 << 20          // bytes per OpenAPI document
	MaxRawBytes           = 8 << 20          // bytes of one get --raw answer (the OpenAPI v3 index is the largest)
	RawChunkBytes         = 32 << 10         // bytes of a streamed get --raw answer read at a time
	RawHeldBytes          = 64 << 10         // bytes of a line without a line feed a streamed get --raw holds before printing part of it
	DiscoveryTTL          = 10 * time.Minute // discovery kept per connection
	MaxRetryAfter         = 5 * time.Second  // longest wait on a 429
	DefaultRetryAfter     = 1 * time.Second  // the wait on a 429 without Retry-After
	MaxKubeconfigBytes    = 1 << 20          // bytes of a kubeconfig
	MaxKubeconfigNesting  = 100              // nesting of a kubeconfig
	DefaultConnectTimeout = 10 * time.Second // connect deadline
	DefaultRequestTimeout = 30 * time.Second // request deadline, the whole body included
	MinRequestTimeout     = 1 * time.Second  // the least --request-timeout may ask for
	MaxRequestTimeout     = 10 * time.Minute // the most --request-timeout may ask for
	MaxNamespacesListed   = 1000             // namespaces the tree lists
	MaxStatementBytes     = 64 << 10         // a console line
	MaxSentenceValue      = 512              // characters of one value a sentence quotes (Sentencef)
	PageSlack             = 5                // pages a walk may read beyond what its row cap needs
	QuantityChars         = 64               // characters of a resource quantity read as one ("250m", "1.5Gi"); a longer one is not a quantity
	QuantityExponent      = 64               // the largest power of ten a quantity's exponent or suffix may name, either way (1e64, 1e-64)
	// Snapshots (studioctl snapshot, --replay FILE): what a capture writes and a reader accepts.
	SnapshotMaxRows       = 100000           // the most a capture's --max-rows may ask for (objects of a kind per namespace)
	SnapshotDefaultBytes  = 256 << 20        // the file size cap of a capture without --max-size
	SnapshotMaxBytes      = 4 << 30          // the most --max-size may ask for, and the largest file a reader opens
	SnapshotMaxEntries    = 250000           // entries a snapshot holds
	SnapshotMaxEntryBytes = 64 << 20         // decompressed bytes of one entry
	SnapshotMaxUnpacked   = 2 << 30          // decompressed bytes of a whole snapshot
	SnapshotChunkObjects  = 500              // objects per kind entry
	ReplayMemoryLimit     = 48 << 20         // the runtime's soft memory limit for a snapshot replay (GOMEMLIMIT overrides)
	SnapshotConcurrency   = 4                // requests a capture has in flight at once
	SnapshotMaxLogLines   = 5000             // the most --log-lines may ask for
	SnapshotDeadline      = 30 * time.Minute // a whole capture
	// A capture keeps every object of every kind; the cap, when given (--max-rows), is each kind's
	// share per namespace. A walk of one kind still stops at SnapshotMaxKindObjects.
	SnapshotMaxKindObjects = 5000000   // objects of one kind a capture reads (every namespace)
	SnapshotChunkBytes     = 4 << 20   // a capture starts a new kind entry past this many JSON bytes
	SnapshotMaxChunkValues = 1500000   // JSON values (objects, arrays, scalars) one kind entry may hold when read
	SnapshotMaxLogEntry    = 16 << 20  // decompressed bytes of one log entry when read
	SnapshotMaxLogHeader   = 4 << 10   // bytes a log entry's namespace, pod and container must come within
	SnapshotMaxRawBytes    = 16 << 20  // bytes of get --raw's answers a capture keeps in all (each at most MaxRawBytes)
	SnapshotMaxKinds       = 10000     // kinds a manifest may list
	RecordingMaxBytes      = 256 << 20 // bytes of one recording file --replay reads, and of a body store put back together
	HTTPTokenFileBytes     = 4 << 10   // bytes of the file --http-token-file names
	// studioctl mcp --http: what one client, or many, may hold of the server.
	MCPHTTPConnections     = 64               // connections open at once; more wait to be accepted
	MCPHTTPSessions        = 32               // MCP sessions at once; another initialize is answered 503
	MCPHTTPSessionIdle     = 10 * time.Minute // a session that sends nothing this long is closed
	MCPHTTPHeaderTimeout   = 5 * time.Second  // a connection must send its request's headers within this
	MCPHTTPReadTimeout     = 30 * time.Second // and its whole request body within this
	MCPHTTPIdleTimeout     = 60 * time.Second // a kept-alive connection with no request is closed after this
	MCPHTTPBodyBytes       = 1 << 20          // bytes of one request body (a tool call's arguments are far less)
	SnapshotDiffMaxChanges = 100000           // changed objects a snapshot diff lists (the counts go on)
	SnapshotDiffMaxFields  = 20               // changed fields a snapshot diff names per object
	// Caps each held by one room, kept in this table so it is whole.
	SnapshotDiffMaxPaths  = 1000      // changed paths one object's snapshot diff walk collects before it stops
	SnapshotMaxKindChunks = 10000     // entries one kind may have in a snapshot (the entry names hold four digits)
	InventoryMaxBytes     = 16 << 20  // bytes of an earlier inventory discover --diff reads
	RedactMaxDepth        = 20000     // nesting a redaction walk follows (past MaxNesting: it stops a cycle built by hand)
	JSONPathTemplateBytes = 16 << 10  // bytes of a JSONPath or custom-columns template
	JSONPathDepth         = 32        // nested ranges, unions and filters of a template
	JSONPathValues        = 100_000   // values one step of a template may hold
	JSONPathWork          = 2_000_000 // steps one template may take over an answer
	JSONPathOutputBytes   = 8 << 20   // bytes one template may print
	AuditFileBytes        = 16 << 20  // bytes of an audit --ignore file or --baseline
	AuditAgentRows        = 500       // rows of an audit reading for an agent (section 9); past it the reading is refused
	NamedContexts         = 20        // context names a refusal of an unknown --context lists
	ExplainDepth          = 1000      // depth of explain's walk of a schema
	ExplainBytes          = 16 << 20  // bytes one explain writes
	StoreFileBytes        = 4 << 20   // bytes of the saved connections' file
	AgentTokenFileBytes   = 64 << 10  // bytes --agent-token-file reads
	MaxRequestBody        = 64 << 10  // bytes of a request body studioctl sends (a self review it builds)
	ReviewValueChars      = 1024      // characters of each value studioctl puts into a review's spec
	MCPFrameBytes         = 4 << 20   // bytes of one stdio JSON-RPC line; a longer one is a parse error
	MCPStatementChars     = 4096      // characters of one run_kubectl_read statement
	MCPMaxRows            = 1000      // the row cap of every read on the agent path; nothing raises it
	MCPConcurrentCalls    = 4         // agent tool calls that run at once unless the server is told otherwise
	SnapshotListLines     = 20        // names snapshot inspect lists of a kind before "and N more"
	BrowseColumnWidth     = 64        // characters of a browse list's column before it is cut
	// MCPCallDeadline bounds one agent tool call unless the server is told otherwise.
	MCPCallDeadline = 2 * time.Minute
	// CompletionDeadline bounds the server reads of one completion (a shell's tab, the console's).
	CompletionDeadline = 2 * time.Second
	// KeyringDeadline bounds one call to the OS keyring, which can hang without a session bus.
	KeyringDeadline = 5 * time.Second
	// ProgressPipedEvery is the least time between two progress lines on a stream that is not a
	// terminal (a CI log).
	ProgressPipedEvery = 2 * time.Second
	// ProgressTTYEvery is the least time between two redraws of a progress line on a terminal.
	ProgressTTYEvery = 100 * time.Millisecond
	// DialKeepAlive is the keep-alive period of a connection to the API server.
	DialKeepAlive = 30 * time.Second
	// IdleConnTimeout closes a kept connection to the API server idle this long.
	IdleConnTimeout = 90 * time.Second
	ConsoleHistory  = 1000 // lines the interactive console's history keeps
	// DefaultStatementDeadline bounds a statement's paged reads in all; StatementDeadlines
	// (statement.go) sets it per command.
	DefaultStatementDeadline = 2 * time.Minute
)

// StatementDeadlines is the one table of how long a statement's paged reads may take in all,
// by command: the bound on a statement as a whole, where the request deadline (30 s, or
// --request-timeout) bounds each request. A walk through a collection's pages (kube's ListTable and
// ListObjects) stops with fault.CodeStatementDeadline when it passes it. A command not listed here, or a
// read made outside any statement (a library caller, the tree), gets DefaultStatementDeadline.
// A statement whose --request-timeout is longer than its entry gets the request timeout instead,
// so one request is never cut shorter than the user asked.
var StatementDeadlines = map[string]time.Duration{
	"get":      DefaultStatementDeadline, // the list (and -w's first list; the window is its own bound)
	"describe": DefaultStatementDeadline, // the related objects and the events
	"events":   DefaultStatementDeadline,
	"logs":     DefaultStatementDeadline, // the pods a selector names; each log has its own caps
	"top pod":  DefaultStatementDeadline,
	"top node": DefaultStatementDeadline,
	"snapshot": SnapshotDeadline, // a capture's walks of every kind, in all
}

// StatementDeadline is the deadline of one statement of the command name.
func StatementDeadline(command string) time.Duration {
	if d, ok := StatementDeadlines[command]; ok && d > 0 {
		return d
	}
	return DefaultStatementDeadline
}
