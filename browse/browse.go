// Package browse is studioctl's tree of one cluster: the Cluster container first, then the
// namespaces, each holding folders of the kinds it holds (grouped as Workloads, Config, Network,
// Storage and Access Control), Events and a Custom Resources folder whose rows are the custom
// resource types. It is lazy and bounded: opening a container reads only what it shows, one list
// per kind with at most 1,000 objects (two pages of 500), at most four reads at a time, and a kind
// the identity may not list is a locked folder, not a failure. Row actions (the YAML view,
// describe, a pod's last 50 log lines, a custom resource type's list) run through the console's
// readers, and health reads /readyz, /version and the same capped counts.
//
//	b := browse.New(&session.Session)
//	root, err := b.Root(ctx)                // Cluster and the namespaces
//	err = b.Open(ctx, root.Containers[1])   // one namespace's folders, with counts
//
// Every request goes through the session's kube.Client, so the allowlist, the caps and people-mode
// Secret stripping hold; machine redaction applies where the tree is written (Text, JSON).
package browse

import (
	"context"
	"errors"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/studioctl/studioctl/kube"
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
	Namespace string            // the namespace the node lives in; "" under Cluster
	Resource  *kube.APIResource // folder, object and type nodes; nil when the kind is not served
	Name      string            // object nodes: the object's name
	Ref       string            // object: "deployment/web"; type: "widgets.demo.studioctl.dev"
	Default   bool              // container: the session's default namespace
	Opened    bool              // the node's children were read
	Count     int               // folder: how many objects (types) it lists, when Counted
	Counted   bool              // the count was read
	Capped    bool              // more than TreeFolderCap objects exist: Count reads "1,000 or more"
	NotServed bool              // the server does not serve this kind
	Locked    *Lock             // the identity may not list this kind here
	Err       *kube.Error       // the server answered the list with another error
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
	return n.aboutSecret || (n.Resource.Group == "" && n.Resource.Resource == "secrets")
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

// Namespaces is the namespace list the tree shows and where it came from.
type Namespaces struct {
	Names   []string
	Source  string // FromConnection, FromAPI, FromProjects or FromDefault
	Capped  bool   // the API lists more than MaxNamespacesListed
	Refused *Lock  // the API's namespace list was refused (Source is projects or default)
	Notices []Notice
}

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

// New builds a browser on a session (a *studioctl.Session's embedded reader.Session).
func New(s *reader.Session) *Browser {
	return &Browser{s: s, c: s.Client, sem: make(chan struct{}, Parallel)}
}

// Client is the client the browser reads through.
func (b *Browser) Client() *kube.Client { return b.c }

// discovery returns the client's discovery; concurrent callers wait for one read rather than each
// sending its own.
func (b *Browser) discovery(ctx context.Context) (*kube.Discovery, error) {
	b.discMu.Lock()
	defer b.discMu.Unlock()
	return b.c.Discovery(ctx)
}

// defaultNamespace is the session's default namespace.
func (b *Browser) defaultNamespace() string {
	if ns := b.c.Endpoint().DefaultNamespace; ns != "" {
		return ns
	}
	return "default"
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

// Namespaces returns the namespace list the tree shows (section 4.3 and 6 of the specification):
// the connection's list when set; else the API's first 1,000 by name, the default namespace taking
// the 1,000th place when it sorts past them and exists; on a 403, OpenShift's projects when
// discovery serves them; else the default namespace alone, with a notice. It is read once per
// Browser; concurrent callers wait for the one read.
func (b *Browser) Namespaces(ctx context.Context) (*Namespaces, error) {
	b.mu.Lock()
	if call := b.nsc; call != nil {
		b.mu.Unlock()
		select {
		case <-call.done:
			return call.res, call.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	call := &nsCall{done: make(chan struct{})}
	b.nsc = call
	b.mu.Unlock()
	call.res, call.err = b.readNamespaces(ctx)
	if call.err != nil {
		b.mu.Lock()
		b.nsc = nil // a failed read is not kept: the next caller tries again
		b.mu.Unlock()
	}
	close(call.done)
	return call.res, call.err
}

func (b *Browser) readNamespaces(ctx context.Context) (*Namespaces, error) {
	if list := b.c.Endpoint().Namespaces; len(list) > 0 {
		return &Namespaces{Names: append([]string(nil), list...), Source: FromConnection}, nil
	}
	d, err := b.discovery(ctx)
	if err != nil {
		return nil, err
	}
	def := b.defaultNamespace()
	nsRes, ok := preferred(d, "", "namespaces")
	if ok {
		names, capped, err := b.listNames(ctx, nsRes, kube.Scope{}, limits.MaxNamespacesListed)
		if err == nil {
			out := &Namespaces{Names: names, Source: FromAPI, Capped: capped}
			if capped {
				out.Notices = append(out.Notices, Notice{CodeNamespacesCapped, sprintf(sentenceNamespacesCapped, Thousands(limits.MaxNamespacesListed), Thousands(limits.MaxNamespacesListed))})
				if err := b.placeDefault(ctx, nsRes, out, def); err != nil {
					return nil, err
				}
			}
			return out, nil
		}
		lock, isLock := asLock(err)
		if !isLock {
			return nil, err
		}
		if pr, ok := preferred(d, "project.openshift.io", "projects"); ok {
			names, capped, perr := b.listNames(ctx, pr, kube.Scope{}, limits.MaxNamespacesListed)
			if perr == nil {
				out := &Namespaces{Names: names, Source: FromProjects, Capped: capped, Refused: lock,
					Notices: []Notice{{CodeNamespacesProjects, sentenceNamespacesProjects}}}
				if capped {
					out.Notices = append(out.Notices, Notice{CodeNamespacesCapped, sprintf(sentenceNamespacesCapped, Thousands(limits.MaxNamespacesListed), Thousands(limits.MaxNamespacesListed))})
				}
				return out, nil
			}
			if _, isLock := asLock(perr); !isLock {
				return nil, perr
			}
		}
		return &Namespaces{Names: []string{def}, Source: FromDefault, Refused: lock,
			Notices: []Notice{{CodeNamespacesRefused, sprintf(sentenceNamespacesRefused, def)}}}, nil
	}
	// A server that does not serve namespaces at all: the default namespace alone.
	return &Namespaces{Names: []string{def}, Source: FromDefault,
		Notices: []Notice{{CodeNamespacesRefused, sprintf(sentenceNamespacesRefused, def)}}}, nil
}

// placeDefault puts the default namespace in the 1,000th place when the capped list stops before
// it in name order and one read of it shows it exists. A default that sorts inside the list but is
// not in it does not exist, and is not drawn.
func (b *Browser) placeDefault(ctx context.Context, nsRes kube.APIResource, out *Namespaces, def string) error {
	if len(out.Names) == 0 {
		return nil
	}
	for _, n := range out.Names {
		if n == def {
			return nil
		}
	}
	if def < out.Names[len(out.Names)-1] {
		return nil
	}
	b.acquire()
	_, err := b.c.GetTable(ctx, nsRes, "", def, "None")
	b.release()
	if err != nil {
		if e, ok := kube.AsError(err); ok && e.Exit == kube.ExitServerError {
			return nil // not found, or not readable: the list does not show it, so it is not drawn
		}
		return err
	}
	if len(out.Names) >= limits.MaxNamespacesListed {
		out.Names[limits.MaxNamespacesListed-1] = def
	} else {
		out.Names = append(out.Names, def)
	}
	return nil
}

// Open reads a container's folders: one list per kind it shows, at most Parallel at a time. A
// folder the identity may not list is locked; a kind the server does not serve is marked so. Open
// on an opened container reads nothing.
func (b *Browser) Open(ctx context.Context, container *Node) error {
	if container.Kind != KindContainer {
		return errors.New("browse: Open takes a container")
	}
	if container.Opened {
		return nil
	}
	d, err := b.discovery(ctx)
	if err != nil {
		return err
	}
	scope := Namespaced
	if container.Path == ClusterName {
		scope = Cluster
	}
	children, folders := b.layout(d, container, scope)
	if err := b.fill(ctx, folders); err != nil {
		return err
	}
	container.Children = children
	container.Opened = true
	return nil
}

// layout builds a container's groups and folders from the kind table and discovery, reading
// nothing, and returns the folders to list.
func (b *Browser) layout(d *kube.Discovery, container *Node, scope Scope) (children, folders []*Node) {
	groups := map[string]*Node{}
	for _, k := range kindsIn(scope) {
		f := &Node{Kind: KindFolder, Path: join(container.Path, k.Resource), Label: k.Label, Namespace: container.Namespace}
		if r, ok := preferred(d, k.APIGroup, k.Resource); ok && r.Has("list") && r.Namespaced == (scope == Namespaced) {
			f.Resource = &r
			folders = append(folders, f)
		} else {
			f.NotServed = true
		}
		if k.Group == "" || groupSize(scope, k.Group) < 2 {
			children = append(children, f)
			continue
		}
		g, ok := groups[k.Group]
		if !ok {
			g = &Node{Kind: KindGroup, Path: join(container.Path, groupID(k.Group)), Label: k.Group, Namespace: container.Namespace, Opened: true}
			groups[k.Group] = g
			children = append(children, g)
		}
		g.Children = append(g.Children, f)
	}
	children = append(children, b.customFolder(d, container, scope))
	return children, folders
}

// customFolder is the Custom Resources folder: one row per custom resource type of the scope,
// from discovery alone (no request).
func (b *Browser) customFolder(d *kube.Discovery, container *Node, scope Scope) *Node {
	f := &Node{Kind: KindFolder, Path: join(container.Path, groupID(CustomResourcesLabel)), Label: CustomResourcesLabel,
		Namespace: container.Namespace, custom: true, Counted: true, Opened: true}
	var types []*Node
	for i := range d.Resources {
		r := d.Resources[i]
		if !r.Preferred || !kube.IsCustomGroup(r.Group) || r.Namespaced != (scope == Namespaced) || !r.Has("list") || containsSlash(r.Resource) {
			continue
		}
		ref := r.GroupResource()
		types = append(types, &Node{Kind: KindType, Path: join(f.Path, ref), Label: ref, Namespace: container.Namespace, Resource: &r, Ref: ref})
	}
	sort.Slice(types, func(i, j int) bool { return types[i].Label < types[j].Label })
	f.Children, f.Count = types, len(types)
	return f
}

// fill lists the folders concurrently (within the browser's bound). A 403 locks a folder, another
// server answer marks it; anything else (the server unreachable, the statement canceled) stops the
// walk and is returned.
func (b *Browser) fill(ctx context.Context, folders []*Node) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
	)
	for _, f := range folders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := b.fillFolder(ctx, f); err != nil {
				mu.Lock()
				if first == nil {
					first = err
					cancel()
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return first
}

func (b *Browser) fillFolder(ctx context.Context, f *Node) error {
	r := *f.Resource
	var names []string
	var aboutSecret []bool
	var capped bool
	if r.Group == "" && r.Resource == "namespaces" {
		// The Namespaces folder counts the same walk the tree's namespace list comes from.
		ns, err := b.Namespaces(ctx)
		if err != nil {
			return err
		}
		if ns.Refused != nil {
			f.Locked = ns.Refused
			return nil
		}
		names, capped = ns.Names, ns.Capped
	} else {
		var err error
		var p *namePager
		p, capped, err = b.list(ctx, r, kube.Scope{Namespace: f.Namespace}, limits.TreeFolderCap)
		if err == nil {
			names, aboutSecret = p.names, p.aboutSecret
		}
		if err != nil {
			if lock, ok := asLock(err); ok {
				f.Locked = lock
				return nil
			}
			if e, ok := kube.AsError(err); ok && e.Exit == kube.ExitServerError && e.Status != 0 {
				f.Err = e
				return nil
			}
			return err
		}
	}
	f.Count, f.Capped, f.Counted, f.Opened = len(names), capped, true, true
	container := f.Namespace
	if container == "" {
		container = ClusterName
	}
	for i, name := range names {
		ref := r.Singular + "/" + name
		f.Children = append(f.Children, &Node{Kind: KindObject, Path: join(container, ref), Label: name,
			Namespace: f.Namespace, Resource: f.Resource, Name: name, Ref: ref, aboutSecret: i < len(aboutSecret) && aboutSecret[i]})
	}
	return nil
}

// Folder reads one folder's count and objects, when Open has not (a folder node built by hand).
func (b *Browser) Folder(ctx context.Context, f *Node) error {
	if f.Kind != KindFolder || f.Resource == nil || f.Opened {
		return nil
	}
	return b.fillFolder(ctx, f)
}

// listNames lists a collection's first max names as a Table without objects (cells only), in
// pages of 500, and reports whether more exist. It holds one of the browser's slots while it reads.
func (b *Browser) listNames(ctx context.Context, r kube.APIResource, s kube.Scope, max int) ([]string, bool, error) {
	p, capped, err := b.list(ctx, r, s, max)
	if err != nil {
		return nil, false, err
	}
	return p.names, capped, nil
}

func (b *Browser) list(ctx context.Context, r kube.APIResource, s kube.Scope, max int) (*namePager, bool, error) {
	b.acquire()
	defer b.release()
	p := &namePager{events: r.Resource == "events" && (r.Group == "" || r.Group == "events.k8s.io")}
	err := b.c.ListTable(ctx, r, s, kube.ListOptions{IncludeObject: "None", MaxRows: max}, p)
	capped := false
	if e, ok := kube.AsError(err); ok && e.Code == kube.CodeLimitRows {
		capped, err = true, nil
	}
	if err != nil {
		return nil, false, err
	}
	if len(p.names) > max {
		p.names, capped = p.names[:max], true
	}
	return p, capped, nil
}

func (b *Browser) acquire() { b.sem <- struct{}{} }
func (b *Browser) release() { <-b.sem }

// namePager keeps each row's name: the Table's name column, else the row's metadata. For events
// it also marks the rows whose Object cell names a Secret (secret/NAME).
type namePager struct {
	names       []string
	events      bool
	aboutSecret []bool
}

func (p *namePager) Reset() { p.names, p.aboutSecret = nil, nil }

func (p *namePager) Page(t *kube.Table) error {
	col := -1
	for i, c := range t.Columns {
		if c.Format == "name" {
			col = i
			break
		}
	}
	if col < 0 {
		for i, c := range t.Columns {
			if c.Name == "Name" {
				col = i
				break
			}
		}
	}
	obj := -1
	if p.events {
		for i, c := range t.Columns {
			if c.Name == "Object" {
				obj = i
				break
			}
		}
	}
	for _, row := range t.Rows {
		name := row.Name()
		if col >= 0 && col < len(row.Cells) {
			if s, ok := row.Cells[col].(string); ok && s != "" {
				name = s
			}
		}
		p.names = append(p.names, name)
		secret := false
		if obj >= 0 && obj < len(row.Cells) {
			s, _ := row.Cells[obj].(string)
			secret = strings.HasPrefix(strings.ToLower(s), "secret/")
		}
		p.aboutSecret = append(p.aboutSecret, secret)
	}
	return nil
}

// preferred finds a resource at its group's preferred version.
func preferred(d *kube.Discovery, group, resource string) (kube.APIResource, bool) {
	for _, r := range d.Resources {
		if r.Group == group && r.Resource == resource && r.Preferred {
			return r, true
		}
	}
	return kube.APIResource{}, false
}

// asLock turns a 403 into a lock carrying studioctl's sentence.
func asLock(err error) (*Lock, bool) {
	if e, ok := kube.AsError(err); ok && e.Code == kube.CodeForbidden {
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
