package mcp

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/studioctl/studioctl/limits"
)

// What a web page, a careless client or a flood of sessions can do to studioctl mcp --http
// (issue 25, issue 32 item 6): each answered before it costs the server anything.

const initializeBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`

func hardenedServer(t *testing.T) (*httptest.Server, string) {
	var sent atomic.Int64
	token := strings.Repeat("h", MinHTTPToken)
	srv := httptest.NewServer(New(Options{Connections: []Connection{demoConnection(t, &sent)}}).HTTPHandler([]byte(token)))
	t.Cleanup(srv.Close)
	return srv, token
}

func post(t *testing.T, url, token, body string, header map[string]string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range header {
		if k == "Host" {
			req.Host = v // Go's client sends req.Host, not a Host header
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

func TestHTTPRefusesOtherOrigins(t *testing.T) {
	srv, token := hardenedServer(t)
	for origin, want := range map[string]int{
		"https://evil.example":    http.StatusForbidden,
		"http://127.0.0.1.nip.io": http.StatusForbidden,
		"null":                    http.StatusForbidden,
		"http://localhost:3000":   http.StatusOK,
		"http://127.0.0.1:6274":   http.StatusOK,
		"http://[::1]:8080":       http.StatusOK,
	} {
		resp := post(t, srv.URL, token, initializeBody, map[string]string{"Origin": origin})
		if resp.StatusCode != want {
			t.Errorf("Origin %s: %d, want %d", origin, resp.StatusCode, want)
		}
		for k := range resp.Header {
			if strings.HasPrefix(strings.ToLower(k), "access-control-") {
				t.Errorf("Origin %s: the answer carries the CORS header %s", origin, k)
			}
		}
	}
	// A Host that is not this machine's (DNS rebinding) is refused too, whatever the token.
	for host, want := range map[string]int{
		"attacker.example":      http.StatusForbidden,
		"attacker.example:80":   http.StatusForbidden,
		"127.0.0.1.nip.io:8080": http.StatusForbidden,
		"10.0.0.1":              http.StatusForbidden,
		"localhost:7070":        http.StatusOK,
		"127.0.0.1":             http.StatusOK,
		"[::1]:9000":            http.StatusOK,
	} {
		if resp := post(t, srv.URL, token, initializeBody, map[string]string{"Host": host}); resp.StatusCode != want {
			t.Errorf("Host %s: %d, want %d", host, resp.StatusCode, want)
		}
	}
}

func TestHTTPBearerSchemeIsCaseInsensitive(t *testing.T) {
	srv, token := hardenedServer(t)
	for _, scheme := range []string{"bearer", "BEARER", "Bearer"} {
		if resp := post(t, srv.URL, "", initializeBody, map[string]string{"Authorization": scheme + " " + token}); resp.StatusCode != http.StatusOK {
			t.Errorf("%s: %d", scheme, resp.StatusCode)
		}
	}
	if resp := post(t, srv.URL, "", initializeBody, map[string]string{"Authorization": "Basic " + token}); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("Basic: %d", resp.StatusCode)
	}
}

func TestHTTPBodyIsCapped(t *testing.T) {
	srv, token := hardenedServer(t)
	big := `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"` + strings.Repeat("p", limits.MCPHTTPBodyBytes) + `"}}`
	if resp := post(t, srv.URL, token, big, nil); resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("a body past %d bytes: %d", limits.MCPHTTPBodyBytes, resp.StatusCode)
	}
}

func TestHTTPSessionsAreCapped(t *testing.T) {
	srv, token := hardenedServer(t)
	for i := 0; i < limits.MCPHTTPSessions; i++ {
		if resp := post(t, srv.URL, token, initializeBody, nil); resp.StatusCode != http.StatusOK || resp.Header.Get("Mcp-Session-Id") == "" {
			t.Fatalf("session %d: %d", i, resp.StatusCode)
		}
	}
	if resp := post(t, srv.URL, token, initializeBody, nil); resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("session %d: %d, want 503", limits.MCPHTTPSessions+1, resp.StatusCode)
	}
}

// At most n connections are accepted at once; the next is accepted when one closes.
func TestCapListenerHoldsAtMostN(t *testing.T) {
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := capListener(raw, 2)
	defer ln.Close()
	accepted := make(chan net.Conn, 3)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	for i := 0; i < 3; i++ {
		c, err := net.Dial("tcp", raw.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	var first net.Conn
	for i := 0; i < 2; i++ {
		select {
		case c := <-accepted:
			first = c
		case <-time.After(2 * time.Second):
			t.Fatalf("connection %d was not accepted", i+1)
		}
	}
	select {
	case <-accepted:
		t.Fatal("a third connection was accepted while two were open")
	case <-time.After(200 * time.Millisecond):
	}
	first.Close()
	select {
	case <-accepted:
	case <-time.After(2 * time.Second):
		t.Fatal("the third connection was not accepted after one closed")
	}
}
