package browse

import (
	"context"
	"errors"
	"sort"
	"sync"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/limits"
)

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
func (b *Browser) layout(d *discovery.Discovery, container *Node, scope Scope) (children, folders []*Node) {
	groups := map[string]*Node{}
	for _, k := range kindsIn(scope) {
		f := &Node{Kind: KindFolder, Path: join(container.Path, k.Resource), Label: k.Label, Namespace: container.Namespace}
		if r, ok := d.Preferred(k.APIGroup, k.Resource); ok && r.Has("list") && r.Namespaced == (scope == Namespaced) {
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
func (b *Browser) customFolder(d *discovery.Discovery, container *Node, scope Scope) *Node {
	f := &Node{Kind: KindFolder, Path: join(container.Path, groupID(CustomResourcesLabel)), Label: CustomResourcesLabel,
		Namespace: container.Namespace, custom: true, Counted: true, Opened: true}
	var types []*Node
	for i := range d.Resources {
		r := d.Resources[i]
		if !r.Preferred || !discovery.IsCustomGroup(r.Group) || r.Namespaced != (scope == Namespaced) || !r.Has("list") || containsSlash(r.Resource) {
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
			if e, ok := fault.As(err); ok && e.Class == fault.ServerError && e.Status != 0 {
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
func (b *Browser) listNames(ctx context.Context, r discovery.APIResource, s kube.Scope, max int) ([]string, bool, error) {
	p, capped, err := b.list(ctx, r, s, max)
	if err != nil {
		return nil, false, err
	}
	return p.names, capped, nil
}

func (b *Browser) list(ctx context.Context, r discovery.APIResource, s kube.Scope, max int) (*namePager, bool, error) {
	b.acquire()
	defer b.release()
	p := &namePager{events: r.Resource == "events" && (r.Group == "" || r.Group == "events.k8s.io")}
	err := b.c.ListTable(ctx, r, s, kube.ListOptions{IncludeObject: "None", MaxRows: max}, p)
	capped := false
	if e, ok := fault.As(err); ok && e.Code == fault.CodeLimitRows {
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
	obj := kube.ObjectColumn(t.Columns)
	for _, row := range t.Rows {
		name := row.Name()
		if col >= 0 && col < len(row.Cells) {
			if s, ok := row.Cells[col].(string); ok && s != "" {
				name = s
			}
		}
		p.names = append(p.names, name)
		secret := false
		if p.events {
			secret = kube.EventRowAboutSecret(row.Object, row.Cells, obj)
		}
		p.aboutSecret = append(p.aboutSecret, secret)
	}
	return nil
}
