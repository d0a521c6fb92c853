// Package browse is studioctl's tree of one cluster: the Cluster container first, then the
// namespaces, each holding folders of the kinds it holds (grouped as Workloads, Config, Network,
// Storage and Access Control), Events and a Custom Resources folder whose rows are the custom
// resource types. It is lazy and bounded: opening a container reads only what it shows, one list
// per kind with at most 1,000 objects (two pages of 500), at most four reads at a time, and a kind
// the identity may not list is a locked folder, not a failure. Row actions (the YAML view,
// describe, a pod's last 50 log lines, a custom resource type's list) run through the console's
// readers, and health reads /readyz, /version and the same capped counts.
//
//	b := browse.Open(session)             // a *studioctl.Session
//	root, err := b.Root(ctx)                // Cluster and the namespaces
//	err = b.Open(ctx, root.Containers[1])   // one namespace's folders, with counts
//
// Every request goes through the session's kube.Client, so the allowlist, the caps and people-mode
// Secret stripping hold; machine redaction applies where the tree is written (Text, JSON).
package browse

import (
	"context"
	"strconv"
	"sync"

	"github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/read/reader"
)

// Parallel is how many reads a Browser runs at once.
const Parallel = 4

// ClusterName is the Cluster container's label and path. No namespace can be named so, because a
// namespace name holds no upper-case letter.
const ClusterName = "Cluster"

// NodeKind is what a node of the tree is.
type NodeKind string

const (
	KindContainer NodeKind = "container" // the Cluster container or a namespace
	KindGroup     NodeKind = "group"     // Workloads, Config, Network, Storage, Access Control
	KindFolder    NodeKind = "folder"    // one kind's objects, or the custom resource types
	KindObject    NodeKind = "object"    // one object: deployment/web
	KindType      NodeKind = "type"      // one custom resource type, a row of Custom Resources
)

// Lock is why a folder is locked: studioctl's sentence for the 403 the list answered.
type Lock struct {
	Code     string `json:"code"`
	Sentence string `json:"sentence"`
}

// Node is one node of the tree. Containers, groups and folders hold Children once opened; a
// folder's children are its first 1,000 objects (or, for Custom Resources, the types).
type Node struct {
	Kind      NodeKind
	Path      string // unique in the tree: "Cluster", "shop", "shop/deployments", "shop/deployment/web"
	Label     string
	Namespace string                 // the namespace the node lives in; "" under Cluster
	Resource  *discovery.APIResource // folder, object and type nodes; nil when the kind is not served
	Name      string                 // object nodes: the object's name
	Ref       string                 // object: "deployment/web"; type: "widgets.demo.studioctl.dev"
	Default   bool                   // container: the session's default namespace
	Opened    bool                   // the node's children were read
	Count     int                    // folder: how many objects (types) it lists, when Counted
	Counted   bool                   // the count was read
	Capped    bool                   // more than TreeFolderCap objects exist: Count reads "1,000 or more"
	NotServed bool                   // the server does not serve this kind
	Locked    *Lock                  // the identity may not list this kind here
	Err       *fault.Error           // the server answered the list with another error
	Children  []*Node
	custom    bool // the Custom Resources folder
	// aboutSecret marks an event whose object is a Secret: an event is named after its object
	// (NAME.<hash>), so machine redaction masks its name as a Secret's.
	aboutSecret bool
}

// IsSecretObject reports whether the node is an object whose name machine redaction masks: a core
// Secret, or an event about one.
func (n *Node) IsSecretObject() bool {
	if n.Kind != KindObject || n.Resource == nil {
		return false
	}
	return n.aboutSecret || apivalue.CoreSecrets(n.Resource.Group, n.Resource.Resource)
}

// CountText is a folder's count as the tree prints it: a number, or "1,000 or more".
func (n *Node) CountText() string {
	if n.Capped {
		return sprintf(wordMore, Thousands(limits.TreeFolderCap))
	}
	return Thousands(n.Count)
}

// Walk visits n and every node below it, depth first, in order.
func (n *Node) Walk(visit func(*Node)) {
	visit(n)
	for _, c := range n.Children {
		c.Walk(visit)
	}
}

// Find returns the node at path below (or at) n, or nil.
func (n *Node) Find(path string) *Node {
	var found *Node
	n.Walk(func(x *Node) {
		if found == nil && x.Path == path {
			found = x
		}
	})
	return found
}

// Notice is a sentence for stderr, with its stable code.
type Notice struct {
	Code     string `json:"code"`
	Sentence string `json:"sentence"`
}

// Namespace list sources.
const (
	FromConnection = "connection" // the connection's namespace list
	FromAPI        = "api"        // the API's namespace list
	FromProjects   = "projects"   // OpenShift's projects, when namespaces may not be listed
	FromDefault    = "default"    // the default namespace alone
)

// Root is the tree's top level: the Cluster container, then one container per namespace.
type Root struct {
	Containers []*Node
	Namespaces *Namespaces
	Notices    []Notice
}

// Browser reads the tree of one session. It is safe for concurrent use; it keeps what it read
// (discovery, the namespace list) for its life.
type Browser struct {
	s   *reader.Session
	c   *kube.Client
	sem chan struct{}

	mu  sync.Mutex
	nsc *nsCall

	discMu sync.Mutex // one discovery read at a time: concurrent walks share the first one's answer
}

type nsCall struct {
	done chan struct{}
	res  *Namespaces
	err  error
}

// Open is the tree of a library session: its reads go through the session's client, under its row
// cap.
func Open(s *studioctl.Session) *Browser { return New(reader.Of(s)) }

// New builds a browser on a reader session (the statement readers' view of a session: its client
// and its row cap).
func New(s *reader.Session) *Browser {
	return &Browser{s: s, c: s.Client, sem: make(chan struct{}, Parallel)}
}

// Client is the client the browser reads through.
func (b *Browser) Client() *kube.Client { return b.c }

// discovery returns the client's discovery; concurrent callers wait for one read rather than each
// sending its own.
func (b *Browser) discovery(ctx context.Context) (*discovery.Discovery, error) {
	b.discMu.Lock()
	defer b.discMu.Unlock()
	return b.c.Discovery(ctx)
}

// defaultNamespace is the session's default namespace.
func (b *Browser) defaultNamespace() string {
	return apivalue.NamespaceOr(b.c.Endpoint().DefaultNamespace)
}

// Root reads the namespace list and returns the top level: Cluster, then the namespaces. Nothing
// below a container is read.
func (b *Browser) Root(ctx context.Context) (*Root, error) {
	ns, err := b.Namespaces(ctx)
	if err != nil {
		return nil, err
	}
	root := &Root{Namespaces: ns, Notices: ns.Notices}
	root.Containers = append(root.Containers, b.ClusterNode())
	def := b.defaultNamespace()
	for _, name := range ns.Names {
		n := b.NamespaceNode(name)
		n.Default = name == def
		root.Containers = append(root.Containers, n)
	}
	return root, nil
}

// ClusterNode is the Cluster container, not yet opened.
func (b *Browser) ClusterNode() *Node {
	return &Node{Kind: KindContainer, Path: ClusterName, Label: ClusterName}
}

// NamespaceNode is a namespace's container, not yet opened.
func (b *Browser) NamespaceNode(ns string) *Node {
	return &Node{Kind: KindContainer, Path: ns, Label: ns, Namespace: ns, Default: ns == b.defaultNamespace()}
}

func (b *Browser) acquire() { b.sem <- struct{}{} }
func (b *Browser) release() { <-b.sem }

// asLock turns a 403 into a lock carrying studioctl's sentence.
func asLock(err error) (*Lock, bool) {
	if e, ok := fault.As(err); ok && e.Code == fault.CodeForbidden {
		return &Lock{Code: e.Code, Sentence: e.Sentence}, true
	}
	return nil, false
}

func join(parent, seg string) string {
	if parent == "" {
		return seg
	}
	return parent + "/" + seg
}

func containsSlash(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '/' {
			return true
		}
	}
	return false
}

// Thousands prints n with a comma every three digits, as the tree's counts read (1,000).
func Thousands(n int) string {
	s := strconv.Itoa(n)
	neg := false
	if n < 0 {
		neg, s = true, s[1:]
	}
	var out []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	if neg {
		return "-" + string(out)
	}
	return string(out)
}
