package mcp

// Every sentence studioctl says on the agent path, with its stable code. They are studioctl's own
// words; values are interpolated through fault.Sentencef (fault.Refusef), which sanitises and cuts
// them. None of them names a credential, a file or a kubeconfig.
const (
	CodeTooLong        = "refused.agent.too_long"
	CodeOwnFlag        = "refused.agent.own_flag"
	CodeConnectionFlag = "refused.connection_flag"
	CodeWatch          = "refused.agent.watch"
	CodeFollow         = "refused.follow"
	CodeLocalFile      = "refused.local_file"
	CodeNamespace      = "refused.namespace"
	CodeRowCap         = "limit.rows"
	CodeNotOptedIn     = "refused.agent.connection"
	CodeNoConnection   = "refused.agent.no_connection"
	CodeWhichOne       = "refused.agent.which_connection"
	CodeBusy           = "refused.agent.busy"
	CodeEmpty          = "refused.agent.empty"
	CodeDeadline       = "unreachable.agent.deadline"
	CodeCancelled      = "refused.agent.cancelled"
	CodeArguments      = "refused.agent.arguments"

	sentenceTooLong        = "The statement is %d characters long; the agent path reads one statement line of at most %d characters. Nothing was sent."
	sentenceOwnFlag        = "%s is one of studioctl's own flags: on the agent path the server's settings (machine redaction, a row cap of %d) are fixed when it starts and no statement changes them. Nothing was sent."
	sentenceConnectionFlag = "%s is a connection setting: on the agent path the connection is the tool's connection argument, and its identity is fixed when the server starts; no statement chooses a server, a credential or an identity. Nothing was sent."
	sentenceWatch          = "A watch (-w, --watch) is not read on the agent path: read the list once, and read it again later to see what changed. Nothing was sent."
	sentenceFollow         = "Following a log (-f, --follow) is not read on the agent path: read the latest lines with --tail N, and read again later for newer ones. Nothing was sent."
	sentenceLocalFile      = "-o %s reads a file on the machine studioctl runs on, and an agent names no files: give the template inline (-o jsonpath=..., -o custom-columns=..., -o go-template=...). Nothing was sent."
	sentenceNamespace      = "A reading takes one namespace, named as a DNS-1123 label (lower-case letters, digits and '-'). Nothing was sent."
	sentenceRowCap         = "This read reaches past the agent path's cap of %d rows, so it was refused rather than cut: narrow it to one namespace (-n NAME instead of -A), by a label selector (-l app=web) or a field selector (--field-selector status.phase=Running), or name the objects you need (get pod NAME). The cap cannot be raised from the agent path."
	sentenceNotOptedIn     = "%q is not a connection this server may read: studioctl mcp reads only saved connections that opted in, and list_connections names them. Nothing was sent."
	sentenceNoConnection   = "This server has no connection to read: opt a saved connection in with studioctl connection mcp NAME --on, then restart the server. Nothing was sent."
	sentenceWhichOne       = "This server reads %d connections; name one in the connection argument (list_connections names them). Nothing was sent."
	sentenceBusy           = "The server is answering %d calls already and this one waited until its deadline; call again in a moment. Nothing was sent."
	sentenceEmpty          = "The statement is empty: give one kubectl read, such as get pods -n NAME. Nothing was sent."
	sentenceDeadline       = "The call did not finish within its deadline of %s and was stopped; narrow the read (one namespace, a selector) and call again."
	sentenceCancelled      = "The call was cancelled by the client before it finished."
	sentenceArgsShape      = "%s takes its arguments as one JSON object of strings (%s); %s was given. Nothing was sent."
	sentenceArgUnknown     = "%s takes no argument %q; %s. Nothing was sent."
	sentenceArgType        = "The argument %s of %s is %s; give it as a string: %s. Nothing was sent."
	sentenceArgMissing     = "%s needs the argument %s: %s. Nothing was sent."

	// JSON-RPC error messages (protocol.go, frames.go): each begins with the name JSON-RPC gives
	// its code.
	sentenceInitializedAlready = "Invalid Request: this session is initialized already; a session takes one initialize, so open a new session to start again."
	sentenceNotInitialized     = "Invalid Request: %s came before initialize; a session answers only ping until it is initialized, so send initialize first."
	sentenceMethodNotFound     = "Method not found: this server does not serve %s; tools/list names its tools and tools/call calls one."
	sentenceInitializeParams   = "Invalid params: initialize takes an object with protocolVersion (a string), capabilities (an object) and clientInfo (an object with name and version)."
	sentenceLoggingLevel       = "Invalid params: %q is not a logging level; logging/setLevel takes one of debug, info, notice, warning, error, critical, alert or emergency."
)

// Codes and sentences of the HTTP transport.
const (
	CodeHTTPAddress = "refused.agent.http_address"
	CodeHTTPToken   = "refused.agent.http_token"

	sentenceHTTPAddress = "--http listens on this machine only: give a loopback address such as 127.0.0.1:8765 or [::1]:8765, not %q. Nothing was started."
	sentenceHTTPToken   = "--http needs a bearer token read from a file: --http-token-file FILE, holding at least 32 characters on one line. Nothing was started."
	// The store refuses wider modes for saved credentials; a bearer token is one.
	sentenceHTTPTokenMode = "The token file %s may be read or written by other users; the bearer token is a credential, so make it readable by you alone (chmod 600). Nothing was started."
)
