package snapshot

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
)

// logTarget is one container whose log is read, or its previous instance's.
type logTarget struct {
	ns, pod, container string
	previous           bool
}

// logTargets are the containers of every pod kept (init containers, then containers), each with
// its previous instance: what the server answers for it is kept, and a server that has none
// answers an error, which is not kept (the reader then says the snapshot holds no such log).
func logTargets(pods []map[string]any) []logTarget {
	var out []logTarget
	for _, p := range pods {
		ns, name := apivalue.MetaString(p, "namespace"), apivalue.MetaString(p, "name")
		spec, _ := p["spec"].(map[string]any)
		for _, field := range []string{"initContainers", "containers"} {
			list, _ := spec[field].([]any)
			for _, c := range list {
				cm, _ := c.(map[string]any)
				if n, _ := cm["name"].(string); n != "" {
					out = append(out, logTarget{ns, name, n, false}, logTarget{ns, name, n, true})
				}
			}
		}
	}
	return out
}

// captureLogs reads the last lines of each container's log, with the server's timestamps (the
// reader removes them when a statement did not ask for them), a few at a time. A log the server
// does not give, or one past the size cap, is counted as cut.
func (cp *capture) captureLogs(ctx context.Context) error {
	if cp.o.LogLines == 0 {
		return nil
	}
	targets := cp.logs
	cp.report(func(p *Progress) { p.LogsTotal = len(targets) })
	cp.m.LogRequests = len(targets)
	work := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	for w := 0; w < limits.SnapshotConcurrency; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				kept, err := cp.captureLog(ctx, i, targets[i])
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				switch {
				case kept:
					cp.m.Logs++
				case !targets[i].previous:
					cp.m.LogsCut++ // a previous instance the server has no log of is not missed
				}
				mu.Unlock()
				cp.report(func(p *Progress) { p.LogsDone++ })
			}
		}()
	}
	for i := range targets {
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

func (cp *capture) captureLog(ctx context.Context, i int, t logTarget) (bool, error) {
	s, err := cp.c.PodLog(ctx, t.ns, t.pod, kube.LogOptions{Container: t.container, HasTail: true, TailLines: int64(cp.o.LogLines), Timestamps: true, Previous: t.previous})
	if err != nil {
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		return false, nil
	}
	name := fmt.Sprintf("%s%06d.json", prefixLogs, i)
	err = cp.a.addJSON(name, logEntry{Namespace: t.ns, Pod: t.pod, Container: t.container, Previous: t.previous, Lines: cp.o.LogLines, Text: string(s.Data)}, true)
	if errors.Is(err, errFull) {
		return false, nil
	}
	return err == nil, err
}
