package snapshot

import (
	"context"
	"errors"
	"strings"
	"sync"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
)

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

// captureKind reads one kind, page by page, each page once (the server's Table with each row's
// object whole), and writes its entries as the pages arrive. A kind the identity may not list is
// locked; one past the size cap is cut; a namespace's share past the per-namespace cap is cut and
// said so in the kind's Cut.
func (cp *capture) captureKind(ctx context.Context, i int) error {
	cp.mu.Lock()
	k := cp.m.Kinds[i]
	cp.mu.Unlock()
	w := &kindWriter{a: cp.a, index: i}
	err := cp.readKind(ctx, &k, w)
	if err == nil {
		err = w.close()
	}
	switch {
	case err == nil && w.full:
		k.State, k.Reason = StateCut, reasonSize
	case err == nil:
		k.State = StateCaptured
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.Is(err, errRestarted):
		k.State, k.Reason = StateFailed, reasonRestarted
	default:
		k.State, k.Reason = failure(err)
	}
	k.Objects, k.Chunks = w.objects, w.chunks
	if k.State != StateCaptured && k.State != StateCut {
		k.Objects, k.Chunks = 0, 0
	}
	cp.mu.Lock()
	cp.m.Kinds[i] = k
	if k.State == StateCaptured {
		cp.m.Objects += k.Objects
	}
	cp.mu.Unlock()
	cp.report(func(p *Progress) { p.KindsDone++; p.Objects += k.Objects })
	return nil
}

// failure names why a kind is not in the file: locked when the server refused the identity, cut
// at the walk's bound, failed otherwise (with the code of the sentence studioctl composed).
func failure(err error) (state, reason string) {
	e, ok := fault.As(err)
	switch {
	case ok && (e.Code == fault.CodeForbidden || e.Code == fault.CodeUnauthorized):
		return StateLocked, ""
	case ok && (e.Code == fault.CodeLimitRows || e.Code == fault.CodeLimitPages):
		return StateCut, reasonKindCap
	case ok:
		return StateFailed, e.Code
	}
	return StateFailed, "error"
}

// readKind reads a kind in every scope the capture covers, handing each page to a pager that
// keeps each namespace's share under the cap and writes what it keeps.
func (cp *capture) readKind(ctx context.Context, k *Kind, w *kindWriter) error {
	r := k.Ref()
	scopes := []kube.Scope{{AllNamespaces: true}}
	if k.Namespaced && len(cp.o.Namespaces) > 0 {
		scopes = scopes[:0]
		for _, ns := range cp.o.Namespaces {
			scopes = append(scopes, kube.Scope{Namespace: ns})
		}
	}
	p := &capturePager{cp: cp, k: k, w: w, kept: map[string]int{}, left: map[string]int{}, newest: isEvents(k)}
	for _, s := range scopes {
		err := cp.c.ListTable(ctx, r, s, kube.ListOptions{IncludeObject: "Object", MaxRows: limits.SnapshotMaxKindObjects}, p)
		if err == nil {
			err = p.flushAll()
		}
		if err != nil {
			return err
		}
		if w.full {
			break
		}
	}
	k.Cut = p.cuts()
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
	if apivalue.CoreSecrets(k.Group, k.Resource) {
		uid := apivalue.MetaString(obj, "uid")
		cp.mu.Lock()
		if cp.routes.SecretUIDs == nil {
			cp.routes.SecretUIDs = map[string]string{}
		}
		cp.routes.SecretUIDs[secretKey(apivalue.MetaString(obj, "namespace"), apivalue.MetaString(obj, "name"))] = uid
		cp.mu.Unlock()
		return
	}
	if k.Group != "" || k.Resource != "pods" {
		return
	}
	c, _ := apivalue.MetaMap(obj, "annotations")[annotationDefaultContainer].(string)
	if c == "" {
		return
	}
	cp.mu.Lock()
	if cp.routes.DefaultContainer == nil {
		cp.routes.DefaultContainer = map[string]string{}
	}
	cp.routes.DefaultContainer[apivalue.MetaString(obj, "namespace")+"/"+apivalue.MetaString(obj, "name")] = c
	cp.mu.Unlock()
}

const annotationDefaultContainer = "kubectl.kubernetes.io/default-container"
