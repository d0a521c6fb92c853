package kube

// Every sentence studioctl says about a connection, a request or an answer lives here, with its
// stable code. They are studioctl's own words: a server's message is never repeated, because it
// can echo a token or name an identity.

// Connection refusals (section 4.2 of the behaviour specification). Each ends by saying that
// nothing was sent, because a refusal happens before any socket opens.
const (
	codeConnUser            = "refused.connection.user"
	codeConnHost            = "refused.connection.host"
	codeConnMetadata        = "refused.connection.metadata_address"
	codeConnPort            = "refused.connection.port"
	codeConnToken           = "refused.connection.token"
	codeConnAPIPath         = "refused.connection.api_path"
	codeConnTLSServerName   = "refused.connection.tls_server_name"
	codeConnClientCert      = "refused.connection.client_certificate"
	codeConnPlaintextRemote = "refused.connection.plaintext_remote"
	codeConnInsecureTLS     = "refused.connection.insecure_tls"
	codeConnSSLMode         = "refused.connection.ssl_mode"
	codeConnCA              = "refused.connection.ca"

	sentenceConnUser              = "The connection's user field names a user, which is not a credential studioctl uses (basic authentication is refused): remove user and give a bearer token or a client certificate and key. Nothing was sent."
	sentenceConnHost              = "The API server's host must be a host name or an IP address with no scheme, path, spaces or interface zone. Nothing was sent."
	sentenceConnMetadata          = "The API server's address is link-local or a cloud metadata address, which studioctl never dials. Nothing was sent."
	sentenceConnNotHostAddress    = "The API server's address is an unspecified or multicast address, which names no one host; use the server's own address or name. Nothing was sent."
	sentenceConnTokenPlain        = "A token would travel unencrypted over plain HTTP; kubectl proxy needs none, since it signs requests in itself. Remove the token or use TLS. Nothing was sent."
	sentenceConnPort              = "The API server's port must be a number from 1 to 65535. Nothing was sent."
	sentenceConnTokenBearer       = "The token must be given without the word Bearer in front of it; studioctl adds that itself. Nothing was sent."
	sentenceConnTokenChars        = "The token holds a character outside visible ASCII (a space, a line break or a control character), so it cannot be a bearer token. Nothing was sent."
	sentenceConnAPIPath           = "The API path must start with / and be made of plain segments (letters, digits, '.', '_', '~', '-'), with no empty, '.' or '..' segment and no percent sign. Nothing was sent."
	sentenceConnAPIPathReserved   = "The API path may not hold a segment named api, apis, proxy, namespaces, nodes, services, pods, openapi or version, so that no prefix can route a request through a proxy. Nothing was sent."
	sentenceConnTLSServerName     = "The TLS server name must be a host name. Nothing was sent."
	sentenceConnDefaultNamespace  = "The default namespace must be a DNS-1123 label: lower-case letters, digits and '-', at most 63 characters. Nothing was sent."
	sentenceConnNamespaces        = "Every entry of the namespace list must be a DNS-1123 label: lower-case letters, digits and '-', at most 63 characters. Nothing was sent."
	sentenceConnDefaultOutside    = "The default namespace is not in the connection's namespace list; add it to the list or choose one of the listed namespaces. Nothing was sent."
	sentenceConnClientCertPair    = "A client certificate needs its key, and a key its certificate; give both or neither. Nothing was sent."
	sentenceConnClientCertInvalid = "The client certificate and key could not be read as a PEM pair that belongs together. Nothing was sent."
	sentenceConnClientCertPlain   = "A client certificate needs TLS; it cannot be sent over plain HTTP. Nothing was sent."
	sentenceConnPlaintextRemote   = "Plain HTTP (SSL mode disable) is allowed only to this machine, where kubectl proxy listens; use TLS for any other host. Nothing was sent."
	sentenceConnPlaintextLoopback = "Plain HTTP to this machine (kubectl proxy) is turned off: whoever runs studioctl can turn it on by setting KUBERNETES_ALLOW_LOOPBACK_PLAINTEXT=true. Nothing was sent."
	sentenceConnInsecureTLS       = "SSL mode require, or a kubeconfig's insecure-skip-tls-verify, would send the credential to a server whose certificate nobody checks; studioctl refuses that unless KUBERNETES_ALLOW_INSECURE_TLS=true is set. Use verify-full with the cluster's CA, or verify-system. Nothing was sent."
	sentenceConnSSLMode           = "The SSL mode must be verify-full, verify-system, require or disable. Nothing was sent."
	sentenceConnCAMissing         = "SSL mode verify-full needs the cluster's CA certificate. Nothing was sent."
	sentenceConnCAInvalid         = "The cluster's CA could not be read as a PEM certificate. Nothing was sent."
)

// Sentences about requests and answers. %s placeholders take studioctl's own description of the
// request ("list pods in namespace shop"), a host:port from the connection, or a status line.
const (
	codeRefusedPolicy      = "refused.policy"
	codeRefusedRequest     = "refused.request"
	codeUnreachableDNS     = "unreachable.dns"
	codeUnreachableConnect = "unreachable.connect"
	codeTimeout            = "unreachable.timeout"
	codeBrokenAnswer       = "unreachable.broken_answer"
	codeSwitchingProtocols = "http.switching_protocols"
	codeRedirect           = "http.redirect"
	codeTooManyRequests    = "http.too_many_requests"
	codeServerError        = "http.error"
	codeLimitResponse      = "limit.response_bytes"
	codeLimitNesting       = "limit.nesting"
	codeMalformed          = "http.malformed_answer"
	codeReplayMissing      = "replay.missing"

	sentenceRefusedPolicy      = "studioctl's read-only allowlist refused to %s (%s). Nothing was sent."
	sentenceRequestShape       = "studioctl could not compose the request to %s. Nothing was sent."
	sentenceUnreachableDNS     = "The API server's name %s could not be resolved: check the address and this machine's DNS."
	sentenceNoConnect          = "No answer from %s after %s seconds: check the address, the port and the network path."
	sentenceConnectFailed      = "Could not connect to %s: check the address, the port and that the API server is running."
	sentenceTLSVerify          = "The certificate of %s could not be verified against the connection's CA and server name, so nothing was sent over it."
	sentenceNotTLS             = "%s did not answer with TLS: check the port, or whether the address is kubectl proxy (plain HTTP)."
	sentenceNoAnswer           = "The API server did not answer the request to %s within %s s."
	sentenceBrokenAnswer       = "The API server's answer to the request to %s broke off before it was complete."
	sentenceCanceled           = "The statement was canceled."
	sentenceSwitchingProtocols = "The API server answered the request to %s with 101 Switching Protocols, which studioctl refuses: it opens no stream."
	sentenceRedirect           = "The API server answered the request to %s with a redirect (%s), which studioctl does not follow."
	sentenceExpired401         = "The API server rejected the token or certificate (401 Unauthorized); a ServiceAccount token may have expired. Create a new token and give it to the connection."
	sentenceAnonymous401       = "The API server rejected an anonymous request (401 Unauthorized): this connection sends no token and no client certificate. Create a ServiceAccount token for it, as docs/kubeconfig.md shows."
	sentenceAnonymous403       = "The API server saw an anonymous request, which may not %s (403 Forbidden): this connection sends no token and no client certificate. Create a ServiceAccount token for it, as docs/kubeconfig.md shows."
	sentenceForbidden          = "The API server does not let this identity %s (403 Forbidden)."
	sentenceNotFound           = "The API server found nothing to %s (404 Not Found)."
	sentenceGone               = "The API server no longer holds the list studioctl was paging through to %s (410 Gone), even after starting again once; run the statement again."
	sentenceGonePrinted        = "The API server no longer holds the list studioctl was paging through to %s (410 Gone), after part of it was printed; what was printed is not all of it, so run the statement again."
	sentenceTooManyRequests    = "The API server asked studioctl to slow down (429 Too Many Requests) while trying to %s, and again after one wait; try again shortly."
	sentenceServerErrorReason  = "The API server could not %s: it answered %s (reason %s)."
	sentenceServerError        = "The API server could not %s: it answered %s."
	sentenceResponseTooLarge   = "The API server's answer to the request to %s passed studioctl's cap of %s, so it was not read; narrow the request."
	sentenceTooDeep            = "The API server's answer to the request to %s nests deeper than studioctl's cap of %d levels, so it was not read."
	sentenceMalformed          = "The API server's answer to the request to %s was not the JSON studioctl expected, so it was not read."
	sentenceUnknownType        = "the server doesn't have a resource type %q"
	sentenceReplayMissing      = "The recording holds no answer to the request to %s: it was captured without that statement."
	sentenceReplayEnd          = "The snapshot holds no change after its capture, so the request to %s ends here."
	sentenceSnapshotMissing    = "The snapshot cannot answer the request to %s: it holds no %s."
)

// Version floor and discovery form (section 10).
const (
	sentenceNotAggregated = "This API server did not answer aggregated discovery, which Kubernetes serves from 1.30 (1.28 and 1.29 as a beta); studioctl supports Kubernetes 1.30 and later."
)

// Sentences about what a statement names and how much it reads.
const (
	// fault.CodeRefusedRawPath: get --raw names a path outside policy.RawPaths.
	// CodeLimitItemBytes: one object of a list is past the per-object cap (ListOptions.MaxItemBytes).
	CodeLimitItemBytes = "limit.document_bytes"
	// fault.CodeBadValue and fault.CodeLimitValue refuse a value before anything is sent: one that cannot be
	// read, and one outside its limit. The statement parser and the library's typed reads share them.
	// fault.CodeRedactLower refuses lowering a session's redaction from machine to people.

	sentenceBadName          = "studioctl will not %s: the name is not one an object can have (it holds a slash, a percent sign, a space or a control character). Nothing was sent."
	sentenceBadNamespace     = "The namespace must be a DNS-1123 label: lower-case letters, digits and '-', at most 63 characters. Nothing was sent."
	sentenceItemSize         = "The object %q is larger than %d MiB as the server sent it, the cap for one object of a printed list, so it was not printed."
	sentenceRowCap           = "The request to %s holds more than %d rows, the cap for one statement, so nothing was printed; narrow it with -l or --field-selector, or raise the cap with --max-rows (at most 1,000,000)."
	sentencePageCap          = "The API server kept answering the request to %s with one more page: studioctl stopped at %d pages, the cap for a statement that reads at most %d rows %d at a time, so nothing was printed; narrow it with -l or --field-selector, or raise the row cap with --max-rows (at most 1,000,000)."
	sentenceStatementTime    = "The API server was still paging the answer to %s after %s, studioctl's deadline for one %s statement, so nothing was printed; narrow it with -l or --field-selector."
	sentenceCategoryKinds    = "The category %q holds %d resource types, more than %d, the cap for one statement, so nothing was read; name the types instead."
	sentenceObjectNotFoundNS = "%s %q not found in namespace %q"
	sentenceObjectNotFound   = "%s %q not found"
)

// Sentences of live streams (the command line's get -w, logs -f, events -w, rollout status).
const (
	sentenceLiveIdle       = "Nothing arrived for %s, studioctl's idle limit for a live stream, so it ended; run the statement again to go on watching."
	sentenceLiveBytes      = "The live stream to %s passed %s, studioctl's cap for one stream, so it ended; narrow it with -l or --field-selector, or run the statement again."
	sentenceLiveWatchError = "The API server ended the watch to %s with an error event (code %s)."
	sentenceLogLineLong    = "The log read to %s holds a line longer than %s, studioctl's cap for one line, so the stream ended."
)

const sentenceWatchExpired = "The API server ended the window to %s with an error event (the starting version may have expired); run the statement again."

// Sentences about a pod log request.
const (
	codeLogBadRequest        = "http.log_bad_request"
	sentenceLogWhat          = "read the log of container %s of pod %s in namespace %s"
	sentenceLogWhatPrevious  = "read the previous log of container %s of pod %s in namespace %s"
	sentenceLogBadRequest    = "The API server would not read the log of container %q of pod %q in namespace %q (400 Bad Request): the pod may have no container of that name, the container may not have started yet, or, with -p, it may have no previous run."
	sentenceLogPodNotFoundNS = "pod %q not found in namespace %q"
)

// Sentences of explain's requests.
const (
	codeOpenAPIMissing = "http.openapi_missing"
	codeOpenAPIURL     = "http.openapi_url"

	sentenceOpenAPINoIndex  = "The API server does not serve an OpenAPI v3 index at /openapi/v3 (404 Not Found), which explain reads; Kubernetes serves it from 1.27."
	sentenceOpenAPINoGV     = "The API server's OpenAPI v3 index lists no document for %s, so explain has nothing to read for it."
	sentenceOpenAPIURL      = "The API server's OpenAPI v3 index names the document for %s by a URL that is not the document's path with a hash, so studioctl did not follow it."
	sentenceOpenAPIBadGroup = "The group version %q is not one an OpenAPI document can name: it must be v1 or GROUP/VERSION. Nothing was sent."
)

// Sentences of the self reviews.
const (
	codeReviewValue = "refused.review_value"

	sentenceReviewValue     = "studioctl will not %s: a value is empty where one is needed, longer than 1,024 characters, or holds a control character. Nothing was sent."
	sentenceReviewMalformed = "The API server's answer to the request to %s was not the review studioctl asked for, so it was not read."
)

// The tunnel's refusals and failures.
const (
	codeTunnel         = "refused.connection.tunnel"
	CodeTunnelAgent    = "refused.connection.ssh_agent"
	CodeTunnelHostKey  = "unreachable.ssh_host_key"
	codeTunnelConnect  = "unreachable.ssh"
	sentenceTunnelUser = "The SSH tunnel needs a user: the name studioctl signs in to the SSH host as. Nothing was sent."
	sentenceTunnelHost = "The SSH tunnel's host must be a host name or an IP address, and its port a number from 1 to 65535. Nothing was sent."
	sentenceTunnelKey  = "The SSH tunnel needs the SSH host's key as one known_hosts line (host, key type and key, as ssh-keyscan prints it), so that the host is checked before anything is sent. Nothing was sent."
	sentenceTunnelFar  = "The API server behind the SSH tunnel is a link-local or cloud metadata address, which studioctl never dials, through a tunnel or not. Nothing was sent."
	sentenceNoAgent    = "The SSH tunnel signs in with a key from ssh-agent, and no agent is running (SSH_AUTH_SOCK is unset or its socket does not answer): start one and add the key with ssh-add. studioctl never reads a key file. Nothing was sent."
	sentenceHostKey    = "The SSH host %s did not prove the key saved for it: its key is not the one in the connection's known_hosts line. Nothing was sent through it."
	sentenceSSHConnect = "Could not open the SSH tunnel through %s: the host did not answer, refused the user, or accepted none of the agent's keys."
)
