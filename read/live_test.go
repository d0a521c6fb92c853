package read

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/kube"
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
	n       int
	cancel  context.CancelFunc
	onWrite func(lines int)
}

func (w *stopWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.n += bytes.Count(p, []byte("\n"))
	n := w.n
	if w.onWrite != nil {
		w.onWrite(n) // a check of the stream's pace: stdout itself is not kept
	} else {
		w.buf.Write(p)
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

func TestLiveGetWatchListsAgainOn410(t *testing.T) {
	s, reg := famSession(t, nil)
	reg.JSON(podsPath, listQuery, podTable("7", podRow("web-0", "Running", "5")))
	reg.Add(feedStub(podsPath, "watch=true&resourceVersion=7&includeObject=Metadata", tableType, false,
		pieces(`{"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","status":"Failure","reason":"Expired","code":410}}`+"\n")))
	reg.JSON(podsPath, listQuery, podTable("20", podRow("web-0", "Running", "19")))
	reg.Add(feedStub(podsPath, "watch=true&resourceVersion=20&includeObject=Metadata", tableType, true,
		pieces(podEvent("DELETED", "web-0", "Running", "21"))))
	out, _, err := liveRun(t, s, "get pods -w", 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "NAME    READY   STATUS    AGE\nweb-0   1/1     Running   5m\nweb-0   1/1   Running   5m\nweb-0   1/1   Running   5m\n"
	if diff := cmp.Diff(want, out); diff != "" {
		t.Errorf("output (-want +got):\n%s", diff)
	}
}

func TestLiveGetWatchOnlyReconnectsFromLastVersion(t *testing.T) {
	s, reg := famSession(t, nil)
	reg.JSON(podsPath, listQuery, podTable("7", podRow("web-0", "Running", "5")))
	reg.Add(feedStub(podsPath, "watch=true&resourceVersion=7&includeObject=Metadata", tableType, false,
		pieces(podEvent("MODIFIED", "web-0", "Running", "8"))))
	reg.Add(feedStub(podsPath, "watch=true&resourceVersion=8&includeObject=Metadata", tableType, true,
		pieces(podEvent("DELETED", "web-0", "Terminating", "9"))))
	out, _, err := liveRun(t, s, "get pods --watch-only", 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "NAME    READY   STATUS    AGE\nweb-0   1/1     Running   5m\nweb-0   1/1   Terminating   5m\n"
	if diff := cmp.Diff(want, out); diff != "" {
		t.Errorf("output (-want +got):\n%s", diff)
	}
}

// fakeTimer is the idle watch's timer under the test's control: fire runs it at once.
type fakeTimer struct {
	mu     sync.Mutex
	f      func()
	resets int
}

func (f *fakeTimer) Reset(time.Duration) bool { f.mu.Lock(); f.resets++; f.mu.Unlock(); return true }
func (f *fakeTimer) Stop() bool               { return true }

// liveSession is famSession with the idle watch's timer injected.
func liveSession(t *testing.T, timer *fakeTimer) (*Session, *httpstub.Registry) {
	t.Helper()
	s, reg := famSession(t, nil)
	c := kube.NewClient(s.Client.Endpoint(), kube.Options{Transport: reg, Now: func() time.Time { return famNow },
		AfterFunc: func(_ time.Duration, f func()) kube.Timer { timer.f = f; return timer }})
	return &Session{Client: c}, reg
}

func TestLiveGetWatchEndsAtIdleLimit(t *testing.T) {
	timer := &fakeTimer{}
	s, reg := liveSession(t, timer)
	reg.JSON(podsPath, listQuery, podTable("7", podRow("web-0", "Running", "5")))
	reg.Add(feedStub(podsPath, "watch=true&resourceVersion=7&includeObject=Metadata", tableType, true,
		pieces(podEvent("MODIFIED", "web-0", "Running", "8"))))
	_, _, err := liveRun(t, s, "get pods -w", 0, func(lines int) {
		if lines == 3 {
			go timer.f() // thirty quiet minutes, at once
		}
	})
	e, ok := fault.As(err)
	if !ok || e.Code != fault.CodeLiveIdle || e.Class != fault.Ended {
		t.Fatalf("err = %v, want the idle sentence with exit 0", err)
	}
	if !strings.Contains(e.Sentence, "30 minutes") {
		t.Errorf("sentence %q does not name the limit", e.Sentence)
	}
}

func TestLiveGetWatchCtrlCEndsPromptlyWithExit0(t *testing.T) {
	s, reg := famSession(t, nil)
	reg.JSON(podsPath, listQuery, podTable("7"))
	reg.Add(feedStub(podsPath, "watch=true&resourceVersion=7&includeObject=Metadata", tableType, true, pieces()))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		st, _ := ParseLine("get pods -w")
		var out bytes.Buffer
		ls := *s
		ls.Live = printer.NewWriter(&out, &out, printer.People).Stream()
		_, err := Run(ctx, &ls, st)
		done <- err
	}()
	for reg.Count() < 4 { // discovery twice, the list, the watch
		runtime.Gosched()
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Ctrl-C ended the watch with %v, want nil (exit 0)", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the watch did not end after Ctrl-C")
	}
}

func TestLiveLogsFollowPrintsEachLineAsItArrives(t *testing.T) {
	s, reg := famSession(t, nil)
	reg.JSON("/api/v1/namespaces/shop/pods/web-0", "", synthPod{name: "web-0", node: "n1", containers: []string{"app"}}.json())
	reg.Add(feedStub("/api/v1/namespaces/shop/pods/web-0/log", "container=app&tailLines=2&follow=true", "text/plain", true,
		pieces("one\ntw", "o\n", "three \x1b[31mred\n")))
	out, errOut, err := liveRun(t, s, "logs web-0 -f --tail 2", 3, nil)
	if err != nil || errOut != "" {
		t.Fatalf("err %v, stderr %q", err, errOut)
	}
	if want := "one\ntwo\nthree red\n"; out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
}

func TestLiveLogsFollowEndsWhenTheLogEnds(t *testing.T) {
	s, reg := famSession(t, nil)
	reg.JSON("/api/v1/namespaces/shop/pods", "limit=500&labelSelector=app%3Dweb", podList(
		synthPod{name: "web-0", node: "n1", containers: []string{"app"}}, synthPod{name: "web-1", node: "n1", containers: []string{"app"}}))
	for _, p := range []string{"web-0", "web-1"} {
		reg.Add(feedStub("/api/v1/namespaces/shop/pods/"+p+"/log", "container=app&tailLines=10&follow=true", "text/plain", false, pieces(p+" done\n")))
	}
	out, _, err := liveRun(t, s, "logs -f -l app=web", 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "web-0 done\n") || !strings.Contains(out, "web-1 done\n") {
		t.Errorf("stdout %q", out)
	}
}

func TestLiveLogsFollowRefusesMoreStreamsThanMaxLogRequests(t *testing.T) {
	s, reg := famSession(t, nil)
	reg.JSON("/api/v1/namespaces/shop/pods", "limit=500&labelSelector=app%3Dweb", podList(
		synthPod{name: "web-0", node: "n1", containers: []string{"app"}}, synthPod{name: "web-1", node: "n1", containers: []string{"app"}}))
	_, _, err := liveRun(t, s, "logs -f -l app=web --max-log-requests 1", 0, nil)
	if e, ok := fault.As(err); !ok || e.Class != fault.Refused {
		t.Fatalf("err = %v, want a refusal", err)
	}
}

func TestLogsFollowOutsideTheCommandLineIsRefusedBeforeSending(t *testing.T) {
	reg := httpstub.New(t)
	ep, err := kube.Connection{Host: "cluster.example", Port: 6443, Token: "synthetic-token", DefaultNamespace: "shop"}.Validate(kube.Switches{})
	if err != nil {
		t.Fatal(err)
	}
	s := &Session{Client: kube.NewClient(ep, kube.Options{Transport: reg})}
	_, errOut, code := famRun(t, s, "logs web-0 -f")
	if code != fault.ExitRefused || !strings.Contains(errOut, "only on the command line") || reg.Count() != 0 {
		t.Errorf("code %d, stderr %q, %d requests", code, errOut, reg.Count())
	}
}
