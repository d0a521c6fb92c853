package mcp

import (
	"bytes"
	"context"
	"crypto/subtle"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/limits"
)

// MinHTTPToken is the shortest bearer token the HTTP transport accepts.
const MinHTTPToken = 32

// LoopbackAddress refuses any listen address that is not a loopback IP literal with a port, or
// localhost.
func LoopbackAddress(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || port == "" {
		return fault.Refusef(CodeHTTPAddress, sentenceHTTPAddress, addr)
	}
	if host == "localhost" {
		return nil
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return fault.Refusef(CodeHTTPAddress, sentenceHTTPAddress, addr)
	}
	return nil
}

// ReadHTTPToken reads the bearer token from a file: its first line, trimmed, at least MinHTTPToken
// characters.
func ReadHTTPToken(path string) ([]byte, error) {
	if path == "" {
		return nil, fault.Refusef(CodeHTTPToken, sentenceHTTPToken)
	}
	data, err := readTokenFile(path)
	if errors.Is(err, errTokenFileOpen) {
		return nil, fault.Refusef(CodeHTTPToken, sentenceHTTPTokenMode, path)
	}
	if err != nil {
		return nil, fault.Refusef(CodeHTTPToken, sentenceHTTPToken)
	}
	line, _, _ := bytes.Cut(data, []byte("\n"))
	tok := bytes.TrimSpace(line)
	if len(tok) < MinHTTPToken {
		return nil, fault.Refusef(CodeHTTPToken, sentenceHTTPToken)
	}
	return tok, nil
}

// HTTPHandler is the streamable HTTP transport behind a bearer token. In order, a request is
// answered:
//   - 403 when it comes from a web page of another origin (an Origin header that is not this
//     machine's, or a Host header that is not a loopback name: DNS-rebinding protection, as the
//     MCP transport spec asks, checked here rather than left to the SDK), before the token is
//     looked at;
//   - 401 without exactly "Authorization: Bearer TOKEN" (the scheme in any case), the token
//     compared in constant time;
//   - 503 when it would open a session past limits.MCPHTTPSessions;
//   - 413 past limits.MCPHTTPBodyBytes of body.
//
// No response carries a CORS header, so no web page can read an answer. A session that sends
// nothing for limits.MCPHTTPSessionIdle is closed.
func (s *Server) HTTPHandler(token []byte) http.Handler {
	h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s.sdk }, &sdk.StreamableHTTPOptions{
		SessionTimeout:      limits.MCPHTTPSessionIdle,
		MaxRequestBodyBytes: limits.MCPHTTPBodyBytes,
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !loopbackHost(r.Host) {
			http.Error(w, "forbidden: the Host is not this machine", http.StatusForbidden)
			return
		}
		if origin := r.Header.Get("Origin"); origin != "" && !loopbackOrigin(origin) {
			http.Error(w, "forbidden: cross-origin request", http.StatusForbidden)
			return
		}
		scheme, got, _ := strings.Cut(r.Header.Get("Authorization"), " ")
		if !strings.EqualFold(scheme, "Bearer") || len(token) == 0 || subtle.ConstantTimeCompare([]byte(got), token) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="studioctl"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		if r.URL.Path != "/" && r.URL.Path != EndpointPath {
			http.Error(w, "not found: the MCP endpoint is "+EndpointPath, http.StatusNotFound)
			return
		}
		if r.Header.Get("Mcp-Session-Id") == "" && s.sessionCount() >= limits.MCPHTTPSessions {
			http.Error(w, "too many sessions: close one, or wait for an idle one to expire", http.StatusServiceUnavailable)
			return
		}
		if r.Method == http.MethodPost && answerHTTP(w, r) {
			return
		}
		h.ServeHTTP(w, r)
	})
}

// EndpointPath is the MCP endpoint's path, where clients look for it; "/" serves it too.
const EndpointPath = "/mcp"

// answerHTTP answers a POST the SDK would answer with plain text or code 0, as stdio answers
// it, and reports whether it did: a body that is no JSON-RPC request (400, with the JSON-RPC
// error as its body, as the transport spec allows), a method this server does not serve, a call
// before initialize (a request with no session) and an initialize whose params are unreadable. Anything else, batches included, is the
// SDK's; the body read is handed on whole.
func answerHTTP(w http.ResponseWriter, r *http.Request) bool {
	body, err := io.ReadAll(io.LimitReader(r.Body, limits.MCPHTTPBodyBytes+1))
	r.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(body), r.Body), r.Body}
	trimmed := bytes.TrimSpace(body)
	if err != nil || len(body) > limits.MCPHTTPBodyBytes || len(trimmed) == 0 || trimmed[0] == '[' {
		return false
	}
	if bad := checkFrame(trimmed, false); bad != nil {
		writeAnswer(w, http.StatusBadRequest, bad)
		return true
	}
	req, ok := readFrameRequest(trimmed)
	if !ok {
		return false
	}
	// A request with a session belongs to an initialized session: the SDK keeps none other.
	answer := unknownMethodAnswer(req)
	if answer == nil {
		answer = stateAnswer(req, r.Header.Get("Mcp-Session-Id") != "")
	}
	if answer == nil {
		return false
	}
	writeAnswer(w, http.StatusOK, answer)
	return true
}

// writeAnswer writes one JSON-RPC answer as an application/json response.
func writeAnswer(w http.ResponseWriter, status int, answer []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(answer)
}

// sessionCount is how many MCP sessions are open.
func (s *Server) sessionCount() int {
	n := 0
	for range s.sdk.Sessions() {
		n++
	}
	return n
}

// loopbackOrigin reports whether a browser's Origin header names this machine (http or https,
// localhost or a loopback address, any port). "null" and anything unreadable are not.
func loopbackOrigin(origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return false
	}
	return loopbackName(u.Hostname())
}

// loopbackHost reports whether a request's Host (with or without a port) names this machine.
func loopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	return loopbackName(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"))
}

// loopbackName: localhost, or a loopback address.
func loopbackName(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// ServeHTTP listens on a loopback address and serves the streamable HTTP transport until ctx
// ends. ready, when set, is called with the address listened on.
func (s *Server) ServeHTTP(ctx context.Context, addr string, token []byte, ready func(net.Addr)) error {
	if err := LoopbackAddress(addr); err != nil {
		return err
	}
	if len(token) < MinHTTPToken {
		return fault.Refusef(CodeHTTPToken, sentenceHTTPToken)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	if tcp, ok := ln.Addr().(*net.TCPAddr); !ok || !tcp.IP.IsLoopback() {
		ln.Close()
		return fault.Refusef(CodeHTTPAddress, sentenceHTTPAddress, addr)
	}
	if ready != nil {
		ready(ln.Addr())
	}
	// Timeouts close what idles, and the connection cap keeps the process below its file limit:
	// 300 connections that never sent a header once starved every client (accept4: too many open
	// files). Past the cap, a new connection waits in the kernel's queue until one closes.
	srv := &http.Server{Handler: s.HTTPHandler(token), ReadHeaderTimeout: limits.MCPHTTPHeaderTimeout,
		ReadTimeout: limits.MCPHTTPReadTimeout, IdleTimeout: limits.MCPHTTPIdleTimeout}
	ln = capListener(ln, limits.MCPHTTPConnections)
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// errTokenFileOpen is a token file other users may read or write: a world-writable file lets
// anyone choose the token, a readable one lets anyone read it.
var errTokenFileOpen = errors.New("the token file is open to other users")

// readTokenFile reads at most limits.HTTPTokenFileBytes of a regular file (issue 32 item 2:
// --http-token-file /dev/zero read until memory ran out); a longer file is no token file.
func readTokenFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return nil, errTokenFileOpen
	}
	data, err := io.ReadAll(io.LimitReader(f, limits.HTTPTokenFileBytes+1))
	if err == nil && len(data) > limits.HTTPTokenFileBytes {
		err = errors.New("past the token file's cap")
	}
	return data, err
}
