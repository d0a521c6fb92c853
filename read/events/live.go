package events

import (
	"context"
	"strconv"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
)

// live is events --watch on the command line: the list's table, then each new or changed event
// as a row (the header printed once), until Ctrl-C (exit 0) or the idle limit. The watch starts
// after the newest event listed; a version that expired (410 Gone) is listed again, silently, for
// a version to start from.
func (o *Options) live(ctx context.Context, s *reader.Session, q *query, res *printer.Result, listed []*coreEvent) (*printer.Result, error) {
	lv := s.Client.NewLive(ctx)
	defer lv.Stop()
	for _, n := range res.Notices {
		s.Live.Notice(n)
	}
	if res.Table != nil {
		if err := s.Live.Rows(res.Table); err != nil {
			return nil, err
		}
	}
	if err := lv.End(o.watchLoop(lv, s, q, newestVersion(listed))); err != nil {
		return nil, err
	}
	return &printer.Result{}, nil
}

func (o *Options) watchLoop(lv *kube.Live, s *reader.Session, q *query, version string) error {
	opts := kube.ListOptions{FieldSelector: q.fields}
	for {
		seen := false
		next, err := q.c.WatchLive(lv, q.r, q.scope, opts, version, false, func(ev kube.WatchEvent) error {
			seen = true
			return o.liveEvent(s, q, ev)
		})
		switch e, _ := fault.As(err); {
		case err == nil && !seen:
			version = next
			if err := lv.Pause(q.c, limits.LiveReconnectPause); err != nil {
				return err
			}
		case err == nil:
			version = next
		case e != nil && e.Code == fault.CodeGone:
			events, _, err := q.list(kube.WithStatement(lv.Context(), "events"))
			if err != nil {
				return err
			}
			version = newestVersion(events)
		default:
			return err
		}
	}
}

func (o *Options) liveEvent(s *reader.Session, q *query, ev kube.WatchEvent) error {
	if ev.Type == "DELETED" || ev.Object == nil {
		return nil
	}
	e, err := decodeEvent(ev.Object)
	if err != nil || !eventTypeWanted(q.types, e.Type) {
		return err
	}
	t := o.table(q.scope.AllNamespaces, []*coreEvent{e}, q.c.Now())
	return s.Live.Rows(t)
}

// newestVersion is the greatest resourceVersion among the events read ("" when none): the API
// server's versions are numbers, and a watch from the newest sees what came after the list.
func newestVersion(events []*coreEvent) string {
	best, bestN := "", int64(-1)
	for _, e := range events {
		if n, err := strconv.ParseInt(e.Metadata.ResourceVersion, 10, 64); err == nil && n > bestN {
			best, bestN = e.Metadata.ResourceVersion, n
		}
	}
	return best
}
