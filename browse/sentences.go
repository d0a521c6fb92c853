package browse

import "fmt"

// Every sentence the tree, the YAML view and health say, with its stable code. They are
// studioctl's own words, composed from facts; a server's message is never repeated.
const (
	// The namespace list was refused and the tree fell back to the default namespace alone.
	CodeNamespacesRefused     = "tree.namespaces_refused"
	sentenceNamespacesRefused = "This identity may not list the cluster's namespaces, so the tree shows only the default namespace, %s; to see others, open them by name (studioctl tree NAMESPACE ...) or set the connection's namespace list."
	// The namespace list was refused and OpenShift's projects were listed instead.
	CodeNamespacesProjects     = "tree.namespaces_from_projects"
	sentenceNamespacesProjects = "This identity may not list the cluster's namespaces, so the tree shows the OpenShift projects it may see instead."
	// The cluster lists more namespaces than the tree shows.
	CodeNamespacesCapped     = "tree.namespaces_capped"
	sentenceNamespacesCapped = "The cluster holds more than %s namespaces, so the tree shows the first %s by name; open others by name (studioctl tree NAMESPACE ...) or list the ones to show in the connection's namespace list."
	// A namespace named to the tree does not exist (the server answered its GET with 404); exit 1,
	// as a get of it exits.
	CodeNamespaceMissing     = "tree.namespace_missing"
	sentenceNamespaceMissing = "The namespace %s does not exist on this server, so there is no tree to draw; check its name (studioctl get namespaces lists them)."

	// Words the tree prints beside a folder.
	wordMore      = "%s or more"
	wordNotServed = "not served by this API server"
	wordLocked    = "locked: %s"
	wordNotRead   = "not read: %s"
	wordDefault   = "(default namespace)"

	// Health.
	wordReady            = "ok"
	wordNotReady         = "not ready: the API server answered /readyz with an error status"
	wordNotReadyText     = "not ready"
	wordCountNotReadable = "not readable: %s"
	wordNamespacesFrom   = "%s (from the connection's namespace list)"
)

// Refusals of the commands' arguments, before anything is sent.
const (
	CodeUsage             = "refused.usage"
	SentenceTreeNamespace = "%q is not a namespace name: a namespace is a DNS-1123 label (lower-case letters, digits and '-', at most 63 characters), and Cluster names the cluster's own container. Nothing was sent."
	SentenceSourceArgs    = "source takes TYPE/NAME or TYPE NAME, such as source deployment/web -n shop. Nothing was sent."
)

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// Row actions a row does not have.
const (
	sentenceNoYAMLView  = "Only an object's row has a YAML view. Nothing was sent."
	sentenceNoRowAction = "This row has no %s action. Nothing was sent."
)
