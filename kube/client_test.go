package kube

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/limits"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube/discovery"
)

const secretToken = "s3cr3t-token-CANARY-7f3a"

// stubClient is a client whose bottom transport is a stub registry already holding discovery.
func stubClient(t *testing.T, opts Options) (*Client, *httpstub.Registry) {
	t.Helper()
	reg := httpstub.New(t)
	api, apis := synth.Discovery(synth.Basic)
	h := http.Header{"Content-Type": {synth.DiscoveryContentType}}
	reg.Add(&httpstub.Stub{Path: "/api", Body: api, Header: h})
	reg.Add(&httpstub.Stub{Path: "/apis", Body: apis, Header: h})
	ep, err := Connection{Host: "cluster.example", Port: 6443, Token: secretToken}.Validate(Switches{})
	if err != nil {
		t.Fatal(err)
	}
	opts.Transport = reg
	return NewClient(ep, opts), reg
}

func pods(t *testing.T, c *Client) discovery.APIResource {
	t.Helper()
	r, err := c.Resolve(context.Background(), "pods")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

type collect struct {
	rows   int
	resets int
}

func (c *collect) Page(t *Table) error { c.rows += len(t.Rows); return nil }
func (c *collect) Reset()              { c.rows = 0; c.resets++ }

func wantCode(t *testing.T, err error, code string) *fault.Error {
	t.Helper()
	e, ok := fault.As(err)
	if !ok {
		t.Fatalf("error %v (%T) is not a studioctl sentence", err, err)
	}
	if e.Code != code {
		t.Fatalf("code = %s, want %s (%s)", e.Code, code, e.Sentence)
	}
	if strings.Contains(e.Sentence, secretToken) || strings.Contains(e.Sentence, "SERVER-SAID") {
		t.Fatalf("sentence repeats a credential or the server's words: %s", e.Sentence)
	}
	return e
}

func table(rows int, cont string) string {
	var rs [][]any
	for i := 0; i < rows; i++ {
		rs = append(rs, []any{fmt.Sprintf("p-%d", i), "1/1"})
	}
	return synth.Table([][3]string{{"Name", "string", "0"}, {"Ready", "string", "0"}}, rs, cont)
}

func TestPagedWalkFollowsContinueTokens(t *testing.T) {
	c, reg := stubClient(t, Options{})
	reg.JSON("/api/v1/namespaces/shop/pods", "limit=500", table(500, "tok1"))
	reg.JSON("/api/v1/namespaces/shop/pods", "limit=500&continue=tok1", table(20, ""))
	got := &collect{}
	if err := c.ListTable(context.Background(), pods(t, c), Scope{Namespace: "shop"}, ListOptions{}, got); err != nil {
		t.Fatal(err)
	}
	if got.rows != 520 {
		t.Fatalf("rows = %d", got.rows)
	}
	if reg.Count() != 4 {
		t.Fatalf("requests = %d, want 2 discovery + 2 pages", reg.Count())
	}
}

func TestRowCapRefusesPastTheCap(t *testing.T) {
	c, reg := stubClient(t, Options{})
	reg.JSON("/api/v1/pods", "limit=500&includeObject=Metadata", table(500, "more"))
	err := c.ListTable(context.Background(), pods(t, c), Scope{AllNamespaces: true}, ListOptions{MaxRows: 500, IncludeObject: "Metadata"}, &collect{})
	e := wantCode(t, err, fault.CodeLimitRows)
	for _, word := range []string{"500", "--max-rows", "-l", "--field-selector"} {
		if !strings.Contains(e.Sentence, word) {
			t.Errorf("sentence lacks %q: %s", word, e.Sentence)
		}
	}
}

func TestEndlessContinueTokensStopAtTheCap(t *testing.T) {
	c, reg := stubClient(t, Options{})
	n := 0
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "*", Times: 10, Respond: func(r *http.Request) (*http.Response, error) {
		n++
		return jsonResponse(r, 200, table(500, "tok"+strconv.Itoa(n))), nil
	}})
	err := c.ListTable(context.Background(), pods(t, c), Scope{Namespace: "shop"}, ListOptions{}, &collect{})
	wantCode(t, err, fault.CodeLimitRows)
}

func TestRepeatedContinueTokenIsMalformed(t *testing.T) {
	c, reg := stubClient(t, Options{})
	reg.JSON("/api/v1/namespaces/shop/pods", "limit=500", table(1, "same"))
	reg.JSON("/api/v1/namespaces/shop/pods", "limit=500&continue=same", table(1, "same"))
	wantCode(t, c.ListTable(context.Background(), pods(t, c), Scope{Namespace: "shop"}, ListOptions{}, &collect{}), codeMalformed)
}

func TestGoneRestartsTheWalkOnceThenFails(t *testing.T) {
	c, reg := stubClient(t, Options{})
	reg.JSON("/api/v1/namespaces/shop/pods", "limit=500", table(500, "t1"))
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "limit=500&continue=t1", Status: 410, Body: `{"kind":"Status","reason":"Expired","message":"SERVER-SAID"}`, Times: 2})
	reg.JSON("/api/v1/namespaces/shop/pods", "limit=500", table(500, "t1"))
	got := &collect{}
	err := c.ListTable(context.Background(), pods(t, c), Scope{Namespace: "shop"}, ListOptions{}, got)
	wantCode(t, err, fault.CodeGone)
	if got.resets != 1 {
		t.Fatalf("resets = %d, want 1", got.resets)
	}
}

// A walk whose pages were printed as they came (NoRestart) does not start again on 410 Gone: it
// fails at once with a sentence that says part was printed (the stub fails on the unused first
// page a restart would read).
func TestGoneWithNoRestartFailsWithoutRestarting(t *testing.T) {
	c, reg := stubClient(t, Options{})
	reg.JSON("/api/v1/namespaces/shop/pods", "limit=500", table(500, "t1"))
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "limit=500&continue=t1", Status: 410, Body: `{"kind":"Status","reason":"Expired","message":"SERVER-SAID"}`})
	got := &collect{}
	err := c.ListTable(context.Background(), pods(t, c), Scope{Namespace: "shop"}, ListOptions{NoRestart: true}, got)
	wantCode(t, err, fault.CodeGone)
	if got.resets != 0 || !strings.Contains(err.Error(), "after part of it was printed") {
		t.Fatalf("resets = %d, error %q", got.resets, err)
	}
}

func jsonResponse(r *http.Request, status int, body string) *http.Response {
	return &http.Response{StatusCode: status, Header: http.Header{"Content-Type": {"application/json"}}, Body: io.NopCloser(strings.NewReader(body)), Request: r}
}

func TestTooManyRequestsWaitsOnceWithinTheDeadline(t *testing.T) {
	var slept []time.Duration
	c, reg := stubClient(t, Options{Sleep: func(_ context.Context, d time.Duration) error { slept = append(slept, d); return nil }})
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "limit=500", Status: 429, Header: http.Header{"Retry-After": {"60"}}})
	reg.JSON("/api/v1/namespaces/shop/pods", "limit=500", table(1, ""))
	if err := c.ListTable(context.Background(), pods(t, c), Scope{Namespace: "shop"}, ListOptions{}, &collect{}); err != nil {
		t.Fatal(err)
	}
	if len(slept) != 1 || slept[0] != 5*time.Second {
		t.Fatalf("slept %v, want one wait of 5s (the cap)", slept)
	}
}

func TestTooManyRequestsTwiceIsASentence(t *testing.T) {
	var slept []time.Duration
	c, reg := stubClient(t, Options{Sleep: func(_ context.Context, d time.Duration) error { slept = append(slept, d); return nil }})
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "limit=500", Status: 429, Times: 2})
	wantCode(t, c.ListTable(context.Background(), pods(t, c), Scope{Namespace: "shop"}, ListOptions{}, &collect{}), codeTooManyRequests)
	if len(slept) != 1 || slept[0] != time.Second {
		t.Fatalf("slept %v, want one default wait of 1s", slept)
	}
}

func TestTooManyRequestsPastTheDeadlineDoesNotWait(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c, reg := stubClient(t, Options{RequestTimeout: 2 * time.Second, Now: func() time.Time { return now },
		Sleep: func(context.Context, time.Duration) error { t.Fatal("slept past the deadline"); return nil }})
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "limit=500", Status: 429, Header: http.Header{"Retry-After": {"4"}}})
	r := pods(t, c)
	// The deadline is measured on the real clock by context; the fake clock is far behind it, so
	// make the wait land after the deadline by moving the fake clock forward.
	now = time.Now().Add(time.Hour)
	wantCode(t, c.ListTable(context.Background(), r, Scope{Namespace: "shop"}, ListOptions{}, &collect{}), codeTooManyRequests)
}

func TestServerAnswersBecomeSentences(t *testing.T) {
	echo := `{"kind":"Status","reason":"Forbidden","message":"SERVER-SAID user ` + secretToken + ` cannot"}`
	cases := []struct {
		status int
		body   string
		code   string
		words  []string
	}{
		{401, echo, fault.CodeUnauthorized, []string{"401", "expired"}},
		{403, echo, fault.CodeForbidden, []string{"403", "list pods in namespace shop"}},
		{404, echo, fault.CodeNotFound, []string{"404"}},
		{500, `{"kind":"Status","reason":"InternalError","message":"SERVER-SAID"}`, codeServerError, []string{"500", "InternalError"}},
		{503, `<html>SERVER-SAID</html>`, codeServerError, []string{"503"}},
		{422, `{"kind":"Status","reason":"SERVER-SAID with spaces"}`, codeServerError, []string{"422"}},
		{302, ``, codeRedirect, []string{"redirect", "does not follow"}},
		{307, ``, codeRedirect, []string{"307"}},
	}
	for _, tc := range cases {
		t.Run(strconv.Itoa(tc.status), func(t *testing.T) {
			c, reg := stubClient(t, Options{})
			reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "limit=500", Status: tc.status, Body: tc.body, Header: http.Header{"Location": {"https://elsewhere.example/steal"}}})
			e := wantCode(t, c.ListTable(context.Background(), pods(t, c), Scope{Namespace: "shop"}, ListOptions{}, &collect{}), tc.code)
			for _, w := range tc.words {
				if !strings.Contains(e.Sentence, w) {
					t.Errorf("sentence lacks %q: %s", w, e.Sentence)
				}
			}
		})
	}
}

func TestAnonymousSentencesComeFromTheConnection(t *testing.T) {
	reg := httpstub.New(t)
	reg.Add(&httpstub.Stub{Path: "/api", Status: 403, Body: `{"kind":"Status","reason":"Forbidden"}`})
	ep, _ := Connection{Host: "cluster.example"}.Validate(Switches{})
	c := NewClient(ep, Options{Transport: reg})
	_, err := c.RefreshDiscovery(context.Background())
	e := wantCode(t, err, fault.CodeForbidden)
	if !strings.Contains(e.Sentence, "anonymous") || !strings.Contains(e.Sentence, "read the API's discovery at /api") {
		t.Fatalf("sentence: %s", e.Sentence)
	}
}

func TestHostileBodies(t *testing.T) {
	deep := strings.Repeat("[", 1001) + strings.Repeat("]", 1001)
	cases := []struct {
		name string
		body func() io.Reader
		code string
	}{
		{"over the byte cap", func() io.Reader { return io.LimitReader(zeroes{}, limits.MaxResponseBytes+10) }, codeLimitResponse},
		{"deep nesting", func() io.Reader { return strings.NewReader(`{"kind":"Table","rows":` + deep + `}`) }, codeLimitNesting},
		{"malformed json", func() io.Reader { return strings.NewReader(`{"kind":"Table","rows":[`) }, codeMalformed},
		{"html", func() io.Reader { return strings.NewReader(`<html><body>SERVER-SAID</body></html>`) }, codeMalformed},
		{"two documents", func() io.Reader { return strings.NewReader(`{"kind":"Table"}{"kind":"Table"}`) }, codeMalformed},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, reg := stubClient(t, Options{})
			reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "limit=500", Respond: func(r *http.Request) (*http.Response, error) {
				return &http.Response{StatusCode: 200, Header: http.Header{}, Body: io.NopCloser(tc.body()), Request: r}, nil
			}})
			wantCode(t, c.ListTable(context.Background(), pods(t, c), Scope{Namespace: "shop"}, ListOptions{}, &collect{}), tc.code)
		})
	}
}

type zeroes struct{}

func (zeroes) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

// blockingBody never sends a byte until the request's context ends: a server that goes silent
// (or drips slower than the deadline).
type blockingBody struct{ ctx context.Context }

func (b blockingBody) Read([]byte) (int, error) { <-b.ctx.Done(); return 0, b.ctx.Err() }
func (b blockingBody) Close() error             { return nil }

func TestSilentBodyEndsAtTheDeadline(t *testing.T) {
	c, reg := stubClient(t, Options{RequestTimeout: 50 * time.Millisecond})
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "limit=500", Respond: func(r *http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: 200, Header: http.Header{}, Body: blockingBody{r.Context()}, Request: r}, nil
	}})
	r := pods(t, c)
	start := time.Now()
	err := c.ListTable(context.Background(), r, Scope{Namespace: "shop"}, ListOptions{}, &collect{})
	e := wantCode(t, err, codeTimeout)
	if time.Since(start) > 5*time.Second {
		t.Fatalf("took %v", time.Since(start))
	}
	if !strings.Contains(e.Sentence, "did not answer the request to list pods in namespace shop") {
		t.Fatalf("sentence: %s", e.Sentence)
	}
}

func TestSwitchingProtocolsIsRefused(t *testing.T) {
	c, reg := stubClient(t, Options{})
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "limit=500", Status: 101})
	wantCode(t, c.ListTable(context.Background(), pods(t, c), Scope{Namespace: "shop"}, ListOptions{}, &collect{}), codeSwitchingProtocols)
}

func TestNamesAreCheckedBeforeAnyRequest(t *testing.T) {
	c, reg := stubClient(t, Options{})
	r := pods(t, c)
	before := reg.Count()
	for _, name := range []string{"../secrets", "a/b", "a%2F", "..", "a b", "a\x00", "x?watch=true", "é"} {
		_, err := c.GetObject(context.Background(), r, "shop", name)
		wantCode(t, err, fault.CodeRefusedName)
	}
	_, err := c.GetObject(context.Background(), r, "../kube-system", "x")
	wantCode(t, err, fault.CodeRefusedName)
	if reg.Count() != before {
		t.Fatalf("a refused name reached the transport")
	}
}

// TestNoProxyFromTheEnvironment: with HTTPS_PROXY pointing at a listener, the request still goes
// straight to the server and the proxy sees nothing.
func TestNoProxyFromTheEnvironment(t *testing.T) {
	var proxied atomic.Int32
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { proxied.Add(1) }))
	defer proxy.Close()
	t.Setenv("HTTPS_PROXY", proxy.URL)
	t.Setenv("HTTP_PROXY", proxy.URL)
	t.Setenv("NO_PROXY", "")
	srv, c := tlsServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"gitVersion":"v1.37.2"}`))
	}))
	defer srv.Close()
	if _, err := c.ServerVersion(context.Background()); err != nil {
		t.Fatal(err)
	}
	if proxied.Load() != 0 {
		t.Fatal("the request went through the environment's proxy")
	}
}

func tlsServer(t *testing.T, h http.Handler) (*httptest.Server, *Client) {
	t.Helper()
	return tlsServerWithin(t, h, 5*time.Second)
}

// tlsServerWithin is tlsServer with the client's request deadline d.
func tlsServerWithin(t *testing.T, h http.Handler, d time.Duration) (*httptest.Server, *Client) {
	t.Helper()
	srv := httptest.NewTLSServer(h)
	host, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	p, _ := strconv.Atoi(port)
	ca := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})
	ep, err := Connection{Host: host, Port: p, Token: secretToken, CAData: ca, TLSServerName: "example.com"}.Validate(Switches{})
	if err != nil {
		t.Fatal(err)
	}
	return srv, NewClient(ep, Options{RequestTimeout: d})
}

func TestRedirectIsNotFollowedOverTheWire(t *testing.T) {
	var hits atomic.Int32
	srv, c := tlsServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		http.Redirect(w, r, "/version?followed=1", http.StatusFound)
	}))
	defer srv.Close()
	_, err := c.ServerVersion(context.Background())
	wantCode(t, err, codeRedirect)
	if hits.Load() != 1 {
		t.Fatalf("server saw %d requests", hits.Load())
	}
}

func TestGzipBombIsCutAtTheCapOnDecompressedBytes(t *testing.T) {
	var bomb bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&bomb, gzip.BestCompression)
	chunk := make([]byte, 1<<20)
	for i := range chunk {
		chunk[i] = ' '
	}
	zw.Write([]byte(`{"gitVersion":"`))
	for i := 0; i < limits.MaxResponseBytes>>20+4; i++ { // 20 MiB of spaces, past the cap, some KiB compressed
		zw.Write(chunk)
	}
	zw.Write([]byte(`"}`))
	zw.Close()
	srv, c := tlsServerWithin(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(bomb.Bytes())
	}), time.Minute) // the cap is the point, not the deadline: under -race on a busy machine 16 MiB take seconds
	defer srv.Close()
	_, err := c.ServerVersion(context.Background())
	if e := wantCode(t, err, codeLimitResponse); e.Class != fault.Refused {
		t.Errorf("a cap reached while reading exits %d, want %d (the contract's caps exit 2)", e.Exit(), fault.ExitRefused)
	}
}

func TestAuthorizationIsSentOnlyByStudioctl(t *testing.T) {
	var got http.Header
	srv, c := tlsServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Header.Clone()
		w.Write([]byte(`{"gitVersion":"v1"}`))
	}))
	defer srv.Close()
	if _, err := c.ServerVersion(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got.Get("Authorization") != "Bearer "+secretToken {
		t.Fatalf("Authorization = %q", got.Get("Authorization"))
	}
	for k := range got {
		if strings.HasPrefix(k, "Impersonate") {
			t.Fatalf("sent %s", k)
		}
	}
	if !strings.HasPrefix(got.Get("User-Agent"), "studioctl/") {
		t.Fatalf("User-Agent = %q", got.Get("User-Agent"))
	}
}

func TestWrongCAIsUnreachable(t *testing.T) {
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer srv.Close()
	host, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	p, _ := strconv.Atoi(port)
	ca := otherCA(t)
	ep, err := Connection{Host: host, Port: p, Token: secretToken, CAData: ca, TLSServerName: "example.com"}.Validate(Switches{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = NewClient(ep, Options{}).ServerVersion(context.Background())
	wantCode(t, err, fault.CodeUnreachableTLS)
}

func TestConnectDeadline(t *testing.T) {
	// A listener that never accepts within the connect deadline is simulated by a resolver seam
	// that blocks until the context ends.
	ep, _ := Connection{Host: "api.cluster.example", Token: secretToken}.Validate(Switches{})
	c := NewClient(ep, Options{ConnectTimeout: 50 * time.Millisecond, RequestTimeout: 100 * time.Millisecond, Resolver: blockingResolver{}})
	_, err := c.ServerVersion(context.Background())
	e, ok := fault.As(err)
	if !ok || e.Class != fault.Unreachable {
		t.Fatalf("err = %v", err)
	}
}

type blockingResolver struct{}

func (blockingResolver) LookupIPAddr(ctx context.Context, host string) ([]net.IPAddr, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

type fixedResolver []net.IPAddr

func (f fixedResolver) LookupIPAddr(context.Context, string) ([]net.IPAddr, error) { return f, nil }

func TestMetadataAddressesAreNeverDialled(t *testing.T) {
	for _, ip := range []string{"169.254.169.254", "::ffff:169.254.169.254", "fe80::1", "fd00:ec2::254", "0.0.0.0", "224.0.0.1"} {
		t.Run(ip, func(t *testing.T) {
			ep, _ := Connection{Host: "innocent.example", Token: secretToken}.Validate(Switches{})
			c := NewClient(ep, Options{Resolver: fixedResolver{{IP: net.ParseIP(ip)}}})
			_, err := c.ServerVersion(context.Background())
			wantCode(t, err, codeConnMetadata)
		})
	}
	if _, err := (Connection{Host: "169.254.169.254"}).Validate(Switches{}); err == nil {
		t.Fatal("a metadata literal validated")
	}
	if _, err := (Connection{Host: "fe80::1%eth0"}).Validate(Switches{}); err == nil {
		t.Fatal("a zoned literal validated")
	}
}

func TestGuardRefusesForeignRequests(t *testing.T) {
	c, reg := stubClient(t, Options{})
	pods(t, c)
	before := reg.Count()
	for _, tc := range []struct{ method, url string }{
		{"GET", "https://evil.example:6443/api"},
		{"DELETE", "https://cluster.example:6443/api/v1/namespaces/shop/pods/x"},
		{"GET", "https://cluster.example:6443/api/v1/namespaces/shop/pods/x/exec?command=sh"},
		{"GET", "https://cluster.example:6443/api/v1/namespaces/shop/pods?limit=500&limit=1"},
	} {
		req, _ := http.NewRequest(tc.method, tc.url, nil)
		if _, err := c.hc.Do(req); err == nil {
			t.Errorf("%s %s went through", tc.method, tc.url)
		}
	}
	req, _ := http.NewRequest("GET", "https://cluster.example:6443/api", nil)
	req.Header.Set("Impersonate-User", "admin")
	if _, err := c.hc.Do(req); err == nil {
		t.Error("a request with an impersonation header went through")
	}
	if reg.Count() != before {
		t.Fatal("a refused request reached the transport")
	}
}

func TestDiscoveryDiskCacheIsPrivateAndWarm(t *testing.T) {
	dir := t.TempDir()
	c, _ := stubClient(t, Options{CacheDir: dir})
	if _, err := c.Resolve(context.Background(), "deploy"); err != nil {
		t.Fatal(err)
	}
	// A second client (a second run) reads the cache and sends nothing.
	reg := httpstub.New(t)
	c2 := NewClient(c.ep, Options{Transport: reg, CacheDir: dir})
	r, err := c2.Resolve(context.Background(), "deployments.apps")
	if err != nil || r.Kind != "Deployment" {
		t.Fatalf("%v %v", r, err)
	}
	if reg.Count() != 0 {
		t.Fatal("warm discovery sent a request")
	}
	p := c.cachePath()
	for _, path := range []string{p, strings.TrimSuffix(p, "/"+lastElem(p))} {
		fi, err := osStat(path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm()&0o077 != 0 {
			t.Fatalf("%s is %v", path, fi.Mode().Perm())
		}
	}
	if strings.Contains(p, "cluster.example") || strings.Contains(p, secretToken) {
		t.Fatal("the cache path names the server or the token")
	}
}

func TestUnknownTypeRefreshesDiscoveryOnce(t *testing.T) {
	dir := t.TempDir()
	c, _ := stubClient(t, Options{CacheDir: dir})
	if _, err := c.Discovery(context.Background()); err != nil {
		t.Fatal(err)
	}
	reg := httpstub.New(t)
	api, apis := synth.Discovery(synth.Basic)
	h := http.Header{"Content-Type": {synth.DiscoveryContentType}}
	reg.Add(&httpstub.Stub{Path: "/api", Body: api, Header: h})
	reg.Add(&httpstub.Stub{Path: "/apis", Body: apis, Header: h})
	c2 := NewClient(c.ep, Options{Transport: reg, CacheDir: dir})
	_, err := c2.Resolve(context.Background(), "foo")
	e := wantCode(t, err, fault.CodeUnknownType)
	if e.Sentence != `the server doesn't have a resource type "foo"` {
		t.Fatalf("sentence: %s", e.Sentence)
	}
}

func TestResolveLikeKubectl(t *testing.T) {
	api, apis := synth.Discovery(synth.Basic)
	d := &discovery.Discovery{}
	if err := discovery.Parse([]byte(api), synth.DiscoveryContentType, d); err != nil {
		t.Fatal(err)
	}
	if err := discovery.Parse([]byte(apis), synth.DiscoveryContentType, d); err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{
		"pods": "/pods", "pod": "/pods", "po": "/pods", "Pod": "/pods", "PODS": "/pods",
		"deploy": "apps/deployments", "deployment": "apps/deployments", "Deployment": "apps/deployments",
		"deployments.apps": "apps/deployments", "deployments.v1.apps": "apps/deployments", "deploy.apps": "apps/deployments",
		"events": "/events", "ev": "/events", "events.events.k8s.io": "events.k8s.io/events",
		"widgets": "demo.studioctl.dev/widgets", "wg": "demo.studioctl.dev/widgets", "widget.demo.studioctl.dev": "demo.studioctl.dev/widgets",
		"pods.v1": "/pods", "ns": "/namespaces",
	}
	for in, want := range cases {
		r, ok := d.Resolve(in)
		if !ok || r.Group+"/"+r.Resource != want {
			t.Errorf("%s -> %s/%s %v, want %s", in, r.Group, r.Resource, ok, want)
		}
	}
	for _, in := range []string{"foo", "pods.apps", "deployments.v2.apps", "", "."} {
		if _, ok := d.Resolve(in); ok {
			t.Errorf("%q resolved", in)
		}
	}
}

func TestUnaggregatedDiscoveryIsRefused(t *testing.T) {
	reg := httpstub.New(t)
	reg.JSON("/api", "", `{"kind":"APIVersions","versions":["v1"]}`)
	ep, _ := Connection{Host: "cluster.example", Token: "t"}.Validate(Switches{})
	_, err := NewClient(ep, Options{Transport: reg}).RefreshDiscovery(context.Background())
	wantCode(t, err, fault.CodeNotAggregated)
}

func TestDiscoveryOnlyNarrowsVerbs(t *testing.T) {
	rs := []synth.Resource{{Version: "v1", Resource: "pods", Kind: "Pod", Namespaced: true, Verbs: []string{"create", "delete", "deletecollection", "get", "patch"}, Subresources: map[string][]string{"exec": {"create", "get"}}}}
	api, _ := synth.Discovery(rs)
	d := &discovery.Discovery{}
	if err := discovery.Parse([]byte(api), "", d); err != nil {
		t.Fatal(err)
	}
	_, verbs, _ := d.Lookup("", "v1", "pods", "")
	if fmt.Sprint(verbs) != "[get]" {
		t.Fatalf("verbs = %v", verbs)
	}
}

var _ = errors.New

// otherCA makes a self-signed CA certificate that signed nothing the test server holds.
func otherCA(t *testing.T) []byte {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "other-ca"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), IsCA: true,
		KeyUsage: x509.KeyUsageCertSign, BasicConstraintsValid: true}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
}
