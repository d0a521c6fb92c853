package read

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/events"
	"github.com/studioctl/studioctl/statement"
)

// Synthetic core/v1 events; famNow is 2026-01-15T10:00:00Z.

type synthEvent struct {
	ns, name, kind, obj, typ, reason, message string
	count                                     int
	first, last, eventTime                    string
	seriesCount                               int
	seriesLast                                string
}

func (e synthEvent) object() map[string]any {
	ns := e.ns
	if ns == "" {
		ns = "shop"
	}
	o := map[string]any{
		"metadata":       map[string]any{"name": e.name, "namespace": ns},
		"involvedObject": map[string]any{"kind": e.kind, "name": e.obj, "namespace": ns},
		"type":           e.typ, "reason": e.reason, "message": e.message,
		"firstTimestamp": nil, "lastTimestamp": nil, "eventTime": nil,
	}
	if e.count > 0 {
		o["count"] = e.count
	}
	if e.first != "" {
		o["firstTimestamp"] = e.first
	}
	if e.last != "" {
		o["lastTimestamp"] = e.last
	}
	if e.eventTime != "" {
		o["eventTime"] = e.eventTime
	}
	if e.seriesLast != "" {
		o["series"] = map[string]any{"count": e.seriesCount, "lastObservedTime": e.seriesLast}
	}
	return o
}

func eventList(cont string, events ...synthEvent) string {
	items := []any{}
	for _, e := range events {
		items = append(items, e.object())
	}
	b, _ := json.Marshal(map[string]any{"kind": "EventList", "apiVersion": "v1", "metadata": map[string]any{"continue": cont}, "items": items})
	return string(b)
}

func TestHumanDuration(t *testing.T) {
	cases := map[time.Duration]string{
		-2 * time.Second:                  "<invalid>",
		-time.Second:                      "0s",
		0:                                 "0s",
		59 * time.Second:                  "59s",
		119 * time.Second:                 "119s",
		2 * time.Minute:                   "2m",
		3*time.Minute + 7*time.Second:     "3m7s",
		10 * time.Minute:                  "10m",
		179 * time.Minute:                 "179m",
		3 * time.Hour:                     "3h",
		5*time.Hour + 30*time.Minute:      "5h30m",
		8 * time.Hour:                     "8h",
		47 * time.Hour:                    "47h",
		48 * time.Hour:                    "2d",
		50 * time.Hour:                    "2d2h",
		8 * 24 * time.Hour:                "8d",
		729 * 24 * time.Hour:              "729d",
		2 * 365 * 24 * time.Hour:          "2y",
		(3*365 + 40) * 24 * time.Hour:     "3y40d",
		8 * 365 * 24 * time.Hour:          "8y",
		(20*365 + 100) * 24 * time.Hour:   "20y",
		100*time.Second + time.Nanosecond: "100s",
	}
	for d, want := range cases {
		if got := printer.HumanDuration(d); got != want {
			t.Errorf("HumanDuration(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestEventsSortedAndFormattedAsKubectl(t *testing.T) {
	s, reg := famSession(t, nil)
	reg.JSON("/api/v1/namespaces/shop/events", "limit=500", eventList("",
		synthEvent{name: "b", kind: "Pod", obj: "web-0", typ: "Warning", reason: "BackOff", message: "  back-off \x1b[31mred\x1b[0m  ",
			count: 7, first: "2026-01-15T09:00:00Z", last: "2026-01-15T09:58:00Z"},
		synthEvent{name: "a", kind: "Deployment", obj: "web", typ: "Normal", reason: "ScalingReplicaSet", message: "Scaled up",
			count: 1, first: "2026-01-15T09:50:00Z", last: "2026-01-15T09:50:00Z"},
		synthEvent{name: "s", kind: "Pod", obj: "web-1", typ: "Normal", reason: "Pulled", message: "series",
			eventTime: "2026-01-15T09:40:00.123456Z", seriesCount: 3, seriesLast: "2026-01-15T09:59:30.000000Z"},
		synthEvent{name: "n", kind: "Node", obj: "n1", typ: "Normal", reason: "Starting", message: "new style",
			eventTime: "2026-01-15T09:55:00.000000Z"},
		synthEvent{name: "z", kind: "Pod", obj: "old", typ: "Normal", reason: "Old", message: "no times"},
	))
	out, errOut, code := famRun(t, s, "events")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := "" +
		"LAST SEEN           TYPE      REASON              OBJECT           MESSAGE\n" +
		"<unknown>           Normal    Old                 Pod/old          no times\n" +
		"10m                 Normal    ScalingReplicaSet   Deployment/web   Scaled up\n" +
		"5m                  Normal    Starting            Node/n1          new style\n" +
		"2m (x7 over 60m)    Warning   BackOff             Pod/web-0        back-off red\n" +
		"30s (x3 over 19m)   Normal    Pulled              Pod/web-1        series\n"
	if d := cmp.Diff(want, out); d != "" {
		t.Errorf("stdout (-want +got):\n%s", d)
	}
}

func TestEventsAllNamespacesTypesAndFor(t *testing.T) {
	s, reg := famSession(t, nil)
	// One type narrows on the server; the filter still runs here, case-insensitively.
	reg.JSON("/api/v1/events", "limit=500&fieldSelector=type%3DWarning", eventList("",
		synthEvent{ns: "payments", name: "w", kind: "Pod", obj: "p", typ: "Warning", reason: "Failed", message: "m", first: "2026-01-15T09:59:00Z", last: "2026-01-15T09:59:00Z"},
		synthEvent{ns: "shop", name: "x", kind: "Pod", obj: "q", typ: "Normal", reason: "Leaked", message: "m", last: "2026-01-15T09:59:00Z"},
	))
	out, _, code := famRun(t, s, "events -A --types warning --no-headers")
	if code != 0 {
		t.Fatal(code)
	}
	if d := cmp.Diff("payments   60s   Warning   Failed   Pod/p   m\n", out); d != "" {
		t.Errorf("stdout (-want +got):\n%s", d)
	}

	s, reg = famSession(t, nil)
	reg.JSON("/api/v1/namespaces/shop/events", "limit=500&fieldSelector=involvedObject.kind%3DDeployment%2CinvolvedObject.apiVersion%3Dapps%2Fv1%2CinvolvedObject.name%3Dweb", eventList(""))
	out, errOut, code := famRun(t, s, "events --for deploy/web --types Normal,Warning")
	if code != 0 || out != "" || errOut != "No events found in shop namespace.\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}

	s, reg = famSession(t, nil)
	reg.JSON("/api/v1/events", "limit=500", eventList(""))
	if _, errOut, _ := famRun(t, s, "events -A"); errOut != "No events found.\n" {
		t.Errorf("stderr %q", errOut)
	}
}

// An agent (machine mode) sees the newest 1,000 events, as the grid does.
func TestEventsNewestThousandShownInMachineMode(t *testing.T) {
	s, reg := famSession(t, nil)
	s.Machine = true
	var evs []synthEvent
	for i := 0; i < 1001; i++ {
		// Listed newest first, so list order is not time order.
		last := famNow.Add(-time.Duration(i) * time.Second).Format(time.RFC3339)
		evs = append(evs, synthEvent{name: fmt.Sprintf("e%04d", i), kind: "Pod", obj: fmt.Sprintf("p%04d", i), typ: "Normal", reason: "R", message: "m", last: last})
	}
	reg.JSON("/api/v1/namespaces/shop/events", "limit=500", eventList("", evs...))
	out, errOut, code := famRun(t, s, "events --no-headers")
	if code != 0 {
		t.Fatal(code)
	}
	Lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(Lines) != 1000 || !strings.Contains(Lines[0], "Pod/p0999") || !strings.Contains(Lines[999], "Pod/p0000") {
		t.Errorf("%d rows, first %q, last %q", len(Lines), Lines[0], Lines[len(Lines)-1])
	}
	if want := fmt.Sprintf(events.SentenceEventsShown, 1001, 1000) + "\n"; errOut != want {
		t.Errorf("stderr %q, want %q", errOut, want)
	}
}

// An agent (machine mode) reads at most 5,000 events and is told that more exist.
func TestEventsMoreThanTheReadCapInMachineMode(t *testing.T) {
	s, reg := famSession(t, nil)
	s.Machine = true
	page := func(p int) []synthEvent {
		var evs []synthEvent
		for i := 0; i < 500; i++ {
			n := p*500 + i
			evs = append(evs, synthEvent{name: fmt.Sprintf("e%05d", n), kind: "Pod", obj: "p", typ: "Normal", reason: "R", message: "m",
				last: famNow.Add(-time.Duration(n) * time.Second).Format(time.RFC3339)})
		}
		return evs
	}
	for p := 0; p < 10; p++ {
		q := "limit=500"
		if p > 0 {
			q += fmt.Sprintf("&continue=c%d", p)
		}
		reg.JSON("/api/v1/namespaces/shop/events", q, eventList(fmt.Sprintf("c%d", p+1), page(p)...))
	}
	out, errOut, code := famRun(t, s, "events --no-headers")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if n := strings.Count(out, "\n"); n != limits.MaxEventsShown {
		t.Errorf("%d rows shown", n)
	}
	if want := fmt.Sprintf(events.SentenceEventsUnread, 5000, 5000, 1000) + "\n"; errOut != want {
		t.Errorf("stderr %q, want %q", errOut, want)
	}
}

// On the command line events follow the row cap, as a table does: every event read is shown, in
// time order, as kubectl shows them all; past the cap (--max-rows) the statement fails with the
// row cap's sentence and prints nothing.
func TestEventsFollowTheRowCap(t *testing.T) {
	page := func(p, n int) []synthEvent {
		var evs []synthEvent
		for i := 0; i < n; i++ {
			k := p*500 + i
			evs = append(evs, synthEvent{name: fmt.Sprintf("e%05d", k), kind: "Pod", obj: fmt.Sprintf("p%05d", k), typ: "Normal", reason: "R", message: "m",
				last: famNow.Add(-time.Duration(k) * time.Second).Format(time.RFC3339)})
		}
		return evs
	}
	stub := func(reg *httpstub.Registry, pages, last int) {
		for p := 0; p < pages; p++ {
			q, next, n := "limit=500", fmt.Sprintf("c%d", p+1), 500
			if p > 0 {
				q += fmt.Sprintf("&continue=c%d", p)
			}
			if p == pages-1 {
				next, n = "", last
			}
			reg.JSON("/api/v1/namespaces/shop/events", q, eventList(next, page(p, n)...))
		}
	}
	s, reg := famSession(t, nil)
	stub(reg, 3, 1)
	out, errOut, code := famRun(t, s, "events --no-headers")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || errOut != "" || len(lines) != 1001 || !strings.Contains(lines[0], "Pod/p01000") || !strings.Contains(lines[1000], "Pod/p00000") {
		t.Errorf("exit %d, %d rows, first %q, stderr %q", code, len(lines), lines[0], errOut)
	}
	s, reg = famSession(t, nil)
	s.MaxRows = 700
	stub(reg, 2, 500)
	out, errOut, code = famRun(t, s, "events -o json")
	if code != fault.ExitRefused || out != "" || !strings.Contains(errOut, "more than 700 rows") || !strings.Contains(errOut, "--max-rows") {
		t.Errorf("past the cap: exit %d, stdout %d bytes, stderr %q", code, len(out), errOut)
	}
}

func TestEventsRefusedBeforeSending(t *testing.T) {
	cases := map[string]string{
		"events --types Info":         fmt.Sprintf(events.SentenceEventsTypes, "Info"),
		"events --types Normal,bogus": fmt.Sprintf(events.SentenceEventsTypes, "bogus"),
		"events --for web":            events.SentenceEventsFor,
		"events --for pod/a/b":        events.SentenceEventsFor,
		"events --for /a":             events.SentenceEventsFor,
		"events -n shop -A":           statement.SentenceNamespaceAll,
	}
	for line, want := range cases {
		_, err := ParseLine(line)
		if e, ok := fault.As(err); !ok || e.Sentence != want {
			t.Errorf("%s: got %v, want %q", line, err, want)
		}
	}
}

func TestEventsMachineModeMasksSecretObject(t *testing.T) {
	s, reg := famSession(t, nil)
	reg.JSON("/api/v1/namespaces/shop/events", "limit=500", eventList("",
		synthEvent{name: "a", kind: "Secret", obj: "db-credentials", typ: "Normal", reason: "Synced", message: "ok", last: "2026-01-15T09:59:00Z"}))
	st, err := ParseLine("events --no-headers")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(t.Context(), s, st)
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut strings.Builder
	if err := printer.NewWriter(&out, &errOut, printer.Machine).Write(res); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "db-credentials") || !strings.Contains(out.String(), "Secret/") {
		t.Errorf("machine mode printed %q", out.String())
	}
}

// events -w on the command line prints the list, then each new event as it arrives, starting
// the watch after the newest event listed; elsewhere it is refused before anything is sent.
func TestEventsWatchLive(t *testing.T) {
	s, reg := famSession(t, nil)
	listed := synthEvent{name: "a", kind: "Pod", obj: "web-0", typ: "Normal", reason: "Pulled", message: "listed",
		count: 1, first: "2026-01-15T09:50:00Z", last: "2026-01-15T09:50:00Z"}.object()
	listed["metadata"].(map[string]any)["resourceVersion"] = "41"
	list, _ := json.Marshal(map[string]any{"kind": "EventList", "apiVersion": "v1", "metadata": map[string]any{}, "items": []any{listed}})
	reg.JSON("/api/v1/namespaces/shop/events", "limit=500", string(list))
	arrived := synthEvent{name: "b", kind: "Pod", obj: "web-1", typ: "Warning", reason: "BackOff", message: "arrived",
		count: 1, first: "2026-01-15T09:58:00Z", last: "2026-01-15T09:58:00Z"}.object()
	ev, _ := json.Marshal(map[string]any{"type": "ADDED", "object": arrived})
	reg.Add(feedStub("/api/v1/namespaces/shop/events", "watch=true&resourceVersion=41", "application/json", true, pieces(string(ev)+"\n")))
	out, errOut, err := liveRun(t, s, "events -n shop -w", 3, nil)
	if err != nil || errOut != "" {
		t.Fatalf("err %v, stderr %q", err, errOut)
	}
	for _, want := range []string{"LAST SEEN", "Pulled", "pod/web-0", "BackOff", "pod/web-1", "arrived"} {
		if !strings.Contains(strings.ToLower(out), strings.ToLower(want)) {
			t.Errorf("live output lacks %q:\n%s", want, out)
		}
	}
	if _, _, code := famRun(t, s, "events -n shop -w"); code != 2 {
		t.Errorf("events -w outside the command line: exit %d", code)
	}
}
