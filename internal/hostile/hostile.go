// Package hostile is a test double of a hostile API server: a TLS httptest server on loopback
// that answers with what a compromised or malicious server could send, one mode per way such an
// answer once broke through (control characters, endless pages, a discovery that lies). Tests open a studioctl session on Server.Conn and drive whole statements.
// Every value is named synthetic; nothing here is a real credential.
package hostile

import (
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/kube"
)

// Mode selects what the server lies about. Modes combine with |.
type Mode int

const (
	// ControlValues puts escape sequences, C0 and C1 controls, bidi overrides and zero-width
	// characters in cells, object names, labels, container names, log lines, the version and a
	// Status message.
	ControlValues Mode = 1 << iota
	// ControlColumns puts them in the Table's column names.
	ControlColumns
	// EndlessPages answers every page of a list with no rows and a new continue token.
	EndlessPages
	// LyingSecrets has discovery claim that core secrets answer kind "Secrets", and serves a
	// Secret whose values must never be printed.
	LyingSecrets
)

// Hostile strings, each one a different way to reach a terminal.
const (
	OSCTitle     = "\x1b]0;owned\x07"           // retitles the terminal
	OSCClipboard = "\x1b]52;c;c3ludGhldGlj\x07" // writes the clipboard
	CSIClear     = "\x1b[2J"                    // clears the screen
	C1CSI        = "\u009b31m"                  // C1 control sequence introducer
	BidiOverride = "\u202e"                     // right-to-left override
	ZeroWidth    = "\u200b"                     // zero-width space
	Bell         = "\x07"                       // a lone BEL
	All          = OSCTitle + CSIClear + C1CSI + BidiOverride + ZeroWidth + Bell + "\u0085\u009d"
	PodName      = "web-0"                             // the pod every mode serves, in namespace shop
	SecretName   = "db-credentials"                    // the Secret LyingSecrets serves
	SecretValue  = "synthetic-hostile-secret-value"    // its one value, decoded
	Namespace    = "shop"                              // the namespace the connection defaults to
	containerBad = "app" + OSCClipboard + BidiOverride // a container name
)

// SecretValueBase64 is SecretValue as the API server sends it.
var SecretValueBase64 = "c3ludGhldGljLWhvc3RpbGUtc2VjcmV0LXZhbHVl"

// Server is a running hostile server and the connection that reaches it.
type Server struct {
	Mode     Mode
	Conn     kube.Connection
	Requests atomic.Int64 // every request the server saw
	Pages    atomic.Int64 // list pages it answered
	srv      *httptest.Server
}

// New starts a hostile server on loopback (TLS with httptest's certificate) and closes it at the
// end of the test.
func New(t testing.TB, mode Mode) *Server {
	t.Helper()
	s := &Server{Mode: mode}
	s.srv = httptest.NewUnstartedServer(http.HandlerFunc(s.serve))
	s.srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	s.srv.StartTLS()
	t.Cleanup(s.srv.Close)
	host, port, _ := net.SplitHostPort(s.srv.Listener.Addr().String())
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		t.Fatalf("hostile: the server listens on %s, not loopback", host)
	}
	p, _ := strconv.Atoi(port)
	s.Conn = kube.Connection{Host: host, Port: p, Token: "synthetic-hostile-token", DefaultNamespace: Namespace,
		CAData: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: s.srv.Certificate().Raw}), TLSServerName: "example.com"}
	return s
}

func (s *Server) has(m Mode) bool { return s.Mode&m != 0 }

// bad is v with every hostile string around it when ControlValues is on.
func (s *Server) bad(v string) string {
	if !s.has(ControlValues) {
		return v
	}
	return v + All
}

func (s *Server) resources() []synth.Resource {
	rs := append([]synth.Resource(nil), synth.Basic...)
	if s.has(LyingSecrets) {
		for i := range rs {
			if apivalue.CoreSecrets(rs[i].Group, rs[i].Resource) {
				rs[i].Kind, rs[i].Singular = "Secrets", "secret"
			}
		}
	}
	return rs
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.Requests.Add(1)
	table := strings.Contains(r.Header.Get("Accept"), "as=Table")
	p := r.URL.Path
	switch {
	case p == "/api" || p == "/apis":
		api, apis := synth.Discovery(s.resources())
		w.Header().Set("Content-Type", synth.DiscoveryContentType)
		if p == "/api" {
			io.WriteString(w, api)
		} else {
			io.WriteString(w, apis)
		}
	case p == "/version":
		s.json(w, map[string]any{"gitVersion": s.bad("v1.37.2"), "platform": s.bad("linux/amd64")})
	case p == "/api/v1/namespaces/shop/pods":
		s.Pages.Add(1)
		if s.has(EndlessPages) {
			s.endless(w, table)
			return
		}
		if r.URL.Query().Get("watch") == "true" { // one event, then the stream ends
			s.json(w, map[string]any{"type": "ADDED", "object": s.podTable()})
			return
		}
		if table {
			s.json(w, s.podTable())
			return
		}
		s.json(w, map[string]any{"kind": "PodList", "apiVersion": "v1", "metadata": map[string]any{}, "items": []any{s.pod()}})
	case p == "/api/v1/namespaces/shop/pods/"+PodName:
		if table {
			s.json(w, s.podTable())
			return
		}
		s.json(w, s.pod())
	case p == "/api/v1/namespaces/shop/pods/"+PodName+"/log":
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, s.bad("line one")+"\n"+s.bad("line two")+"\n")
	case p == "/api/v1/namespaces/shop/secrets/"+SecretName:
		if table {
			s.json(w, s.secretTable())
			return
		}
		s.json(w, s.secret(true))
	case p == "/api/v1/namespaces/shop/secrets":
		s.Pages.Add(1)
		if table {
			s.json(w, s.secretTable())
			return
		}
		item := s.secret(false)
		s.json(w, map[string]any{"kind": "SecretsList", "apiVersion": "v1", "metadata": map[string]any{}, "items": []any{item}})
	case strings.HasSuffix(p, "/events"):
		s.json(w, map[string]any{"kind": "EventList", "apiVersion": "v1", "metadata": map[string]any{}, "items": []any{}})
	default:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		s.json(w, map[string]any{"kind": "Status", "apiVersion": "v1", "status": "Failure", "reason": "NotFound",
			"message": s.bad("SERVER-SAID not found " + p)})
	}
}

func (s *Server) json(w http.ResponseWriter, v any) {
	if w.Header().Get("Content-Type") == "" {
		w.Header().Set("Content-Type", "application/json")
	}
	data, _ := json.Marshal(v)
	w.Write(data)
}

func (s *Server) endless(w http.ResponseWriter, table bool) {
	cont := fmt.Sprintf("synthetic-continue-%d", s.Pages.Load())
	if table {
		s.json(w, map[string]any{"kind": "Table", "apiVersion": "meta.k8s.io/v1", "metadata": map[string]any{"continue": cont},
			"columnDefinitions": []any{map[string]any{"name": "Name", "type": "string", "format": "name"}}, "rows": []any{}})
		return
	}
	s.json(w, map[string]any{"kind": "PodList", "apiVersion": "v1", "metadata": map[string]any{"continue": cont}, "items": []any{}})
}

func (s *Server) column(name string) string {
	if s.has(ControlColumns) {
		return name + All
	}
	return name
}

func (s *Server) meta() map[string]any {
	return map[string]any{"name": s.bad(PodName), "namespace": Namespace, "uid": "synthetic-uid",
		"creationTimestamp": "2025-01-02T03:04:05Z",
		"labels":            map[string]any{"app": s.bad("web")},
		"annotations":       map[string]any{"note": s.bad("synthetic")}}
}

func (s *Server) podTable() map[string]any {
	cols := []any{}
	for _, c := range []string{"Name", "Ready", "Status", "Restarts", "Age"} {
		col := map[string]any{"name": s.column(c), "type": "string", "format": "", "description": s.bad("d"), "priority": 0}
		if c == "Name" {
			col["format"] = "name"
		}
		cols = append(cols, col)
	}
	cols = append(cols, map[string]any{"name": s.column("Node"), "type": "string", "format": "", "description": "", "priority": 1})
	row := map[string]any{"cells": []any{s.bad(PodName), "1/1", s.bad("Running"), 0, "5m", s.bad("node-a")},
		"object": map[string]any{"kind": "PartialObjectMetadata", "apiVersion": "meta.k8s.io/v1", "metadata": s.meta()}}
	return map[string]any{"kind": "Table", "apiVersion": "meta.k8s.io/v1", "metadata": map[string]any{"resourceVersion": "1"},
		"columnDefinitions": cols, "rows": []any{row}}
}

func (s *Server) pod() map[string]any {
	name := "app"
	if s.has(ControlValues) {
		name = containerBad
	}
	return map[string]any{"kind": "Pod", "apiVersion": "v1", "metadata": s.meta(),
		"spec": map[string]any{"nodeName": s.bad("node-a"), "containers": []any{
			map[string]any{"name": name, "image": s.bad("registry.example/web:1"),
				"env": []any{map[string]any{"name": "MODE", "value": s.bad("synthetic")}}},
		}},
		"status": map[string]any{"phase": s.bad("Running"), "podIP": "10.0.0.7",
			"conditions":        []any{map[string]any{"type": "Ready", "status": "True", "message": s.bad("ok")}},
			"containerStatuses": []any{map[string]any{"name": name, "ready": true, "restartCount": 0, "image": s.bad("web:1")}}}}
}

// secret is the Secret LyingSecrets serves; a list's item carries no kind, as the API server
// sends it.
func (s *Server) secret(withKind bool) map[string]any {
	last := `{"apiVersion":"v1","data":{"password":"` + SecretValueBase64 + `"},"kind":"Secret"}`
	obj := map[string]any{
		"metadata": map[string]any{"name": SecretName, "namespace": Namespace, "creationTimestamp": "2025-01-02T03:04:05Z",
			"annotations": map[string]any{"kubectl.kubernetes.io/last-applied-configuration": last, "copy": SecretValue}},
		"type":       "Opaque",
		"data":       map[string]any{"password": SecretValueBase64},
		"stringData": map[string]any{"plain": SecretValue},
	}
	if withKind {
		obj["kind"], obj["apiVersion"] = "Secret", "v1"
	}
	return obj
}

func (s *Server) secretTable() map[string]any {
	cols := []any{
		map[string]any{"name": "Name", "type": "string", "format": "name", "description": "", "priority": 0},
		map[string]any{"name": "Type", "type": "string", "format": "", "description": "", "priority": 0},
		map[string]any{"name": "Data", "type": "integer", "format": "", "description": "", "priority": 0},
	}
	obj := s.secret(true) // a hostile server sends the whole Secret as the row's object
	row := map[string]any{"cells": []any{SecretName, "Opaque", 1}, "object": obj}
	return map[string]any{"kind": "Table", "apiVersion": "meta.k8s.io/v1", "metadata": map[string]any{"resourceVersion": "1"},
		"columnDefinitions": cols, "rows": []any{row}}
}
