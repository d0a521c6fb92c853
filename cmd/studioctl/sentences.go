package main

// The command layer's own sentences: the global flags and the session they open.
const (
	CodeFlags              = "refused.flags"
	CodeReplayRead         = "refused.replay"
	CodeKubeconfigRead     = "refused.kubeconfig.read"
	SentenceContextAlone   = "--context picks a context of a kubeconfig (--kubeconfig, or the one KUBECONFIG or ~/.kube/config names), so it takes no --connection or --replay. Nothing was sent."
	SentenceReplayAlone    = "--replay answers from a recording, so it takes no --kubeconfig or --connection. Nothing was sent."
	SentenceTwoConnections = "--kubeconfig and --connection each name a connection; give one. Nothing was sent."
	SentenceKubeconfigOpen = "The kubeconfig %s could not be opened: %s. Nothing was sent."
	SentenceKubeconfigRead = "The kubeconfig %s could not be read to its end. Nothing was sent."

	sentenceVerboseKubeconfig = "studioctl: reading the kubeconfig %s (from %s)"
	SentenceRedactValue       = "--redact takes people or machine. Nothing was sent."
	sentenceBoolBeforeVerb    = "%s is a switch of the statement, so before the verb it would take the verb as its value (kubectl refuses it there too): put %s after the verb, or write it with its value, such as --show-labels=true. Nothing was sent."
	sentenceNoHelp            = "There is no command %q to show help for; studioctl help lists the commands."
	sentenceNoContexts        = "The kubeconfig holds no contexts."
	sentenceMaxRows           = "--max-rows takes 1 to %d. Nothing was sent."
)

// The IMPORT cell of connection contexts: what importing the context would give.
const (
	cellImportYes          = "yes"
	cellImportRefused      = "refused"
	cellImportRefusedCode  = "refused (%s)"
	cellImportNoCredential = "no credential (%s)"
)

// Why a kubeconfig could not be opened, beside replayread.go's reasons for a recording.
const (
	reasonNotAFile = "it is not a plain file"
	reasonUnopened = "the system refused to open it"
)

// The command line's word on an unknown verb: the statement verbs and studioctl's own commands.
const (
	sentenceUnknownVerb     = "%q is not a command of studioctl. It reads kubectl's %s; and has its own %s. Nothing was sent."
	sentenceUnknownVerbNear = "%q is not a command of studioctl; did you mean %s? It reads kubectl's %s; and has its own %s. Nothing was sent."
)

// The flags studioctl's own commands share with the statements (ownflags.go).
const (
	sentenceOwnOutput = "%s -o takes %s, not %q; without -o it prints %s. Nothing was sent."
	sentenceOwnForm   = "%s -o takes %s, not %q. Nothing was sent."
)

// Sentences of the connection commands (the store's own live in store/sentences.go).
const (
	codeConnectionFlags       = "refused.flags"
	sentenceConnectionFlags   = "studioctl connection reads a kubeconfig only through --from-kubeconfig FILE and takes no --kubeconfig, --context, --connection or --replay before the verb. Nothing was saved."
	sentenceFromKubeconfig    = "studioctl connection add needs --from-kubeconfig FILE: the connection's fields are imported from one of its contexts. Nothing was saved."
	sentenceSSHFlags          = "--ssh takes USER@HOST or USER@HOST:PORT and goes with --ssh-known-host, the SSH host's key as one known_hosts line; give both. Nothing was saved."
	sentenceConnectionSaved   = "Saved connection %s for %s; use it with: studioctl --connection %s get pods"
	sentenceConnectionRemoved = "Removed connection %s."
	sentenceKeptInKeyring     = "Its credentials are kept in the OS keyring (service studioctl, account %s); the connections file holds none of them."
	sentenceKeptInFile        = "Its credentials are kept in %s (mode 0600), as no OS keyring answered; studioctl connection move-to-keyring moves them once one does."
	sentenceMovedToKeyring    = "Moved the credentials of %d connections to the OS keyring; %s holds none of them now."
	sentenceNothingToMove     = "No saved connection keeps credentials in %s; nothing was changed."
	sentenceNoConnections     = "No saved connections; add one with: studioctl connection add NAME --from-kubeconfig FILE"
	sentenceAgentTokenFile    = "The agent token file could not be read, or holds no token on its first line (at most 64 KiB). Nothing was saved."
	sentenceMCPOnOff          = "studioctl connection mcp NAME takes --on or --off. Nothing was saved."
	sentenceMCPOn             = "Connection %s opted in to studioctl mcp: agents may read it, as its agent token when one is set, else as its own credential."
	sentenceMCPOff            = "Connection %s opted out of studioctl mcp: agents may not read it."
)

// Sentences of studioctl mcp.
const (
	sentenceMCPFlags      = "studioctl mcp reads saved connections that opted in (studioctl connection mcp NAME --on) or a recording (--replay); it takes no --kubeconfig, --context or --max-rows: the agent never sees a kubeconfig, and its row cap is %d. Nothing was started."
	sentenceMCPNone       = "No saved connection opted in to studioctl mcp; opt one in with: studioctl connection mcp NAME --on (or try it with: studioctl mcp --replay demo). Nothing was started."
	sentenceMCPNotOpted   = "The saved connection %q did not opt in to studioctl mcp; opt it in with: studioctl connection mcp %s --on. Nothing was started."
	sentenceMCPTokenAlone = "--http-token-file goes with --http ADDR. Nothing was started."
	sentenceMCPListening  = "studioctl mcp: serving MCP over streamable HTTP on http://%s%s (bearer token required)"
	sentenceMCPNoLog      = "notice: studioctl found no state directory, so this server keeps no call log."
)

// snapshot's sentences.
const (
	sentenceSnapshotReplay = "studioctl snapshot reads a server: it takes --kubeconfig or --connection, not --replay. Nothing was sent."
	sentenceSnapshotScope  = "studioctl snapshot takes -n or -A, not both. Nothing was sent."
)

// Why studioctl browse does not start.
const sentenceBrowseTerminal = "browse draws a full-screen program, so it needs a terminal on stdin and stdout; use studioctl get or studioctl tree (with --objects) in a pipe. Nothing was sent."

// Why a file --replay, snapshot inspect or snapshot diff names could not be read: each reason is
// a fact studioctl found, never the operating system's own message (which may quote more than
// the path).
const (
	sentenceReplayUnreadableWhy = "The recording at %s could not be read: %s. Nothing was sent."
	reasonNotFound              = "no file or directory has that name"
	reasonPermission            = "this user may not read it"
	reasonNotPlainOrTooLarge    = "it is not a plain file, or it is larger than a recording may be"
	reasonNotRecording          = "it is neither a snapshot nor a recording studioctl wrote"
)

// A console line that names a global flag.
const sentenceConsoleGlobalFlag = "The console's connection and redaction were set when it started; a line takes no %s. Nothing was sent."
