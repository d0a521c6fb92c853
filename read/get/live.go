package get

import (
	"context"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
)

// live is get -w and --watch-only on the command line: the list as one table (not with
// --watch-only), then each change as it arrives, the header printed once, until Ctrl-C (exit 0)
// or the idle limit. A connection the server closes is reopened from the last version seen; a
// version that expired (410 Gone) is listed again, and the list's rows are printed again, as
// the current state. Nothing is kept between events.
func (g *getRead) live(ctx context.Context) (*printer.Result, error) {
	lv := g.s.Client.NewLive(ctx)
	defer lv.Stop()
	if err := lv.End(g.liveLoop(lv)); err != nil {
		return nil, err
	}
	return &printer.Result{}, nil
}

func (g *getRead) liveLoop(lv *kube.Live) error {
	b := &tableBuilder{g: g, out: &printer.Table{}}
	opts := g.listOptions(g.liveInclude())
	version, err := g.liveList(lv, b, opts, !g.o.WatchOnly)
	if err != nil {
		return err
	}
	for {
		seen := false
		version, err = g.s.Client.WatchLive(lv, g.r, g.scope, opts, version, true, func(ev kube.WatchEvent) error {
			seen = true
			return g.liveEvent(b, ev)
		})
		switch e, _ := fault.As(err); {
		case err == nil && !seen:
			if err := lv.Pause(g.s.Client, limits.LiveReconnectPause); err != nil {
				return err
			}
		case err == nil:
		case e != nil && e.Code == fault.CodeGone:
			if version, err = g.liveList(lv, b, opts, true); err != nil {
				return err
			}
		default:
			return err
		}
	}
}

// liveInclude asks for each row's metadata, whose resourceVersion a reconnect starts from,
// except for core secrets, whose rows carry cells alone.
func (g *getRead) liveInclude() string {
	if isCoreSecrets(g.r) {
		return g.includeObject()
	}
	return "Metadata"
}

// liveList lists (under a statement deadline of its own: a re-list may come hours later) and
// prints the rows when show is set; it answers the list's version.
func (g *getRead) liveList(lv *kube.Live, b *tableBuilder, opts kube.ListOptions, show bool) (string, error) {
	// A new table, whose columns the list's first page names again: the rows printed after a
	// re-list are masked by those columns' roles in machine mode, so they must not be left empty.
	b.out, b.ready = &printer.Table{}, false
	rv := &rvPager{Pager: b}
	ctx := kube.WithStatement(lv.Context(), "get")
	if err := g.s.Client.ListTable(ctx, g.r, g.scope, opts, rv); err != nil {
		return "", err
	}
	lv.Touch()
	if show {
		if err := g.liveRows(b.out.Columns, b.out.Rows, b.out.SecretRows, "ADDED"); err != nil {
			return "", err
		}
	}
	b.out.Rows = nil
	return rv.version, nil
}

func (g *getRead) liveEvent(b *tableBuilder, ev kube.WatchEvent) error {
	if !b.ready && len(ev.Table.Columns) > 0 {
		b.header(ev.Table.Columns)
	}
	g.seeColumns(ev.Table.Columns)
	rows := make([][]string, 0, len(ev.Table.Rows))
	var marks []bool
	for _, row := range ev.Table.Rows {
		rows = append(rows, b.cells(row))
		if g.secretEvents() {
			marks = append(marks, g.aboutSecret(row))
		}
	}
	return g.liveRows(b.out.Columns, rows, marks, ev.Type)
}

// liveRows prints one batch, with the EVENT column under --output-watch-events.
func (g *getRead) liveRows(cols []printer.Column, rows [][]string, secretRows []bool, event string) error {
	if g.o.WatchEvents {
		cols = append([]printer.Column{{Header: "EVENT"}}, cols...)
		for i := range rows {
			rows[i] = append([]string{event}, rows[i]...)
		}
	}
	t := &printer.Table{Columns: cols, Rows: rows, SecretRows: secretRows, NoHeaders: g.o.NoHeaders, SecretNames: isCoreSecrets(g.r)}
	return g.s.Live.Rows(t)
}
