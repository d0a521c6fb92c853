package policy

import (
	"strings"
	"testing"
)

// fakeResources is a small discovery: what a real one lists for these resources.
type fakeResources map[string]struct {
	namespaced bool
	verbs      []string
}

func (f fakeResources) Lookup(group, version, resource, sub string) (bool, []string, bool) {
	key := group + "/" + version + "/" + resource
	if sub != "" {
		key += "/" + sub
	}
	r, ok := f[key]
	return r.namespaced, r.verbs, ok
}

var resources = fakeResources{
	"/v1/pods":                    {true, []string{"get", "list", "watch"}},
	"/v1/pods/log":                {true, []string{"get"}},
	"/v1/pods/exec":               {true, []string{"get"}}, // a lying discovery cannot open exec
	"/v1/secrets":                 {true, []string{"get", "list", "watch"}},
	"/v1/namespaces":              {false, []string{"get", "list", "watch"}},
	"/v1/nodes":                   {false, []string{"get", "list"}},
	"/v1/nodes/proxy":             {false, []string{"get"}},
	"apps/v1/deployments":         {true, []string{"get", "list", "watch"}},
	"apps/v1/deployments/status":  {true, []string{"get", "patch", "update"}},
	"apps/v1/deployments/scale":   {true, []string{"get", "patch", "update"}},
	"/v1/nodes/status":            {false, []string{"patch", "update"}}, // listed without get
	"/v1/pods/resize":             {true, []string{"get", "patch"}},
	"demo.studioctl.dev/v1/gizmo": {true, []string{"get"}},
}

func q(kv ...string) []Pair {
	var out []Pair
	for i := 0; i+1 < len(kv); i += 2 {
		out = append(out, Pair{kv[i], kv[i+1]})
	}
	return out
}

func TestAdmits(t *testing.T) {
	cases := []struct {
		name string
		req  Request
		kind Kind
	}{
		{"core discovery", Request{Method: "GET", Path: "/api"}, KindDiscovery},
		{"group discovery", Request{Method: "GET", Path: "/apis"}, KindDiscovery},
		{"version", Request{Method: "GET", Path: "/version"}, KindVersion},
		{"readyz", Request{Method: "GET", Path: "/readyz"}, KindReadyz},
		{"openapi index", Request{Method: "GET", Path: "/openapi/v3"}, KindOpenAPIIndex},
		{"openapi core doc", Request{Method: "GET", Path: "/openapi/v3/api/v1", Query: q("hash", "ABCDEF0123")}, KindOpenAPIDoc},
		{"openapi group doc", Request{Method: "GET", Path: "/openapi/v3/apis/apps/v1", Query: q("hash", "abc")}, KindOpenAPIDoc},
		{"list pods in a namespace", Request{Method: "GET", Path: "/api/v1/namespaces/shop/pods", Query: q("limit", "500")}, KindList},
		{"list pods everywhere", Request{Method: "GET", Path: "/api/v1/pods", Query: q("limit", "500", "continue", "eyJ2IjoxfQ==", "includeObject", "Metadata")}, KindList},
		{"list with selectors", Request{Method: "GET", Path: "/apis/apps/v1/namespaces/shop/deployments", Query: q("labelSelector", "app in (a,b)", "fieldSelector", "metadata.name=x&limit=9")}, KindList},
		{"get a pod", Request{Method: "GET", Path: "/api/v1/namespaces/shop/pods/web-0"}, KindGet},
		{"a table with whole objects", Request{Method: "GET", Path: "/api/v1/namespaces/shop/secrets", Query: q("limit", "500", "includeObject", "Object")}, KindList},
		{"an object's table with its object", Request{Method: "GET", Path: "/api/v1/namespaces/shop/pods/web-0", Query: q("includeObject", "Object")}, KindGet},
		{"a deployment's status", Request{Method: "GET", Path: "/apis/apps/v1/namespaces/shop/deployments/web/status", Query: q("includeObject", "None")}, KindGet},
		{"a deployment's scale", Request{Method: "GET", Path: "/apis/apps/v1/namespaces/shop/deployments/web/scale"}, KindGet},
		{"get a node", Request{Method: "GET", Path: "/api/v1/nodes/n1"}, KindGet},
		{"get a namespace", Request{Method: "GET", Path: "/api/v1/namespaces/shop"}, KindGet},
		{"get an rbac-style name", Request{Method: "GET", Path: "/api/v1/nodes/system:node:x"}, KindGet},
		{"watch pods", Request{Method: "GET", Path: "/api/v1/namespaces/shop/pods", Query: q("watch", "true", "resourceVersion", "10", "timeoutSeconds", "10")}, KindWatch},
		{"pod log", Request{Method: "GET", Path: "/api/v1/namespaces/shop/pods/web-0/log", Query: q("container", "app", "tailLines", "50", "timestamps", "true")}, KindLog},
		{"followed pod log", Request{Method: "GET", Path: "/api/v1/namespaces/shop/pods/web-0/log", Query: q("container", "app", "follow", "true")}, KindLog},
		{"self subject review", Request{Method: "POST", Path: "/apis/authentication.k8s.io/v1/selfsubjectreviews", Body: []byte(`{"apiVersion":"authentication.k8s.io/v1","kind":"SelfSubjectReview"}`)}, KindSelfReview},
		{"access review", Request{Method: "POST", Path: "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews", Body: []byte(`{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview","spec":{"resourceAttributes":{"verb":"list","resource":"pods"}}}`)}, KindSelfReview},
		{"rules review", Request{Method: "POST", Path: "/apis/authorization.k8s.io/v1/selfsubjectrulesreviews", Body: []byte(`{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectRulesReview","spec":{"namespace":"shop"}}`)}, KindSelfReview},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, err := Check(c.req, resources)
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if a.Kind != c.kind {
				t.Fatalf("kind = %v, want %v", a.Kind, c.kind)
			}
		})
	}
}

func TestRefuses(t *testing.T) {
	review := `{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview"}`
	cases := []struct {
		name string
		req  Request
		rule string // the rule's prefix
	}{
		{"delete", Request{Method: "DELETE", Path: "/api/v1/namespaces/shop/pods/web-0"}, "method"},
		{"put", Request{Method: "PUT", Path: "/api/v1/namespaces/shop/pods/web-0"}, "method"},
		{"patch", Request{Method: "PATCH", Path: "/api/v1/namespaces/shop/pods/web-0"}, "method"},
		{"create a pod", Request{Method: "POST", Path: "/api/v1/namespaces/shop/pods", Body: []byte(`{}`)}, "post.path"},
		{"exec", Request{Method: "GET", Path: "/api/v1/namespaces/shop/pods/web-0/exec", Query: q("command", "sh")}, "subresource.exec"},
		{"attach", Request{Method: "GET", Path: "/api/v1/namespaces/shop/pods/web-0/attach"}, "subresource.attach"},
		{"portforward", Request{Method: "GET", Path: "/api/v1/namespaces/shop/pods/web-0/portforward"}, "subresource.portforward"},
		{"pod proxy", Request{Method: "GET", Path: "/api/v1/namespaces/shop/pods/web-0/proxy"}, "subresource.proxy"},
		{"node proxy", Request{Method: "GET", Path: "/api/v1/nodes/n1/proxy"}, "subresource.proxy"},
		{"node proxy deeper", Request{Method: "GET", Path: "/api/v1/nodes/n1/proxy/configz"}, "path.depth"},
		{"token", Request{Method: "POST", Path: "/api/v1/namespaces/shop/serviceaccounts/default/token", Body: []byte(`{}`)}, "post.path"},
		{"eviction", Request{Method: "POST", Path: "/api/v1/namespaces/shop/pods/web-0/eviction", Body: []byte(`{}`)}, "post.path"},
		{"binding get", Request{Method: "GET", Path: "/api/v1/namespaces/shop/pods/web-0/binding"}, "subresource.binding"},
		{"status of a kind discovery lists none for", Request{Method: "GET", Path: "/api/v1/namespaces/shop/pods/web-0/status"}, "discovery.unknown"},
		{"status without the get verb", Request{Method: "GET", Path: "/api/v1/nodes/n1/status"}, "discovery.verb"},
		{"status without its namespace", Request{Method: "GET", Path: "/apis/apps/v1/deployments/web/status"}, "scope"},
		{"status watched", Request{Method: "GET", Path: "/apis/apps/v1/namespaces/shop/deployments/web/status", Query: q("watch", "true")}, "query.key"},
		{"scale with a selector", Request{Method: "GET", Path: "/apis/apps/v1/namespaces/shop/deployments/web/scale", Query: q("labelSelector", "a=b")}, "query.key"},
		{"status posted", Request{Method: "POST", Path: "/apis/apps/v1/namespaces/shop/deployments/web/status", Body: []byte(`{}`)}, "post.path"},
		{"status put", Request{Method: "PUT", Path: "/apis/apps/v1/namespaces/shop/deployments/web/status"}, "method"},
		{"resize, which get does not read", Request{Method: "GET", Path: "/api/v1/namespaces/shop/pods/web-0/resize"}, "subresource.resize"},
		{"status below status", Request{Method: "GET", Path: "/apis/apps/v1/namespaces/shop/deployments/web/status/x"}, "path.depth"},
		{"log of a node", Request{Method: "GET", Path: "/api/v1/nodes/n1/log"}, "subresource"},
		{"follow a list", Request{Method: "GET", Path: "/api/v1/namespaces/shop/pods", Query: q("follow", "true")}, "query.key"},
		{"follow not a bool", Request{Method: "GET", Path: "/api/v1/namespaces/shop/pods/web-0/log", Query: q("follow", "yes")}, "query.value"},
		{"limit too big", Request{Method: "GET", Path: "/api/v1/pods", Query: q("limit", "501")}, "query.value"},
		{"limit not canonical", Request{Method: "GET", Path: "/api/v1/pods", Query: q("limit", "0500")}, "query.value"},
		{"whole objects in a watch", Request{Method: "GET", Path: "/api/v1/namespaces/shop/secrets", Query: q("watch", "true", "includeObject", "Object")}, "query.value"},
		{"includeObject of another word", Request{Method: "GET", Path: "/api/v1/namespaces/shop/secrets", Query: q("includeObject", "object")}, "query.value"},
		{"repeated key", Request{Method: "GET", Path: "/api/v1/pods", Query: q("limit", "5", "limit", "6")}, "query.repeat"},
		{"dry run key", Request{Method: "GET", Path: "/api/v1/pods", Query: q("dryRun", "All")}, "query.key"},
		{"control in a selector", Request{Method: "GET", Path: "/api/v1/pods", Query: q("labelSelector", "a\r\nX-Evil: 1")}, "query.value"},
		{"a selector on the owner", Request{Method: "GET", Path: "/api/v1/pods", Query: q("labelSelector", "app=web,eai.io/owner>1")}, "query.owner_selector"},
		{"a watch's selector on the owner", Request{Method: "GET", Path: "/api/v1/pods", Query: q("watch", "true", "labelSelector", "!EAI.IO/OWNER")}, "query.owner_selector"},
		{"watch without the verb", Request{Method: "GET", Path: "/api/v1/nodes", Query: q("watch", "true")}, "discovery.verb"},
		{"list without the verb", Request{Method: "GET", Path: "/apis/demo.studioctl.dev/v1/namespaces/a/gizmo"}, "discovery.verb"},
		{"unknown resource", Request{Method: "GET", Path: "/api/v1/namespaces/shop/configmaps"}, "discovery.unknown"},
		{"legacy watch path", Request{Method: "GET", Path: "/api/v1/watch/pods"}, "discovery.unknown"},
		{"cluster kind in a namespace", Request{Method: "GET", Path: "/api/v1/namespaces/shop/nodes"}, "scope"},
		{"namespaced object without namespace", Request{Method: "GET", Path: "/api/v1/pods/web-0"}, "scope"},
		{"dot segment", Request{Method: "GET", Path: "/api/v1/namespaces/shop/pods/.."}, "path.segment"},
		{"double slash", Request{Method: "GET", Path: "/api//v1/pods"}, "path.shape"},
		{"percent", Request{Method: "GET", Path: "/api/v1/namespaces/shop/pods/a%2Fb"}, "path.shape"},
		{"backslash", Request{Method: "GET", Path: `/api/v1/namespaces/shop/pods/a\b`}, "path.shape"},
		{"non-ascii", Request{Method: "GET", Path: "/api/v1/namespaces/shop/pods/wéb"}, "path.segment"},
		{"bad namespace", Request{Method: "GET", Path: "/api/v1/namespaces/Shop/pods"}, "path.namespace"},
		{"openapi v2", Request{Method: "GET", Path: "/openapi/v2"}, "openapi.version"},
		{"openapi bad hash", Request{Method: "GET", Path: "/openapi/v3/api/v1", Query: q("hash", "zz")}, "query.value"},
		{"metrics", Request{Method: "GET", Path: "/metrics"}, "path.route"},
		{"logs endpoint", Request{Method: "GET", Path: "/logs/kube-apiserver.log"}, "path.route"},
		{"debug", Request{Method: "GET", Path: "/debug/pprof/profile"}, "path.route"},
		{"query on discovery", Request{Method: "GET", Path: "/api", Query: q("x", "1")}, "query.key"},
		{"review of another kind", Request{Method: "POST", Path: "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews", Body: []byte(`{"apiVersion":"authorization.k8s.io/v1","kind":"SubjectAccessReview"}`)}, "post.body"},
		{"review with extra field", Request{Method: "POST", Path: "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews", Body: []byte(`{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview","metadata":{"name":"x"}}`)}, "post.body"},
		{"review with trailing data", Request{Method: "POST", Path: "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews", Body: []byte(review + review)}, "post.body"},
		{"review with query", Request{Method: "POST", Path: "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews", Query: q("dryRun", "All"), Body: []byte(review)}, "post.query"},
		{"subject access review", Request{Method: "POST", Path: "/apis/authorization.k8s.io/v1/subjectaccessreviews", Body: []byte(review)}, "post.path"},
		{"get with a body", Request{Method: "GET", Path: "/api", Body: []byte("x")}, "body.get"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Check(c.req, resources)
			if err == nil {
				t.Fatal("admitted")
			}
			r, ok := err.(*Refusal)
			if !ok {
				t.Fatalf("error %T is not a Refusal", err)
			}
			if !strings.HasPrefix(r.Rule, c.rule) {
				t.Fatalf("rule = %q, want %q", r.Rule, c.rule)
			}
		})
	}
}

// FuzzCheck: whatever the request, the policy never panics, never admits a method other than GET
// or a POST outside the three reviews, and never admits a path naming a dangerous subresource.
func FuzzCheck(f *testing.F) {
	f.Add("GET", "/api/v1/namespaces/shop/pods/web-0/log", "container", "app", []byte(nil))
	f.Add("POST", "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews", "", "", []byte(`{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview"}`))
	f.Add("GET", "/api/v1/nodes/n1/proxy", "limit", "5", []byte(nil))
	f.Add("GET", "/apis/apps/v1/namespaces/shop/deployments/web/scale", "includeObject", "Object", []byte(nil))
	f.Add("GET", "/api/v1/pods", "includeObject", "Object", []byte(nil))
	f.Add("GET", "/api/v1/pods", "watch", "true", []byte(nil))
	f.Add("GET", "/livez", "verbose", "1", []byte(nil))
	f.Fuzz(func(t *testing.T, method, path, key, value string, body []byte) {
		var query []Pair
		if key != "" {
			query = q(key, value)
		}
		a, err := Check(Request{Method: method, Path: path, Query: query, Body: body}, resources)
		if err != nil {
			return
		}
		if method != "GET" && !(method == "POST" && a.Kind == KindSelfReview) {
			t.Fatalf("admitted %s %s", method, path)
		}
		for _, bad := range []string{"/exec", "/attach", "/portforward", "/proxy", "/token", "/eviction", "/binding"} {
			if strings.Contains(path, bad) && a.Kind != KindList && a.Kind != KindGet {
				t.Fatalf("admitted %s", path)
			}
		}
		if a.Kind == KindGet && a.Subresource != "" && (!IsGetSubresource(a.Subresource) || a.Name == "") {
			t.Fatalf("admitted a subresource get: %s", path)
		}
		if a.Subresource != "" && a.Kind != KindGet && a.Kind != KindLog {
			t.Fatalf("admitted a subresource %v: %s", a.Kind, path)
		}
		if (key == "follow" && a.Kind != KindLog) || (key == "includeObject" && value == "Object" && a.Kind != KindList && a.Kind != KindGet) {
			t.Fatalf("admitted query %s=%s", key, value)
		}
		if key == "includeObject" && value != "Object" && value != "Metadata" && value != "None" {
			t.Fatalf("admitted includeObject=%q", value)
		}
	})
}
