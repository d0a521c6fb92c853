package read

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
)

// The spec's limits that hold by construction, each proved offline on synthetic answers: the 10 s
// default watch window, the 8 MiB a watch window reads, and 1 MiB per document on the agents'
// path as on the command line (500 documents: TestAgentsKeepTheFiveHundredDocumentRefusal).

func podTableBody(rv string, names ...string) string {
	var rows [][]any
	for _, n := range names {
		rows = append(rows, []any{n})
	}
	return strings.Replace(synth.Table([][3]string{{"Name", "string", "0"}}, rows, ""), `"resourceVersion":"100"`, `"resourceVersion":"`+rv+`"`, 1)
}

func jsonAnswer(r *http.Request, body io.Reader) *http.Response {
	return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}}, Body: io.NopCloser(body), Request: r}
}

// A watch with no --request-timeout asks the server for, and keeps, a 10 s window.
func TestTheDefaultWatchWindowIsTenSeconds(t *testing.T) {
	var asked string
	s := formSession(t,
		&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "limit=500&includeObject=None", Body: podTableBody("7", "web-0"), Header: http.Header{"Content-Type": {"application/json"}}},
		&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "*", Respond: func(r *http.Request) (*http.Response, error) {
			asked = r.URL.Query().Get("timeoutSeconds")
			return jsonAnswer(r, strings.NewReader("")), nil
		}})
	if _, errOut, code := metaRun(t, s, printer.Machine, "get pods -n shop -w"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if want := fmt.Sprint(int(limits.DefaultWatchWindow.Seconds())); asked != want || want != "10" {
		t.Fatalf("the watch asked for timeoutSeconds=%q, want 10 (limits.DefaultWatchWindow %s)", asked, limits.DefaultWatchWindow)
	}
}

// eventStream writes n watch events of about size bytes each, for as long as it is read.
type eventStream struct {
	n, size, made int
	buf           []byte
}

func (e *eventStream) Read(p []byte) (int, error) {
	for len(e.buf) == 0 {
		if e.made == e.n {
			return 0, io.EOF
		}
		pad := strings.Repeat("x", e.size)
		e.buf = fmt.Appendf(nil, `{"type":"ADDED","object":{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{"resourceVersion":"%d"},"columnDefinitions":[],"rows":[{"cells":["pod-%d-%s"]}]}}`+"\n", e.made, e.made, pad)
		e.made++
	}
	n := copy(p, e.buf)
	e.buf = e.buf[n:]
	return n, nil
}

// A watch window ends after 8 MiB: a server that streams 12 MiB of events has the window end
// (exit 0, as at its time limit) with the events read so far, and the rest is never read.
func TestAWatchWindowReadsAtMostEightMiB(t *testing.T) {
	const events, size = 12 * 1024, 1024 // about 12 MiB
	stream := &eventStream{n: events, size: size}
	s := formSession(t,
		&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "limit=500&includeObject=None", Body: podTableBody("7"), Header: http.Header{"Content-Type": {"application/json"}}},
		&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "*", Respond: func(r *http.Request) (*http.Response, error) {
			return jsonAnswer(r, stream), nil
		}})
	s.MaxRows = 100000
	res, err := runLine(context.Background(), s, "get pods -n shop -w")
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	if res.Table != nil {
		rows = len(res.Table.Rows)
	}
	read := stream.made * (size + 150)
	if rows == 0 || rows >= events || read > limits.MaxWatchBytes+2*(size+150)+64<<10 {
		t.Fatalf("%d of %d events shown, about %d bytes made for the reader; the cap is %d", rows, events, read, limits.MaxWatchBytes)
	}
}

// One object past 1 MiB is refused as a document, on the agents' path (machine mode) and on the
// command line alike, with studioctl's sentence naming the object; a smaller one prints.
func TestADocumentPastOneMiBIsRefused(t *testing.T) {
	for _, size := range []int{limits.MaxDocumentBytes + 1, 1000} {
		pod := fmt.Sprintf(`{"kind":"Pod","apiVersion":"v1","metadata":{"name":"big-0","namespace":"shop","labels":{"pad":"x"},"annotations":{"note":%q}}}`, strings.Repeat("n", size))
		list := `{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"7"},"items":[` + pod + `]}`
		for _, mode := range []printer.RedactMode{printer.People, printer.Machine} {
			s := formSession(t, &httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "limit=500", Body: list, Header: http.Header{"Content-Type": {"application/json"}}})
			s.Machine = mode == printer.Machine
			_, errOut, code := metaRun(t, s, mode, "get pods -n shop -o json")
			refused := code == fault.ExitRefused && strings.Contains(errOut, "big-0") // a cap exits 2
			if refused != (size > limits.MaxDocumentBytes) {
				t.Errorf("a %d-byte object, mode %d: exit %d %q", size, mode, code, errOut)
			}
		}
	}
}
