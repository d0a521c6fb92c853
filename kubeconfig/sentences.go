package kubeconfig

import "github.com/studioctl/studioctl/limits"

// Every sentence studioctl says about a kubeconfig lives here, with its stable code. They are
// studioctl's own words. None of them ever holds a key, a value or a parser message from the
// file: a token can sit anywhere in a kubeconfig, even in a key or a comment, so a sentence gives
// a position (line and column) and names only fields from studioctl's own vocabulary.
//
// Placeholders: %d is always a line or a column number (or, in sentenceMoreContexts, a count);
// %s is always one of the field or list names below (fieldServer, listClusters, ...) or a list of
// the setting names of notImportedOrder, never text taken from the file. The one exception is the
// refusal of a context name the file does not define: it quotes the name asked for and the names
// of the contexts the file defines, each sanitised by fault.Sentencef, so the person can pick one
// without opening the file. A context's name is a label, not a credential, and connection
// contexts prints the same names.

// Refusals of the file as a whole (Parse). Each is a *fault.Error with Exit fault.ExitRefused.
const (
	CodeTooLarge          = "kubeconfig.too_large"
	CodeEncoding          = "kubeconfig.encoding"
	CodeDirective         = "kubeconfig.directive"
	CodeSyntax            = "kubeconfig.syntax"
	CodeTooDeep           = "kubeconfig.too_deep"
	CodeMultipleDocuments = "kubeconfig.multiple_documents"
	CodeEmpty             = "kubeconfig.empty"
	CodeNotMapping        = "kubeconfig.not_mapping"
	CodeAlias             = "kubeconfig.alias"
	CodeMergeKey          = "kubeconfig.merge_key"
	CodeTag               = "kubeconfig.tag"
	CodeDuplicateKey      = "kubeconfig.duplicate_key"
	CodeComplexKey        = "kubeconfig.complex_key"
	CodeType              = "kubeconfig.type"
	CodeBase64            = "kubeconfig.base64"
	CodeMissingName       = "kubeconfig.missing_name"
	CodeDuplicateName     = "kubeconfig.duplicate_name"
	CodeMinify            = "kubeconfig.minify"
)

// This room's codes and sentences.
const (
	sentenceTooLarge          = "The kubeconfig is larger than 1 MiB (1,048,576 bytes), the most studioctl reads. Nothing was sent."
	sentenceEncodingBOM       = "The kubeconfig starts with a UTF-16 or UTF-32 byte order mark; studioctl reads UTF-8 only, so save it as UTF-8. Nothing was sent."
	sentenceEncodingAt        = "The kubeconfig is not UTF-8 text: line %d, column %d holds a byte sequence that is not UTF-8. Nothing was sent."
	sentenceDirective         = "The kubeconfig holds a %%YAML or %%TAG directive at line %d, column %d; studioctl refuses directives, so remove it. Nothing was sent."
	sentenceSyntaxAt          = "The kubeconfig is not valid YAML near line %d. studioctl does not repeat the YAML parser's message, which could quote the file. Nothing was sent."
	sentenceSyntax            = "The kubeconfig is not valid YAML. studioctl does not repeat the YAML parser's message, which could quote the file. Nothing was sent."
	sentenceTooDeepAt         = "The kubeconfig nests deeper than 100 levels at line %d, column %d; studioctl reads at most 100 levels. Nothing was sent."
	sentenceTooDeep           = "The kubeconfig nests far deeper than 100 levels, the most studioctl reads. Nothing was sent."
	sentenceMultipleDocuments = "The kubeconfig holds more than one YAML document (another one starts at line %d, column %d); studioctl reads a file that holds exactly one. Nothing was sent."
	sentenceEmpty             = "The kubeconfig holds no YAML document at all, so it names no cluster, user or context. Nothing was sent."
	sentenceNotMapping        = "The top level of the kubeconfig (line %d, column %d) is not a mapping of keys such as clusters, users, contexts and current-context. Nothing was sent."
	sentenceAliasAt           = "The kubeconfig uses a YAML anchor or alias at line %d, column %d. studioctl refuses both, so that no file can grow into more than it shows; write the value out in place. Nothing was sent."
	sentenceAlias             = "The kubeconfig uses a YAML alias. studioctl refuses anchors and aliases, so that no file can grow into more than it shows; write the value out in place. Nothing was sent."
	sentenceMergeKey          = "The kubeconfig uses a merge key (<<) at line %d, column %d; studioctl refuses merge keys, so write the keys out in place. Nothing was sent."
	sentenceTag               = "The kubeconfig puts a tag at line %d, column %d that is not one of YAML's standard !!str, !!int, !!float, !!bool, !!null, !!map and !!seq; studioctl refuses every other tag. Nothing was sent."
	sentenceDuplicateKey      = "The kubeconfig gives the same key twice in one mapping, at line %d, column %d and again at line %d, column %d; studioctl refuses that rather than guess which one counts. Nothing was sent."
	sentenceComplexKey        = "The kubeconfig has a key at line %d, column %d that is a list or a mapping; studioctl accepts plain keys only. Nothing was sent."
	sentenceType              = "The field %s at line %d, column %d must be %s. Nothing was sent."
	sentenceBase64            = "The field %s at line %d, column %d is not valid base64, so it cannot be decoded. Nothing was sent."
	sentenceMissingName       = "An entry of %s at line %d, column %d has no name. Nothing was sent."
	sentenceMinifyNoCurrent   = "config view --minify keeps the current context, and the kubeconfig sets none; name one with --context NAME. Nothing was sent."
	sentenceMinifyMissing     = "config view --minify keeps the current context with its cluster and user, and the kubeconfig defines no %s %q. Nothing was sent."
	sentenceDuplicateName     = "Two entries of %s share one name, at line %d, column %d and at line %d, column %d; studioctl refuses that rather than guess which one counts. Nothing was sent."
)

// What a field must be, for sentenceType.
const (
	mustString  = "a string"
	mustBool    = "true or false"
	mustList    = "a list"
	mustMapping = "a mapping"

	mustListOfMappings = "a list of mappings"
)

// Refusals of one context (Import).
const (
	CodeNoCurrentContext = "kubeconfig.no_current_context"
	CodeMissingContext   = "kubeconfig.missing_context"
	CodeMissingCluster   = "kubeconfig.missing_cluster"
	CodeMissingUser      = "kubeconfig.missing_user"
	CodeServerMissing    = "kubeconfig.server_missing"

	sentenceNoCurrentContext    = "No context was named and the kubeconfig sets no current-context; name one with --context. Nothing was sent."
	sentenceMissingContextNamed = "The kubeconfig defines no context named %s; it defines %s. Name one of those with --context. Nothing was sent."
	sentenceMissingContextNone  = "The kubeconfig defines no context named %s, nor any other context. Nothing was sent."
	sentenceMissingContextCur   = "The kubeconfig's current-context (line %d, column %d) names a context the file does not define; name one with --context. Nothing was sent."
	sentenceNoCluster           = "The context at line %d, column %d names no cluster. Nothing was sent."
	sentenceMissingCluster      = "The context at line %d, column %d names a cluster the file does not define. Nothing was sent."
	sentenceMissingUser         = "The context at line %d, column %d names a user the file does not define. Nothing was sent."
	sentenceServerMissing       = "The cluster at line %d, column %d gives no server. Nothing was sent."

	// sentenceMoreContexts ends a list of context names cut at maxNamedContexts: the names
	// listed, then how many were left out.
	sentenceMoreContexts = "%s and %d more"
	maxNamedContexts     = limits.NamedContexts

	// sentenceInFile stands before a refusal of one file of a list (ParseList); %s is the path
	// the person gave, never text from the file.
	sentenceInFile = "In the kubeconfig %s: "
)

// The refusal of a context that signs in only through a credential plugin: it would reach the
// server as nobody, so nothing is sent at all.
const (
	CodeCredentialPlugin = "kubeconfig.credential_plugin"

	sentencePluginOnly = "This context's user signs in through a credential plugin (exec or auth-provider), as EKS, GKE and AKS kubeconfigs do, and studioctl runs no program, so it has no credential to send. Two ways in: create a ServiceAccount token bound to the view or studioctl-reader ClusterRole, write it into a kubeconfig as the user's token (docs/kubeconfig.md) and save that with studioctl connection add NAME --from-kubeconfig FILE; or run kubectl proxy on this machine and point studioctl at it (KUBERNETES_ALLOW_LOOPBACK_PLAINTEXT=true). Nothing was sent."
)

// Refusals of a cluster's server, which is split as written and never rewritten: a server that
// would need normalizing is refused instead.
const (
	CodeServerScheme           = "kubeconfig.server_scheme"
	CodeServerControl          = "kubeconfig.server_control"
	CodeServerWhitespace       = "kubeconfig.server_whitespace"
	CodeServerInvisible        = "kubeconfig.server_invisible"
	CodeServerBackslash        = "kubeconfig.server_backslash"
	CodeServerNonASCII         = "kubeconfig.server_non_ascii"
	CodeServerUserinfo         = "kubeconfig.server_userinfo"
	CodeServerQuery            = "kubeconfig.server_query"
	CodeServerFragment         = "kubeconfig.server_fragment"
	CodeServerHost             = "kubeconfig.server_host"
	CodeServerPort             = "kubeconfig.server_port"
	CodeServerPathPercent      = "kubeconfig.server_path_percent"
	CodeServerPathEmptySegment = "kubeconfig.server_path_empty_segment"
	CodeServerPathDotSegment   = "kubeconfig.server_path_dot_segment"
)

var serverSentences = map[string]string{
	CodeServerScheme:           "The server at line %d, column %d must start with https:// or http://. Nothing was sent.",
	CodeServerControl:          "The server at line %d, column %d holds a control character. studioctl uses a server as written and never cleans it up. Nothing was sent.",
	CodeServerWhitespace:       "The server at line %d, column %d holds a space, a tab, a line break or another blank character. studioctl uses a server as written and never cleans it up. Nothing was sent.",
	CodeServerInvisible:        "The server at line %d, column %d holds an invisible character, such as a zero-width space or a right-to-left override, which can make an address read as another. Nothing was sent.",
	CodeServerBackslash:        "The server at line %d, column %d holds a backslash, which URL readers disagree about. Nothing was sent.",
	CodeServerNonASCII:         "The server at line %d, column %d holds a character outside ASCII, such as a letter that looks like a Latin one or a full-width slash; write an international host name in its xn-- form. Nothing was sent.",
	CodeServerUserinfo:         "The server at line %d, column %d carries a user name or password before its host (an @ sign), which studioctl never sends. Nothing was sent.",
	CodeServerQuery:            "The server at line %d, column %d holds a query (a ? sign); an API server address has none. Nothing was sent.",
	CodeServerFragment:         "The server at line %d, column %d holds a fragment (a # sign); an API server address has none. Nothing was sent.",
	CodeServerHost:             "The server at line %d, column %d has no host studioctl can read: give a host name, an IPv4 address, or an IPv6 address in square brackets. Nothing was sent.",
	CodeServerPort:             "The server at line %d, column %d has a port that is not a number from 1 to 65535 written without leading zeros. Nothing was sent.",
	CodeServerPathPercent:      "The path of the server at line %d, column %d holds a percent sign; studioctl decodes no escapes in an API path. Nothing was sent.",
	CodeServerPathEmptySegment: "The path of the server at line %d, column %d holds two slashes in a row. studioctl uses a path as written and never cleans it up. Nothing was sent.",
	CodeServerPathDotSegment:   "The path of the server at line %d, column %d holds a . or .. segment. studioctl uses a path as written and never resolves it. Nothing was sent.",
}

// Notices an import carries. They do not stop the import; the person reads them before using it.
const (
	NoticePlaintext        = "kubeconfig.notice.plaintext"
	NoticeInsecureTLS      = "kubeconfig.notice.insecure_tls"
	NoticeNotImported      = "kubeconfig.notice.not_imported"
	NoticeCredentialPlugin = "kubeconfig.notice.credential_plugin"
	NoticeAnonymous        = "kubeconfig.notice.anonymous"

	sentencePlaintext        = "This context's server is a plain http:// address, so it is imported with SSL mode disable. studioctl speaks plain HTTP only to this machine, where kubectl proxy listens, and only when whoever runs studioctl sets KUBERNETES_ALLOW_LOOPBACK_PLAINTEXT=true."
	sentenceInsecureTLS      = "This context's cluster sets insecure-skip-tls-verify, so it is imported with SSL mode require, which leaves the server's certificate unchecked; studioctl connects that way only when whoever runs it sets KUBERNETES_ALLOW_INSECURE_TLS=true. Give the cluster's CA as certificate-authority-data to have the certificate checked instead."
	sentenceNotImported      = "Not imported: %s. studioctl reads no local file, runs no program, goes through no proxy and impersonates no one, so these settings are left out and never used."
	sentenceCredentialPlugin = "This context's user signs in through a credential plugin (exec or auth-provider), which studioctl never runs, so no token was imported. Create a ServiceAccount token bound to the view and studioctl-reader ClusterRoles and set it as this user's token, as docs/kubeconfig.md shows; on your own machine, kubectl proxy is another way in."
	sentenceAnonymous        = "This context gives no token and no client certificate and key that studioctl imports, so its requests would reach the API server as the anonymous user, which most clusters refuse. Create a ServiceAccount token bound to the view and studioctl-reader ClusterRoles and set it as this user's token, as docs/kubeconfig.md shows."
)

// Field and list names, as kubeconfig spells them; the only names a sentence ever gives.
const (
	listClusters = "clusters"
	listUsers    = "users"
	listContexts = "contexts"

	fieldName           = "name"
	fieldCluster        = "cluster"
	fieldUser           = "user"
	fieldContext        = "context"
	fieldCurrentContext = "current-context"
	fieldNamespace      = "namespace"

	fieldServer        = "server"
	fieldCAData        = "certificate-authority-data"
	fieldTLSServerName = "tls-server-name"
	fieldInsecure      = "insecure-skip-tls-verify"
	fieldProxyURL      = "proxy-url"
	fieldCAFile        = "certificate-authority"

	fieldToken          = "token"
	fieldClientCertData = "client-certificate-data"
	fieldClientKeyData  = "client-key-data"
	fieldTokenFile      = "tokenFile"
	fieldTokenFileDash  = "token-file"
	fieldClientCertFile = "client-certificate"
	fieldClientKeyFile  = "client-key"
	fieldUsername       = "username"
	fieldPassword       = "password"
	fieldExec           = "exec"
	fieldAuthProvider   = "auth-provider"
	fieldAs             = "as"
	fieldAsUID          = "as-uid"
	fieldAsGroups       = "as-groups"
	fieldAsUserExtra    = "as-user-extra"
)

// notImportedOrder is the order the Not imported notice names settings in.
var notImportedOrder = []string{
	fieldExec, fieldAuthProvider,
	fieldCAFile, fieldClientCertFile, fieldClientKeyFile, fieldTokenFile, fieldTokenFileDash,
	fieldProxyURL,
	fieldUsername, fieldPassword,
	fieldAs, fieldAsUID, fieldAsGroups, fieldAsUserExtra,
}
