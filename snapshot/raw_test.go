package snapshot

import (
	"context"
	"errors"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/policy"
	"github.com/studioctl/studioctl/record"
)

// rawBodies are get --raw's answers as a server writes them: the version indented, the discovery
// roots and the OpenAPI index on one line each, the checks plain text. (Synthetic: the live
// suite's oracle compares a real server's.)
var rawBodies = map[string]string{
	"/healthz":    "ok",
	"/readyz":     "ok",
	"/version":    "{\n  \"major\": \"1\",\n  \"minor\": \"37\",\n  \"gitVersion\": \"v1.37.2\",\n  \"platform\": \"linux/amd64\"\n}",
	"/api":        "{\"kind\":\"APIVersions\",\"versions\":[\"v1\"],\"serverAddressByClientCIDRs\":[{\"clientCIDR\":\"0.0.0.0/0\",\"serverAddress\":\"10.0.0.1:6443\"}]}\n",
	"/apis":       "{\"kind\":\"APIGroupList\",\"apiVersion\":\"v1\",\"groups\":[{\"name\":\"apps\",\"versions\":[{\"groupVersion\":\"apps/v1\",\"version\":\"v1\"}]}]}\n",
	"/openapi/v3": "{\"paths\":{\"api/v1\":{\"serverRelativeURL\":\"/openapi/v3/api/v1?hash=AB12\"},\"apis/apps/v1\":{\"serverRelativeURL\":\"/openapi/v3/apis/apps/v1?hash=CD34\"}}}",
}

// rawServer is a stub server answering get --raw's paths (and studioctl's own reads of /version
// and /readyz, which a capture makes first); /livez answers 403.
func rawServer(t *testing.T) *httpstub.Registry {
	reg := httpstub.New(t)
	types := map[string]string{"/healthz": "text/plain; charset=utf-8", "/readyz": "text/plain; charset=utf-8", "/openapi/v3": "text/plain; charset=utf-8"}
	for path, body := range rawBodies {
		ct := types[path]
		if ct == "" {
			ct = "application/json"
		}
		times := 1
		if path == "/version" || path == "/readyz" {
			times = 2
		}
		reg.Add(&httpstub.Stub{Path: path, Body: body, Times: times, Header: http.Header{"Content-Type": {ct}}})
	}
	reg.Add(&httpstub.Stub{Path: "/livez", Status: 403, Body: `{"kind":"Status","apiVersion":"v1","status":"Failure","reason":"Forbidden","code":403}`,
		Header: http.Header{"Content-Type": {"application/json"}}})
	return reg
}

// captureRawInto runs the part of a capture that reads the fixed answers and get --raw's paths
// against reg and writes them to a snapshot file; it returns the file and the manifest.
func captureRawInto(t *testing.T, reg *httpstub.Registry) (string, *Manifest) {
	t.Helper()
	ctx := context.Background()
	rec := NewRecorder()
	c := kube.NewClient(record.ReplayEndpoint("default"), kube.Options{Transport: rec.Layer(reg, "")})
	if _, err := c.ServerVersion(ctx); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.Readyz(ctx); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "raw.snap")
	a, err := newArchive(path, limits.SnapshotMaxBytes)
	if err != nil {
		t.Fatal(err)
	}
	m := &Manifest{Format: Format, Version: Version}
	cp := &capture{c: c, a: a, m: m}
	raw, err := cp.captureRaw(ctx)
	if err != nil {
		t.Fatal(err)
	}
	answers, openapi := keptAnswers(rec, raw)
	for _, e := range openapi {
		if e.Accept == rawAccept {
			t.Errorf("get --raw's %s went to the OpenAPI entry, which a small --max-size drops", e.Path)
		}
	}
	seen := map[string]int{}
	for _, e := range answers {
		if e.Accept == rawAccept {
			seen[e.Path]++
		}
	}
	want := map[string]int{"/healthz": 1, "/readyz": 1, "/version": 1, "/api": 1, "/apis": 1, "/openapi/v3": 1}
	if d := cmp.Diff(want, seen); d != "" {
		t.Errorf("get --raw's answers kept, each once (-want +got):\n%s", d)
	}
	for name, v := range map[string]any{entryAnswers: answers, entryManifest: m} {
		if err := a.addJSON(name, v, false); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := a.commit(); err != nil {
		t.Fatal(err)
	}
	return path, m
}

// rawAsk asks a reader for path as get --raw does (Accept */*).
func rawAsk(t *testing.T, r *Reader, path string) (string, error) {
	t.Helper()
	req, _ := http.NewRequest("GET", "https://x"+path, nil)
	req.Header.Set("Accept", rawAccept)
	resp, err := r.RoundTrip(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b), nil
}

// TestCaptureKeepsRawAnswersAsWritten: a capture keeps get --raw's answers as the server wrote
// them (the version indented, not compacted as the recorder keeps its decoded copy), lists them in
// the manifest, and the reader answers get --raw from them byte for byte, through the client and
// its guard too; a path the server refused at capture gets the sentence for it, and studioctl's
// own read of /version still gets the JSON answer it was kept for. Before, /healthz, /livez, /api
// and /apis had no answer for get --raw and /version came back compacted.
func TestCaptureKeepsRawAnswersAsWritten(t *testing.T) {
	path, m := captureRawInto(t, rawServer(t))
	if d := cmp.Diff([]string{"/healthz", "/readyz", "/version", "/api", "/apis", "/openapi/v3"}, m.Raw); d != "" {
		t.Errorf("the manifest's raw (-want +got):\n%s", d)
	}
	s := load(t, path)
	r := NewReader(s)
	var notices []string
	r.Notice = func(n string) { notices = append(notices, n) }
	for p, want := range rawBodies {
		got, err := rawAsk(t, r, p)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s (-server +snapshot):\n%s", p, d)
		}
	}
	_, err := rawAsk(t, r, "/livez")
	var miss *fault.Missing
	if !errors.As(err, &miss) || miss.Lacks != "answer to get --raw /livez: the server did not give one at capture, or it passed the capture's cap" {
		t.Errorf("/livez, refused at capture: %v", err)
	}
	c := clientOn(s)
	got, err := c.Raw(context.Background(), "/version")
	if err != nil || string(got) != rawBodies["/version"] {
		t.Errorf("get --raw /version through the client: %q, %v", got, err)
	}
	v, err := c.ServerVersion(context.Background())
	if err != nil || v["gitVersion"] != "v1.37.2" {
		t.Errorf("studioctl's own read of /version: %v, %v", v, err)
	}
	if len(notices) != 0 {
		t.Errorf("notices for a snapshot that holds get --raw's answers: %q", notices)
	}
}

// TestCaptureLeavesOutRawPastItsCap: get --raw's answers are kept up to
// limits.SnapshotMaxRawBytes in all, in policy.RawPaths' order; one that would pass it is left out
// and not listed in the manifest.
func TestCaptureLeavesOutRawPastItsCap(t *testing.T) {
	body := strings.Repeat("x", limits.MaxRawBytes-1)
	reg := httpstub.New(t)
	for _, p := range policy.RawPaths {
		reg.Add(&httpstub.Stub{Path: p, Body: body, Header: http.Header{"Content-Type": {"text/plain"}}})
	}
	cp := &capture{c: kube.NewClient(record.ReplayEndpoint("default"), kube.Options{Transport: reg}), m: &Manifest{}}
	raw, err := cp.captureRaw(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	fit := min(len(policy.RawPaths), limits.SnapshotMaxRawBytes/len(body))
	if fit == len(policy.RawPaths) {
		t.Fatalf("the cap holds every answer at its largest: the test proves nothing")
	}
	if d := cmp.Diff(policy.RawPaths[:fit], cp.m.Raw); d != "" || len(raw) != fit {
		t.Errorf("%d answers kept; the manifest's raw (-want +got):\n%s", len(raw), d)
	}
}

// TestOlderSnapshotAnswersRawFromWhatItKept: a snapshot taken before get --raw's answers were
// kept (the fixture, like the demo) still opens and answers get --raw where it can: /readyz and
// the OpenAPI index as the server wrote them, /version from its decoded JSON with a notice that
// says so (the new-user script runs the help example on the demo); a path it holds nothing for
// gets a sentence that says why, not a crash.
func TestOlderSnapshotAnswersRawFromWhatItKept(t *testing.T) {
	s, err := Load(fixture)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if len(s.Manifest.Raw) != 0 {
		t.Fatalf("the fixture lists get --raw's answers %q: it no longer stands for an older snapshot", s.Manifest.Raw)
	}
	r := NewReader(s)
	var notices []string
	r.Notice = func(n string) { notices = append(notices, n) }
	if got, err := rawAsk(t, r, "/readyz"); err != nil || got != "ok" {
		t.Errorf("/readyz: %q, %v", got, err)
	}
	if got, err := rawAsk(t, r, "/openapi/v3"); err != nil || !strings.HasPrefix(got, `{"paths":{`) {
		t.Errorf("/openapi/v3: %.60q, %v", got, err)
	}
	if len(notices) != 0 {
		t.Errorf("a notice for answers kept as written: %q", notices)
	}
	got, err := rawAsk(t, r, "/version")
	if err != nil || !strings.Contains(got, `"gitVersion":"v1.37.2"`) {
		t.Errorf("/version: %q, %v", got, err)
	}
	if len(notices) != 1 || !strings.Contains(notices[0], "/version is printed from the JSON it kept") {
		t.Errorf("the notice for /version rebuilt: %q", notices)
	}
	for _, p := range []string{"/healthz", "/livez", "/api", "/apis"} {
		_, err := rawAsk(t, r, p)
		var miss *fault.Missing
		if !errors.As(err, &miss) || !strings.Contains(miss.Lacks, "it was taken before snapshots kept get --raw's answers") {
			t.Errorf("%s: %v", p, err)
		}
	}
}

// TestInspectNamesRawAnswers: snapshot inspect says which get --raw answers a file keeps, naming
// only get --raw's own paths (a hostile manifest's other strings are not printed), and says so
// when a file keeps none.
func TestInspectNamesRawAnswers(t *testing.T) {
	rawOf := func(m Manifest) string {
		for _, l := range m.Describe() {
			if strings.HasPrefix(l, "Raw:") {
				return l
			}
		}
		return ""
	}
	got := rawOf(Manifest{Raw: []string{"/version", "/etc/\x1b]0;x\x07", "/version", "/healthz"}})
	if want := "Raw:          get --raw's /version, /healthz, as the server wrote them"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := rawOf(Manifest{}); !strings.Contains(got, "taken before snapshots kept get --raw's answers") {
		t.Errorf("a manifest without raw: %q", got)
	}
}
