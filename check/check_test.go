package check

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
)

const (
	pathSSR  = "/apis/authentication.k8s.io/v1/selfsubjectreviews"
	pathSSAR = "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews"
)

func newClient(t *testing.T, conn kube.Connection) (*kube.Client, *httpstub.Registry) {
	t.Helper()
	if conn.Host == "" {
		conn.Host = "k8s.example.com"
	}
	if conn.Token == "" {
		conn.Token = "cnryTOKEN"
	}
	ep, err := conn.Validate(kube.Switches{})
	if err != nil {
		t.Fatal(err)
	}
	reg := httpstub.New(t)
	return kube.NewClient(ep, kube.Options{Transport: reg}), reg
}

func jsonAnswer(status int, body string) func(*http.Request) (*http.Response, error) {
	return func(r *http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: status, Header: http.Header{"Content-Type": {"application/json"}},
			Body: io.NopCloser(strings.NewReader(body)), Request: r}, nil
	}
}

// synthetic answers: a version, aggregated discovery of synth.Basic, a SelfSubjectReview.
func addVersion(reg *httpstub.Registry) {
	reg.JSON("/version", "", `{"major":"1","minor":"37","gitVersion":"v1.37.2-synthetic"}`)
}

func addDiscovery(reg *httpstub.Registry, rs []synth.Resource, ctype string) {
	api, apis := synth.Discovery(rs)
	if ctype == "" {
		ctype = synth.DiscoveryContentType
	}
	h := http.Header{"Content-Type": {ctype}}
	reg.Add(&httpstub.Stub{Path: "/api", Body: api, Header: h})
	reg.Add(&httpstub.Stub{Path: "/apis", Body: apis, Header: h})
}

func addWhoAmI(reg *httpstub.Registry, user string, groups ...string) {
	g, _ := json.Marshal(groups)
	u, _ := json.Marshal(user)
	reg.Add(&httpstub.Stub{Method: "POST", Path: pathSSR, Respond: jsonAnswer(200,
		`{"kind":"SelfSubjectReview","apiVersion":"authentication.k8s.io/v1","status":{"userInfo":{"username":`+string(u)+`,"groups":`+string(g)+`}}}`)})
}

// addReviews answers the six access reviews: allowed decides from what studioctl asked, and asked
// keeps each spec's attributes.
func addReviews(reg *httpstub.Registry, asked *[]string, allowed func(attrs map[string]string) bool) {
	var mu sync.Mutex // the six reviews go at once
	reg.Add(&httpstub.Stub{Method: "POST", Path: pathSSAR, Times: 6, Respond: func(r *http.Request) (*http.Response, error) {
		var body struct {
			Spec struct {
				ResourceAttributes map[string]string `json:"resourceAttributes"`
			} `json:"spec"`
		}
		data, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(data, &body); err != nil {
			return nil, err
		}
		a := body.Spec.ResourceAttributes
		if asked != nil {
			mu.Lock()
			defer mu.Unlock()
			*asked = append(*asked, fmt.Sprintf("%s %s/%s/%s ns=%s", a["verb"], a["group"], a["resource"], a["subresource"], a["namespace"]))
		}
		return jsonAnswer(200, fmt.Sprintf(`{"kind":"SelfSubjectAccessReview","apiVersion":"authorization.k8s.io/v1","status":{"allowed":%v}}`, allowed(a)))(r)
	}})
}

func namespaceTable(n int, cont string) string {
	rows := make([][]any, n)
	for i := range rows {
		rows[i] = []any{fmt.Sprintf("ns-%04d", i), "Active", "1d"}
	}
	return synth.Table([][3]string{{"Name", "string", "0"}, {"Status", "string", "0"}, {"Age", "string", "0"}}, rows, cont)
}

func addNamespaces(reg *httpstub.Registry, query string, n int, cont string) {
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces", Query: query, Body: namespaceTable(n, cont), Header: http.Header{"Content-Type": {"application/json"}}})
}

const firstPage = "limit=500&includeObject=None"

func all(map[string]string) bool  { return true }
func none(map[string]string) bool { return false }

func codeOf(t *testing.T, err error) string {
	t.Helper()
	e, ok := fault.As(err)
	if !ok {
		t.Fatalf("not a studioctl error: %v", err)
	}
	return e.Code
}

func TestAnIdentityThatMayDoAnythingIsWarnedAbout(t *testing.T) {
	c, reg := newClient(t, kube.Connection{DefaultNamespace: "shop"})
	addVersion(reg)
	addDiscovery(reg, synth.Basic, "")
	addWhoAmI(reg, "admin", "system:masters", "system:authenticated")
	var asked []string
	addReviews(reg, &asked, all)
	addNamespaces(reg, firstPage, 3, "")
	r, err := Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	want := &Report{
		Server: "https://k8s.example.com:6443", Version: "v1.37.2-synthetic",
		Identity: Identity{Username: "admin", Groups: []string{"system:masters", "system:authenticated"}},
		Warnings: []Warning{{Code: CodeCredentialRights, Rights: []string{
			"create pods/exec in namespace shop", "get pods/exec in namespace shop", "get nodes/proxy (every node's kubelet)",
			"every verb on every resource (*/*)", "list secrets in namespace shop", "list secrets in every namespace",
		}}},
		Notices: []Notice{},
	}
	if d := cmp.Diff(want, r, cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == ".Sentence" }, cmp.Ignore())); d != "" {
		t.Fatal(d)
	}
	if s := r.Warnings[0].Sentence; !strings.HasPrefix(s, "This identity holds 6 rights") || !strings.Contains(s, "deploy/studioctl-reader.yaml") ||
		!strings.Contains(s, "view ClusterRole") || !strings.Contains(s, "list secrets in every namespace") {
		t.Fatalf("sentence %q", s)
	}
	if r.Exit() != fault.ExitWarnings || ExitCode(r, nil) != 4 {
		t.Fatal("exit")
	}
	wantAsked := []string{
		"create /pods/exec ns=shop", "get /pods/exec ns=shop", "get /nodes/proxy ns=", "* */*/ ns=", "list /secrets/ ns=shop", "list /secrets/ ns=",
	}
	if d := cmp.Diff(wantAsked, asked, cmp.Transformer("sort", sortedCopy)); d != "" {
		t.Fatal(d)
	}
	if n := reg.Count(); n != 11 {
		t.Fatalf("%d requests, want 11 (version, 2 discovery, who, 6 reviews, 1 namespace page)", n)
	}
}

func sortedCopy(in []string) []string {
	out := append([]string(nil), in...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

func TestAReaderHasNoWarning(t *testing.T) {
	c, reg := newClient(t, kube.Connection{})
	addVersion(reg)
	addDiscovery(reg, synth.Basic, "")
	addWhoAmI(reg, "viewer", "system:authenticated")
	addReviews(reg, nil, none)
	addNamespaces(reg, firstPage, 10, "")
	r, err := Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Warnings) != 0 || len(r.Notices) != 0 || r.Exit() != fault.ExitOK {
		t.Fatalf("%+v", r)
	}
}

func TestEachHeldRightIsNamed(t *testing.T) {
	c, reg := newClient(t, kube.Connection{})
	addVersion(reg)
	addDiscovery(reg, synth.Basic, "")
	addWhoAmI(reg, "ops")
	addReviews(reg, nil, func(a map[string]string) bool {
		return a["subresource"] == "proxy" || (a["resource"] == "secrets" && a["namespace"] == "")
	})
	addNamespaces(reg, firstPage, 1, "")
	r, err := Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Warnings) != 1 || !cmp.Equal(r.Warnings[0].Rights, []string{"get nodes/proxy (every node's kubelet)", "list secrets in every namespace"}) {
		t.Fatalf("%+v", r.Warnings)
	}
	if !strings.HasPrefix(r.Warnings[0].Sentence, "This identity holds 2 rights that a read-only tool never uses: get nodes/proxy (every node's kubelet); list secrets in every namespace.") {
		t.Fatal(r.Warnings[0].Sentence)
	}
}

func TestAnIdentityThatMayNotListNamespacesGetsTheNotice(t *testing.T) {
	c, reg := newClient(t, kube.Connection{DefaultNamespace: "shop"})
	addVersion(reg)
	addDiscovery(reg, synth.Basic, "")
	addWhoAmI(reg, "nobody", "system:authenticated")
	addReviews(reg, nil, none)
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces", Query: firstPage, Status: 403,
		Body: `{"kind":"Status","reason":"Forbidden","message":"SERVER-SAID nobody cannot list"}`})
	r, err := Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	want := []Notice{{CodeNamespacesNotListed, "This identity may not list namespaces and the connection names none, so the tree shows only its default namespace, shop; save the connection with --namespaces to show others."}}
	if d := cmp.Diff(want, r.Notices); d != "" {
		t.Fatal(d)
	}
	if r.Exit() != fault.ExitOK {
		t.Fatal("a notice is not a warning")
	}
}

func TestNamespacesNamedByTheConnectionAreNotListed(t *testing.T) {
	c, reg := newClient(t, kube.Connection{DefaultNamespace: "shop", Namespaces: []string{"shop", "payments"}})
	addVersion(reg)
	addDiscovery(reg, synth.Basic, "")
	addWhoAmI(reg, "nobody")
	addReviews(reg, nil, none)
	r, err := Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Notices) != 0 || reg.Count() != 10 {
		t.Fatalf("%+v, %d requests", r.Notices, reg.Count())
	}
}

func TestMoreThanAThousandNamespacesGetsTheCapNotice(t *testing.T) {
	c, reg := newClient(t, kube.Connection{})
	addVersion(reg)
	addDiscovery(reg, synth.Basic, "")
	addWhoAmI(reg, "admin")
	addReviews(reg, nil, none)
	addNamespaces(reg, firstPage, 500, "c1")
	addNamespaces(reg, "limit=500&continue=c1&includeObject=None", 500, "c2")
	r, err := Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	want := []Notice{{CodeNamespacesCap, "This cluster lists more than 1,000 namespaces, so the tree shows the first 1,000; save the connection with --namespaces to name the ones to show."}}
	if d := cmp.Diff(want, r.Notices); d != "" {
		t.Fatal(d)
	}
	// Exactly 1,000: no notice, and still two pages.
	c, reg = newClient(t, kube.Connection{})
	addVersion(reg)
	addDiscovery(reg, synth.Basic, "")
	addWhoAmI(reg, "admin")
	addReviews(reg, nil, none)
	addNamespaces(reg, firstPage, 500, "c1")
	addNamespaces(reg, "limit=500&continue=c1&includeObject=None", 500, "")
	r, err = Run(context.Background(), c)
	if err != nil || len(r.Notices) != 0 {
		t.Fatalf("%+v %v", r, err)
	}
}

func TestAServerWithoutSelfSubjectReviewIsTooOld(t *testing.T) {
	var old []synth.Resource
	for _, r := range synth.Basic {
		if r.Resource != "selfsubjectreviews" {
			old = append(old, r)
		}
	}
	c, reg := newClient(t, kube.Connection{})
	addVersion(reg)
	addDiscovery(reg, old, "")
	_, err := Run(context.Background(), c)
	if codeOf(t, err) != fault.CodeTooOld || ExitCode(nil, err) != fault.ExitServerError {
		t.Fatal(err)
	}
	if e, _ := fault.As(err); e.Sentence != fault.SentenceTooOld {
		t.Fatal(e.Sentence)
	}
	// Discovery lists it, but the POST answers 404: too old as well.
	c, reg = newClient(t, kube.Connection{})
	addVersion(reg)
	addDiscovery(reg, synth.Basic, "")
	reg.Add(&httpstub.Stub{Method: "POST", Path: pathSSR, Status: 404, Body: `{"kind":"Status","reason":"NotFound"}`})
	_, err = Run(context.Background(), c)
	if codeOf(t, err) != fault.CodeTooOld {
		t.Fatal(err)
	}
}

func TestAServerWithoutAggregatedDiscoveryIsRefused(t *testing.T) {
	c, reg := newClient(t, kube.Connection{})
	addVersion(reg)
	reg.JSON("/api", "", `{"kind":"APIVersions","versions":["v1"],"serverAddressByClientCIDRs":[]}`)
	_, err := Run(context.Background(), c)
	if codeOf(t, err) != fault.CodeNotAggregated {
		t.Fatal(err)
	}
}

func TestABetaDiscoveryServerIsBestEffort(t *testing.T) {
	c, reg := newClient(t, kube.Connection{})
	addVersion(reg)
	addDiscovery(reg, synth.Basic, "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList")
	addWhoAmI(reg, "admin")
	addReviews(reg, nil, none)
	addNamespaces(reg, firstPage, 1, "")
	r, err := Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Notices) != 1 || r.Notices[0].Code != CodeBestEffort || r.Exit() != 0 {
		t.Fatalf("%+v", r.Notices)
	}
}

func TestFailuresKeepTheirExitCodes(t *testing.T) {
	// Unreachable: the connection never completes.
	c, reg := newClient(t, kube.Connection{})
	reg.Add(&httpstub.Stub{Path: "/version", Respond: func(*http.Request) (*http.Response, error) {
		return nil, errors.New("synthetic: connection refused")
	}})
	_, err := Run(context.Background(), c)
	if ExitCode(nil, err) != fault.ExitUnreachable {
		t.Fatalf("%v", err)
	}
	// A server error.
	c, reg = newClient(t, kube.Connection{})
	reg.Add(&httpstub.Stub{Path: "/version", Status: 500, Body: `{"kind":"Status","reason":"InternalError","message":"SERVER-SAID"}`})
	_, err = Run(context.Background(), c)
	if ExitCode(nil, err) != fault.ExitServerError || strings.Contains(err.Error(), "SERVER-SAID") {
		t.Fatalf("%v", err)
	}
	// An expired token: 401 after one request.
	c, reg = newClient(t, kube.Connection{})
	reg.Add(&httpstub.Stub{Path: "/version", Status: 401, Body: `{}`})
	_, err = Run(context.Background(), c)
	if codeOf(t, err) != fault.CodeUnauthorized || reg.Count() != 1 {
		t.Fatalf("%v", err)
	}
	// A review the server refuses fails the check: it cannot say what the credential holds.
	c, reg = newClient(t, kube.Connection{})
	addVersion(reg)
	addDiscovery(reg, synth.Basic, "")
	addWhoAmI(reg, "x")
	reg.Add(&httpstub.Stub{Method: "POST", Path: pathSSAR, Times: 6, Status: 500, Body: `{}`})
	_, err = Run(context.Background(), c)
	if ExitCode(nil, err) != fault.ExitServerError {
		t.Fatalf("%v", err)
	}
}

func print(t *testing.T, r *Report, format string, mode printer.RedactMode) (string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	if err := printer.NewWriter(&out, &errOut, mode).Write(r.Result(format)); err != nil {
		t.Fatal(err)
	}
	return out.String(), errOut.String()
}

func TestTheJSONObjectHasTheDocumentedShape(t *testing.T) {
	r := &Report{Server: "https://k8s.example.com:6443", Version: "v1.37.2", Identity: Identity{Username: "viewer", Groups: []string{}},
		Warnings: []Warning{}, Notices: []Notice{}}
	out, errOut := print(t, r, "json", printer.People)
	if errOut != "" {
		t.Fatal(errOut)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"apiVersion": "studioctl.dev/check/v1", "kind": "CheckReport", "server": "https://k8s.example.com:6443", "version": "v1.37.2",
		"identity": map[string]any{"username": "viewer", "groups": []any{}}, "warnings": []any{}, "notices": []any{}}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatal(d)
	}
	r.Warnings = []Warning{{Code: CodeCredentialRights, Sentence: "s", Rights: []string{"a", "b"}}}
	r.Notices = []Notice{{Code: CodeNamespacesCap, Sentence: "n"}}
	out, _ = print(t, r, "json", printer.Machine)
	got = nil
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]any{map[string]any{"code": CodeCredentialRights, "sentence": "s", "rights": []any{"a", "b"}}}, got["warnings"]); d != "" {
		t.Fatal(d)
	}
	if d := cmp.Diff([]any{map[string]any{"code": CodeNamespacesCap, "sentence": "n"}}, got["notices"]); d != "" {
		t.Fatal(d)
	}
	if r.Result("json").Exit != fault.ExitWarnings {
		t.Fatal("exit")
	}
}

func TestTextSaysSuccessOnStdoutAndWarningsOnStderr(t *testing.T) {
	r := &Report{Server: "https://k8s.example.com:6443", Version: "v1.37.2",
		Identity: Identity{Username: "evil\x1b]0;title\x07user\u202e", Groups: []string{"g1", "g2"}},
		Warnings: []Warning{{Code: CodeCredentialRights, Sentence: "This identity holds a right."}},
		Notices:  []Notice{{Code: CodeNamespacesCap, Sentence: "Many namespaces."}}}
	out, errOut := print(t, r, "", printer.People)
	if want := "Connected to https://k8s.example.com:6443: Kubernetes v1.37.2, read as eviluser\\u202e (groups: g1, g2).\n"; out != want {
		t.Fatalf("stdout %q, want %q", out, want)
	}
	if want := "warning: This identity holds a right.\nnotice: Many namespaces.\n"; errOut != want {
		t.Fatalf("stderr %q", errOut)
	}
	r = &Report{Server: "http://127.0.0.1:8001", Identity: Identity{Username: "system:anonymous"}}
	if s := r.Sentence(); s != "Connected to http://127.0.0.1:8001: Kubernetes (version not reported), read as the anonymous user." {
		t.Fatal(s)
	}
}
