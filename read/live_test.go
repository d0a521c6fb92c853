package read

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/printer"
)

// Live statements (the command line's get -w, logs -f, events -w, rollout status) against
// synthetic watch and log streams: each stream is fed piece by piece, and the test ends it as
// Ctrl-C does, by cancelling the context.

// feed is a response body handed out one piece at a time; after the last piece it ends the
// stream (EOF) or, when hold is set, stays open until the request's context ends.
type feed struct {
	ctx  context.Context
	next func(i int) (string, bool)
	hold bool
	i    int
	buf  []byte
}

func (f *feed) Read(p []byte) (int, error) {
	if len(f.buf) == 0 {
		s, ok := f.next(f.i)
		if !ok {
			if f.hold {
				<-f.ctx.Done()
				return 0, f.ctx.Err()
			}
			return 0, io.EOF
		}
		f.i++
		f.buf = []byte(s)
	}
	n := copy(p, f.buf)
	f.buf = f.buf[n:]
	return n, nil
}

func (f *feed) Close() error { return nil }

// feedStub answers path?query with pieces; hold keeps the stream open after them.
func feedStub(path, query, contentType string, hold bool, next func(i int) (string, bool)) *httpstub.Stub {
	return &httpstub.Stub{Path: path, Query: query, Respond: func(r *http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {contentType}},
			Body: &feed{ctx: r.Context(), next: next, hold: hold}, Request: r}, nil
	}}
}

func pieces(p ...string) func(int) (string, bool) {
	return func(i int) (string, bool) {
		if i < len(p) {
			return p[i], true
		}
		return "", false
	}
}

// stopWriter is stdout for a live statement: it cancels the statement (Ctrl-C) once lines lines
// have been printed, and can check every write.
type stopWriter struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	lines   int
	cancel  context.CancelFunc
	onWrite func(lines int)
}

func (w *stopWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	n := bytes.Count(w.buf.Bytes(), []byte("\n"))
	if w.onWrite != nil {
		w.onWrite(n)
	}
	if w.lines > 0 && n >= w.lines {
		w.cancel()
	}
	return len(p), nil
}

// liveRun runs one line in live mode until lines lines are printed (0: until it ends by itself).
func liveRun(t *testing.T, s *Session, line string, lines int, onWrite func(int)) (stdout, stderr string, err error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &stopWriter{lines: lines, cancel: cancel, onWrite: onWrite}
	var errOut bytes.Buffer
	w := printer.NewWriter(out, &errOut, printer.People)
	ls := *s
	ls.Live = w.Stream()
	st, err := ParseLine(line)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	res, err := Run(ctx, &ls, st)
	if err == nil {
		if werr := w.Write(res); werr != nil {
			t.Fatal(werr)
		}
	}
	return out.buf.String(), errOut.String(), err
}

var podColumns = `[{"name":"Name","type":"string","format":"name","priority":0},{"name":"Ready","type":"string","format":"","priority":0},{"name":"Status","type":"string","format":"","priority":0},{"name":"Age","type":"string","format":"","priority":0}]`

func podTable(rv string, rows ...string) string {
	return `{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{"resourceVersion":"` + rv + `"},"columnDefinitions":` + podColumns + `,"rows":[` + strings.Join(rows, ",") + `]}`
}

func podRow(name, status, rv string) string {
	return `{"cells":["` + name + `","1/1","` + status + `","5m"],"object":{"kind":"PartialObjectMetadata","metadata":{"name":"` + name + `","namespace":"shop","resourceVersion":"` + rv + `"}}}`
}

func podEvent(typ, name, status, rv string) string {
	return `{"type":"` + typ + `","object":` + podTable("", podRow(name, status, rv)) + "}\n"
}

const (
	podsPath  = "/api/v1/namespaces/shop/pods"
	listQuery = "limit=500&includeObject=Metadata"
	tableType = "application/json;as=Table;v=v1;g=meta.k8s.io"
)

func TestLiveGetWatchPrintsListThenEachEvent(t *testing.T) {
	s, reg := famSession(t, nil)
	reg.JSON(podsPath, listQuery, podTable("7", podRow("web-0", "Running", "5")))
	reg.Add(feedStub(podsPath, "watch=true&resourceVersion=7&includeObject=Metadata", tableType, true,
		pieces(podEvent("ADDED", "web-1", "Pending", "8"), podEvent("MODIFIED", "web-1", "Running", "9"))))
	out, errOut, err := liveRun(t, s, "get pods -w --output-watch-events", 4, nil)
	if err != nil || errOut != "" {
		t.Fatalf("err %v, stderr %q", err, errOut)
	}
	want := "EVENT   NAME    READY   STATUS    AGE\n" +
		"ADDED   web-0   1/1     Running   5m\n" +
		"ADDED   web-1   1/1   Pending   5m\n" +
		"MODIFIED   web-1   1/1   Running   5m\n"
	if diff := cmp.Diff(want, out); diff != "" {
		t.Errorf("output (-want +got):\n%s", diff)
	}
}
