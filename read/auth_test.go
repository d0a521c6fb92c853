package read

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
)

// metaReview answers one self review with a synthetic body and keeps the body studioctl sent.
func metaReview(path, answer string, status int, sent *string) *httpstub.Stub {
	return &httpstub.Stub{Method: "POST", Path: path, Respond: func(r *http.Request) (*http.Response, error) {
		b, _ := io.ReadAll(r.Body)
		*sent = string(b)
		if status == 0 {
			status = 200
		}
		return &http.Response{StatusCode: status, Header: http.Header{"Content-Type": {"application/json"}},
			Body: io.NopCloser(strings.NewReader(answer)), Request: r}, nil
	}}
}

const (
	metaAccessPath = "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews"
	metaRulesPath  = "/apis/authorization.k8s.io/v1/selfsubjectrulesreviews"
	metaWhoPath    = "/apis/authentication.k8s.io/v1/selfsubjectreviews"
)

func metaAccessAnswer(allowed bool) string {
	if allowed {
		return `{"kind":"SelfSubjectAccessReview","apiVersion":"authorization.k8s.io/v1","status":{"allowed":true,"reason":"SERVER-SAID allowed by a binding"}}`
	}
	return `{"kind":"SelfSubjectAccessReview","apiVersion":"authorization.k8s.io/v1","status":{"allowed":false,"reason":"SERVER-SAID no binding"}}`
}

func TestCanIAsksWhatTheStatementSays(t *testing.T) {
	for _, c := range []struct {
		line    string
		allowed bool
		body    string
		out     string
		exit    int
		notice  string
	}{
		{"auth can-i list pods -n shop", true,
			`{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview","spec":{"resourceAttributes":{"namespace":"shop","verb":"list","resource":"pods"}}}`,
			"yes\n", 0, ""},
		{"auth can-i get po/web-0 --subresource log", false,
			`{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview","spec":{"resourceAttributes":{"namespace":"shop","verb":"get","resource":"pods","subresource":"log","name":"web-0"}}}`,
			"no\n", fault.ExitServerError, "does not repeat"},
		{"auth can-i list deployments.apps/web -A", true,
			`{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview","spec":{"resourceAttributes":{"verb":"list","group":"apps","resource":"deployments","name":"web"}}}`,
			"yes\n", 0, ""},
		{"auth can-i watch Foos -n payments", false,
			`{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview","spec":{"resourceAttributes":{"namespace":"payments","verb":"watch","resource":"Foos"}}}`,
			"no\n", fault.ExitServerError, `no resource type "Foos"`},
		// A cluster-scoped resource is asked about with no namespace, as its requests carry none.
		{"auth can-i list namespaces", true,
			`{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview","spec":{"resourceAttributes":{"verb":"list","resource":"namespaces"}}}`,
			"yes\n", 0, ""},
		{"auth can-i get nodes -n payments", true,
			`{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview","spec":{"resourceAttributes":{"verb":"get","resource":"nodes"}}}`,
			"yes\n", 0, ""},
		{"auth can-i impersonate users", true,
			`{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview","spec":{"resourceAttributes":{"namespace":"shop","verb":"impersonate","resource":"users"}}}`,
			"yes\n", 0, ""},
		{"auth can-i '*' '*'", true,
			`{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview","spec":{"resourceAttributes":{"namespace":"shop","verb":"*","resource":"*"}}}`,
			"yes\n", 0, ""},
		{"auth can-i get /healthz", true,
			`{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview","spec":{"nonResourceAttributes":{"path":"/healthz","verb":"get"}}}`,
			"yes\n", 0, ""},
		{"auth can-i frobnicate pods", false,
			`{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview","spec":{"resourceAttributes":{"namespace":"shop","verb":"frobnicate","resource":"pods"}}}`,
			"no\n", fault.ExitServerError, `"frobnicate" is not a verb`},
	} {
		s, reg := metaSession(t, synth.Basic, kube.Options{})
		var sent string
		reg.Add(metaReview(metaAccessPath, metaAccessAnswer(c.allowed), 200, &sent))
		needsDiscovery := !strings.Contains(c.line, "'*'") && !strings.Contains(c.line, "/healthz")
		if !needsDiscovery {
			s.Client.Discovery(t.Context()) // the stubs expect discovery; these statements need none
		}
		out, errOut, exit := metaRun(t, s, printer.People, c.line)
		if diff := cmp.Diff(c.body, sent); diff != "" {
			t.Errorf("%s: body\n%s", c.line, diff)
		}
		if out != c.out || exit != c.exit || !strings.Contains(errOut, c.notice) || strings.Contains(out+errOut, "SERVER-SAID") {
			t.Errorf("%s: exit %d\nstdout %q\nstderr %q", c.line, exit, out, errOut)
		}
	}
}

func TestCanIRefusesWhatKubectlRefuses(t *testing.T) {
	for _, line := range []string{
		"auth can-i", "auth can-i list", "auth can-i list pods extra", "auth can-i --list pods",
		"auth can-i --list -A", "auth can-i --list --subresource log", "auth can-i list pods --no-headers",
		"auth can-i get /healthz --subresource log", "auth can-i list pods -o json", "auth can-i list pods -n Shop",
	} {
		_, err := ParseLine(line)
		if err == nil || fault.ExitCode(err) != fault.ExitRefused || !strings.Contains(err.Error(), "Nothing was sent") {
			t.Errorf("%s: %v", line, err)
		}
	}
}

const metaRulesAnswer = `{"kind":"SelfSubjectRulesReview","apiVersion":"authorization.k8s.io/v1","status":{
 "resourceRules":[
  {"verbs":["get","list"],"apiGroups":[""],"resources":["pods","secrets"]},
  {"verbs":["get"],"apiGroups":[""],"resources":["secrets"],"resourceNames":["db-password","api-key"]},
  {"verbs":["watch"],"apiGroups":[""],"resources":["pods"]},
  {"verbs":["get"],"apiGroups":["apps"],"resources":["deployments/scale"]},
  {"verbs":["*"],"apiGroups":["*"],"resources":["*"]}],
 "nonResourceRules":[{"verbs":["get"],"nonResourceURLs":["/healthz","/api/*"]},{"verbs":["get"],"nonResourceURLs":["/healthz"]}],
 "incomplete":true,"evaluationError":"SERVER-SAID webhook down"}}`

func TestCanIListPrintsKubectlsRows(t *testing.T) {
	s, reg := metaSession(t, synth.Basic, kube.Options{})
	var sent string
	reg.Add(metaReview(metaRulesPath, metaRulesAnswer, 200, &sent))
	reg.Add(metaReview(metaRulesPath, metaRulesAnswer, 200, &sent))
	s.Client.Discovery(t.Context())
	out, errOut, exit := metaRun(t, s, printer.People, "auth can-i --list -n payments")
	want := `Resources                Non-Resource URLs   Resource Names   Verbs
*.*                      []                  []               [*]
pods                     []                  []               [get list watch]
secrets                  []                  []               [get list]
                         [/api/*]            []               [get]
                         [/healthz]          []               [get]
                         [/healthz]          []               [get]
secrets                  []                  [api-key]        [get]
secrets                  []                  [db-password]    [get]
deployments.apps/scale   []                  []               [get]
`
	if diff := cmp.Diff(want, out); diff != "" || exit != 0 {
		t.Fatalf("exit %d\n%s", exit, diff)
	}
	if body := `{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectRulesReview","spec":{"namespace":"payments"}}`; sent != body {
		t.Fatalf("body %s", sent)
	}
	if !strings.Contains(errOut, "may be incomplete") || strings.Contains(errOut, "SERVER-SAID") {
		t.Fatalf("stderr %q", errOut)
	}
	// Machine mode masks the resource names of the rows that reach Secrets, and only those cells.
	out, _, _ = metaRun(t, s, printer.Machine, "auth can-i --list -n payments --no-headers")
	if strings.Contains(out, "db-password") || strings.Contains(out, "api-key") || strings.Count(out, "<redacted>") != 2 || !strings.Contains(out, "[get list watch]") {
		t.Fatalf("machine mode:\n%s", out)
	}
}

func TestWhoAmIPrintsAttributesAndMasksExtra(t *testing.T) {
	answer := `{"kind":"SelfSubjectReview","apiVersion":"authentication.k8s.io/v1","metadata":{"creationTimestamp":"2026-01-02T03:04:05Z"},
  "status":{"userInfo":{"username":"alice","uid":"u-1","groups":["devs","system:authenticated"],"extra":{"scopes":["read","write"],"acme.dev/team":["payments"]}}}}`
	s, reg := metaSession(t, synth.Basic, kube.Options{})
	var sent string
	reg.Add(&httpstub.Stub{Method: "POST", Path: metaWhoPath, Times: 3, Respond: metaReview(metaWhoPath, answer, 200, &sent).Respond})
	s.Client.Discovery(t.Context())
	out, _, exit := metaRun(t, s, printer.People, "auth whoami")
	want := `ATTRIBUTE              VALUE
Username               alice
UID                    u-1
Groups                 [devs system:authenticated]
Extra: acme.dev/team   [payments]
Extra: scopes          [read write]
`
	if diff := cmp.Diff(want, out); diff != "" || exit != 0 {
		t.Fatalf("exit %d\n%s", exit, diff)
	}
	if sent != `{"apiVersion":"authentication.k8s.io/v1","kind":"SelfSubjectReview"}` {
		t.Fatalf("body %s", sent)
	}
	out, _, _ = metaRun(t, s, printer.Machine, "auth whoami")
	if strings.Contains(out, "payments") || strings.Contains(out, "read write") || strings.Count(out, "<redacted>") != 2 || !strings.Contains(out, "alice") {
		t.Fatalf("machine mode:\n%s", out)
	}
	out, _, _ = metaRun(t, s, printer.People, "auth whoami -o yaml")
	wantYAML := `apiVersion: authentication.k8s.io/v1
kind: SelfSubjectReview
metadata:
  creationTimestamp: "2026-01-02T03:04:05Z"
status:
  userInfo:
    extra:
      acme.dev/team:
      - payments
      scopes:
      - read
      - write
    groups:
    - devs
    - system:authenticated
    uid: u-1
    username: alice
`
	if diff := cmp.Diff(wantYAML, out); diff != "" {
		t.Fatal(diff)
	}
}

func TestWhoAmIOnAServerWithoutSelfSubjectReview(t *testing.T) {
	s, reg := metaSession(t, synth.Basic, kube.Options{})
	var sent string
	reg.Add(metaReview(metaWhoPath, `{"kind":"Status","code":404,"message":"SERVER-SAID not found"}`, 404, &sent))
	s.Client.Discovery(t.Context())
	_, errOut, exit := metaRun(t, s, printer.People, "auth whoami")
	if exit != fault.ExitServerError || errOut != fault.SentenceTooOld {
		t.Fatalf("exit %d: %s", exit, errOut)
	}
}
