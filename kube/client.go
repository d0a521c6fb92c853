// Package kube talks HTTP to one Kubernetes API server and nothing else: the connection rules, the
// transport whose guard checks every final request against the allowlist (policy), discovery and
// its disk cache, kubectl's name resolution, paged Table and object reads, logs, watch, OpenAPI
// documents and the self reviews. Secret values are stripped where answers are decoded; errors
// are studioctl's own sentences, never the server's message.
package kube

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/policy"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube/discovery"
)

// Options are the client's seams and settings. Every field has a working zero value.
type Options struct {
	// Transport replaces net/http at the bottom of the chain (a recording or a replay). The
	// allowlist guard always sits above it, so no seam can bypass the policy.
	Transport http.RoundTripper
	// Layer, when set and Transport is not, wraps the net/http transport beneath the guard (a
	// recorder keeping what the real server answers): no caller ever holds an unguarded transport.
	Layer    func(base http.RoundTripper, apiPath string) http.RoundTripper
	Resolver Resolver
	Now      func() time.Time
	Sleep    func(ctx context.Context, d time.Duration) error
	// AfterFunc starts a live stream's idle watch (time.AfterFunc unless a test injects one).
	AfterFunc      func(d time.Duration, f func()) Timer
	RequestTimeout time.Duration // per request, the whole body included; 0 means 30 s
	ConnectTimeout time.Duration // 0 means 10 s
	CacheDir       string        // root of the discovery disk cache; "" keeps discovery in memory only
	UserAgent      string
	// DiscoveryBeta asks for apidiscovery v2beta1 first, the form 1.28 and 1.29 answer, so a
	// newer server's beta answer can be recorded and replayed.
	DiscoveryBeta bool
	// SSHAgent connects to the ssh-agent whose keys sign in to a connection's SSH tunnel (the
	// command line dials SSH_AUTH_SOCK); nil refuses a tunnel. No key is ever read from a file.
	SSHAgent func() (net.Conn, error)
	// Observe, when set, sees every request the guard admits (method, URL, what was admitted),
	// after the policy and before the socket. It never sees the Authorization header's value.
	Observe func(method, url string, adm *policy.Admitted)
}

// Client reads one API server through the allowlist. It is safe for concurrent use.
type Client struct {
	ep       *Endpoint
	opts     Options
	hc       *http.Client
	requests atomic.Int64

	discMu    sync.Mutex
	disc      *discovery.Discovery
	discAt    time.Time
	discFresh bool // disc came from the server during this client's life

	oapi openAPIMemory // OpenAPI documents read during this client's life
}

// NewClient builds a client for a validated endpoint.
func NewClient(ep *Endpoint, opts Options) *Client {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Sleep == nil {
		opts.Sleep = sleepCtx
	}
	if opts.AfterFunc == nil {
		opts.AfterFunc = afterFunc
	}
	if opts.RequestTimeout == 0 {
		opts.RequestTimeout = limits.DefaultRequestTimeout
	}
	if opts.ConnectTimeout == 0 {
		opts.ConnectTimeout = limits.DefaultConnectTimeout
	}
	if opts.UserAgent == "" {
		opts.UserAgent = "studioctl/" + Version
	}
	c := &Client{ep: ep, opts: opts}
	base := opts.Transport
	if base == nil {
		base = newBaseTransport(ep, opts)
	}
	if opts.Transport == nil && opts.Layer != nil {
		base = opts.Layer(base, ep.APIPath)
	}
	g := &guard{ep: ep, resources: discoveryView{c}, base: base, userAgent: opts.UserAgent}
	g.observe = func(r *http.Request, adm *policy.Admitted) {
		c.requests.Add(1)
		if opts.Observe != nil {
			opts.Observe(r.Method, r.URL.String(), adm)
		}
	}
	c.hc = &http.Client{
		Transport:     g,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	return c
}

// Endpoint is the endpoint the client reads.
func (c *Client) Endpoint() *Endpoint { return c.ep }

// Requests counts the requests the guard admitted and sent.
func (c *Client) Requests() int64 { return c.requests.Load() }

// Now is the client's clock (the capture time when replaying).
func (c *Client) Now() time.Time { return c.opts.Now() }

// RequestTimeout is the per-request deadline in force.
func (c *Client) RequestTimeout() time.Duration { return c.opts.RequestTimeout }

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// call is one request as the client composes it. path is below the connection's API path.
type call struct {
	method string
	path   string
	query  url.Values
	order  []string // query keys in the order they are written
	accept string
	body   []byte
	what   string // what the request does, for sentences: "list pods in namespace shop"
	cap    int64
	// notFound composes the 404 sentence; nil uses the generic one.
	notFound func() *fault.Error
	timeout  time.Duration // the deadline in force, for sentences
}

type requestTimeoutKey struct{}

// WithRequestTimeout sets the per-request deadline for the requests made with ctx (a statement's
// --request-timeout), in place of the client's default.
func WithRequestTimeout(ctx context.Context, d time.Duration) context.Context {
	return context.WithValue(ctx, requestTimeoutKey{}, d)
}

func (c *Client) requestTimeout(ctx context.Context) time.Duration {
	if d, ok := ctx.Value(requestTimeoutKey{}).(time.Duration); ok && d > 0 {
		return d
	}
	return c.opts.RequestTimeout
}

func (cl *call) rawQuery() string {
	var b strings.Builder
	for _, k := range cl.order {
		v, ok := cl.query[k]
		if !ok || len(v) == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(url.QueryEscape(k))
		b.WriteByte('=')
		b.WriteString(url.QueryEscape(v[0]))
	}
	return b.String()
}

func (cl *call) set(k, v string) {
	if cl.query == nil {
		cl.query = url.Values{}
	}
	if _, ok := cl.query[k]; !ok {
		cl.order = append(cl.order, k)
	}
	cl.query.Set(k, v)
}

// do sends a call and reads the whole body under its cap.
func (c *Client) do(ctx context.Context, cl *call) ([]byte, error) {
	body, _, err := c.doHeader(ctx, cl)
	return body, err
}

func (c *Client) doHeader(ctx context.Context, cl *call) ([]byte, http.Header, error) {
	resp, cancel, err := c.send(ctx, cl)
	if err != nil {
		return nil, nil, err
	}
	defer cancel()
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, nil, c.readError(ctx, cl, err)
	}
	return body, resp.Header, nil
}

// send sends a call with its deadline and its one 429 retry, and returns a 2xx response whose
// body is capped and must be read before cancel is called.
func (c *Client) send(ctx context.Context, cl *call) (*http.Response, context.CancelFunc, error) {
	cl.timeout = c.requestTimeout(ctx)
	ctx, cancel := context.WithTimeout(ctx, cl.timeout)
	for attempt := 0; ; attempt++ {
		resp, err := c.roundTrip(ctx, cl)
		if err != nil {
			cancel()
			return nil, nil, err
		}
		if resp.StatusCode == http.StatusTooManyRequests && attempt == 0 {
			wait := retryAfter(resp.Header.Get("Retry-After"), c.opts.Now())
			drain(resp)
			if dl, ok := ctx.Deadline(); ok && c.opts.Now().Add(wait).After(dl) {
				cancel()
				return nil, nil, errTooManyRequests(cl.what)
			}
			if err := c.opts.Sleep(ctx, wait); err != nil {
				cancel()
				return nil, nil, c.transportError(ctx, cl, err, true)
			}
			continue
		}
		if resp.StatusCode < 200 || resp.StatusCode > 299 {
			err := c.answerError(cl, resp)
			drain(resp)
			cancel()
			return nil, nil, err
		}
		limit := cl.cap
		if limit == 0 {
			limit = limits.MaxResponseBytes
		}
		resp.Body = &cappedBody{r: resp.Body, left: limit}
		return resp, cancel, nil
	}
}

func drain(resp *http.Response) {
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
}

func (c *Client) roundTrip(ctx context.Context, cl *call) (*http.Response, error) {
	u := c.ep.BaseURL() + cl.path
	if q := cl.rawQuery(); q != "" {
		u += "?" + q
	}
	var body io.Reader
	if cl.body != nil {
		body = bytes.NewReader(cl.body)
	}
	connected := false
	trace := &httptrace.ClientTrace{GotConn: func(httptrace.GotConnInfo) { connected = true }}
	req, err := http.NewRequestWithContext(httptrace.WithClientTrace(ctx, trace), cl.method, u, body)
	if err != nil {
		return nil, fault.Refusef(codeRefusedRequest, sentenceRequestShape, cl.what)
	}
	req.Header.Set("Accept", cl.accept)
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, c.transportError(ctx, cl, err, connected)
	}
	return resp, nil
}

// transportError turns what net/http or the guard said into studioctl's sentence.
func (c *Client) transportError(ctx context.Context, cl *call, err error, connected bool) error {
	var ref *policy.Refusal
	if errors.As(err, &ref) {
		return fault.Refusef(codeRefusedPolicy, sentenceRefusedPolicy, cl.what, ref.Reason)
	}
	if errors.Is(err, fault.ErrNoRecording) {
		return fault.Server(codeReplayMissing, 0, sprintf(sentenceReplayMissing, cl.what))
	}
	if errors.Is(err, fault.ErrReplayEnd) {
		return &fault.Error{Code: CodeReplayEnd, Class: fault.Ended, Sentence: sprintf(sentenceReplayEnd, cl.what)}
	}
	// A reader beneath the guard that refuses its own file (a snapshot entry that cannot be read)
	// composed the sentence itself: a refusal (exit 2), not an unreachable server.
	var own *fault.Error
	if errors.As(err, &own) && (own.Class == fault.Refused || own.Class == fault.Unreachable) {
		return own
	}
	var missing *fault.Missing
	if errors.As(err, &missing) {
		return fault.Server(codeReplayMissing, 0, sprintf(sentenceSnapshotMissing, cl.what, missing.Lacks))
	}
	var de *dialError
	if errors.As(err, &de) {
		switch de.kind {
		case dialErrForbidden:
			return fault.Refusef(codeConnMetadata, sentenceConnMetadata)
		case dialErrDNS:
			return fault.Unreached(codeUnreachableDNS, sprintf(sentenceUnreachableDNS, c.ep.Host))
		}
		if isTimeout(de.err) || errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return fault.Unreached(codeUnreachableConnect, sprintf(sentenceNoConnect, c.ep.hostPort(), fmtDuration(c.opts.ConnectTimeout)))
		}
		return fault.Unreached(codeUnreachableConnect, sprintf(sentenceConnectFailed, c.ep.hostPort()))
	}
	if errors.Is(err, errSwitchingProtocols) {
		return fault.Server(codeSwitchingProtocols, 101, sprintf(sentenceSwitchingProtocols, cl.what))
	}
	var certErr *tls.CertificateVerificationError
	var unknownCA x509.UnknownAuthorityError
	var hostErr x509.HostnameError
	if errors.As(err, &certErr) || errors.As(err, &unknownCA) || errors.As(err, &hostErr) {
		return fault.Unreached(fault.CodeUnreachableTLS, sprintf(sentenceTLSVerify, c.ep.hostPort()))
	}
	if errors.Is(err, context.Canceled) && !errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &fault.Error{Code: fault.CodeCanceled, Sentence: sentenceCanceled, Class: fault.ServerError}
	}
	if errors.Is(err, context.DeadlineExceeded) || isTimeout(err) {
		if !connected {
			return fault.Unreached(codeUnreachableConnect, sprintf(sentenceNoConnect, c.ep.hostPort(), fmtDuration(cl.timeout)))
		}
		return fault.Unreached(codeTimeout, sprintf(sentenceNoAnswer, cl.what, fmtDuration(cl.timeout)))
	}
	var tlsRecord tls.RecordHeaderError
	if errors.As(err, &tlsRecord) {
		return fault.Unreached(fault.CodeUnreachableTLS, sprintf(sentenceNotTLS, c.ep.hostPort()))
	}
	if !connected {
		return fault.Unreached(codeUnreachableConnect, sprintf(sentenceConnectFailed, c.ep.hostPort()))
	}
	return fault.Unreached(codeBrokenAnswer, sprintf(sentenceBrokenAnswer, cl.what))
}

// readError explains a failure while reading a body the server had started to send.
func (c *Client) readError(ctx context.Context, cl *call, err error) error {
	if errors.Is(err, errBodyTooLarge) {
		limit := cl.cap
		if limit == 0 {
			limit = limits.MaxResponseBytes
		}
		// A cap reached while reading: exit 2, as every cap of the contract.
		return &fault.Error{Code: codeLimitResponse, Class: fault.Refused, Status: 200, Sentence: sprintf(sentenceResponseTooLarge, cl.what, humanBytes(limit))}
	}
	return c.transportError(ctx, cl, err, true)
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

var reasonWord = regexp.MustCompile(`^[A-Za-z]{1,64}$`)

// answerReason reads the Status object's reason field, which is an enum; a value that is not one
// plain word is dropped so nothing the server wrote freely is repeated. The message is never read.
func answerReason(resp *http.Response) string {
	var st struct {
		Kind   string `json:"kind"`
		Reason string `json:"reason"`
	}
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if json.Unmarshal(data, &st) != nil || st.Kind != "Status" || !reasonWord.MatchString(st.Reason) {
		return ""
	}
	return st.Reason
}

func (c *Client) answerError(cl *call, resp *http.Response) error {
	code := resp.StatusCode
	status := StatusLine(code)
	switch {
	case code >= 300 && code < 400:
		return fault.Server(codeRedirect, code, sprintf(sentenceRedirect, cl.what, status))
	case code == http.StatusUnauthorized:
		if c.ep.Anonymous && c.ep.Scheme == "https" {
			return fault.Server(fault.CodeUnauthorized, code, sentenceAnonymous401)
		}
		return fault.Server(fault.CodeUnauthorized, code, sentenceExpired401)
	case code == http.StatusForbidden:
		if c.ep.Anonymous && c.ep.Scheme == "https" {
			return fault.Server(fault.CodeForbidden, code, sprintf(sentenceAnonymous403, cl.what))
		}
		return fault.Server(fault.CodeForbidden, code, sprintf(sentenceForbidden, cl.what))
	case code == http.StatusNotFound:
		if cl.notFound != nil {
			return cl.notFound()
		}
		return fault.Server(fault.CodeNotFound, code, sprintf(sentenceNotFound, cl.what))
	case code == http.StatusGone:
		return fault.Server(fault.CodeGone, code, sprintf(sentenceGone, cl.what))
	case code == http.StatusTooManyRequests:
		return errTooManyRequests(cl.what)
	}
	reason := answerReason(resp)
	if reason != "" {
		return fault.Server(codeServerError, code, sprintf(sentenceServerErrorReason, cl.what, status, reason))
	}
	return fault.Server(codeServerError, code, sprintf(sentenceServerError, cl.what, status))
}

func errTooManyRequests(what string) *fault.Error {
	return fault.Server(codeTooManyRequests, http.StatusTooManyRequests, sprintf(sentenceTooManyRequests, what))
}

// StatusLine is the HTTP status line of code, as a replayed answer carries it.
func StatusLine(code int) string {
	if t := http.StatusText(code); t != "" {
		return strconv.Itoa(code) + " " + t
	}
	return strconv.Itoa(code)
}

// retryAfter reads Retry-After (seconds or an HTTP date), 1 s when absent, at most 5 s.
func retryAfter(v string, now time.Time) time.Duration {
	d := limits.DefaultRetryAfter
	if v != "" {
		if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && n >= 0 {
			d = time.Duration(n) * time.Second
		} else if t, err := http.ParseTime(v); err == nil {
			d = t.Sub(now)
		}
	}
	if d < 0 {
		d = 0
	}
	if d > limits.MaxRetryAfter {
		d = limits.MaxRetryAfter
	}
	return d
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
