package rollout

import (
	"context"
	"strings"
	"time"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
)

// StatusOptions are rollout status's options, filled once from the statement.
type StatusOptions struct {
	reader.Common
	Args      []string       `args:""`
	Namespace string         `flag:"namespace"`
	Watch     *bool          `flag:"watch"`   // nil: watch, as kubectl does
	Timeout   *time.Duration `flag:"timeout"` // nil or 0: no timeout
}

// Validate checks the target's form before anything is sent.
func (o *StatusOptions) Validate() error {
	_, _, err := targetWords(o.Args)
	return err
}

// Complete fills the namespace.
func (o *StatusOptions) Complete(s *reader.Session) { o.Namespace = s.Namespace(o.Namespace) }

// Run reports the rollout's state: on the command line (a live session) every change until it
// is done, else the state once, as --watch=false does.
func (o *StatusOptions) Run(ctx context.Context, s *reader.Session) (*printer.Result, error) {
	t, err := resolve(ctx, s, o.Args)
	if err != nil {
		return nil, err
	}
	if s.Live != nil && (o.Watch == nil || *o.Watch) {
		return o.follow(ctx, s, t)
	}
	obj, err := s.Client.GetObject(ctx, t.r, o.Namespace, t.name)
	if err != nil {
		return nil, err
	}
	st, err := statusOf(t.r.Kind, obj)
	if err != nil {
		return nil, err
	}
	return &printer.Result{Lines: &printer.Lines{Text: []string{st.message}}}, nil
}

// follow watches the one object and prints each new message until the rollout is done, the
// timeout passes (exit 1, as kubectl), Ctrl-C (exit 0) or the idle limit.
func (o *StatusOptions) follow(ctx context.Context, s *reader.Session, t target) (*printer.Result, error) {
	if o.Timeout != nil && *o.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *o.Timeout)
		defer cancel()
	}
	lv := s.Client.NewLive(ctx)
	defer lv.Stop()
	w := &statusWatch{o: o, s: s, t: t}
	err := w.loop(lv)
	if ctx.Err() == context.DeadlineExceeded && err == nil {
		return nil, failure(codeTimeout, sentenceTimeout, t.r.GroupResource(), t.name)
	}
	if err := lv.End(err); err != nil {
		return nil, unfinished(err, t)
	}
	return &printer.Result{}, nil
}

// unfinished turns the quiet end of a watch (a snapshot's end, the idle limit: exit 0 for get -w)
// into a failure for rollout status, whose exit code a CI gate reads: a rollout that had not
// finished when the watch ended must not pass it.
func unfinished(err error, t target) error {
	e, ok := fault.As(err)
	if !ok || e.Class != fault.Ended {
		return err
	}
	return failure(codeUnended, sentenceUnended, t.r.GroupResource(), t.name, strings.TrimSuffix(e.Sentence, "."))
}

// statusWatch prints each message once, in order, until the rollout is done.
type statusWatch struct {
	o    *StatusOptions
	s    *reader.Session
	t    target
	last string
}

// errDone ends the watch loop when the rollout is done: a clean end, exit 0 were it ever printed.
var errDone = &fault.Error{Code: "rollout.done", Class: fault.Ended}

func (w *statusWatch) loop(lv *kube.Live) error {
	opts := kube.ListOptions{FieldSelector: "metadata.name=" + w.t.name, MaxRows: 1}
	scope := kube.Scope{Namespace: w.o.Namespace}
	for version := ""; ; {
		if version == "" {
			obj, err := w.s.Client.GetObject(kube.WithStatement(lv.Context(), "rollout status"), w.t.r, w.o.Namespace, w.t.name)
			if err != nil {
				return err
			}
			if done, err := w.show(obj); done || err != nil {
				return err
			}
			lv.Touch()
			version = text(obj, "metadata", "resourceVersion")
		}
		next, err := w.s.Client.WatchLive(lv, w.t.r, scope, opts, version, false, w.event)
		switch e, _ := fault.As(err); {
		case err == errDone:
			return nil
		case e != nil && e.Code == fault.CodeGone:
			version = ""
		case err != nil:
			return err
		default:
			version = next
		}
	}
}

func (w *statusWatch) event(ev kube.WatchEvent) error {
	if ev.Type != "ADDED" && ev.Type != "MODIFIED" || ev.Object == nil {
		return nil
	}
	done, err := w.show(ev.Object)
	if done && err == nil {
		return errDone
	}
	return err
}

// show prints the object's message when it changed, and says whether the rollout is done.
func (w *statusWatch) show(obj map[string]any) (bool, error) {
	st, err := statusOf(w.t.r.Kind, obj)
	if err != nil {
		return false, err
	}
	if st.message != w.last {
		w.last = st.message
		if err := w.s.Live.Lines(&printer.Lines{Text: []string{st.message}}); err != nil {
			return false, err
		}
	}
	return st.done, nil
}
