package read

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/race"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
)

// A synthetic server of many pods, paged 500 at a time as the API server pages them: each page is
// made when it is asked for (the continue token is the offset), so the server holds none of them.

// manyPods answers /api/v1/namespaces/shop/pods with n pods in pages of the asked limit, pages
// times (0: every page of 500); each request calls onPage first.
func manyPods(n, pages int, onPage func()) *httpstub.Stub {
	if pages == 0 {
		pages = max(1, (n+499)/500)
	}
	return &httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "*", Times: pages, Respond: func(r *http.Request) (*http.Response, error) {
		if onPage != nil {
			onPage()
		}
		q := r.URL.Query()
		limit, _ := strconv.Atoi(q.Get("limit"))
		from, _ := strconv.Atoi(q.Get("continue"))
		to := min(from+limit, n)
		next := ""
		if to < n {
			next = strconv.Itoa(to)
		}
		var b bytes.Buffer
		b.WriteString(`{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"9","continue":"` + next + `"},"items":[`)
		for i := from; i < to; i++ {
			if i > from {
				b.WriteByte(',')
			}
			b.WriteString(synthManyPod(i))
		}
		b.WriteString(`]}`)
		return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}}, Body: io.NopCloser(&b), Request: r}, nil
	}}
}

// synthManyPod is a pod of about 1 KiB, with an env value machine mode masks.
func synthManyPod(i int) string {
	return fmt.Sprintf(`{"metadata":{"name":"filler-%06d","namespace":"shop","uid":"00000000-0000-0000-0000-%012d","resourceVersion":"%d","creationTimestamp":"2026-01-15T09:00:00Z","labels":{"app":"filler","pod-template-hash":"5d8c7b9f4"}},`+
		`"spec":{"nodeName":"kwok-big-%d","restartPolicy":"Always","dnsPolicy":"ClusterFirst","schedulerName":"default-scheduler","terminationGracePeriodSeconds":30,"containers":[{"name":"app","image":"registry.example/filler:1.%d","imagePullPolicy":"IfNotPresent","env":[{"name":"PASSWORD","value":"hunter2"}],"resources":{"requests":{"cpu":"10m","memory":"16Mi"},"limits":{"cpu":"100m","memory":"64Mi"}},"ports":[{"containerPort":8080,"protocol":"TCP"}]}]},`+
		`"status":{"phase":"Running","podIP":"10.0.%d.%d","hostIP":"172.18.0.%d","startTime":"2026-01-15T09:00:01Z","containerStatuses":[{"name":"app","ready":true,"restartCount":%d,"image":"registry.example/filler:1.%d","started":true,"state":{"running":{"startedAt":"2026-01-15T09:00:04Z"}}}]}}`,
		i, i, 1000+i, i%47, i%7, i/256%256, i%256, i%47, i%5, i%7)
}

// streamRun runs a line on the command line's path (a Live stream set), printing to out.
func streamRun(t testing.TB, s *Session, line string, out io.Writer) (stderr string, err error) {
	t.Helper()
	var errOut bytes.Buffer
	w := printer.NewWriter(out, &errOut, printer.People)
	ls := *s
	ls.Live = w.Stream()
	st, err := ParseLine(line)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	res, err := Run(context.Background(), &ls, st)
	if err == nil {
		err = w.Write(res)
	}
	return errOut.String(), err
}

func manyPodsSession(t testing.TB, n, maxRows int, onPage func()) *Session {
	t.Helper()
	return manyPodsPaged(t, n, 0, maxRows, onPage)
}

func manyPodsPaged(t testing.TB, n, pages, maxRows int, onPage func()) *Session {
	t.Helper()
	s, reg := metaSession(t, synth.Basic, kube.Options{})
	reg.Add(manyPods(n, pages, onPage))
	s.MaxRows = maxRows
	return s
}

// TestStreamedJSONIsOneListOfEveryObject: past 500 objects the command line prints one List, in
// the server's order, each object as -o json prints it.
func TestStreamedJSONIsOneListOfEveryObject(t *testing.T) {
	const n = 1234
	var out bytes.Buffer
	if _, err := streamRun(t, manyPodsSession(t, n, 0, nil), "get pods -o json", &out); err != nil {
		t.Fatal(err)
	}
	var list struct {
		APIVersion, Kind string
		Metadata         map[string]any
		Items            []struct {
			Kind     string
			Metadata struct{ Name string }
		}
	}
	if err := json.Unmarshal(out.Bytes(), &list); err != nil {
		t.Fatalf("not one JSON document: %v", err)
	}
	if list.APIVersion != "v1" || list.Kind != "List" || len(list.Items) != n {
		t.Fatalf("apiVersion %q, kind %q, %d items; want a v1 List of %d", list.APIVersion, list.Kind, len(list.Items), n)
	}
	for i, it := range list.Items {
		if want := fmt.Sprintf("filler-%06d", i); it.Metadata.Name != want || it.Kind != "Pod" {
			t.Fatalf("item %d is %s %q, want Pod %q", i, it.Kind, it.Metadata.Name, want)
		}
	}
}

// TestAgentsKeepTheFiveHundredDocumentRefusal: without a Live stream (agents, the console, the
// replay tests' ExecWords) a list of 501 objects is refused in every machine form, nothing
// printed, exit 2; the command line prints them all.
func TestAgentsKeepTheFiveHundredDocumentRefusal(t *testing.T) {
	for _, form := range []string{"json", "yaml", "jsonpath={..image}", "'go-template={{range .items}}{{.metadata.name}}{{end}}'", "custom-columns=N:.metadata.name"} {
		line := "get pods -o " + form
		out, errOut, code := metaRun(t, manyPodsPaged(t, 501, 1, 0, nil), printer.People, line)
		if code != 2 || out != "" || !strings.Contains(errOut, "print at most 500 objects") {
			t.Errorf("%s (agents): exit %d, stdout %d bytes, stderr %q", line, code, len(out), errOut)
		}
		var live bytes.Buffer
		if _, err := streamRun(t, manyPodsSession(t, 501, 0, nil), line, &live); err != nil || live.Len() == 0 {
			t.Errorf("%s (command line): %v, %d bytes", line, err, live.Len())
		}
	}
}

// TestWholeListFormsFollowTheRowCapOnTheCommandLine: a template that needs the whole List (a count,
// an index) reads it whole on the command line, under the row cap rather than the agents' 500.
func TestWholeListFormsFollowTheRowCapOnTheCommandLine(t *testing.T) {
	for line, want := range map[string]string{
		"get pods -o 'go-template={{len .items}}'":          "1234",
		"get pods -o jsonpath={.items[1233].metadata.name}": "filler-001233",
	} {
		var out bytes.Buffer
		if _, err := streamRun(t, manyPodsSession(t, 1234, 0, nil), line, &out); err != nil || out.String() != want {
			t.Errorf("%s: %v, printed %q, want %q", line, err, out.String(), want)
		}
	}
	_, err := streamRun(t, manyPodsPaged(t, 1234, 2, 1000, nil), "get pods -o 'go-template={{len .items}}'", &bytes.Buffer{})
	if e, ok := fault.As(err); !ok || e.Code != fault.CodeLimitRows || !strings.Contains(e.Sentence, "nothing was printed") {
		t.Errorf("past the row cap: %v", err)
	}
}

// TestStreamedSortPastFiveHundred: --sort-by with a machine form sorts every object read (kept as
// compact JSON and a key), past the agents' 500.
func TestStreamedSortPastFiveHundred(t *testing.T) {
	var out bytes.Buffer
	line := "get pods --sort-by=.status.containerStatuses[0].restartCount -o jsonpath={.items[*].status.containerStatuses[0].restartCount}"
	if _, err := streamRun(t, manyPodsSession(t, 1234, 0, nil), line, &out); err != nil {
		t.Fatal(err)
	}
	keys := strings.Fields(out.String())
	if len(keys) != 1234 || !sort.StringsAreSorted(keys) || keys[0] != "0" || keys[1233] != "4" {
		t.Errorf("%d keys, sorted %v: %.40s ... ", len(keys), sort.StringsAreSorted(keys), out.String())
	}
}

// TestStreamedReadStopsAtTheRowCap: the command line prints exactly the row cap's objects, then
// fails (exit 2) saying the printed ones are not all of them; the JSON list is left unclosed.
func TestStreamedReadStopsAtTheRowCap(t *testing.T) {
	for _, c := range []struct {
		output string
		count  func(string) int
	}{
		{"json", func(s string) int { return strings.Count(s, `"kind": "Pod"`) }},
		{"name", func(s string) int { return strings.Count(s, "pod/") }},
		{`'jsonpath={range .items[*]}{.metadata.name}{"\n"}{end}'`, func(s string) int { return strings.Count(s, "\n") }},
	} {
		var out bytes.Buffer
		_, err := streamRun(t, manyPodsPaged(t, 2000, 3, 1200, nil), "get pods -o "+c.output, &out)
		e, ok := fault.As(err)
		if !ok || e.Code != fault.CodeLimitRows || e.Exit() != 2 || !strings.Contains(e.Sentence, "1200 printed before this line are not all") {
			t.Errorf("-o %s: error %v", c.output, err)
		}
		if got := c.count(out.String()); got != 1200 {
			t.Errorf("-o %s: printed %d objects, want the cap's 1200", c.output, got)
		}
		if c.output == "json" && json.Valid(out.Bytes()) {
			t.Errorf("-o json: a list cut at the cap was closed as if whole")
		}
	}
}

// TestStreamedFormsAndSortMatchTheWholeList: on the synthetic pods (under 500), every form,
// -o name and --sort-by print on the command line what the whole-list path prints, in both modes.
func TestStreamedFormsAndSortMatchTheWholeList(t *testing.T) {
	for _, line := range []string{
		"get pods -o json", "get pods -o yaml", "get pods -o name",
		"get pods -o jsonpath={..image}", `get pods -o jsonpath={.items[0].metadata.name}`,
		"get pods -o custom-columns=NAME:.metadata.name,IP:.status.podIP",
		`get pods -o 'go-template={{range .items}}{{.metadata.name}}{{"\n"}}{{end}}'`, "get pods -o 'go-template={{len .items}}'",
		"get pods --sort-by=.status.containerStatuses[0].restartCount -o json",
		"get pods --sort-by=.status.containerStatuses[0].restartCount -o name",
		"get pods --sort-by=.spec.containers -o jsonpath={.items[*].metadata.name}",
		"get pods --sort-by=.spec.nodeName -o yaml",
	} {
		for _, mode := range []printer.RedactMode{printer.People, printer.Machine} {
			out, errOut, code := metaRun(t, manyPodsSession(t, 23, 0, nil), mode, line)
			var live, liveErr bytes.Buffer
			w := printer.NewWriter(&live, &liveErr, mode)
			s := manyPodsSession(t, 23, 0, nil)
			s.Live = w.Stream()
			st, err := ParseLine(line)
			if err != nil {
				t.Fatal(err)
			}
			res, err := Run(context.Background(), s, st)
			if err == nil {
				err = w.Write(res)
			}
			if err != nil || code != 0 {
				t.Fatalf("%s: %v (whole: exit %d, %s)", line, err, code, errOut)
			}
			if diff := cmp.Diff(out+"|"+errOut, live.String()+"|"+liveErr.String()); diff != "" {
				t.Errorf("%s (mode %d): streamed differs (-whole +streamed):\n%s", line, mode, diff)
			}
		}
	}
}

// heapPeak samples the heap in use (runtime.ReadMemStats, no forced collection) at every page the
// server is asked for and every 200 writes to stdout.
type heapPeak struct {
	mu     sync.Mutex
	peak   uint64
	writes int
	bytes  int64
}

func (h *heapPeak) sample() {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	h.mu.Lock()
	h.peak = max(h.peak, m.HeapInuse)
	h.mu.Unlock()
}

func (h *heapPeak) Write(p []byte) (int, error) {
	h.writes++
	h.bytes += int64(len(p))
	if h.writes%200 == 0 {
		h.sample()
	}
	return len(p), nil
}

// TestStreamedJSONHeapIsFlat: get -o json of 20,000 pods (40 pages) needs at most twice the heap
// of 5,000: the objects are printed and dropped page by page (the whole-list path held them all).
// -o yaml and -o jsonpath share the path; make bench measures all three against kubectl.
func TestStreamedJSONHeapIsFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 25,000 synthetic pods")
	}
	if race.Enabled {
		t.Skip("measures the heap, which under -race is the detector's too; make test's plain pass runs it (the streaming's goroutines run under -race in the other stream tests)")
	}
	for _, line := range []string{"get pods -o json"} {
		peak := func(n int) (uint64, int64) {
			runtime.GC()
			h := &heapPeak{}
			if _, err := streamRun(t, manyPodsSession(t, n, 1000000, h.sample), line, h); err != nil {
				t.Fatalf("%s, %d pods: %v", line, n, err)
			}
			return h.peak, h.bytes
		}
		small, smallOut := peak(5000)
		big, bigOut := peak(20000)
		t.Logf("%s: heap in use at most %d KiB for 5,000 pods (%d KiB printed), %d KiB for 20,000 (%d KiB printed)", line, small>>10, smallOut>>10, big>>10, bigOut>>10)
		if bigOut < 3*smallOut {
			t.Fatalf("%s: printed %d and %d bytes; the 20,000 pods were not all printed", line, smallOut, bigOut)
		}
		if big > 2*small {
			t.Errorf("%s: heap at 20,000 pods (%d KiB) is over twice the heap at 5,000 (%d KiB)", line, big>>10, small>>10)
		}
	}
}
