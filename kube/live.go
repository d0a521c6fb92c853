package kube

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/limits"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube/discovery"
)

// Timer is the part of *time.Timer a live stream's idle watch uses; Options.AfterFunc makes one,
// so tests fire it without waiting.
type Timer interface {
	Reset(d time.Duration) bool
	Stop() bool
}

func afterFunc(d time.Duration, f func()) Timer { return time.AfterFunc(d, f) }

// Codes of a live stream's ends.
const (
	CodeReplayEnd = "replay.end" // a live statement on a snapshot reached the capture's end
	CodeLiveBytes = "limit.live_bytes"
)

// Live is one live statement (get -w, logs -f, events -w, rollout status) on the command line:
// it runs until its context ends, or until nothing has arrived for limits.LiveIdleTimeout. Every
// event or line it is handed resets the idle watch.
type Live struct {
	ctx    context.Context
	cancel context.CancelFunc
	timer  Timer
	mu     sync.Mutex
	idle   bool
	err    error // the first failure of one of the statement's streams
}

// Fail ends the statement with err, the first failure of one of its streams: the others stop.
func (l *Live) Fail(err error) {
	l.mu.Lock()
	if l.err == nil {
		l.err = err
	}
	l.mu.Unlock()
	l.cancel()
}

// NewLive starts a live statement's idle watch under ctx. A statement's --request-timeout bounds
// the whole live read, as kubectl's bounds a watch: when it passes, the statement ends as Ctrl-C
// ends it (exit 0).
func (c *Client) NewLive(ctx context.Context) *Live {
	l := &Live{}
	if d, ok := ctx.Value(requestTimeoutKey{}).(time.Duration); ok && d > 0 {
		l.ctx, l.cancel = context.WithTimeout(ctx, d)
	} else {
		l.ctx, l.cancel = context.WithCancel(ctx)
	}
	l.timer = c.opts.AfterFunc(limits.LiveIdleTimeout, func() {
		l.mu.Lock()
		l.idle = true
		l.mu.Unlock()
		l.cancel()
	})
	return l
}

// Context is the statement's context: done on Ctrl-C, or when the idle watch fires.
func (l *Live) Context() context.Context { return l.ctx }

// Touch records that something arrived.
func (l *Live) Touch() { l.timer.Reset(limits.LiveIdleTimeout) }

// Pause waits d on the client's clock (tests inject it), or until the statement ends.
func (l *Live) Pause(c *Client, d time.Duration) error { return c.opts.Sleep(l.ctx, d) }

// Stop ends the idle watch.
func (l *Live) Stop() {
	l.timer.Stop()
	l.cancel()
}

// End turns the error a live read ended with into the statement's outcome: nil when the user
// ended it (Ctrl-C), the idle sentence when the idle watch did, else err.
func (l *Live) End(err error) error {
	l.mu.Lock()
	idle, failed := l.idle, l.err
	l.mu.Unlock()
	switch {
	case failed != nil:
		return failed
	case idle:
		return &fault.Error{Code: fault.CodeLiveIdle, Class: fault.Ended, Sentence: sprintf(sentenceLiveIdle, humanDuration(limits.LiveIdleTimeout))}
	case l.ctx.Err() != nil:
		return nil
	}
	return err
}

// liveContext is the context one live request runs under: the live statement's, with no request
// deadline of its own (a watch or a followed log is open-ended; the idle watch bounds it).
func liveContext(l *Live) context.Context {
	return WithRequestTimeout(l.ctx, 100*365*24*time.Hour)
}

// WatchLive watches a collection from resourceVersion on one connection, as Table rows (tables)
// or as objects, until the server closes it (nil: the caller reconnects from the version it
// answers), the version expires (fault.CodeGone: the caller lists again) or the statement ends.
func (c *Client) WatchLive(l *Live, r discovery.APIResource, s Scope, o ListOptions, resourceVersion string, tables bool, each func(WatchEvent) error) (string, error) {
	if err := checkScope(s, r); err != nil {
		return resourceVersion, err
	}
	what := "watch " + r.GroupResource() + s.describe(r)
	cl := &call{method: "GET", path: collectionPath(r, s), accept: AcceptJSON, what: what, cap: limits.MaxLiveStreamBytes}
	if tables {
		cl.accept = acceptTable
	}
	cl.set("watch", "true")
	if resourceVersion != "" {
		cl.set("resourceVersion", resourceVersion)
	}
	cl.setSelection(o, tables)
	resp, done, err := c.send(liveContext(l), cl)
	if err != nil {
		return resourceVersion, err
	}
	defer done()
	defer resp.Body.Close()
	w := &liveWatch{c: c, l: l, cl: cl, r: r, tables: tables, version: resourceVersion, each: each}
	return w.version, w.read(resp.Body)
}

type liveWatch struct {
	c       *Client
	l       *Live
	cl      *call
	r       discovery.APIResource
	tables  bool
	version string
	each    func(WatchEvent) error
}

func (w *liveWatch) read(body io.Reader) error {
	dec := json.NewDecoder(body)
	dec.UseNumber()
	for {
		var ev struct {
			Type   string          `json:"type"`
			Object json.RawMessage `json:"object"`
		}
		err := dec.Decode(&ev)
		switch {
		case err == nil:
		case errors.Is(err, io.EOF):
			return nil
		case errors.Is(err, errBodyTooLarge):
			return fault.Refusef(CodeLiveBytes, sentenceLiveBytes, w.cl.what, humanBytes(limits.MaxLiveStreamBytes))
		default:
			return w.c.readError(w.l.ctx, w.cl, err)
		}
		w.l.Touch()
		if err := w.event(ev.Type, ev.Object); err != nil {
			return err
		}
	}
}

func (w *liveWatch) event(typ string, raw json.RawMessage) error {
	switch typ {
	case "ADDED", "MODIFIED", "DELETED":
	case "BOOKMARK":
		w.version = objectVersion(raw, w.version)
		return nil
	case "ERROR":
		var st struct {
			Code int `json:"code"`
		}
		if json.Unmarshal(raw, &st) == nil && st.Code != http.StatusGone {
			return fault.Server(codeServerError, st.Code, sprintf(sentenceLiveWatchError, w.cl.what, strconv.Itoa(st.Code)))
		}
		return fault.Server(fault.CodeGone, http.StatusGone, sprintf(sentenceGone, w.cl.what))
	default:
		return fault.Server(codeMalformed, 200, sprintf(sentenceMalformed, w.cl.what))
	}
	ev := WatchEvent{Type: typ}
	if w.tables {
		t, err := decodeTable(raw, w.r)
		if err != nil {
			return decodeError(w.cl.what, err)
		}
		ev.Table = t
		w.version = tableVersion(t, w.version)
	} else {
		var obj map[string]any
		if err := decodeJSON(raw, &obj); err != nil || obj == nil {
			return decodeError(w.cl.what, err)
		}
		stampKind(obj, w.r, peopleDecoded(obj, w.r, false))
		ev.Object = obj
		w.version = objectVersion(raw, w.version)
	}
	return w.each(ev)
}

// objectVersion is an object's metadata.resourceVersion, or had when it has none.
func objectVersion(raw json.RawMessage, had string) string {
	var o struct {
		Metadata struct {
			ResourceVersion string `json:"resourceVersion"`
		} `json:"metadata"`
	}
	if json.Unmarshal(raw, &o) == nil && o.Metadata.ResourceVersion != "" {
		return o.Metadata.ResourceVersion
	}
	return had
}

// tableVersion is a watch event's version: its Table's, else its row's object's.
func tableVersion(t *Table, had string) string {
	if t.ResourceVersion != "" {
		return t.ResourceVersion
	}
	for _, row := range t.Rows {
		if v := apivalue.MetaString(row.Object, "resourceVersion"); v != "" {
			had = v
		}
	}
	return had
}

// scanLF splits at line feeds only, so a carriage return stays in the line (and is shown
// escaped), as the log's lines are split when not followed.
func scanLF(data []byte, atEOF bool) (int, []byte, error) {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return i + 1, data[:i], nil
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

// FollowLog follows one container's log (follow=true) and hands each line to each as it arrives,
// without its line feed. The stream ends when the container's log ends (nil), when the
// statement ends, or at limits.MaxLiveStreamBytes (CodeLiveBytes).
func (c *Client) FollowLog(l *Live, ns, pod string, o LogOptions, each func(line []byte) error) error {
	cl, err := c.logCall(ns, pod, o)
	if err != nil {
		return err
	}
	cl.cap = limits.MaxLiveStreamBytes
	cl.set("follow", "true")
	resp, done, err := c.send(liveContext(l), cl)
	if err != nil {
		return logSendError(err, o, pod, ns)
	}
	defer done()
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 0, 64<<10), limits.MaxLogLineBytes)
	sc.Split(scanLF)
	for sc.Scan() {
		l.Touch()
		if err := each(sc.Bytes()); err != nil {
			return err
		}
	}
	switch err := sc.Err(); {
	case err == nil:
		return nil
	case errors.Is(err, errBodyTooLarge):
		return fault.Refusef(CodeLiveBytes, sentenceLiveBytes, cl.what, humanBytes(limits.MaxLiveStreamBytes))
	case errors.Is(err, bufio.ErrTooLong):
		return fault.Server(codeMalformed, 200, sprintf(sentenceLogLineLong, cl.what, humanBytes(limits.MaxLogLineBytes)))
	default:
		return c.readError(l.ctx, cl, err)
	}
}
