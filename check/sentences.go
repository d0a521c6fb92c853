package check

// Every sentence check says lives here, with its stable code. They are studioctl's own words,
// composed from facts: the address studioctl dialled, the version and identity the server
// reported (sanitized by the writer), and the rights studioctl itself asked about. No authorizer's
// reason and no server message is repeated.
const (
	CodeCredentialRights    = "check.warning.credential_rights"
	CodeNamespacesNotListed = "check.notice.namespaces_not_listed"
	CodeNamespacesCap       = "check.notice.namespaces_cap"
	CodeBestEffort          = "check.notice.best_effort"

	sentenceConnected       = "Connected to %s: Kubernetes %s, read as %s."
	sentenceConnectedGroups = "Connected to %s: Kubernetes %s, read as %s (groups: %s)."
	sentenceAnonymousUser   = "the anonymous user"
	sentenceUnknownVersion  = "(version not reported)"

	sentenceRights = "This identity holds %s that a read-only tool never uses: %s. Whoever holds this credential holds them too; a token bound to the view ClusterRole, or to studioctl-reader (deploy/studioctl-reader.yaml, see docs/kubeconfig.md), reads everything studioctl shows and nothing more."

	sentenceNamespacesNotListed = "This identity may not list namespaces and the connection names none, so the tree shows only its default namespace, %s; save the connection with --namespaces to show others."
	sentenceNamespacesCap       = "This cluster lists more than 1,000 namespaces, so the tree shows the first 1,000; save the connection with --namespaces to name the ones to show."
	sentenceBestEffort          = "This API server answers discovery in its beta form, as Kubernetes 1.28 and 1.29 do; studioctl reads those on a best-effort basis and supports 1.30 and later."
)

// The six rights of the credential warning, as the warning and -o json name them.
const (
	rightExecCreate     = "create pods/exec in namespace %s"
	rightExecGet        = "get pods/exec in namespace %s"
	rightNodesProxy     = "get nodes/proxy (every node's kubelet)"
	rightEverything     = "every verb on every resource (*/*)"
	rightSecretsNS      = "list secrets in namespace %s"
	rightSecretsCluster = "list secrets in every namespace"
)

// check --rights.
const (
	CodeRightsProfile     = "refused.check.rights_profile"
	SentenceRightsProfile = "There is no rights profile %s; the profiles are %s. Nothing was sent."
	sentenceRightsHeld    = "Rights profile %s: this identity holds %d of its %d rights."
	sentenceRightsMissing = "This identity lacks rights that %s needs: %s."

	CodeRightsManager        = "check.notice.manager_rights"
	sentenceRightsMCPManager = "Managing MCP servers (create, update and delete of mcpservers.toolhive.stacklok.dev) is the platform manager's right, not studioctl's: studioctl only reads them, so this profile does not ask for it."
)
