package kube

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/studioctl/studioctl/limits"

	"github.com/studioctl/studioctl/fault"
)

// The three self reviews: who this connection is (SelfSubjectReview), whether it may do one thing
// (SelfSubjectAccessReview) and what it may do in one namespace (SelfSubjectRulesReview). Each is a
// POST to one fixed path whose body studioctl builds from typed fields, {apiVersion, kind, spec}
// and nothing else, so no text of a statement can add a field the policy did not expect.

const (
	pathSelfSubjectReview       = "/apis/authentication.k8s.io/v1/selfsubjectreviews"
	pathSelfSubjectAccessReview = "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews"
	pathSelfSubjectRulesReview  = "/apis/authorization.k8s.io/v1/selfsubjectrulesreviews"

	// maxReviewValue bounds each value studioctl puts into a review's spec.
	maxReviewValue = limits.ReviewValueChars
)

// UserInfo is who the API server says this connection is.
type UserInfo struct {
	Username string
	UID      string
	Groups   []string
	Extra    map[string][]string
}

type wireUserInfo struct {
	Username string              `json:"username"`
	UID      string              `json:"uid"`
	Groups   []string            `json:"groups"`
	Extra    map[string][]string `json:"extra"`
}

// WhoAmI asks the API server who this connection is (SelfSubjectReview, authentication.k8s.io/v1).
// It returns the user info and the answer as a document (apiVersion, kind, metadata and
// status.userInfo, nothing else) for -o json and -o yaml. A server that does not serve the review
// runs Kubernetes 1.27 or earlier, and the error says so.
func (c *Client) WhoAmI(ctx context.Context) (UserInfo, map[string]any, error) {
	what := "ask who this connection is (SelfSubjectReview)"
	body := []byte(`{"apiVersion":"authentication.k8s.io/v1","kind":"SelfSubjectReview"}`)
	answer, err := c.do(ctx, &call{method: "POST", path: pathSelfSubjectReview, accept: AcceptJSON, body: body, what: what,
		notFound: func() *fault.Error { return fault.Server(fault.CodeTooOld, 404, fault.SentenceTooOld) }})
	if err != nil {
		return UserInfo{}, nil, err
	}
	var typed struct {
		Kind   string `json:"kind"`
		Status struct {
			UserInfo wireUserInfo `json:"userInfo"`
		} `json:"status"`
	}
	if err := decodeJSON(answer, &typed); err != nil {
		return UserInfo{}, nil, decodeError(what, err)
	}
	if typed.Kind != "SelfSubjectReview" {
		return UserInfo{}, nil, fault.Server(codeMalformed, 200, sprintf(sentenceReviewMalformed, what))
	}
	var raw map[string]any
	if err := decodeJSON(answer, &raw); err != nil || raw == nil {
		return UserInfo{}, nil, decodeError(what, err)
	}
	doc := map[string]any{"apiVersion": "authentication.k8s.io/v1", "kind": "SelfSubjectReview"}
	if md, ok := raw["metadata"].(map[string]any); ok {
		doc["metadata"] = md
	}
	if st, ok := raw["status"].(map[string]any); ok {
		if ui, ok := st["userInfo"].(map[string]any); ok {
			doc["status"] = map[string]any{"userInfo": ui}
		}
	}
	ui := typed.Status.UserInfo
	return UserInfo{Username: ui.Username, UID: ui.UID, Groups: ui.Groups, Extra: ui.Extra}, doc, nil
}

// AccessCheck is one question for a SelfSubjectAccessReview: a verb on a resource (with its
// group, subresource, name and namespace), or a verb on a non-resource URL such as /healthz.
type AccessCheck struct {
	Verb           string
	Namespace      string // "" for every namespace, or a cluster-scoped resource
	Group          string
	Resource       string
	Subresource    string
	Name           string
	NonResourceURL string
}

// AccessAnswer is what the API server decided.
type AccessAnswer struct {
	Allowed bool
	Denied  bool
	// Explained is true when the server gave a reason or an evaluation error; studioctl never
	// repeats either, because they are the authorizer's own words.
	Explained bool
}

func (a AccessCheck) describe() string {
	var b strings.Builder
	b.WriteString("ask whether it may ")
	b.WriteString(a.Verb)
	b.WriteByte(' ')
	if a.NonResourceURL != "" {
		b.WriteString(a.NonResourceURL)
		return b.String()
	}
	b.WriteString(a.Resource)
	if a.Group != "" && a.Group != "*" {
		b.WriteString("." + a.Group)
	}
	if a.Subresource != "" {
		b.WriteString("/" + a.Subresource)
	}
	if a.Name != "" {
		b.WriteString(" " + a.Name)
	}
	if a.Namespace != "" {
		b.WriteString(" in namespace " + a.Namespace)
	}
	return b.String()
}

// reviewValue admits a value studioctl puts into a review: at most 1,024 characters, no control
// characters.
func reviewValue(s string, required bool) bool {
	if s == "" {
		return !required
	}
	if len(s) > maxReviewValue {
		return false
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return false
		}
	}
	return true
}

// CanI asks the API server whether this identity may do one thing (SelfSubjectAccessReview).
func (c *Client) CanI(ctx context.Context, a AccessCheck) (AccessAnswer, error) {
	what := a.describe()
	ok := reviewValue(a.Verb, true)
	if a.NonResourceURL != "" {
		ok = ok && reviewValue(a.NonResourceURL, true) && strings.HasPrefix(a.NonResourceURL, "/") &&
			a.Resource == "" && a.Group == "" && a.Subresource == "" && a.Name == ""
	} else {
		ok = ok && reviewValue(a.Resource, true) && reviewValue(a.Group, false) &&
			reviewValue(a.Subresource, false) && reviewValue(a.Name, false)
	}
	if !ok {
		return AccessAnswer{}, fault.Refusef(codeReviewValue, sentenceReviewValue, what)
	}
	if a.Namespace != "" && !fault.IsDNS1123Label(a.Namespace) {
		return AccessAnswer{}, fault.Refusef(fault.CodeRefusedName, sentenceBadNamespace)
	}
	type resourceAttributes struct {
		Namespace   string `json:"namespace,omitempty"`
		Verb        string `json:"verb"`
		Group       string `json:"group,omitempty"`
		Resource    string `json:"resource,omitempty"`
		Subresource string `json:"subresource,omitempty"`
		Name        string `json:"name,omitempty"`
	}
	type nonResourceAttributes struct {
		Path string `json:"path"`
		Verb string `json:"verb"`
	}
	type spec struct {
		ResourceAttributes    *resourceAttributes    `json:"resourceAttributes,omitempty"`
		NonResourceAttributes *nonResourceAttributes `json:"nonResourceAttributes,omitempty"`
	}
	var s spec
	if a.NonResourceURL != "" {
		s.NonResourceAttributes = &nonResourceAttributes{Path: a.NonResourceURL, Verb: a.Verb}
	} else {
		s.ResourceAttributes = &resourceAttributes{Namespace: a.Namespace, Verb: a.Verb, Group: a.Group,
			Resource: a.Resource, Subresource: a.Subresource, Name: a.Name}
	}
	body, err := json.Marshal(struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
		Spec       spec   `json:"spec"`
	}{"authorization.k8s.io/v1", "SelfSubjectAccessReview", s})
	if err != nil {
		return AccessAnswer{}, fault.Refusef(codeRefusedRequest, sentenceRequestShape, what)
	}
	answer, err := c.do(ctx, &call{method: "POST", path: pathSelfSubjectAccessReview, accept: AcceptJSON, body: body, what: what})
	if err != nil {
		return AccessAnswer{}, err
	}
	var w struct {
		Kind   string `json:"kind"`
		Status struct {
			Allowed         bool   `json:"allowed"`
			Denied          bool   `json:"denied"`
			Reason          string `json:"reason"`
			EvaluationError string `json:"evaluationError"`
		} `json:"status"`
	}
	if err := decodeJSON(answer, &w); err != nil {
		return AccessAnswer{}, decodeError(what, err)
	}
	if w.Kind != "SelfSubjectAccessReview" {
		return AccessAnswer{}, fault.Server(codeMalformed, 200, sprintf(sentenceReviewMalformed, what))
	}
	return AccessAnswer{Allowed: w.Status.Allowed, Denied: w.Status.Denied,
		Explained: w.Status.Reason != "" || w.Status.EvaluationError != ""}, nil
}

// ResourceRule is one rule of a SelfSubjectRulesReview about resources.
type ResourceRule struct {
	Verbs         []string `json:"verbs"`
	APIGroups     []string `json:"apiGroups"`
	Resources     []string `json:"resources"`
	ResourceNames []string `json:"resourceNames"`
}

// NonResourceRule is one rule about non-resource URLs.
type NonResourceRule struct {
	Verbs           []string `json:"verbs"`
	NonResourceURLs []string `json:"nonResourceURLs"`
}

// Rules is what a SelfSubjectRulesReview answered. Incomplete is true when the server said the
// list may miss rules (an authorizer that cannot list them); its own explanation is not kept.
// Its fields carry the review's own JSON names, so a kept review (a snapshot's) decodes into it.
type Rules struct {
	ResourceRules    []ResourceRule    `json:"resourceRules"`
	NonResourceRules []NonResourceRule `json:"nonResourceRules"`
	Incomplete       bool              `json:"incomplete"`
}

// RulesReview asks the API server for every right this identity holds in a namespace
// (SelfSubjectRulesReview).
func (c *Client) RulesReview(ctx context.Context, namespace string) (*Rules, error) {
	what := "list what it may do in namespace " + namespace
	if !fault.IsDNS1123Label(namespace) || namespace == "" {
		return nil, fault.Refusef(fault.CodeRefusedName, sentenceBadNamespace)
	}
	body, err := json.Marshal(map[string]any{
		"apiVersion": "authorization.k8s.io/v1", "kind": "SelfSubjectRulesReview",
		"spec": map[string]string{"namespace": namespace},
	})
	if err != nil {
		return nil, fault.Refusef(codeRefusedRequest, sentenceRequestShape, what)
	}
	answer, err := c.do(ctx, &call{method: "POST", path: pathSelfSubjectRulesReview, accept: AcceptJSON, body: body, what: what})
	if err != nil {
		return nil, err
	}
	var w struct {
		Kind   string `json:"kind"`
		Status Rules  `json:"status"`
	}
	if err := decodeJSON(answer, &w); err != nil {
		return nil, decodeError(what, err)
	}
	if w.Kind != "SelfSubjectRulesReview" {
		return nil, fault.Server(codeMalformed, 200, sprintf(sentenceReviewMalformed, what))
	}
	return &w.Status, nil
}
