package kube

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/policy"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube/discovery"
)

// reviewStub answers a self review with a synthetic body and hands what studioctl sent to check.
func reviewStub(path string, status int, answer string, check func(body string)) *httpstub.Stub {
	return &httpstub.Stub{Method: "POST", Path: path, Respond: func(r *http.Request) (*http.Response, error) {
		b, _ := io.ReadAll(r.Body)
		check(string(b))
		if r.Header.Get("Content-Type") != "application/json" {
			panic("a review goes as JSON")
		}
		return &http.Response{StatusCode: status, Header: http.Header{"Content-Type": {"application/json"}},
			Body: io.NopCloser(strings.NewReader(answer)), Request: r}, nil
	}}
}

// admitted checks that the policy, on its own, admits a body studioctl built.
func admitted(t *testing.T, path, body string) {
	t.Helper()
	if _, err := policy.Check(policy.Request{Method: "POST", Path: path, Body: []byte(body)}, &discovery.Discovery{}); err != nil {
		t.Fatalf("the policy refuses studioctl's own body %s: %v", body, err)
	}
}

func TestWhoAmIReadsTheUserAndKeepsOnlyTheReview(t *testing.T) {
	c, reg := discoveredClient(t, Options{})
	var sent string
	reg.Add(reviewStub(pathSelfSubjectReview, 200, `{"kind":"SelfSubjectReview","apiVersion":"authentication.k8s.io/v1",
		"metadata":{"creationTimestamp":null,"annotations":{"x":"y"}},"extra":"dropped",
		"status":{"userInfo":{"username":"alice","uid":"u-1","groups":["devs"],"extra":{"scopes":["read"]}},"other":1}}`,
		func(b string) { sent = b }))
	ui, doc, err := c.WhoAmI(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	admitted(t, pathSelfSubjectReview, sent)
	want := UserInfo{Username: "alice", UID: "u-1", Groups: []string{"devs"}, Extra: map[string][]string{"scopes": {"read"}}}
	if diff := cmp.Diff(want, ui); diff != "" {
		t.Fatal(diff)
	}
	if _, ok := doc["extra"]; ok || len(doc["status"].(map[string]any)) != 1 || doc["kind"] != "SelfSubjectReview" {
		t.Fatalf("doc %v", doc)
	}
}

func TestWhoAmINotServedMeansTooOld(t *testing.T) {
	c, reg := discoveredClient(t, Options{})
	reg.Add(reviewStub(pathSelfSubjectReview, 404, `{"kind":"Status","reason":"NotFound","message":"SERVER-SAID"}`, func(string) {}))
	_, _, err := c.WhoAmI(context.Background())
	if e := wantCode(t, err, fault.CodeTooOld); e.Sentence != fault.SentenceTooOld || e.Class != fault.ServerError {
		t.Fatalf("%+v", e)
	}
}

func TestCanIBuildsTheReviewFromItsFields(t *testing.T) {
	for _, c := range []struct {
		check AccessCheck
		body  string
	}{
		{AccessCheck{Verb: "list", Namespace: "shop", Resource: "pods"},
			`{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview","spec":{"resourceAttributes":{"namespace":"shop","verb":"list","resource":"pods"}}}`},
		{AccessCheck{Verb: "get", Group: "apps", Resource: "deployments", Subresource: "scale", Name: "web"},
			`{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview","spec":{"resourceAttributes":{"verb":"get","group":"apps","resource":"deployments","subresource":"scale","name":"web"}}}`},
		// A name with quotes and a brace stays a JSON string value: it cannot add a field.
		{AccessCheck{Verb: "get", Namespace: "shop", Resource: "secrets", Name: `x","verb":"delete"}`},
			`{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview","spec":{"resourceAttributes":{"namespace":"shop","verb":"get","resource":"secrets","name":"x\",\"verb\":\"delete\"}"}}}`},
		{AccessCheck{Verb: "get", NonResourceURL: "/healthz"},
			`{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview","spec":{"nonResourceAttributes":{"path":"/healthz","verb":"get"}}}`},
	} {
		cl, reg := discoveredClient(t, Options{})
		var sent string
		reg.Add(reviewStub(pathSelfSubjectAccessReview, 200,
			`{"kind":"SelfSubjectAccessReview","status":{"allowed":false,"denied":true,"reason":"SERVER-SAID"}}`, func(b string) { sent = b }))
		got, err := cl.CanI(context.Background(), c.check)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(c.body, sent); diff != "" {
			t.Errorf("%+v:\n%s", c.check, diff)
		}
		admitted(t, pathSelfSubjectAccessReview, sent)
		if got != (AccessAnswer{Denied: true, Explained: true}) {
			t.Errorf("answer %+v", got)
		}
	}
}

func TestCanIRefusesValuesBeforeSending(t *testing.T) {
	for _, a := range []AccessCheck{
		{Resource: "pods"},
		{Verb: "get"},
		{Verb: "get", Resource: "pods", Name: "bad\x07name"},
		{Verb: "get", Resource: strings.Repeat("x", 1025)},
		{Verb: "get", NonResourceURL: "healthz"},
		{Verb: "get", NonResourceURL: "/healthz", Resource: "pods"},
		{Verb: "get", Resource: "pods", Namespace: "Not_A_Label"},
	} {
		c, reg := discoveredClient(t, Options{})
		before := reg.Count()
		_, err := c.CanI(context.Background(), a)
		if e, ok := fault.As(err); !ok || e.Class != fault.Refused {
			t.Errorf("%+v: %v", a, err)
		}
		if reg.Count() != before {
			t.Errorf("%+v: a request was sent", a)
		}
	}
}

func TestRulesReviewReadsRulesAndNotTheServersWords(t *testing.T) {
	c, reg := discoveredClient(t, Options{})
	var sent string
	reg.Add(reviewStub(pathSelfSubjectRulesReview, 200, `{"kind":"SelfSubjectRulesReview","status":{
		"resourceRules":[{"verbs":["get"],"apiGroups":[""],"resources":["secrets"],"resourceNames":["a"]}],
		"nonResourceRules":[{"verbs":["get"],"nonResourceURLs":["/healthz"]}],
		"incomplete":true,"evaluationError":"SERVER-SAID"}}`, func(b string) { sent = b }))
	got, err := c.RulesReview(context.Background(), "shop")
	if err != nil {
		t.Fatal(err)
	}
	admitted(t, pathSelfSubjectRulesReview, sent)
	want := &Rules{
		ResourceRules:    []ResourceRule{{Verbs: []string{"get"}, APIGroups: []string{""}, Resources: []string{"secrets"}, ResourceNames: []string{"a"}}},
		NonResourceRules: []NonResourceRule{{Verbs: []string{"get"}, NonResourceURLs: []string{"/healthz"}}},
		Incomplete:       true,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatal(diff)
	}
}

func TestReviewAnswerOfAnotherKindIsNotRead(t *testing.T) {
	c, reg := discoveredClient(t, Options{})
	reg.Add(reviewStub(pathSelfSubjectAccessReview, 200, `{"kind":"Status","status":{"allowed":true}}`, func(string) {}))
	_, err := c.CanI(context.Background(), AccessCheck{Verb: "get", Resource: "pods", Namespace: "shop"})
	wantCode(t, err, codeMalformed)
}
