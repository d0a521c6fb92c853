package policy

import (
	"strings"
	"testing"
)

// get --raw reads the seven fixed paths and nothing else: not an object, a collection, a log, a
// proxy, a metrics or debug endpoint, a path with a query, nor a near spelling of a fixed one.
func TestCheckRawAdmitsOnlyTheFixedPaths(t *testing.T) {
	for _, p := range RawPaths {
		if _, err := CheckRaw(Request{Method: "GET", Path: p}, resources); err != nil {
			t.Errorf("%s refused: %v", p, err)
		}
	}
	refused := []Request{
		{Method: "GET", Path: "/api/v1/pods"},
		{Method: "GET", Path: "/api/v1/namespaces/shop/secrets"},
		{Method: "GET", Path: "/api/v1/namespaces/shop/pods/web-0/log"},
		{Method: "GET", Path: "/api/v1/nodes/n1/proxy"},
		{Method: "GET", Path: "/metrics"},
		{Method: "GET", Path: "/debug/pprof"},
		{Method: "GET", Path: "/logs"},
		{Method: "GET", Path: "/openapi/v2"},
		{Method: "GET", Path: "/openapi/v3/api/v1"},
		{Method: "GET", Path: "/healthz/etcd"},
		{Method: "GET", Path: "/readyz/"},
		{Method: "GET", Path: "/version/"},
		{Method: "GET", Path: "/Version"},
		{Method: "GET", Path: "version"},
		{Method: "GET", Path: "/healthz", Query: q("verbose", "true")},
		{Method: "GET", Path: "/livez", Query: q("exclude", "etcd")},
		{Method: "GET", Path: "/version", Body: []byte("{}")},
		{Method: "POST", Path: "/version"},
		{Method: "DELETE", Path: "/healthz"},
	}
	for _, r := range refused {
		if a, err := CheckRaw(r, resources); err == nil {
			t.Errorf("%s %s ?%v admitted as %v", r.Method, r.Path, r.Query, a.Kind)
		}
	}
}

// /healthz and /livez are routes of their own, with no query.
func TestHealthRoutes(t *testing.T) {
	for _, p := range []string{"/healthz", "/livez"} {
		a, err := Check(Request{Method: "GET", Path: p}, resources)
		if err != nil || a.Kind != KindHealth {
			t.Errorf("%s: %v %v", p, a, err)
		}
		if _, err := Check(Request{Method: "GET", Path: p, Query: q("verbose", "1")}, resources); err == nil {
			t.Errorf("%s?verbose admitted", p)
		}
	}
}

func FuzzCheckRaw(f *testing.F) {
	for _, p := range RawPaths {
		f.Add("GET", p, "", "")
	}
	f.Add("GET", "/api/v1/pods", "", "")
	f.Add("GET", "/healthz/etcd", "", "")
	f.Add("GET", "/livez", "exclude", "etcd")
	f.Add("GET", "/openapi/v3/apis/apps/v1", "hash", "ab")
	f.Add("GET", "/metrics", "", "")
	f.Fuzz(func(t *testing.T, method, path, key, value string) {
		var query []Pair
		if key != "" {
			query = q(key, value)
		}
		a, err := CheckRaw(Request{Method: method, Path: path, Query: query}, resources)
		if err != nil {
			return
		}
		if method != "GET" || len(query) > 0 || !IsRawPath(path) || strings.Count(path, "/") > 2 {
			t.Fatalf("admitted %s %s ?%v as %v", method, path, query, a.Kind)
		}
	})
}
