package screen

import (
	"context"
	"io"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read"
	"github.com/studioctl/studioctl/read/get"
	"github.com/studioctl/studioctl/read/logs"
	"github.com/studioctl/studioctl/read/reader"
)

// A feed is one live statement (get -w for the list, logs -f for a followed log) run through the
// console's readers with a screen stream: every batch arrives masked and made safe, as a message.
// gen tells a batch of the current feed from one of a feed already stopped.
type feed struct {
	gen    int
	ch     chan tea.Msg
	cancel context.CancelFunc
}

// rowsMsg is one batch of the list's watch: the headers (EVENT first) and the rows.
type rowsMsg struct {
	gen     int
	headers []string
	rows    [][]string
}

// linesMsg is one batch of a followed log.
type linesMsg struct {
	gen   int
	lines []string
}

// feedEndMsg is a feed's end: the live statement returned (err nil when it ended by itself).
type feedEndMsg struct {
	gen int
	err error
}

// next waits for the feed's next message.
func (f *feed) next() tea.Cmd {
	ch := f.ch
	return func() tea.Msg { return <-ch }
}

// startFeed runs o as a live statement on a copy of the session whose Live stream hands batches to
// the screen; the feed stops when ctx ends or cancel is called.
func startFeed(ctx context.Context, s *reader.Session, mode printer.RedactMode, gen int, o reader.Options) *feed {
	ctx, cancel := context.WithCancel(ctx)
	f := &feed{gen: gen, ch: make(chan tea.Msg, 16), cancel: cancel}
	send := func(msg tea.Msg) error {
		select {
		case f.ch <- msg:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	live := *s
	live.Live = printer.NewWriter(io.Discard, io.Discard, mode).ScreenStream(printer.ScreenSink{
		Rows:  func(headers []string, rows [][]string) error { return send(rowsMsg{gen, headers, rows}) },
		Lines: func(text []string) error { return send(linesMsg{gen, text}) },
	})
	go func() {
		_, err := read.RunOptions(ctx, &live, o)
		if ctx.Err() == nil {
			send(feedEndMsg{gen, err})
		}
	}()
	return f
}

// listQuery is what the list reads: one kind, in a namespace or all, with a label selector.
type listQuery struct {
	kind      string // the kind as a statement names it: pod, deployment.apps
	namespace string
	all       bool
	selector  string
	wide      bool
}

// options is the query as get -w --output-watch-events options.
func (q listQuery) options() *get.Options {
	o := &get.Options{Args: []string{q.kind}, Namespace: q.namespace, AllNamespaces: q.all, Selector: q.selector,
		Watch: true, WatchEvents: true}
	if q.wide {
		o.Output = "wide"
	}
	return o
}

// logQuery is what the logs view reads.
type logQuery struct {
	namespace, pod, container string
	previous, follow          bool
	tail                      int64
}

func (q logQuery) options() *logs.Options {
	tail := q.tail
	return &logs.Options{Args: []string{"pod/" + q.pod}, Namespace: q.namespace, Container: q.container,
		Previous: q.previous, Follow: q.follow, Tail: &tail}
}
