package mcp

import (
	"bytes"
	"context"
	"crypto/subtle"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
)

// Codes and sentences of the HTTP transport.
const (
	CodeHTTPAddress = "refused.agent.http_address"
	CodeHTTPToken   = "refused.agent.http_token"

	sentenceHTTPAddress = "--http listens on this machine only: give a loopback address such as 127.0.0.1:8765 or [::1]:8765, not %q. Nothing was started."
	sentenceHTTPToken   = "--http needs a bearer token read from a file: --http-token-file FILE, holding at least 32 characters on one line. Nothing was started."
	// The store refuses wider modes for saved credentials; a bearer token is one.
	sentenceHTTPTokenMode = "The token file %s may be read or written by other users; the bearer token is a credential, so make it readable by you alone (chmod 600). Nothing was started."
)

// MinHTTPToken is the shortest bearer token the HTTP transport accepts.
const MinHTTPToken = 32

// LoopbackAddress refuses any listen address that is not a loopback IP literal with a port, or
// localhost.
func LoopbackAddress(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || port == "" {
		return kube.Refusef(CodeHTTPAddress, sentenceHTTPAddress, addr)
	}
	if host == "localhost" {
		return nil
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return kube.Refusef(CodeHTTPAddress, sentenceHTTPAddress, addr)
	}
	return nil
}

// ReadHTTPToken reads the bearer token from a file: its first line, trimmed, at least MinHTTPToken
// characters.
func ReadHTTPToken(path string) ([]byte, error) {
	if path == "" {
		return nil, kube.Refusef(CodeHTTPToken, sentenceHTTPToken)
	}
	data, err := readTokenFile(path)
	if errors.Is(err, errTokenFileOpen) {
		return nil, kube.Refusef(CodeHTTPToken, sentenceHTTPTokenMode, path)
	}
	if err != nil {
		return nil, kube.Refusef(CodeHTTPToken, sentenceHTTPToken)
	}
	line, _, _ := bytes.Cut(data, []byte("\n"))
	tok := bytes.TrimSpace(line)
	if len(tok) < MinHTTPToken {
		return nil, kube.Refusef(CodeHTTPToken, sentenceHTTPToken)
	}
	return tok, nil
}

// HTTPHandler is the streamable HTTP transport behind a bearer token: a request without exactly
// "Authorization: Bearer TOKEN" is answered 401, the token compared in constant time.
func (s *Server) HTTPHandler(token []byte) http.Handler {
	h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s.sdk }, nil)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || len(token) == 0 || subtle.ConstantTimeCompare([]byte(got), token) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="studioctl"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// ServeHTTP listens on a loopback address and serves the streamable HTTP transport until ctx
// ends. ready, when set, is called with the address listened on.
func (s *Server) ServeHTTP(ctx context.Context, addr string, token []byte, ready func(net.Addr)) error {
	if err := LoopbackAddress(addr); err != nil {
		return err
	}
	if len(token) < MinHTTPToken {
		return kube.Refusef(CodeHTTPToken, sentenceHTTPToken)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	if tcp, ok := ln.Addr().(*net.TCPAddr); !ok || !tcp.IP.IsLoopback() {
		ln.Close()
		return kube.Refusef(CodeHTTPAddress, sentenceHTTPAddress, addr)
	}
	if ready != nil {
		ready(ln.Addr())
	}
	srv := &http.Server{Handler: s.HTTPHandler(token), ReadHeaderTimeout: 10 * time.Second}
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
