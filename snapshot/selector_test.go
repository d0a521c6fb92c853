package snapshot

import (
	"encoding/json"
	"testing"
)

// TestFieldSelector checks the terms, the escapes and the server's table of field labels, the
// reader's own: apivalue reads the grammar.
func TestFieldSelector(t *testing.T) {
	var event map[string]any
	if err := json.Unmarshal([]byte(`{"metadata":{"name":"e1","namespace":"shop"},"involvedObject":{"kind":"Pod","name":"a,b=c","namespace":"shop"},"type":"Warning","source":{"component":"kubelet"}}`), &event); err != nil {
		t.Fatal(err)
	}
	events := Kind{Resource: "events", Namespaced: true}
	cases := map[string]bool{
		`involvedObject.name=a\,b\=c,involvedObject.kind=Pod`: true,
		`involvedObject.name=a`:                               false,
		`type!=Normal`:                                        true,
		`type==Warning,metadata.namespace=shop`:               true,
		`source=kubelet`:                                      true,
		`metadata.name!=e1`:                                   false,
	}
	for sel, want := range cases {
		f, err := parseFieldSelector(sel, events)
		if err != nil {
			t.Errorf("%q: %v", sel, err)
			continue
		}
		if got := f.matches(event); got != want {
			t.Errorf("%q: %v, want %v", sel, got, want)
		}
	}
	if _, err := parseFieldSelector("spec.nodeName=x", events); err == nil {
		t.Errorf("a pod's field label was taken for events")
	}
	if _, err := parseFieldSelector("spec.nodeName=x", Kind{Resource: "pods"}); err != nil {
		t.Errorf("spec.nodeName on pods: %v", err)
	}
	if _, err := parseFieldSelector("spec.color=red", Kind{Group: "example.com", Resource: "widgets"}); err == nil {
		t.Errorf("a custom kind selected on a field the server does not index")
	}
}

// TestAccessReviewOnRules evaluates can-i on a rules review: verbs, groups, resources with
// subresources, resource names and non-resource URLs.
func TestAccessReviewOnRules(t *testing.T) {
	var rs rulesStatus
	if err := json.Unmarshal([]byte(`{"resourceRules":[
		{"verbs":["get","list"],"apiGroups":[""],"resources":["pods","pods/log"]},
		{"verbs":["get"],"apiGroups":["apps"],"resources":["deployments"],"resourceNames":["api"]},
		{"verbs":["*"],"apiGroups":["example.com"],"resources":["*"]}],
		"nonResourceRules":[{"verbs":["get"],"nonResourceURLs":["/healthz","/api/*"]}]}`), &rs); err != nil {
		t.Fatal(err)
	}
	type ra = struct {
		Namespace   string `json:"namespace"`
		Verb        string `json:"verb"`
		Group       string `json:"group"`
		Resource    string `json:"resource"`
		Subresource string `json:"subresource"`
		Name        string `json:"name"`
	}
	res := func(verb, group, resource, sub, name string) accessSpec {
		return accessSpec{ResourceAttributes: &ra{Verb: verb, Group: group, Resource: resource, Subresource: sub, Name: name}}
	}
	url := func(verb, path string) accessSpec {
		s := accessSpec{}
		s.NonResourceAttributes = &struct {
			Path string `json:"path"`
			Verb string `json:"verb"`
		}{path, verb}
		return s
	}
	cases := []struct {
		name string
		spec accessSpec
		want bool
	}{
		{"list pods", res("list", "", "pods", "", ""), true},
		{"delete pods", res("delete", "", "pods", "", ""), false},
		{"get pods/log", res("get", "", "pods", "log", ""), true},
		{"get pods/exec", res("get", "", "pods", "exec", ""), false},
		{"get deployment api", res("get", "apps", "deployments", "", "api"), true},
		{"get deployment web", res("get", "apps", "deployments", "", "web"), false},
		{"list deployments", res("list", "apps", "deployments", "", ""), false},
		{"anything in example.com", res("delete", "example.com", "widgets", "", ""), true},
		{"get /healthz", url("get", "/healthz"), true},
		{"get /api/v1", url("get", "/api/v1"), true},
		{"post /healthz", url("post", "/healthz"), false},
		{"get /metrics", url("get", "/metrics"), false},
	}
	for _, c := range cases {
		if got := rs.allows(c.spec); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
