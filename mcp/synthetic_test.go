package mcp

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/internal/synth"
)

// Every answer in this file is synthetic (internal/synth discovery and hand-built Tables), named
// so: a real server cannot be made to hold 1,001 pods or a chosen agent token on demand.

// synthServer answers discovery from synth.Basic and every list with a Table of names: rows names
// per page for pods, two names elsewhere; a pods list continues while pages remain. It keeps the
// Authorization header of every request.
type synthServer struct {
	mu       sync.Mutex
	podPages int
	perPage  int
	lastPage int // the last page's rows, when not perPage
	auth     []string
}

func (s *synthServer) RoundTrip(r *http.Request) (*http.Response, error) {
	s.mu.Lock()
	s.auth = append(s.auth, r.Header.Get("Authorization"))
	s.mu.Unlock()
	api, apis := synth.Discovery(synth.Basic)
	body, ctype := "", "application/json"
	switch p := r.URL.Path; {
	case p == "/api":
		body, ctype = api, synth.DiscoveryContentType
	case p == "/apis":
		body, ctype = apis, synth.DiscoveryContentType
	case strings.HasSuffix(p, "/pods") && s.podPages > 0:
		body = s.podPage(r.URL.Query().Get("continue"))
	case strings.HasSuffix(p, "/namespaces"):
		body = nameTable("", "default", "payments", "shop")
	case strings.HasSuffix(p, "/secrets"):
		body = nameTable("", "db-credentials", "regcred")
	case p == "/api/v1/namespaces/default/events":
		// The server's event columns: the Name column (format name) and Object, kind/name of what
		// each event is about. The first is about a Secret and named after it.
		body = synth.Table([][3]string{{"Name", "string", "1"}, {"Object", "string", "0"}},
			[][]any{{"secname-canary-a.17f3", "secret/secname-canary-a"}, {"web-0.17f4", "pod/web-0"}}, "")
	case strings.HasSuffix(p, "/events"):
		// Events with no Object column: nothing says what they are about.
		body = nameTable("", "unknown-a.17f5", "unknown-b.17f6")
	default:
		body = nameTable("", "synthetic-a", "synthetic-b")
	}
	return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {ctype}}, Body: io.NopCloser(strings.NewReader(body)), Request: r}, nil
}

func (s *synthServer) podPage(cont string) string {
	page := 0
	fmt.Sscanf(cont, "page-%d", &page)
	next := ""
	if page+1 < s.podPages {
		next = fmt.Sprintf("page-%d", page+1)
	}
	n := s.perPage
	if page == s.podPages-1 && s.lastPage > 0 {
		n = s.lastPage
	}
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("pod-%d-%d", page, i)
	}
	return nameTable(next, names...)
}

func nameTable(cont string, names ...string) string {
	var rows [][]any
	for _, n := range names {
		rows = append(rows, []any{n, "1d"})
	}
	return synth.Table([][3]string{{"Name", "string", "0"}, {"Age", "string", "0"}}, rows, cont)
}

// synthConnection is a connection named synthetic on srv.
func synthConnection(srv *synthServer) Connection {
	return Connection{Name: "synthetic", Host: "cluster.example", Open: func() (*studioctl.Session, error) {
		return studioctl.Open(studioctl.Connection{Host: "cluster.example", Port: 6443, Token: "synthetic-token"}, studioctl.Options{Transport: srv})
	}}
}

func TestARead1001RowsIsRefusedWithAgentAdvice(t *testing.T) {
	srv := &synthServer{podPages: 3, perPage: 500, lastPage: 1}
	cs := connect(t, Options{Connections: []Connection{synthConnection(srv)}})
	res, text := callTool(t, cs, "run_kubectl_read", map[string]any{"statement": "get pods -A"})
	if !res.IsError || !strings.HasPrefix(text, CodeRowCap+": ") || !strings.Contains(text, "1000 rows") || strings.Contains(text, "--max-rows") {
		t.Fatalf("a read of 1,001 rows: %s", text)
	}
	for _, advice := range []string{"-n NAME", "-l ", "--field-selector", "name the objects"} {
		if !strings.Contains(text, advice) {
			t.Errorf("the advice lacks %q: %s", advice, text)
		}
	}
	ok := &synthServer{podPages: 2, perPage: 500}
	cs = connect(t, Options{Connections: []Connection{synthConnection(ok)}})
	if out, _ := readDemo(t, cs, "get pods -A"); out.RowCount != 1000 {
		t.Errorf("1,000 rows: %d", out.RowCount)
	}
}

func TestOutlineIsThePlanModeProjection(t *testing.T) {
	srv := &synthServer{}
	cs := connect(t, Options{Connections: []Connection{synthConnection(srv)}})
	res, text := callTool(t, cs, "outline_cluster", map[string]any{"connection": "synthetic"})
	if res.IsError {
		t.Fatal(text)
	}
	var out OutlineOutput
	structured(t, res, &out)
	if len(out.Containers) != 2 || out.Containers[0].Name != "Cluster" || out.Containers[1].Name != "default" {
		t.Fatalf("containers: %+v", out.Containers)
	}
	if strings.Join(out.Namespaces, ",") != "default,payments,shop" || out.NamespacesNotRead != 2 {
		t.Errorf("namespaces %v, %d not read", out.Namespaces, out.NamespacesNotRead)
	}
	var secrets *KindOutline
	for i, k := range out.Containers[1].Kinds {
		if k.Resource == "secrets" {
			secrets = &out.Containers[1].Kinds[i]
		}
	}
	if secrets == nil || secrets.Count != 2 || len(secrets.Names) != 0 || secrets.NamesWithheld != 2 {
		t.Fatalf("secrets in the outline: %+v", secrets)
	}
	if strings.Contains(text, "db-credentials") || !strings.Contains(text, "synthetic-a") || !strings.Contains(text, "Namespaces (3, 2 not read)") {
		t.Errorf("text:\n%s", text)
	}
	// An event is named after what it is about: the one about a Secret is withheld, the one about
	// a pod named; events whose page cannot say what they are about are all withheld.
	for _, k := range out.Containers[1].Kinds {
		if k.Resource == "events" && (k.NamesWithheld != 1 || strings.Join(k.Names, ",") != "web-0.17f4") {
			t.Errorf("events of default in the outline: %+v", k)
		}
	}
	if strings.Contains(text, "secname-canary-a") || strings.Contains(text, "unknown-a") {
		t.Errorf("the outline names an event about a Secret:\n%s", text)
	}
}
