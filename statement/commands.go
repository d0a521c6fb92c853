// Package console reads the kubectl subset studioctl speaks: a lexer (POSIX quoting, comments,
// an optional leading kubectl or prompt), the command and flag tables below, a parser that turns
// words into a Statement or a refusal (nothing sent), and one reader per command family that turns
// a Statement into requests through kube.Client and a Result the renderers print.
package statement

import "slices"

// FlagKind is the type of a flag's value.
type FlagKind int

// The kinds of flag value.
const (
	Bool FlagKind = iota
	String
	Int
	Duration
	List // repeatable; each value may also hold commas
)

// FlagSpec is one flag of the kubectl subset. Every spelling of it is accepted: -n shop, -n=shop,
// -nshop, --namespace shop, --namespace=shop.
type FlagSpec struct {
	Long    string
	Short   string
	Kind    FlagKind
	Value   string // the value's name in help, e.g. NAMESPACE
	Usage   string
	Default string
}

// Flags is the flag table: every flag any statement takes, by long name.
var Flags = map[string]FlagSpec{
	"namespace":                   {Long: "namespace", Short: "n", Kind: String, Value: "NAMESPACE", Usage: "the namespace to read (default: the connection's default namespace)"},
	"all-namespaces":              {Long: "all-namespaces", Short: "A", Kind: Bool, Usage: "read every namespace"},
	"selector":                    {Long: "selector", Short: "l", Kind: String, Value: "SELECTOR", Usage: "a label selector, such as app=web or 'tier in (db,cache)'"},
	"field-selector":              {Long: "field-selector", Kind: String, Value: "SELECTOR", Usage: "a field selector, such as status.phase=Running"},
	"output":                      {Long: "output", Short: "o", Kind: String, Value: "FORMAT", Usage: "output format"},
	"show-labels":                 {Long: "show-labels", Kind: Bool, Usage: "add a LABELS column"},
	"label-columns":               {Long: "label-columns", Short: "L", Kind: List, Value: "KEY", Usage: "add a column for each label key (repeat or separate with commas)"},
	"ignore-not-found":            {Long: "ignore-not-found", Kind: Bool, Usage: "say nothing when a named object does not exist"},
	"request-timeout":             {Long: "request-timeout", Kind: Duration, Value: "DURATION", Usage: "deadline for each request, 1s to 10m (default 30s)"},
	"watch":                       {Long: "watch", Short: "w", Kind: Bool, Usage: "after listing, watch for changes: live until Ctrl-C on the command line, a bounded window (10 s, or --request-timeout) in the console and the library"},
	"watch-only":                  {Long: "watch-only", Kind: Bool, Usage: "watch for changes without printing the list first"},
	"output-watch-events":         {Long: "output-watch-events", Kind: Bool, Usage: "with -w or --watch-only, add an EVENT column (ADDED, MODIFIED, DELETED)"},
	"no-headers":                  {Long: "no-headers", Kind: Bool, Usage: "print no header line"},
	"container":                   {Long: "container", Short: "c", Kind: String, Value: "NAME", Usage: "the container to read"},
	"all-containers":              {Long: "all-containers", Kind: Bool, Usage: "read every container of the pod"},
	"containers":                  {Long: "containers", Kind: Bool, Usage: "top pod: a row for each container, after its pod's name"},
	"all-pods":                    {Long: "all-pods", Kind: Bool, Usage: "read every pod the object selects"},
	"prefix":                      {Long: "prefix", Kind: Bool, Usage: "begin each line with its source, [pod/NAME/CONTAINER]"},
	"previous":                    {Long: "previous", Short: "p", Kind: Bool, Usage: "read the previous, terminated container's log"},
	"tail":                        {Long: "tail", Kind: Int, Value: "LINES", Usage: "the last LINES lines (at most 5,000)"},
	"since":                       {Long: "since", Kind: Duration, Value: "DURATION", Usage: "only lines newer than DURATION, such as 5m or 2h"},
	"since-time":                  {Long: "since-time", Kind: String, Value: "RFC3339", Usage: "only lines after this time"},
	"timestamps":                  {Long: "timestamps", Kind: Bool, Usage: "begin each line with its timestamp"},
	"limit-bytes":                 {Long: "limit-bytes", Kind: Int, Value: "BYTES", Usage: "at most BYTES bytes of each log (at most 1 MiB)"},
	"follow":                      {Long: "follow", Short: "f", Kind: Bool, Usage: "stream new lines as they are written, until Ctrl-C (the command line only)"},
	"max-log-requests":            {Long: "max-log-requests", Kind: Int, Value: "N", Usage: "with -f, the most logs followed at once (default 5, at most 20)"},
	"sort-by":                     {Long: "sort-by", Kind: String, Value: "FIELD", Usage: "sort rows: top takes cpu or memory; get takes a JSONPath such as .metadata.creationTimestamp"},
	"allow-missing-template-keys": {Long: "allow-missing-template-keys", Kind: Bool, Usage: "a template's missing key prints nothing (false: it is an error)", Default: "true"},
	"for":                         {Long: "for", Kind: String, Value: "TYPE/NAME", Usage: "only events about this object"},
	"types":                       {Long: "types", Kind: List, Value: "TYPE", Usage: "only events of these types: Normal, Warning"},
	"minify":                      {Long: "minify", Kind: Bool, Usage: "config view: only the current context (or --context's), its cluster and its user"},
	"namespaced":                  {Long: "namespaced", Kind: Bool, Usage: "only namespaced resources (--namespaced=false: only cluster-scoped)", Default: "true"},
	"api-group":                   {Long: "api-group", Kind: String, Value: "GROUP", Usage: "only resources of this API group"},
	"verbs":                       {Long: "verbs", Kind: List, Value: "VERB", Usage: "only resources that support these verbs"},
	"recursive":                   {Long: "recursive", Kind: Bool, Usage: "print every field's name, nested"},
	"api-version":                 {Long: "api-version", Kind: String, Value: "GROUP/VERSION", Usage: "explain the type at this API version"},
	"raw":                         {Long: "raw", Kind: String, Value: "PATH", Usage: "get: print the server's answer at one of /healthz, /readyz, /livez, /version, /api, /apis, /openapi/v3"},
	"subresource":                 {Long: "subresource", Kind: String, Value: "NAME", Usage: "auth can-i: ask about a subresource, such as log; get: read one object's status or scale subresource"},
	"list":                        {Long: "list", Kind: Bool, Usage: "list every right the identity holds in the namespace"},
	"timeout":                     {Long: "timeout", Kind: Duration, Value: "DURATION", Usage: "give up waiting after DURATION (default: wait until Ctrl-C)"},
	"client":                      {Long: "client", Kind: Bool, Usage: "print only studioctl's version; nothing is sent"},
	"help":                        {Long: "help", Short: "h", Kind: Bool, Usage: "print this command's help; nothing is sent"},
}

// Command is one statement of the kubectl subset.
type Command struct {
	Name    string   // "get", "auth can-i", "top pod"
	Aliases []string // other spellings of the last word: "pods" for "top pod"
	Args    string   // the arguments' usage
	Summary string
	Flags   []string // long names from Flags; "help" is implicit
	MinArgs int
	MaxArgs int      // -1: any number
	ArgsOr  []string // flags that stand in for the arguments: with one given, none are needed (get --raw)
	Outputs []string // the -o values it takes; empty when it takes no -o
	Forms   bool     // it also takes the template forms (TemplateOutputs): -o jsonpath=... and the rest
	Example string
}

// Commands is the command table, in the order help lists it.
var Commands = []*Command{
	{Name: "get", Args: "TYPE [NAME ...] | TYPE/NAME ...", Summary: "Print objects as the server's own table, or as name, JSON or YAML",
		Flags:   []string{"namespace", "all-namespaces", "selector", "field-selector", "output", "show-labels", "label-columns", "ignore-not-found", "request-timeout", "watch", "watch-only", "output-watch-events", "no-headers", "sort-by", "allow-missing-template-keys", "subresource", "raw"},
		MinArgs: 1, MaxArgs: -1, ArgsOr: []string{"raw"}, Outputs: []string{"wide", "name", "json", "yaml"}, Forms: true,
		Example: "get pods -n shop\nget deploy -A -o wide\nget pod/postgres-0 -n shop -o yaml\nget nodes -L topology.kubernetes.io/zone\nget pods -n shop -w --output-watch-events\nget pods -o jsonpath='{.items[*].metadata.name}'\nget pods -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName\nget pods --sort-by=.metadata.creationTimestamp\nget pods,svc -n shop\nget all -n shop\nget deployment web -n shop --subresource=scale\nget --raw /readyz\nget --raw /version"},
	{Name: "describe", Args: "TYPE [NAME ...] | TYPE/NAME ...", Summary: "Show objects' details, conditions and events: one, several, every object of a type, or those whose names start with NAME",
		Flags: []string{"namespace", "all-namespaces", "selector", "request-timeout"}, MinArgs: 1, MaxArgs: -1,
		Example: "describe pod postgres-0 -n shop\ndescribe deployment/web -n shop\ndescribe pods -n shop\ndescribe pods -l app=web -n shop\ndescribe pod web -n shop"},
	{Name: "logs", Args: "POD | TYPE/NAME", Summary: "Print the last lines of a container's log",
		Flags:   []string{"namespace", "container", "all-containers", "all-pods", "prefix", "previous", "tail", "since", "since-time", "timestamps", "limit-bytes", "selector", "request-timeout", "follow", "max-log-requests"},
		MinArgs: 0, MaxArgs: 1, Example: "logs postgres-0 -n shop\nlogs deploy/web -n shop -c web --tail 100\nlogs -l app=web -n shop\nlogs deploy/web -n shop --all-containers --prefix\nlogs -f postgres-0 -n shop --tail 10\nlogs -f -l app=web -n shop --max-log-requests 8"},
	{Name: "top pod", Aliases: []string{"pods", "po"}, Args: "", Summary: "Show pods' CPU and memory use (metrics.k8s.io)",
		Flags: []string{"namespace", "all-namespaces", "selector", "sort-by", "no-headers", "containers", "request-timeout"}, MaxArgs: 0, Example: "top pod -n shop\ntop pod -A --sort-by memory\ntop pod -l app=web -n shop\ntop pod -n shop --containers"},
	{Name: "top node", Aliases: []string{"nodes", "no"}, Args: "", Summary: "Show nodes' CPU and memory use (metrics.k8s.io)",
		Flags: []string{"namespace", "all-namespaces", "selector", "sort-by", "no-headers", "request-timeout"}, MaxArgs: 0, Example: "top node\ntop node --sort-by cpu"},
	{Name: "events", Args: "", Summary: "List events, newest last, as kubectl events does",
		Flags: []string{"namespace", "all-namespaces", "for", "types", "no-headers", "watch", "output", "request-timeout"}, MaxArgs: 0, Outputs: []string{"json", "yaml"},
		Example: "events -n shop\nevents -A --types Warning\nevents -n shop --for deploy/web\nevents -n shop -w\nevents -n shop -o json"},
	{Name: "api-resources", Args: "", Summary: "List the resource types the server serves",
		Flags: []string{"namespaced", "api-group", "verbs", "output", "no-headers", "request-timeout"}, MaxArgs: 0, Outputs: []string{"wide", "name"}, Example: "api-resources\napi-resources --namespaced=false -o wide\napi-resources --api-group apps --verbs list"},
	{Name: "api-versions", Args: "", Summary: "List the API versions the server serves, as group/version",
		Flags: []string{"request-timeout"}, MaxArgs: 0, Example: "api-versions"},
	{Name: "explain", Args: "TYPE[.FIELD ...]", Summary: "Describe a type's fields from the server's OpenAPI v3 documents",
		Flags: []string{"recursive", "api-version", "request-timeout"}, MinArgs: 1, MaxArgs: 1, Example: "explain pods\nexplain deployment.spec.strategy\nexplain pods.spec --recursive"},
	{Name: "auth can-i", Args: "VERB TYPE[/NAME]", Summary: "Ask whether this identity may do something (SelfSubjectAccessReview)",
		Flags: []string{"namespace", "all-namespaces", "subresource", "list", "no-headers", "request-timeout"}, MinArgs: 0, MaxArgs: 3, Example: "auth can-i list pods -n shop\nauth can-i get secrets -A\nauth can-i --list -n shop"},
	{Name: "auth whoami", Args: "", Summary: "Show who this connection is (SelfSubjectReview)",
		Flags: []string{"output", "request-timeout"}, MaxArgs: 0, Outputs: []string{"json", "yaml"}, Example: "auth whoami\nauth whoami -o json"},
	{Name: "cluster-info", Args: "", Summary: "Print where the control plane and the cluster services (kube-system, kubernetes.io/cluster-service=true) are running",
		Flags: []string{"request-timeout"}, MaxArgs: 0, Example: "cluster-info"},
	{Name: "rollout status", Args: "TYPE/NAME | TYPE NAME", Summary: "Show a deployment's, stateful set's or daemon set's rollout; on the command line, watch it until it finishes",
		Flags: []string{"namespace", "watch", "timeout", "request-timeout"}, MinArgs: 1, MaxArgs: 2,
		Example: "rollout status deployment/web -n shop\nrollout status statefulset/postgres -n shop --timeout 2m\nrollout status daemonset/node-exporter -n monitoring -w=false"},
	{Name: "rollout history", Args: "TYPE/NAME | TYPE NAME", Summary: "List a deployment's, stateful set's or daemon set's recorded revisions",
		Flags: []string{"namespace", "request-timeout"}, MinArgs: 1, MaxArgs: 2,
		Example: "rollout history deployment/web -n shop\nrollout history statefulset postgres -n shop"},
	{Name: "config view", Args: "", Summary: "Print your kubeconfig as kubectl does, each credential as DATA+OMITTED or REDACTED (command line and console)",
		Flags: []string{"minify", "output", "allow-missing-template-keys"}, MaxArgs: 0, Outputs: []string{"json", "yaml"}, Forms: true,
		Example: "config view\nconfig view --minify\nconfig view -o jsonpath='{.contexts[*].name}'"},
	{Name: "config get-contexts", Args: "[NAME ...]", Summary: "List your kubeconfig's contexts, the current one marked * (command line and console)",
		Flags: []string{"output", "no-headers"}, MaxArgs: -1, Outputs: []string{"name"}, Example: "config get-contexts\nconfig get-contexts -o name"},
	{Name: "config current-context", Args: "", Summary: "Print your kubeconfig's current context (command line and console)",
		MaxArgs: 0, Example: "config current-context"},
	{Name: "version", Args: "", Summary: "Print studioctl's version and the server's (--client: studioctl's alone, no server needed)",
		Flags: []string{"client", "output", "request-timeout"}, MaxArgs: 0, Outputs: []string{"json", "yaml"}, Example: "version\nversion -o json\nversion --client"},
}

// Refusal tables. Each word is refused before anything is sent, with the sentence its table names.
var (
	// WriteCommands change a cluster, run code in it or open a tunnel into it.
	WriteCommands = []string{"create", "expose", "run", "set", "edit", "delete", "scale", "autoscale",
		"certificate", "cordon", "uncordon", "drain", "taint", "apply", "patch", "replace", "label",
		"annotate", "debug", "exec", "attach", "cp", "port-forward", "proxy", "rollout"}
	// NotInV1 are read-only commands this version does not read.
	NotInV1 = []string{"wait", "diff", "completion", "options", "plugin",
		"kustomize", "alpha", "help"}
	// ConfigWrites are the config subcommands that change a kubeconfig file; config view,
	// get-contexts and current-context only read it.
	ConfigWrites = []string{"set", "unset", "set-cluster", "set-context", "set-credentials", "use-context", "use",
		"delete-cluster", "delete-context", "delete-user", "rename-context"}
	// RevealingFlags are refused by name for a command, each because it would print a credential:
	// config view --raw and --flatten print the kubeconfig's keys and tokens as they are.
	RevealingFlags = map[string][]string{"config view": {"raw", "flatten"}}
	// ReadOnlyRollout are the rollout subcommands that only read; every other one writes.
	ReadOnlyRollout = []string{"status", "history"}
	// ConnectionFlags belong to the connection, never to a statement.
	ConnectionFlags = []string{"kubeconfig", "context", "cluster", "user", "token", "server", "s", "as",
		"as-group", "as-uid", "as-user-extra", "username", "password", "certificate-authority",
		"client-certificate", "client-key", "insecure-skip-tls-verify", "tls-server-name", "cache-dir",
		"kuberc", "v"}
	// ImpersonationFlags are the connection flags that would ask the server to act as someone else;
	// studioctl never sends an impersonation header, so they get their own sentence.
	ImpersonationFlags = []string{"as", "as-group", "as-uid", "as-user-extra"}
	// CredentialFlags have their values masked wherever a statement is kept (history).
	CredentialFlags = []string{"token", "password", "client-key", "client-certificate", "from-literal", "docker-password"}
	// TemplateOutputs are the -o forms that take a template or columns after '=' (get).
	TemplateOutputs = []string{"jsonpath", "jsonpath-file", "jsonpath-as-json", "custom-columns", "custom-columns-file", "go-template", "go-template-file", "template", "templatefile"}
	// LaterGetOutputs are get's output formats that are refused for now, to be built later.
	LaterGetOutputs = []string{}
)

// CommandByWords finds the command a statement's first words name, and how many words it took.
func CommandByWords(words []string) (*Command, int) {
	if len(words) == 0 {
		return nil, 0
	}
	for _, c := range Commands {
		parts := splitName(c.Name)
		if len(parts) == 1 && words[0] == parts[0] {
			return c, 1
		}
		if len(parts) == 2 && words[0] == parts[0] && len(words) > 1 {
			if words[1] == parts[1] {
				return c, 2
			}
			for _, a := range c.Aliases {
				if words[1] == a {
					return c, 2
				}
			}
		}
	}
	return nil, 0
}

func splitName(n string) []string {
	for i := 0; i < len(n); i++ {
		if n[i] == ' ' {
			return []string{n[:i], n[i+1:]}
		}
	}
	return []string{n}
}

// CommandNamed returns the command with this exact name, for the library and the tests.
// IsKubectlVerb reports whether word is a kubectl verb studioctl refuses by name (a write, a
// command not in v1, rollout), so that it reaches the parser and its sentence.
func IsKubectlVerb(word string) bool {
	return word == "rollout" || slices.Contains(WriteCommands, word) || slices.Contains(NotInV1, word)
}

// CommandNamed finds a command of the table by its full name ("top pod"), or nil.
func CommandNamed(name string) *Command {
	for _, c := range Commands {
		if c.Name == name {
			return c
		}
	}
	return nil
}
