package kube

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/policy"
)

// Accept headers studioctl sends; the guard refuses any other.
const (
	acceptTable     = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json"
	acceptDiscovery = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json"
	// acceptDiscoveryBeta asks for the v2beta1 form first, as a 1.28 or 1.29 server answers;
	// the live suite uses it to record that form from a newer server that still serves it.
	acceptDiscoveryBeta = "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json"
	AcceptJSON          = "application/json"
	acceptAny           = "*/*"
)

var allowedAccept = map[string]bool{acceptTable: true, acceptDiscovery: true, acceptDiscoveryBeta: true, AcceptJSON: true, acceptAny: true}

// MaxRequestBody caps the body of a request studioctl sends (a self review it builds).
const MaxRequestBody = limits.MaxRequestBody

// guard is the top of the transport chain. It admits a request only if the policy does, and then
// sends a fresh request that carries studioctl's own headers and nothing else, so neither a caller
// of the library nor a statement can add an impersonation header, another host or a method.
type guard struct {
	ep        *Endpoint
	resources policy.Resources
	base      http.RoundTripper
	userAgent string
	observe   func(*http.Request, *policy.Admitted) // optional hook for -v tracing and request counts
}

type admittedKey struct{}

// admittedFrom returns what the guard admitted for a response's request, when it ran.
func admittedFrom(ctx context.Context) *policy.Admitted {
	if p, ok := ctx.Value(admittedKey{}).(**policy.Admitted); ok {
		return *p
	}
	return nil
}

func (g *guard) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body != nil {
		defer req.Body.Close()
	}
	u := req.URL
	if u == nil || u.Scheme != g.ep.Scheme || u.Host != g.ep.hostPort() || u.User != nil || u.Fragment != "" || u.Opaque != "" {
		return nil, &policy.Refusal{Rule: "endpoint", Reason: "the request is not addressed to the connection's API server"}
	}
	if u.RawPath != "" && u.RawPath != u.Path {
		return nil, &policy.Refusal{Rule: "path.encoded", Reason: "nothing is percent-encoded into a path"}
	}
	path := u.Path
	if g.ep.APIPath != "" {
		if !strings.HasPrefix(path, g.ep.APIPath+"/") {
			return nil, &policy.Refusal{Rule: "path.prefix", Reason: "the path is not under the connection's API path"}
		}
		path = strings.TrimPrefix(path, g.ep.APIPath)
	}
	pairs, err := splitQuery(u.RawQuery)
	if err != nil {
		return nil, err
	}
	var body []byte
	if req.Body != nil && req.Body != http.NoBody {
		body, err = io.ReadAll(io.LimitReader(req.Body, MaxRequestBody+1))
		if err != nil || len(body) > MaxRequestBody {
			return nil, &policy.Refusal{Rule: "body.size", Reason: "the request body is too large"}
		}
	}
	check := policy.Check
	if isRaw(req.Context()) {
		check = policy.CheckRaw // get --raw: only its fixed paths
	}
	adm, err := check(policy.Request{Method: req.Method, Path: path, Query: pairs, Body: body}, g.resources)
	if err != nil {
		return nil, err
	}
	accept := req.Header.Get("Accept")
	if accept == "" {
		accept = AcceptJSON
	}
	if !allowedAccept[accept] {
		return nil, &policy.Refusal{Rule: "header.accept", Reason: "the Accept header is not one studioctl sends"}
	}
	for k := range req.Header {
		switch http.CanonicalHeaderKey(k) {
		case "Accept", "Content-Type":
		default:
			return nil, &policy.Refusal{Rule: "header", Reason: "only studioctl sets request headers"}
		}
	}
	out, err := http.NewRequestWithContext(req.Context(), req.Method, u.String(), bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	if len(body) == 0 {
		out.Body = http.NoBody
		out.ContentLength = 0
	}
	out.Header.Set("Accept", accept)
	out.Header.Set("User-Agent", g.userAgent)
	if req.Method == "POST" {
		out.Header.Set("Content-Type", "application/json")
	}
	if g.ep.Token != "" {
		out.Header.Set("Authorization", "Bearer "+g.ep.Token)
	}
	if p, ok := req.Context().Value(admittedKey{}).(**policy.Admitted); ok {
		*p = adm
	}
	if g.observe != nil {
		g.observe(out, adm)
	}
	resp, err := g.base.RoundTrip(out)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusSwitchingProtocols {
		resp.Body.Close()
		return nil, errSwitchingProtocols
	}
	return resp, nil
}

var errSwitchingProtocols = errors.New("101 Switching Protocols refused")

// splitQuery decodes the query into ordered pairs and refuses a repeated key or an undecodable one.
func splitQuery(raw string) ([]policy.Pair, error) {
	if raw == "" {
		return nil, nil
	}
	var pairs []policy.Pair
	for _, part := range strings.Split(raw, "&") {
		k, v, _ := strings.Cut(part, "=")
		key, err1 := url.QueryUnescape(k)
		val, err2 := url.QueryUnescape(v)
		if err1 != nil || err2 != nil || key == "" {
			return nil, &policy.Refusal{Rule: "query.shape", Reason: "the query is not well formed"}
		}
		pairs = append(pairs, policy.Pair{Key: key, Value: val})
	}
	return pairs, nil
}

// newBaseTransport is net/http configured the way the contract asks: no proxy from the environment,
// the guarded dialer, the endpoint's TLS settings.
func newBaseTransport(ep *Endpoint, opts Options) *http.Transport {
	connectTimeout := opts.ConnectTimeout
	d := newGuardedDialer(opts.Resolver, connectTimeout)
	d.loopbackOnly = ep.loopbackOnly
	dial := d.DialContext
	if ep.tunnel != nil {
		// The far end is reached through the SSH host; TLS to it is checked as on a direct dial.
		dial = (&tunnelDialer{cfg: ep.tunnel, guard: d, agent: opts.SSHAgent, timeout: connectTimeout}).DialContext
	}
	t := &http.Transport{
		Proxy:                  nil,
		DialContext:            dial,
		TLSClientConfig:        ep.TLS,
		TLSHandshakeTimeout:    connectTimeout,
		ForceAttemptHTTP2:      ep.TLS != nil,
		MaxIdleConns:           8,
		IdleConnTimeout:        limits.IdleConnTimeout,
		MaxResponseHeaderBytes: 1 << 20,
	}
	if ep.TLS != nil {
		t.TLSClientConfig = ep.TLS.Clone()
	}
	return t
}

// cappedBody ends a response body with errBodyTooLarge once it passes its cap. The cap counts
// the bytes the caller reads, which net/http has already decompressed.
type cappedBody struct {
	r    io.ReadCloser
	left int64
}

var errBodyTooLarge = errors.New("response body over its cap")

func (c *cappedBody) Read(p []byte) (int, error) {
	if c.left <= 0 {
		var one [1]byte
		n, err := c.r.Read(one[:])
		if n > 0 {
			return 0, errBodyTooLarge
		}
		return 0, err
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}

func (c *cappedBody) Close() error { return c.r.Close() }

func fmtDuration(d time.Duration) string {
	s := d.Seconds()
	if s == float64(int64(s)) {
		return fmt.Sprintf("%d", int64(s))
	}
	return fmt.Sprintf("%.1f", s)
}
