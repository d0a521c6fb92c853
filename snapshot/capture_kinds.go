package snapshot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/redact"
)

// tablePager keeps every row of a Table walk.
type tablePager struct {
	columns []kube.Column
	rows    []kube.Row
}

func (p *tablePager) Page(t *kube.Table) error {
	if len(t.Columns) > 0 {
		p.columns = t.Columns
	}
	p.rows = append(p.rows, t.Rows...)
	return nil
}

func (p *tablePager) Reset() { p.columns, p.rows = nil, nil }

// captureKinds reads every listable kind, a few at a time.
func (cp *capture) captureKinds(ctx context.Context) error {
	work := make(chan int)
	var wg sync.WaitGroup
	var firstErr error
	var errOnce sync.Once
	for w := 0; w < limits.SnapshotConcurrency; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				if err := cp.captureKind(ctx, i); err != nil {
					errOnce.Do(func() { firstErr = err })
				}
			}
		}()
	}
	for i := range cp.m.Kinds {
		if ctx.Err() != nil {
			break
		}
		work <- i
	}
	close(work)
	wg.Wait()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return firstErr
}

// captureKind reads one kind as the server's Table (the cells) and as objects, joins the two by
// namespace and name, and writes the kind's entries. A kind the identity may not list is locked;
// one past the row cap or the size cap is cut.
func (cp *capture) captureKind(ctx context.Context, i int) error {
	cp.mu.Lock()
	k := cp.m.Kinds[i]
	cp.mu.Unlock()
	items, columns, err := cp.readKind(ctx, k)
	switch {
	case err == nil:
		k.State = StateCaptured
	case ctx.Err() != nil:
		return ctx.Err()
	default:
		k.State, k.Reason = failure(err)
	}
	if k.State == StateCaptured {
		if err := cp.writeKind(i, &k, items, columns); err != nil {
			return err
		}
	}
	cp.mu.Lock()
	cp.m.Kinds[i] = k
	cp.m.Objects += k.Objects
	if k.Group == "" && k.Resource == "pods" && k.State == StateCaptured {
		pods := make([]map[string]any, len(items))
		for i, it := range items {
			pods[i] = it.Object
		}
		cp.logs = append(cp.logs, logTargets(pods)...)
	}
	if k.Group == "" && k.Resource == "namespaces" && k.State == StateCaptured {
		for _, it := range items {
			cp.namespaceNames = append(cp.namespaceNames, metaString(it.Object, "name"))
		}
	}
	cp.mu.Unlock()
	cp.report(func(p *Progress) { p.KindsDone++; p.Objects += k.Objects })
	return nil
}

// failure names why a kind is not in the file: locked when the server refused the identity, cut
// at the row cap, failed otherwise (with the sentence studioctl composed).
func failure(err error) (state, reason string) {
	e, ok := kube.AsError(err)
	switch {
	case ok && (e.Code == kube.CodeForbidden || e.Code == kube.CodeUnauthorized):
		return StateLocked, ""
	case ok && (e.Code == kube.CodeLimitRows || e.Code == kube.CodeLimitPages):
		return StateCut, reasonRows
	case ok:
		return StateFailed, e.Code
	}
	return StateFailed, "error"
}

// readKind reads a kind in every scope the capture covers.
func (cp *capture) readKind(ctx context.Context, k Kind) ([]item, []kube.Column, error) {
	r := k.Ref()
	scopes := []kube.Scope{{AllNamespaces: true}}
	if k.Namespaced && len(cp.o.Namespaces) > 0 {
		scopes = scopes[:0]
		for _, ns := range cp.o.Namespaces {
			scopes = append(scopes, kube.Scope{Namespace: ns})
		}
	}
	var items []item
	var columns []kube.Column
	for _, s := range scopes {
		left := cp.o.MaxRows - len(items)
		if left <= 0 {
			return nil, nil, &kube.Error{Code: kube.CodeLimitRows}
		}
		p := &tablePager{}
		if err := cp.c.ListTable(ctx, r, s, kube.ListOptions{MaxRows: left}, p); err != nil {
			return nil, nil, err
		}
		cells := make(map[string][]any, len(p.rows))
		for _, row := range p.rows {
			cells[row.Namespace()+"/"+row.Name()] = row.Cells
		}
		columns = p.columns
		var objs []map[string]any
		err := cp.c.ListObjects(ctx, r, s, kube.ListOptions{MaxRows: left}, func(o map[string]any) error {
			objs = append(objs, o)
			return nil
		}, func() { objs = nil })
		if err != nil {
			return nil, nil, err
		}
		for _, o := range objs {
			// An object created between the two reads has no row; it is left out, as it would
			// be had the capture been a moment earlier.
			if c, ok := cells[metaString(o, "namespace")+"/"+metaString(o, "name")]; ok {
				items = append(items, item{Object: o, Cells: c})
			}
		}
	}
	return items, columns, nil
}

// writeKind masks the kind's objects in machine mode (keeping the routing facts first) and writes
// them in chunks. A chunk past the size cap cuts the kind whole.
func (cp *capture) writeKind(i int, k *Kind, items []item, columns []kube.Column) error {
	if cp.o.Machine {
		secrets := k.Group == "" && k.Resource == "secrets"
		names := nameColumns(columns)
		for _, it := range items {
			cp.keepRoute(k, it.Object)
			if secrets {
				redact.MachineSecretAnswer(it.Object)
				for _, i := range names {
					if i < len(it.Cells) {
						it.Cells[i] = redact.Masked
					}
				}
			} else {
				redact.Machine(it.Object)
			}
		}
	}
	if len(items) == 0 {
		k.Chunks = 1 // the columns alone
	}
	for start := 0; start < len(items) || start == 0; start += limits.SnapshotChunkObjects {
		end := min(start+limits.SnapshotChunkObjects, len(items))
		name := fmt.Sprintf(entryFormat, prefixKinds, i, start/limits.SnapshotChunkObjects)
		err := cp.a.addJSON(name, chunk{Columns: columns, Items: items[start:end]}, true)
		if errors.Is(err, errFull) {
			k.State, k.Reason, k.Objects, k.Chunks = StateCut, reasonSize, 0, 0
			return nil
		}
		if err != nil {
			return err
		}
		if end == len(items) {
			k.Chunks = start/limits.SnapshotChunkObjects + 1
			break
		}
	}
	k.Objects = len(items)
	return nil
}

// nameColumns are the columns of a Table that hold names (format name, or titled Name).
func nameColumns(columns []kube.Column) []int {
	var out []int
	for i, c := range columns {
		if c.Format == "name" || strings.EqualFold(c.Name, "name") {
			out = append(out, i)
		}
	}
	return out
}

// keepRoute keeps a pod's default container and a Secret's UID by its hashed name before machine
// masking hides them.
func (cp *capture) keepRoute(k *Kind, obj map[string]any) {
	if k.Group == "" && k.Resource == "secrets" {
		md, _ := obj["metadata"].(map[string]any)
		uid, _ := md["uid"].(string)
		cp.mu.Lock()
		if cp.routes.SecretUIDs == nil {
			cp.routes.SecretUIDs = map[string]string{}
		}
		cp.routes.SecretUIDs[secretKey(metaString(obj, "namespace"), metaString(obj, "name"))] = uid
		cp.mu.Unlock()
		return
	}
	if k.Group != "" || k.Resource != "pods" {
		return
	}
	md, _ := obj["metadata"].(map[string]any)
	ann, _ := md["annotations"].(map[string]any)
	c, _ := ann[annotationDefaultContainer].(string)
	if c == "" {
		return
	}
	cp.mu.Lock()
	if cp.routes.DefaultContainer == nil {
		cp.routes.DefaultContainer = map[string]string{}
	}
	cp.routes.DefaultContainer[metaString(obj, "namespace")+"/"+metaString(obj, "name")] = c
	cp.mu.Unlock()
}

const annotationDefaultContainer = "kubectl.kubernetes.io/default-container"

func metaString(obj map[string]any, key string) string {
	md, _ := obj["metadata"].(map[string]any)
	s, _ := md[key].(string)
	return s
}
