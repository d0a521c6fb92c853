// Package httpstub is a registry of canned HTTP answers for tests, in the manner of the gh CLI's:
// each stub matches one request, a request no stub matches fails the test, and a stub that was
// never used fails it too, so a test states exactly which requests a statement makes.
package httpstub

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// Stub is one expected request and its answer.
type Stub struct {
	Method string
	Path   string // exact path
	Query  string // exact raw query; "*" matches any
	Status int
	Header http.Header
	Body   string
	// Respond, when set, builds the answer instead of Status/Body (hostile bodies, blocking reads).
	Respond func(*http.Request) (*http.Response, error)
	// Times is how many requests the stub answers; 0 means once.
	Times int
	used  int
}

// Registry is an http.RoundTripper answering from stubs.
type Registry struct {
	t     testing.TB
	mu    sync.Mutex
	stubs []*Stub
	Seen  []string // every request, "METHOD path?query", in order
}

// New makes a registry that checks at the end of the test that every stub was used.
func New(t testing.TB) *Registry {
	r := &Registry{t: t}
	t.Cleanup(func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		for _, s := range r.stubs {
			want := s.Times
			if want == 0 {
				want = 1
			}
			if s.used < want {
				t.Errorf("stub never used (%d of %d): %s %s?%s", s.used, want, s.Method, s.Path, s.Query)
			}
		}
	})
	return r
}

// Add registers a stub.
func (r *Registry) Add(s *Stub) *Registry {
	if s.Method == "" {
		s.Method = "GET"
	}
	if s.Status == 0 {
		s.Status = 200
	}
	r.mu.Lock()
	r.stubs = append(r.stubs, s)
	r.mu.Unlock()
	return r
}

// JSON registers a GET answering 200 with a JSON body.
func (r *Registry) JSON(path, query, body string) *Registry {
	return r.Add(&Stub{Path: path, Query: query, Body: body, Header: http.Header{"Content-Type": {"application/json"}}})
}

func (r *Registry) RoundTrip(req *http.Request) (*http.Response, error) {
	key := req.Method + " " + req.URL.Path + "?" + req.URL.RawQuery
	r.mu.Lock()
	r.Seen = append(r.Seen, key)
	var found *Stub
	for _, s := range r.stubs {
		limit := s.Times
		if limit == 0 {
			limit = 1
		}
		if s.used < limit && s.Method == req.Method && s.Path == req.URL.Path && (s.Query == "*" || s.Query == req.URL.RawQuery) {
			found = s
			s.used++
			break
		}
	}
	r.mu.Unlock()
	if found == nil {
		r.t.Errorf("no stub for %s", key)
		return nil, fmt.Errorf("httpstub: no stub for %s", key)
	}
	if found.Respond != nil {
		return found.Respond(req)
	}
	h := found.Header
	if h == nil {
		h = http.Header{}
	}
	return &http.Response{
		StatusCode: found.Status, Header: h, Body: io.NopCloser(strings.NewReader(found.Body)),
		Request: req, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
	}, nil
}

// Count is how many requests reached the registry.
func (r *Registry) Count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.Seen)
}
