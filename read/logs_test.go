package read

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/logs"
	"github.com/studioctl/studioctl/statement"
)

// Every answer in these tests is synthetic (internal/synth discovery and hand-built objects and
// logs), named as such; the live suite holds the real server's answers.

var famNow = time.Date(2026, 1, 15, 10, 0, 0, 0, time.UTC)

// famSession is a session over a stub registry already holding the synthetic discovery of rs
// (synth.Basic when nil), with the default namespace shop and a fixed clock.
func famSession(t *testing.T, rs []synth.Resource) (*Session, *httpstub.Registry) {
	t.Helper()
	if rs == nil {
		rs = synth.Basic
	}
	reg := httpstub.New(t)
	api, apis := synth.Discovery(rs)
	h := http.Header{"Content-Type": {synth.DiscoveryContentType}}
	reg.Add(&httpstub.Stub{Path: "/api", Body: api, Header: h})
	reg.Add(&httpstub.Stub{Path: "/apis", Body: apis, Header: h})
	ep, err := kube.Connection{Host: "cluster.example", Port: 6443, Token: "synthetic-token", DefaultNamespace: "shop"}.Validate(kube.Switches{})
	if err != nil {
		t.Fatal(err)
	}
	c := kube.NewClient(ep, kube.Options{Transport: reg, Now: func() time.Time { return famNow }})
	return &Session{Client: c}, reg
}

// famRun parses and runs one line and prints it as the command line does: the answer on stdout,
// notices, the empty sentence and errors on stderr; it returns the exit code too.
func famRun(t *testing.T, s *Session, line string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	st, err := ParseLine(line)
	if err == nil {
		var res *printer.Result
		res, err = Run(context.Background(), s, st)
		if err == nil {
			if werr := printer.NewWriter(&out, &errOut, printer.People).Write(res); werr != nil {
				t.Fatal(werr)
			}
			for _, e := range res.Errors {
				fmt.Fprintln(&errOut, "error: "+e.Sentence)
			}
			if len(res.Errors) > 0 {
				return out.String(), errOut.String(), res.Errors[0].Exit()
			}
			return out.String(), errOut.String(), 0
		}
	}
	e, ok := fault.As(err)
	if !ok {
		t.Fatalf("%s: error %v is not a studioctl sentence", line, err)
	}
	fmt.Fprintln(&errOut, "error: "+e.Sentence)
	return out.String(), errOut.String(), e.Exit()
}

// synthPod builds a synthetic pod: containers named by spec ("app,sidecar"), with optional init
// ("setup") and ephemeral ("debug") containers and a default-container annotation.
type synthPod struct {
	name, node, phase, created, readySince string
	ready                                  bool
	restarts                               int
	containers, init, ephemeral            []string
	defaultContainer                       string
	labels                                 map[string]string
}

func (p synthPod) object() map[string]any {
	md := map[string]any{"name": p.name, "namespace": "shop", "uid": "uid-" + p.name}
	if p.created != "" {
		md["creationTimestamp"] = p.created
	}
	if p.defaultContainer != "" {
		md["annotations"] = map[string]any{logs.DefaultContainerAnnotation: p.defaultContainer}
	}
	if p.labels != nil {
		md["labels"] = p.labels
	}
	list := func(names []string) []any {
		var out []any
		for _, n := range names {
			out = append(out, map[string]any{"name": n, "image": "synthetic"})
		}
		return out
	}
	spec := map[string]any{"containers": list(p.containers)}
	if p.node != "" {
		spec["nodeName"] = p.node
	}
	if len(p.init) > 0 {
		spec["initContainers"] = list(p.init)
	}
	if len(p.ephemeral) > 0 {
		spec["ephemeralContainers"] = list(p.ephemeral)
	}
	phase := p.phase
	if phase == "" {
		phase = "Running"
	}
	status := map[string]any{"phase": phase}
	readyStatus := "False"
	if p.ready {
		readyStatus = "True"
	}
	cond := map[string]any{"type": "Ready", "status": readyStatus}
	if p.readySince != "" {
		cond["lastTransitionTime"] = p.readySince
	}
	status["conditions"] = []any{cond}
	var cs []any
	for _, c := range p.containers {
		cs = append(cs, map[string]any{"name": c, "restartCount": p.restarts})
	}
	status["containerStatuses"] = cs
	return map[string]any{"apiVersion": "v1", "kind": "Pod", "metadata": md, "spec": spec, "status": status}
}

func (p synthPod) json() string {
	b, _ := json.Marshal(p.object())
	return string(b)
}

func podList(pods ...synthPod) string {
	var items []any
	for _, p := range pods {
		items = append(items, p.object())
	}
	b, _ := json.Marshal(map[string]any{"apiVersion": "v1", "kind": "PodList", "metadata": map[string]any{"resourceVersion": "7"}, "items": items})
	return string(b)
}

// logStub answers a log request with a text/plain body after checking the Accept is JSON, which
// real servers answer with text/plain (a text/plain Accept gets 406 on some).
func logStub(t *testing.T, pod, query, body string) *httpstub.Stub {
	return &httpstub.Stub{Path: "/api/v1/namespaces/shop/pods/" + pod + "/log", Query: query,
		Respond: func(r *http.Request) (*http.Response, error) {
			if got := r.Header.Get("Accept"); got != "application/json" {
				t.Errorf("log request Accept = %q, want application/json", got)
			}
			return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"text/plain"}},
				Body: io.NopCloser(strings.NewReader(body)), Request: r}, nil
		}}
}

func TestLogsPodDefaultContainerFromAnnotation(t *testing.T) {
	s, reg := famSession(t, nil)
	pod := synthPod{name: "web-0", node: "n1", containers: []string{"log-shipper", "web"}, init: []string{"setup"}, defaultContainer: "web"}
	reg.JSON("/api/v1/namespaces/shop/pods/web-0", "", pod.json())
	reg.Add(logStub(t, "web-0", "container=web&tailLines=500", "plain\n\x1b[31mred\x1b[0m \x1b]0;title\x07done\nbell\x07 tab\tend\n"))
	out, errOut, code := famRun(t, s, "logs web-0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if d := cmp.Diff("plain\nred done\nbell\\x07 tab\tend\n", out); d != "" {
		t.Errorf("stdout (-want +got):\n%s", d)
	}
	// Three lines were read whole: nothing was cut, so nothing is said about the default tail.
	if d := cmp.Diff("", errOut); d != "" {
		t.Errorf("stderr (-want +got):\n%s", d)
	}
}

// The default-tail notice is said only when a stream answered as many lines as the default asked
// for (the log may hold more): not for a short log, nor an empty one.
func TestLogsDefaultTailNoticeOnlyWhenLinesMayBeCut(t *testing.T) {
	full := strings.Repeat("line\n", 500)
	for _, c := range []struct {
		log    string
		notice bool
	}{{"", false}, {"one\ntwo\n", false}, {strings.Repeat("line\n", 499), false}, {full, true}} {
		s, reg := famSession(t, nil)
		pod := synthPod{name: "web-0", node: "n1", containers: []string{"web"}}
		reg.JSON("/api/v1/namespaces/shop/pods/web-0", "", pod.json())
		reg.Add(logStub(t, "web-0", "container=web&tailLines=500", c.log))
		_, errOut, code := famRun(t, s, "logs web-0")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		want := ""
		if c.notice {
			want = fmt.Sprintf(logs.SentenceLogsDefaultTail, 500, 5000) + "\n"
		}
		if d := cmp.Diff(want, errOut); d != "" {
			t.Errorf("%d lines: stderr (-want +got):\n%s", strings.Count(c.log, "\n"), d)
		}
	}
}

func TestLogsDefaultedContainerNotice(t *testing.T) {
	s, reg := famSession(t, nil)
	pod := synthPod{name: "app-1", node: "n1", containers: []string{"app", "sidecar"}, init: []string{"setup"}, ephemeral: []string{"debug"}}
	reg.JSON("/api/v1/namespaces/shop/pods/app-1", "", pod.json())
	reg.Add(logStub(t, "app-1", "container=app&tailLines=5", "one\ntwo"))
	out, errOut, code := famRun(t, s, "logs app-1 --tail 5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if d := cmp.Diff("one\ntwo\n", out); d != "" {
		t.Errorf("stdout (-want +got):\n%s", d)
	}
	if d := cmp.Diff("Defaulted container \"app\" out of: app, sidecar, debug (ephem), setup (init)\n", errOut); d != "" {
		t.Errorf("stderr (-want +got):\n%s", d)
	}
}

func TestLogsAnnotationNamesNoContainer(t *testing.T) {
	s, reg := famSession(t, nil)
	pod := synthPod{name: "app-1", node: "n1", containers: []string{"app", "sidecar"}, defaultContainer: "gone"}
	reg.JSON("/api/v1/namespaces/shop/pods/app-1", "", pod.json())
	reg.Add(logStub(t, "app-1", "container=app&tailLines=5", ""))
	out, errOut, code := famRun(t, s, "logs app-1 --tail 5")
	if code != 0 || out != "" {
		t.Fatalf("exit %d, stdout %q: %s", code, out, errOut)
	}
	want := "Default container name \"gone\" not found in pod app-1\nDefaulted container \"app\" out of: app, sidecar\n"
	if d := cmp.Diff(want, errOut); d != "" {
		t.Errorf("stderr (-want +got):\n%s", d)
	}
}

func TestLogsSingleContainerSaysNothing(t *testing.T) {
	s, reg := famSession(t, nil)
	reg.JSON("/api/v1/namespaces/shop/pods/solo", "", synthPod{name: "solo", containers: []string{"main"}}.json())
	reg.Add(logStub(t, "solo", "container=main&limitBytes=100&previous=true&sinceSeconds=90&tailLines=3&timestamps=true", "x\n"))
	_, errOut, code := famRun(t, s, "logs solo --tail=3 -p --since 1m30s --timestamps --limit-bytes 100")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
}

func TestLogsSinceTimeIsSentInUTC(t *testing.T) {
	s, reg := famSession(t, nil)
	reg.JSON("/api/v1/namespaces/shop/pods/solo", "", synthPod{name: "solo", containers: []string{"main"}}.json())
	reg.Add(logStub(t, "solo", "container=main&sinceTime=2026-01-15T08%3A00%3A00Z&tailLines=2", "x\n"))
	if _, errOut, code := famRun(t, s, "logs solo --tail 2 --since-time 2026-01-15T09:00:00.5+01:00"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
}

func TestByLoggingOrder(t *testing.T) {
	// kubectl's podutils.ByLogging: assigned first, then Running < Unknown < Pending, ready first,
	// ready longer first, more restarts first, older first.
	pods := []synthPod{
		{name: "unassigned", phase: "Running", ready: true, readySince: "2026-01-01T00:00:00Z", created: "2026-01-01T00:00:00Z"},
		{name: "pending", node: "n", phase: "Pending", created: "2026-01-01T00:00:00Z"},
		{name: "unknown", node: "n", phase: "Unknown", created: "2026-01-01T00:00:00Z"},
		{name: "not-ready", node: "n", created: "2026-01-01T00:00:00Z"},
		{name: "ready-late", node: "n", ready: true, readySince: "2026-01-10T00:00:00Z", created: "2026-01-01T00:00:00Z"},
		{name: "ready-early", node: "n", ready: true, readySince: "2026-01-05T00:00:00Z", created: "2026-01-02T00:00:00Z"},
		{name: "not-ready-restarted", node: "n", restarts: 4, containers: []string{"c"}, created: "2026-01-03T00:00:00Z"},
		{name: "not-ready-young", node: "n", created: "2026-01-04T00:00:00Z"},
		{name: "succeeded", node: "n", phase: "Succeeded", created: "2025-12-01T00:00:00Z"},
	}
	var lp []*logs.LogPod
	for _, p := range pods {
		x, err := logs.DecodeLogPod(p.object())
		if err != nil {
			t.Fatal(err)
		}
		lp = append(lp, x)
	}
	sort.Sort(logs.ByLogging(lp))
	var got []string
	for _, p := range lp {
		got = append(got, p.Metadata.Name)
	}
	// Succeeded is not ranked by kubectl, so it counts as Running (rank 0), not ready, oldest.
	want := []string{"ready-early", "ready-late", "not-ready-restarted", "succeeded", "not-ready", "not-ready-young", "unknown", "pending", "unassigned"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("order (-want +got):\n%s", d)
	}
}

func TestLabelSelectorString(t *testing.T) {
	sel := map[string]any{
		"matchLabels": map[string]any{"tier": "web", "app": "shop"},
		"matchExpressions": []any{
			map[string]any{"key": "env", "operator": "In", "values": []any{"prod", "canary"}},
			map[string]any{"key": "zone", "operator": "NotIn", "values": []any{"b", "a"}},
			map[string]any{"key": "gpu", "operator": "Exists"},
			map[string]any{"key": "legacy", "operator": "DoesNotExist"},
		},
	}
	got, ok := logs.LabelSelectorString(sel)
	want := "app=shop,env in (canary,prod),gpu,!legacy,tier=web,zone notin (a,b)"
	if !ok || got != want {
		t.Errorf("selector = %q, %v; want %q", got, ok, want)
	}
	if _, ok := logs.LabelSelectorString(map[string]any{}); ok {
		t.Error("an empty selector must not select every pod")
	}
	if _, ok := logs.LabelSelectorString(map[string]any{"matchExpressions": []any{map[string]any{"key": "a", "operator": "Near"}}}); ok {
		t.Error("an unknown operator must be refused")
	}
}

func TestLogsDeploymentPicksKubectlsPod(t *testing.T) {
	s, reg := famSession(t, nil)
	deploy := `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"shop"},"spec":{"selector":{"matchLabels":{"app":"web"},"matchExpressions":[{"key":"tier","operator":"In","values":["front"]}]}}}`
	reg.JSON("/apis/apps/v1/namespaces/shop/deployments/web", "", deploy)
	reg.JSON("/api/v1/namespaces/shop/pods", "limit=500&labelSelector=app%3Dweb%2Ctier+in+%28front%29", podList(
		synthPod{name: "web-a", node: "n", created: "2026-01-01T00:00:00Z", containers: []string{"web"}},
		synthPod{name: "web-b", node: "n", ready: true, readySince: "2026-01-02T00:00:00Z", created: "2026-01-02T00:00:00Z", containers: []string{"web"}},
		synthPod{name: "web-c", phase: "Pending", created: "2025-01-01T00:00:00Z", containers: []string{"web"}},
	))
	reg.Add(logStub(t, "web-b", "container=web&tailLines=1", "from b\n"))
	out, errOut, code := famRun(t, s, "logs deploy/web --tail 1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if out != "from b\n" || errOut != "Found 3 pods, using pod/web-b\n" {
		t.Errorf("stdout %q, stderr %q", out, errOut)
	}
}

func TestLogsServiceAllPodsPrefixes(t *testing.T) {
	s, reg := famSession(t, append(append([]synth.Resource{}, synth.Basic...),
		synth.Resource{Version: "v1", Resource: "services", Kind: "Service", Namespaced: true, Verbs: []string{"get", "list"}, ShortNames: []string{"svc"}}))
	reg.JSON("/api/v1/namespaces/shop/services/web", "", `{"kind":"Service","metadata":{"name":"web"},"spec":{"selector":{"app":"web"}}}`)
	reg.JSON("/api/v1/namespaces/shop/pods", "limit=500&labelSelector=app%3Dweb", podList(
		synthPod{name: "web-1", node: "n", created: "2026-01-02T00:00:00Z", containers: []string{"web", "proxy"}},
		synthPod{name: "web-0", node: "n", created: "2026-01-01T00:00:00Z", containers: []string{"web", "proxy"}},
	))
	reg.Add(logStub(t, "web-0", "container=web&tailLines=500", "zero\n"))
	reg.Add(logStub(t, "web-1", "container=web&tailLines=500", "one\n"))
	out, errOut, code := famRun(t, s, "logs svc/web --all-pods")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// Older first (ByLogging); --all-pods prefixes as kubectl and says no Defaulted notice.
	if d := cmp.Diff("[pod/web-0/web] zero\n[pod/web-1/web] one\n", out); d != "" {
		t.Errorf("stdout (-want +got):\n%s", d)
	}
	if d := cmp.Diff("", errOut); d != "" {
		t.Errorf("stderr (-want +got):\n%s", d)
	}
}

func TestLogsSelectorTenLinesAndOneNotice(t *testing.T) {
	s, reg := famSession(t, nil)
	var pods []synthPod
	for i := 0; i < 3; i++ {
		pods = append(pods, synthPod{name: fmt.Sprintf("web-%d", i), node: "n", containers: []string{"app", "sidecar"}})
	}
	reg.JSON("/api/v1/namespaces/shop/pods", "limit=500&labelSelector=app%3Dweb", podList(pods...))
	for i := 0; i < 3; i++ {
		reg.Add(logStub(t, fmt.Sprintf("web-%d", i), "container=app&tailLines=10", fmt.Sprintf("line %d\n", i)))
	}
	out, errOut, code := famRun(t, s, "logs -l app=web")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if d := cmp.Diff("line 0\nline 1\nline 2\n", out); d != "" {
		t.Errorf("stdout (-want +got):\n%s", d)
	}
	if d := cmp.Diff("Defaulted container \"app\" out of: app, sidecar\n", errOut); d != "" {
		t.Errorf("stderr (-want +got):\n%s", d)
	}
}

func TestLogsSelectorMatchesNothing(t *testing.T) {
	s, reg := famSession(t, nil)
	reg.JSON("/api/v1/namespaces/payments/pods", "limit=500&labelSelector=app%3Dnone", podList())
	out, errOut, code := famRun(t, s, "logs -n payments -l app=none")
	if code != 0 || out != "" || errOut != "No resources found in payments namespace.\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestLogsStreamCapRefusedNeverCut(t *testing.T) {
	s, reg := famSession(t, nil)
	var pods []synthPod
	for i := 0; i < 6; i++ {
		pods = append(pods, synthPod{name: fmt.Sprintf("web-%d", i), node: "n", containers: []string{"app"}})
	}
	reg.JSON("/api/v1/namespaces/shop/pods", "limit=500&labelSelector=app%3Dweb", podList(pods...))
	out, errOut, code := famRun(t, s, "logs -l app=web --tail 1")
	if code != fault.ExitRefused || out != "" || !strings.Contains(errOut, "6 log streams") || !strings.Contains(errOut, "at most 5") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	for _, seen := range reg.Seen {
		if strings.Contains(seen, "/log") {
			t.Errorf("a log was requested past the cap: %s", seen)
		}
	}
}

func TestLogsAllContainersOrder(t *testing.T) {
	s, reg := famSession(t, nil)
	pod := synthPod{name: "p", node: "n", containers: []string{"app", "sidecar"}, init: []string{"setup"}, ephemeral: []string{"debug"}}
	reg.JSON("/api/v1/namespaces/shop/pods/p", "", pod.json())
	for _, c := range []string{"setup", "app", "sidecar", "debug"} {
		reg.Add(logStub(t, "p", "container="+c+"&tailLines=1", c+"\n"))
	}
	out, errOut, code := famRun(t, s, "logs p --all-containers --tail 1")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if d := cmp.Diff("setup\napp\nsidecar\ndebug\n", out); d != "" {
		t.Errorf("stdout (-want +got):\n%s", d)
	}
	var order []string
	for _, seen := range reg.Seen {
		if strings.Contains(seen, "/log?") {
			order = append(order, seen[strings.Index(seen, "container=")+10:strings.Index(seen, "&")])
		}
	}
	if d := cmp.Diff([]string{"setup", "app", "sidecar", "debug"}, order); d != "" {
		t.Errorf("request order (-want +got):\n%s", d)
	}
}

func TestLogsLaterStreamFailsAfterEarlierPrinted(t *testing.T) {
	s, reg := famSession(t, nil)
	pod := synthPod{name: "p", node: "n", containers: []string{"app"}, init: []string{"setup"}}
	reg.JSON("/api/v1/namespaces/shop/pods/p", "", pod.json())
	reg.Add(logStub(t, "p", "container=setup&tailLines=1", "setup done\n"))
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods/p/log", Query: "container=app&tailLines=1", Status: 400,
		Body: `{"kind":"Status","reason":"BadRequest","message":"SERVER-SAID container app is waiting"}`})
	out, errOut, code := famRun(t, s, "logs p --all-containers --tail 1")
	if code != fault.ExitServerError || out != "setup done\n" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	want := "error: " + fmt.Sprintf("The API server would not read the log of container %q of pod %q in namespace %q (400 Bad Request): the pod may have no container of that name, the container may not have started yet, or, with -p, it may have no previous run.", "app", "p", "shop") + "\n"
	if d := cmp.Diff(want, errOut); d != "" {
		t.Errorf("stderr (-want +got):\n%s", d)
	}
}

func TestLogsErrors(t *testing.T) {
	cases := []struct {
		name, line, want string
		code             int
		stubs            func(*testing.T, *httpstub.Registry)
	}{
		{"pod 404", "logs gone -n payments", `error: pods "gone" not found in namespace "payments"`, 1, func(t *testing.T, r *httpstub.Registry) {
			r.Add(&httpstub.Stub{Path: "/api/v1/namespaces/payments/pods/gone", Status: 404, Body: `{"kind":"Status","reason":"NotFound","message":"SERVER-SAID"}`})
		}},
		{"log 404", "logs p --tail 1", `error: pod "p" not found in namespace "shop"`, 1, func(t *testing.T, r *httpstub.Registry) {
			r.JSON("/api/v1/namespaces/shop/pods/p", "", synthPod{name: "p", containers: []string{"app"}}.json())
			r.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods/p/log", Query: "container=app&tailLines=1", Status: 404, Body: `{"kind":"Status","message":"SERVER-SAID"}`})
		}},
		{"container 400", "logs p -c app --tail 1", `error: The API server would not read the log of container "app" of pod "p" in namespace "shop" (400 Bad Request)`, 1, func(t *testing.T, r *httpstub.Registry) {
			r.JSON("/api/v1/namespaces/shop/pods/p", "", synthPod{name: "p", containers: []string{"app"}}.json())
			r.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods/p/log", Query: "container=app&tailLines=1", Status: 400, Body: `{"kind":"Status","message":"SERVER-SAID"}`})
		}},
		{"no such container", "logs p -c nope", `error: Pod "p" in namespace "shop" has no container named "nope"; its containers are: setup, app.`, 1, func(t *testing.T, r *httpstub.Registry) {
			r.JSON("/api/v1/namespaces/shop/pods/p", "", synthPod{name: "p", containers: []string{"app"}, init: []string{"setup"}}.json())
		}},
		{"forbidden", "logs p", "error: The API server does not let this identity get pods p in namespace shop (403 Forbidden).", 1, func(t *testing.T, r *httpstub.Registry) {
			r.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods/p", Status: 403, Body: `{"kind":"Status","message":"SERVER-SAID"}`})
		}},
		{"unsupported kind", "logs secret/x", "error: " + fmt.Sprintf(logs.SentenceLogsKind, "secrets"), 2, func(*testing.T, *httpstub.Registry) {}},
		{"no pod selected", "logs deploy/web", `error: No pod in namespace "shop" matches the selector of deployment "web" (app=web)`, 1, func(t *testing.T, r *httpstub.Registry) {
			r.JSON("/apis/apps/v1/namespaces/shop/deployments/web", "", `{"metadata":{"name":"web"},"spec":{"selector":{"matchLabels":{"app":"web"}}}}`)
			r.JSON("/api/v1/namespaces/shop/pods", "limit=500&labelSelector=app%3Dweb", podList())
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, reg := famSession(t, nil)
			c.stubs(t, reg)
			out, errOut, code := famRun(t, s, c.line)
			if code != c.code || out != "" || !strings.HasPrefix(errOut, c.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d and %q", code, out, errOut, c.code, c.want)
			}
			if strings.Contains(errOut, "SERVER-SAID") {
				t.Errorf("the server's message was printed: %s", errOut)
			}
		})
	}
}

func TestLogsStreamCutAtOneMiB(t *testing.T) {
	s, reg := famSession(t, nil)
	reg.JSON("/api/v1/namespaces/shop/pods/big", "", synthPod{name: "big", containers: []string{"app"}}.json())
	line := strings.Repeat("x", 1023) + "\n" // 1 KiB a line
	body := strings.Repeat(line, 1024) + "partial line past the cap\nmore\n"
	reg.Add(logStub(t, "big", "container=app&tailLines=5000", body))
	out, errOut, code := famRun(t, s, "logs big --tail 5000")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if got := strings.Count(out, "\n"); got != 1024 || strings.Contains(out, "partial") {
		t.Errorf("printed %d Lines (partial %v), want the 1024 whole Lines under the cap", got, strings.Contains(out, "partial"))
	}
	if !strings.Contains(errOut, `The log of container "app" of pod "big" passed 1 MiB`) {
		t.Errorf("stderr %q does not say the stream was cut", errOut)
	}
}

func TestLogsRefusedBeforeSending(t *testing.T) {
	cases := map[string]string{
		"logs":                         logs.SentenceLogsNeedTarget,
		"logs web -l app=web":          logs.SentenceLogsTargetAndLabel,
		"logs a/b/c":                   logs.SentenceLogsTypeName,
		"logs /x":                      logs.SentenceLogsTypeName,
		"logs p -c a --all-containers": logs.SentenceLogsContainerAll,
		"logs p --since 1h --since-time 2026-01-15T00:00:00Z": logs.SentenceLogsSinceBoth,
		"logs p --since-time yesterday":                       logs.SentenceLogsSinceTime,
		"logs p --since 400ms":                                logs.SentenceLogsSinceShort,
		"logs p --tail -1":                                    logs.SentenceLogsTailAll,
		"logs p --tail=-2":                                    logs.SentenceLogsTailNegative,
		"logs p --tail 5001":                                  fmt.Sprintf(statement.SentenceLimit, "--tail", "5000", logs.LimitNameTail),
		"logs p --limit-bytes 1048577":                        fmt.Sprintf(statement.SentenceLimit, "--limit-bytes", "1048576", logs.LimitNameLimitBytes),
		"logs p --limit-bytes=-1":                             logs.SentenceLogsLimitNegative,
		"logs p -f --max-log-requests 21":                     fmt.Sprintf(statement.SentenceLimit, "--max-log-requests", "20", logs.LimitNameLogRequests),
	}
	for line, want := range cases {
		_, err := ParseLine(line)
		e, ok := fault.As(err)
		if !ok || e.Sentence != want || e.Class != fault.Refused {
			t.Errorf("%s: got %v, want %q", line, err, want)
		}
	}
	for _, line := range []string{"logs p --tail 5000", "logs p --tail 0", "logs p --limit-bytes 1048576", "logs deploy/web -c app", "logs -l app=web --all-pods"} {
		if _, err := ParseLine(line); err != nil {
			t.Errorf("%s: refused: %v", line, err)
		}
	}
}

func TestSplitLogLines(t *testing.T) {
	cases := []struct {
		in   string
		cut  bool
		want []string
	}{
		{"", false, nil},
		{"\n", false, []string{""}},
		{"a\nb\n", false, []string{"a", "b"}},
		{"a\nb", false, []string{"a", "b"}},
		{"a\nb", true, []string{"a"}},
		{"partial", true, nil},
		{"a\r\n", false, []string{"a\r"}},
	}
	for _, c := range cases {
		if d := cmp.Diff(c.want, logs.SplitLogLines([]byte(c.in), "", c.cut)); d != "" {
			t.Errorf("%q cut=%v (-want +got):\n%s", c.in, c.cut, d)
		}
	}
}
