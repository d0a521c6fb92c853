package fault

// The codes (and the few sentences) that several rooms share: the room that composes the error
// and the rooms that tell one failure from another by its code. A code used by one room alone
// stays with that room's sentences.

// Refusals of a connection, shared by the kubeconfig reader, the saved connections and the command.
const (
	CodeConnNamespace         = "refused.connection.namespace"
	CodeConnPlaintextLoopback = "refused.connection.plaintext_loopback"
	CodeConnNone              = "refused.connection.none"
	SentenceConnNone          = "No connection is set, and there is no kubeconfig to read (KUBECONFIG is unset and ~/.kube/config does not exist): name a kubeconfig with --kubeconfig FILE (and --context NAME), a saved connection with --connection NAME or STUDIOCTL_CONNECTION, or replay a recording with --replay DIR or --replay demo. Nothing was sent."
)

// A server's answers, as every room that tells a missing or forbidden object from a failure reads them.
const (
	CodeUnauthorized   = "http.unauthorized"
	CodeForbidden      = "http.forbidden"
	CodeNotFound       = "http.not_found"
	CodeGone           = "http.gone"
	CodeUnknownType    = "http.unknown_type"
	CodeUnreachableTLS = "unreachable.tls"
	CodeCanceled       = "canceled"
)

// What a server is too old or too plain to serve.
const (
	CodeNotAggregated = "refused.server.not_aggregated"
	CodeTooOld        = "refused.server.too_old"
	SentenceTooOld    = "This API server does not serve authentication.k8s.io/v1 SelfSubjectReview, which Kubernetes serves from 1.28, so it runs 1.27 or earlier; studioctl supports Kubernetes 1.30 and later, and reads 1.28 and 1.29 on a best-effort basis."
)

// An error studioctl did not compose (Internal), on every surface.
const (
	CodeInternal     = "internal"
	SentenceInternal = "studioctl failed: %s"
)

// Refusals of what was asked, before anything is sent.
const (
	CodeRefusedRawPath = "refused.raw_path"
	SentenceRawPath    = "get --raw reads only %s; %q is not one of them, and studioctl reads objects only through typed statements. Nothing was sent."
	CodeRefusedName    = "refused.name"
	CodeBadValue       = "refused.bad_value"
	CodeRedactLower    = "refused.redact_lower"
)

// Caps reached and deadlines passed (limits/ holds the figures).
const (
	CodeLimitRows         = "limit.rows"
	CodeLimitPages        = "limit.pages"
	CodeLimitValue        = "limit.value"
	CodeLimitKinds        = "limit.kinds"
	CodeStatementDeadline = "unreachable.statement_deadline"
	CodeLiveIdle          = "limit.live_idle"
)
