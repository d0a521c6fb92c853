package snapshot

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"sync"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
)

// kindData is one kind of a snapshot: its entries, decoded one at a time as a read walks them
// (the last one decoded is kept for the next page), never the whole kind at once.
type kindData struct {
	Kind
	files  []*zip.File
	routes *routing
	mu     sync.Mutex
	// columns are the Table's column definitions, from the first entry decoded.
	columns     []kube.Column
	haveColumns bool
	// spaces are, per entry, the namespaces its objects are in, once it has been decoded: a read
	// of one namespace skips the entries that hold none of it.
	spaces    []map[string]bool
	held      int // the entry decoded last (-1: none)
	heldItems []item
}

// pos is a place in a kind: an entry and an item in it.
type pos struct{ chunk, index int }

// chunk decodes entry i, or hands back the one decoded last. The items are shared: a caller
// reads them and never changes them.
func (k *kindData) chunk(i int) ([]item, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.spaces == nil {
		k.spaces = make([]map[string]bool, len(k.files))
		k.held = -1
	}
	if i == k.held {
		return k.heldItems, nil
	}
	c, err := decodeChunk(k.files[i])
	if err != nil {
		return nil, err
	}
	if !k.haveColumns {
		k.columns, k.haveColumns = c.Columns, true
	}
	for _, it := range c.Items {
		k.restoreRoute(it.Meta)
	}
	spaces := map[string]bool{}
	for _, it := range c.Items {
		spaces[apivalue.MetaString(it.Meta, "namespace")] = true
	}
	k.spaces[i] = spaces
	k.held, k.heldItems = i, c.Items
	return c.Items, nil
}

// holds reports whether entry i may hold an object in namespace ns ("" is any): true until the
// entry has been decoded once.
func (k *kindData) holds(i int, ns string) bool {
	if ns == "" {
		return true
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.spaces == nil || k.spaces[i] == nil {
		return true
	}
	return k.spaces[i][ns]
}

// cols are the kind's Table columns (decoding its first entry if none has been).
func (k *kindData) cols() ([]kube.Column, error) {
	k.mu.Lock()
	have := k.haveColumns || len(k.files) == 0
	k.mu.Unlock()
	if !have {
		if _, err := k.chunk(0); err != nil {
			return nil, err
		}
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.columns, nil
}

// walk hands fn each item from the place from on, in the file's order (the server's), skipping
// the entries known to hold no object in ns; fn returns false to stop. The statement's deadline
// (ctx) is checked before each entry.
func (k *kindData) walk(ctx context.Context, from pos, ns string, fn func(at pos, it item) bool) error {
	for c := from.chunk; c < len(k.files); c++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		if !k.holds(c, ns) {
			continue
		}
		items, err := k.chunk(c)
		if err != nil {
			return err
		}
		start := 0
		if c == from.chunk {
			start = from.index
		}
		for i := start; i < len(items); i++ {
			if ns != "" && apivalue.MetaString(items[i].Meta, "namespace") != ns {
				continue
			}
			if !fn(pos{c, i}, items[i]) {
				return nil
			}
		}
	}
	return nil
}

// token is the continue token of a page that ends before at.
func (p pos) token() string { return "snapshot-" + strconv.Itoa(p.chunk) + "-" + strconv.Itoa(p.index) }

// parseToken reads a continue token this reader gave: "" is the start.
func parseToken(t string, chunks int) (pos, bool) {
	if t == "" {
		return pos{}, true
	}
	rest, ok := strings.CutPrefix(t, "snapshot-")
	a, b, ok2 := strings.Cut(rest, "-")
	c, err1 := strconv.Atoi(a)
	i, err2 := strconv.Atoi(b)
	if !ok || !ok2 || err1 != nil || err2 != nil || c < 0 || c >= chunks || i < 0 || i > limits.SnapshotChunkObjects {
		return pos{}, false
	}
	return pos{c, i}, true
}

// restoreRoute puts a pod's default container back where machine masking hid it, in an object or
// an item's metadata: a container name, which the pod's spec shows anyway, and what logs and
// exec-free reads route by.
func (k *kindData) restoreRoute(obj map[string]any) {
	if k.Group != "" || k.Resource != "pods" || len(k.routes.DefaultContainer) == 0 {
		return
	}
	c, ok := k.routes.DefaultContainer[apivalue.MetaString(obj, "namespace")+"/"+apivalue.MetaString(obj, "name")]
	ann := apivalue.MetaMap(obj, "annotations")
	if ok && ann != nil {
		ann[annotationDefaultContainer] = c
	}
}

// restoresRoutes reports whether objects of this kind are changed when decoded (restoreRoute):
// only then must an answer decode them rather than pass their bytes on.
func (k *kindData) restoresRoutes() bool {
	return k.Group == "" && k.Resource == "pods" && len(k.routes.DefaultContainer) > 0
}

// object decodes an item's whole object (numbers kept exact), its route restored: one object at
// a time, never kept. The bytes were checked to be one JSON object when the entry was read.
func (k *kindData) object(it item) map[string]any {
	dec := json.NewDecoder(bytes.NewReader(it.raw))
	dec.UseNumber()
	obj := map[string]any{}
	if dec.Decode(&obj) != nil || obj == nil {
		return map[string]any{}
	}
	k.restoreRoute(obj)
	return obj
}
