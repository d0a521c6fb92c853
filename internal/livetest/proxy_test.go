package livetest

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/policy"
)

// loggingProxy is a loopback TLS reverse proxy in front of the live API server: it keeps every
// request's method, path, query and (for a POST) body, and the identity whose bearer token the
// request carried, then passes the request on unchanged. It forwards only what a reader could
// send (GET, and POST to the self reviews): anything else is kept and answered 405 without
// reaching the shared cluster, and the test that reads the log fails on it.
type loggingProxy struct {
	srv      *httptest.Server
	upstream *url.URL
	tokens   map[string]string // bearer token → identity
	mu       sync.Mutex
	log      []proxied
}

// proxied is one request the proxy saw.
type proxied struct {
	Method, Path, RawQuery, Identity string
	Body                             []byte
}

// maxProxiedBody bounds the POST body the proxy keeps (a self review is a few hundred bytes).
const maxProxiedBody = 64 << 10

// startLoggingProxy starts the proxy in front of the server the admin kubeconfig names, trusting
// that kubeconfig's CA, and learns each identity's bearer token to tag the requests with.
func startLoggingProxy(t *testing.T, identities []string) *loggingProxy {
	t.Helper()
	admin := readKubeconfigMap(t, kubeconfigPath("admin"))
	server, caData := kubeconfigCluster(t, admin)
	upstream, err := url.Parse(server)
	if err != nil {
		t.Fatal(err)
	}
	pemCA, err := base64.StdEncoding.DecodeString(caData)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pemCA) {
		t.Fatal("the admin kubeconfig's CA is not PEM")
	}
	p := &loggingProxy{upstream: upstream, tokens: map[string]string{}}
	for _, id := range identities {
		p.tokens[kubeconfigToken(t, readKubeconfigMap(t, kubeconfigPath(id)))] = id
	}
	rp := &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.SetURL(upstream)
			r.Out.Host = upstream.Host
		},
		Transport:     &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}, Proxy: nil},
		FlushInterval: -1,
		ErrorLog:      nil,
	}
	p.srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		entry := proxied{Method: r.Method, Path: r.URL.Path, RawQuery: r.URL.RawQuery}
		tok, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		entry.Identity = p.tokens[tok]
		if entry.Identity == "" {
			entry.Identity = "unknown"
		}
		if r.Body != nil {
			body, _ := io.ReadAll(io.LimitReader(r.Body, maxProxiedBody+1))
			r.Body = io.NopCloser(bytes.NewReader(body))
			if r.Method == http.MethodPost {
				entry.Body = body
			}
		}
		p.mu.Lock()
		p.log = append(p.log, entry)
		p.mu.Unlock()
		if r.Method != http.MethodGet && r.Method != http.MethodPost {
			http.Error(w, "the logging proxy forwards reads only", http.StatusMethodNotAllowed)
			return
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(p.srv.Close)
	return p
}

// requests answers a copy of the log.
func (p *loggingProxy) requests() []proxied {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]proxied(nil), p.log...)
}

// count is how many requests carried identity's token.
func (p *loggingProxy) count(identity string) int {
	n := 0
	for _, r := range p.requests() {
		if r.Identity == identity {
			n++
		}
	}
	return n
}

// kubeconfigFor writes a copy of identity's kubeconfig that points at the proxy and trusts the
// proxy's certificate, and answers its path.
func (p *loggingProxy) kubeconfigFor(t *testing.T, dir, identity string) string {
	t.Helper()
	kc := readKubeconfigMap(t, kubeconfigPath(identity))
	cluster := kubeconfigClusterMap(t, kc)
	cert := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: p.srv.Certificate().Raw})
	cluster["server"] = p.srv.URL
	cluster["certificate-authority-data"] = base64.StdEncoding.EncodeToString(cert)
	data, err := yaml.Marshal(kc)
	if err != nil {
		t.Fatal(err)
	}
	path := fmt.Sprintf("%s/%s-proxied.kubeconfig", dir, identity)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// admitted checks one logged request with the allowlist, as the guard would have: its method,
// path, decoded query pairs in order and body, against discovery.
func (r proxied) admitted(res policy.Resources) (*policy.Admitted, error) {
	var pairs []policy.Pair
	if r.RawQuery != "" {
		for _, part := range strings.Split(r.RawQuery, "&") {
			k, v, _ := strings.Cut(part, "=")
			key, err := url.QueryUnescape(k)
			if err != nil {
				return nil, err
			}
			value, err := url.QueryUnescape(v)
			if err != nil {
				return nil, err
			}
			pairs = append(pairs, policy.Pair{Key: key, Value: value})
		}
	}
	return policy.Check(policy.Request{Method: r.Method, Path: r.Path, Query: pairs, Body: r.Body}, res)
}

// doorKnocked names a write method or a dangerous subresource or route in a logged request
// ("" when it has none): what a read-only agent must never reach, whatever the allowlist says.
func (r proxied) doorKnocked() string {
	if r.Method != http.MethodGet && r.Method != http.MethodPost {
		return "the method " + r.Method
	}
	for _, seg := range strings.Split(r.Path, "/") {
		switch seg {
		case "exec", "attach", "proxy", "portforward", "eviction", "token", "binding", "ephemeralcontainers":
			return "the " + seg + " path"
		}
	}
	q, _ := url.ParseQuery(r.RawQuery)
	switch {
	case q.Has("watch"):
		return "a watch"
	case q.Get("follow") == "true":
		return "a follow"
	case r.Method == http.MethodPost && !strings.HasPrefix(r.Path, "/apis/authorization.k8s.io/") && !strings.HasPrefix(r.Path, "/apis/authentication.k8s.io/"):
		return "a POST outside the self reviews"
	}
	return ""
}

// readKubeconfigMap reads a kubeconfig as YAML data.
func readKubeconfigMap(t *testing.T, path string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var kc map[string]any
	if err := yaml.Unmarshal(data, &kc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return kc
}

// kubeconfigClusterMap is the one cluster entry of a live-state kubeconfig.
func kubeconfigClusterMap(t *testing.T, kc map[string]any) map[string]any {
	t.Helper()
	clusters, _ := kc["clusters"].([]any)
	if len(clusters) != 1 {
		t.Fatalf("a live kubeconfig holds %d clusters, want 1", len(clusters))
	}
	entry, _ := clusters[0].(map[string]any)
	cluster, _ := entry["cluster"].(map[string]any)
	if cluster == nil {
		t.Fatal("a live kubeconfig's cluster has no fields")
	}
	return cluster
}

// kubeconfigCluster answers the server address and the CA data of a live-state kubeconfig.
func kubeconfigCluster(t *testing.T, kc map[string]any) (server, caData string) {
	t.Helper()
	c := kubeconfigClusterMap(t, kc)
	server, _ = c["server"].(string)
	caData, _ = c["certificate-authority-data"].(string)
	if server == "" || caData == "" {
		t.Fatal("a live kubeconfig's cluster has no server or no CA data")
	}
	return server, caData
}

// kubeconfigToken is the bearer token of a live-state kubeconfig's one user.
func kubeconfigToken(t *testing.T, kc map[string]any) string {
	t.Helper()
	users, _ := kc["users"].([]any)
	if len(users) != 1 {
		t.Fatalf("a live kubeconfig holds %d users, want 1", len(users))
	}
	entry, _ := users[0].(map[string]any)
	user, _ := entry["user"].(map[string]any)
	tok, _ := user["token"].(string)
	if tok == "" {
		t.Fatal("a live kubeconfig's user has no token")
	}
	return tok
}

// TestTheProxyLogCheck runs without a cluster: the check TestMCPLive applies to each logged request
// admits a reader's requests and catches every write method, door and watch (a synthetic
// discovery lists pods with their read verbs and the log subresource).
func TestTheProxyLogCheck(t *testing.T) {
	disc := &discovery.Discovery{Resources: []discovery.APIResource{{Version: "v1", Resource: "pods", Namespaced: true,
		Verbs: []string{"get", "list", "watch"}, Subresources: []discovery.Subresource{{Name: "log", Verbs: []string{"get"}}, {Name: "exec", Verbs: []string{"get", "create"}}}}}}
	admitted := []proxied{
		{Method: "GET", Path: "/api"},
		{Method: "GET", Path: "/api/v1/namespaces/shop/pods", RawQuery: "limit=500&labelSelector=app%3Dweb"},
		{Method: "GET", Path: "/api/v1/namespaces/shop/pods/web-0/log", RawQuery: "container=web&tailLines=20"},
		{Method: "POST", Path: "/apis/authentication.k8s.io/v1/selfsubjectreviews", Body: []byte(`{"apiVersion":"authentication.k8s.io/v1","kind":"SelfSubjectReview"}`)},
	}
	for _, r := range admitted {
		if _, err := r.admitted(disc); err != nil || r.doorKnocked() != "" {
			t.Errorf("%s %s?%s: %v %q", r.Method, r.Path, r.RawQuery, err, r.doorKnocked())
		}
	}
	refused := []proxied{
		{Method: "DELETE", Path: "/api/v1/namespaces/shop/pods/web-0"},
		{Method: "PATCH", Path: "/api/v1/namespaces/shop/pods/web-0"},
		{Method: "POST", Path: "/api/v1/namespaces/shop/pods", Body: []byte(`{}`)},
		{Method: "GET", Path: "/api/v1/namespaces/shop/pods/web-0/exec", RawQuery: "command=sh"},
		{Method: "GET", Path: "/api/v1/namespaces/shop/pods/web-0/portforward"},
		{Method: "GET", Path: "/api/v1/namespaces/shop/pods/web-0/proxy"},
		{Method: "GET", Path: "/api/v1/namespaces/shop/pods", RawQuery: "watch=true"},
		{Method: "GET", Path: "/api/v1/namespaces/shop/pods/web-0/log", RawQuery: "follow=true"},
		{Method: "GET", Path: "/api/v1/namespaces/shop/pods", RawQuery: "limit=500&limit=1"},
	}
	for _, r := range refused {
		_, err := r.admitted(disc)
		door := r.doorKnocked()
		if err == nil && door == "" {
			t.Errorf("%s %s?%s passed the check", r.Method, r.Path, r.RawQuery)
		}
	}
}
