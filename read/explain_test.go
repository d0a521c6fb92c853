package read

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/openapi"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/explain"
)

// testdata/explain/synthetic-openapi.json is a synthetic OpenAPI v3 document (no server serves it):
// one kind, Gadget, with fields behind allOf references, arrays, maps, an enum, a reference to a
// missing schema, and Node, which refers to itself. The .golden files beside it are what
// kubectl 1.33's explain printed for it, served by a stub API server: kubectl's own output is the
// reference the renderer is held to.
func metaSyntheticDoc(t *testing.T) (*openapi.Document, []byte) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "explain", "synthetic-openapi.json"))
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var root map[string]any
	if err := dec.Decode(&root); err != nil {
		t.Fatal(err)
	}
	return &openapi.Document{GroupVersion: "synth.example.dev/v1", Root: root}, data
}

// The golden files are named for kubectl's argument: gadgets.spec.node_recursive.golden is
// kubectl explain gadgets.spec.node --recursive.
func metaGoldens(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "explain", "*.golden"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	out := map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[strings.TrimSuffix(filepath.Base(f), ".golden")] = string(data)
	}
	return out
}

func TestExplainMatchesKubectlOnASyntheticDocument(t *testing.T) {
	doc, _ := metaSyntheticDoc(t)
	for name, want := range metaGoldens(t) {
		arg, recursive := strings.CutSuffix(name, "_recursive")
		fields := strings.Split(arg, ".")[1:]
		got, err := explain.RenderExplain(doc, "synth.example.dev", "v1", "gadgets", fields, recursive)
		if name == "gadgets.spec.nope" {
			// kubectl prints the header, then fails on the missing field.
			if e, ok := fault.As(err); !ok || e.Code != explain.CodeExplainNoField || !strings.Contains(e.Sentence, `"nope"`) {
				t.Fatalf("%s: %v", name, err)
			}
		} else if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s differs from kubectl's explain:\n%s", name, diff)
		}
	}
}

// TestExplainStopsAtReferenceCycles: a schema whose references lead back to themselves through
// allOf, items and additionalProperties ends with a bounded answer, never an endless walk.
func TestExplainStopsAtReferenceCycles(t *testing.T) {
	root := map[string]any{
		"paths": map[string]any{"/api/v1/loops": map[string]any{"get": map[string]any{
			"x-kubernetes-group-version-kind": map[string]any{"group": "", "kind": "Loop", "version": "v1"}}}},
		"components": map[string]any{"schemas": map[string]any{
			"Loop": map[string]any{
				"x-kubernetes-group-version-kind": []any{map[string]any{"group": "", "kind": "Loop", "version": "v1"}},
				"properties": map[string]any{
					"self": map[string]any{"$ref": "#/components/schemas/Loop"},
					"via":  map[string]any{"allOf": []any{map[string]any{"$ref": "#/components/schemas/A"}}},
				},
			},
			// A and B refer to each other through allOf, items and additionalProperties only, which
			// kubectl's description walk does not guard: studioctl's depth bound does.
			"A": map[string]any{"allOf": []any{map[string]any{"$ref": "#/components/schemas/B"}}},
			"B": map[string]any{"items": map[string]any{"additionalProperties": map[string]any{"$ref": "#/components/schemas/A"}}},
		}},
	}
	doc := &openapi.Document{GroupVersion: "v1", Root: root}
	got, err := explain.RenderExplain(doc, "", "v1", "loops", nil, true)
	if err != nil {
		t.Fatal(err)
	}
	want := "KIND:       Loop\nVERSION:    v1\n\nDESCRIPTION:\n    <empty>\nFIELDS:\n  self\t<Loop>\n    self\t<Loop>\n    via\t<A>\n  via\t<A>\n\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatal(diff)
	}
	for _, path := range [][]string{{"self", "self", "self", "via"}, {"via"}, {"via", "x"}} {
		_, err := explain.RenderExplain(doc, "", "v1", "loops", path, false)
		e, ok := fault.As(err)
		if !ok || (e.Code != explain.CodeExplainNoField && e.Code != explain.CodeExplainTooLarge) {
			t.Errorf("%v: %v", path, err)
		}
	}
}

func TestExplainWrapsAsKubectl(t *testing.T) {
	for _, c := range []struct {
		limit    int
		in, want string
	}{
		{10, "aaa bbb ccc ddd", "aaa bbb\nccc ddd"},
		{10, "aaaaaaaaaaaaaaa bb", "aaaaaaaaaaaaaaa\nbb"},
		{10, "a\n\nb  c", "a\n\nb  c"},
		{5, "ab\u00a0cd ef", "ab\u00a0cd\nef"},
		{8, "one two  ", "one two"},
		{0, "no limit at all here", "no limit at all here"},
	} {
		if got := explain.ExplainWrap(c.limit, c.in); got != c.want {
			t.Errorf("wrap(%d, %q) = %q, want %q", c.limit, c.in, got, c.want)
		}
	}
}

func TestExplainRefusesPathsKubectlCannotRead(t *testing.T) {
	for _, line := range []string{"explain pods.spec.containers[0]", "explain pods..spec", "explain 'pods spec'", "explain pods --api-version apps/v1/x", "explain pods --api-version /v1", "explain pods --api-version V1", "explain"} {
		_, err := ParseLine(line)
		if err == nil || fault.ExitCode(err) != fault.ExitRefused || !strings.Contains(err.Error(), "Nothing was sent") {
			t.Errorf("%s: %v", line, err)
		}
	}
	for _, line := range []string{"explain pods.", "explain pods --api-version v1", "explain deploy --api-version apps/v1 --recursive"} {
		if _, err := ParseLine(line); err != nil {
			t.Errorf("%s: %v", line, err)
		}
	}
}

// metaExplainSession serves discovery with gadgets, and the index of synth.example.dev/v1's
// document under hash. Documents are kept in memory for the process, so each test names its own.
func metaExplainSession(t *testing.T, hash string, indexTimes int, opts kube.Options) (*Session, *httpstub.Registry, []byte) {
	t.Helper()
	rs := []synth.Resource{
		{Version: "v1", Resource: "pods", Kind: "Pod", Namespaced: true, Verbs: []string{"get", "list"}},
		{Group: "synth.example.dev", Version: "v1", Resource: "gadgets", Kind: "Gadget", Namespaced: true, Verbs: []string{"get", "list"}, ShortNames: []string{"gd"}},
	}
	s, reg := metaSession(t, rs, opts)
	_, data := metaSyntheticDoc(t)
	reg.Add(&httpstub.Stub{Path: "/openapi/v3", Times: indexTimes, Header: http.Header{"Content-Type": {"application/json"}},
		Body: `{"paths":{"api/v1":{"serverRelativeURL":"/openapi/v3/api/v1?hash=0A1B"},"apis/synth.example.dev/v1":{"serverRelativeURL":"/openapi/v3/apis/synth.example.dev/v1?hash=` + hash + `"}}}`})
	return s, reg, data
}

func TestExplainReadsTheDocumentOnceASession(t *testing.T) {
	s, reg, data := metaExplainSession(t, "5EED01", 3, kube.Options{})
	reg.JSON("/openapi/v3/apis/synth.example.dev/v1", "hash=5EED01", string(data))
	golden := metaGoldens(t)
	for _, c := range []struct{ line, golden string }{
		{"explain gadgets.spec", "gadgets.spec"},
		{"explain gd.spec.node --recursive", "gadgets.spec.node_recursive"},
		{"explain gadgets.synth.example.dev.status.phase", "gadgets.status.phase"},
	} {
		out, errOut, code := metaRun(t, s, printer.People, c.line)
		if diff := cmp.Diff(golden[c.golden], out); diff != "" || code != 0 || errOut != "" {
			t.Errorf("%s: exit %d, stderr %q\n%s", c.line, code, errOut, diff)
		}
	}
	// Discovery twice, the index per statement, the document once.
	if reg.Count() != 2+3+1 {
		t.Fatalf("requests: %v", reg.Seen)
	}
}

func TestExplainMissingFieldPrintsTheHeaderAndFails(t *testing.T) {
	s, reg, data := metaExplainSession(t, "5EED02", 1, kube.Options{})
	reg.JSON("/openapi/v3/apis/synth.example.dev/v1", "hash=5EED02", string(data))
	out, errOut, code := metaRun(t, s, printer.People, "explain gadgets.spec.nope")
	if out != metaGoldens(t)["gadgets.spec.nope"] || code != fault.ExitServerError || !strings.Contains(errOut, `no field "nope"`) {
		t.Fatalf("exit %d\nstdout %q\nstderr %q", code, out, errOut)
	}
}

func TestExplainAPIVersionNotInTheIndex(t *testing.T) {
	s, _, _ := metaExplainSession(t, "5EED03", 1, kube.Options{})
	_, errOut, code := metaRun(t, s, printer.People, "explain gadgets --api-version synth.example.dev/v2")
	if code != fault.ExitServerError || !strings.Contains(errOut, "synth.example.dev/v2") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
}
