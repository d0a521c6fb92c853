package get

import (
	"context"

	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
)

// watch lists, then watches for a bounded window (10 s, or --request-timeout) and adds the
// window's changes as rows with an EVENT column. It is a snapshot of a window, not a live view.
func (g *getRead) watch(ctx context.Context) (*printer.Result, error) {
	b := &tableBuilder{g: g, out: &printer.Table{NoHeaders: g.o.NoHeaders, SecretNames: isCoreSecrets(g.r)}}
	rv := &rvPager{Pager: b}
	opts := g.listOptions(g.includeObject())
	if err := g.s.Client.ListTable(ctx, g.r, g.scope, opts, rv); err != nil {
		return nil, err
	}
	if g.o.WatchOnly {
		b.out.Rows = nil
	}
	listed := len(b.out.Rows)
	events := make([]string, listed)
	window := limits.DefaultWatchWindow
	if g.o.RequestTimeout != nil {
		window = *g.o.RequestTimeout
	}
	err := g.s.Client.WatchTable(ctx, g.r, g.scope, opts, rv.version, window, func(ev kube.WatchEvent) error {
		if !b.ready && len(ev.Table.Columns) > 0 {
			b.header(ev.Table.Columns)
		}
		for _, row := range ev.Table.Rows {
			b.out.Rows = append(b.out.Rows, b.cells(row))
			events = append(events, ev.Type)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(b.out.Rows) == 0 {
		return &printer.Result{Empty: g.emptySentence()}, nil
	}
	b.out.Columns = append([]printer.Column{{Header: "EVENT"}}, b.out.Columns...)
	for i := range b.out.Rows {
		b.out.Rows[i] = append([]string{events[i]}, b.out.Rows[i]...)
	}
	return &printer.Result{Table: b.out}, nil
}

// rvPager remembers the list's resourceVersion, where the watch starts.
type rvPager struct {
	kube.Pager
	version string
}

func (p *rvPager) Page(t *kube.Table) error {
	p.version = t.ResourceVersion
	return p.Pager.Page(t)
}
