package mcp

import (
	"path/filepath"
	"strings"
	"testing"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/store"
)

// savedStore saves prod (opted in, with an agent token when agentToken is set) and stage (not
// opted in), both on the synthetic server's address.
func savedStore(t *testing.T, agentToken string) *store.Store {
	t.Helper()
	st := store.New(filepath.Join(t.TempDir(), "studioctl"))
	for _, c := range []store.Saved{
		{Name: "prod", MCP: true, AgentToken: agentToken},
		{Name: "stage"},
	} {
		c.Server = "https://cluster.example:6443"
		c.Connection = kube.Connection{Host: "cluster.example", Port: 6443, Token: "cnryOWN"}
		if err := st.Add(&c); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

func TestOnlyConnectionsThatOptedInAreRead(t *testing.T) {
	srv := &synthServer{}
	conns, err := FromStore(savedStore(t, ""), studioctl.Options{Transport: srv})
	if err != nil {
		t.Fatal(err)
	}
	cs := connect(t, Options{Connections: conns})
	res, _ := callTool(t, cs, "list_connections", nil)
	var list ListOutput
	structured(t, res, &list)
	if len(list.Connections) != 1 || list.Connections[0] != (ConnectionInfo{Name: "prod", Host: "cluster.example"}) {
		t.Fatalf("list: %+v", list)
	}
	res, text := callTool(t, cs, "run_kubectl_read", map[string]any{"connection": "stage", "statement": "get pods -n shop"})
	if !res.IsError || !strings.HasPrefix(text, CodeNotOptedIn+": ") {
		t.Fatalf("stage did not opt in: %s", text)
	}
	if len(srv.auth) != 0 {
		t.Fatalf("%d requests sent for a connection that did not opt in", len(srv.auth))
	}
}

func TestTheAgentTokenIsTheBearerWhenSet(t *testing.T) {
	for _, tc := range []struct{ agent, want string }{{"cnryAGENT", "Bearer cnryAGENT"}, {"", "Bearer cnryOWN"}} {
		srv := &synthServer{}
		conns, err := FromStore(savedStore(t, tc.agent), studioctl.Options{Transport: srv})
		if err != nil {
			t.Fatal(err)
		}
		cs := connect(t, Options{Connections: conns})
		res, text := callTool(t, cs, "run_kubectl_read", map[string]any{"statement": "get pods -n shop"})
		if res.IsError {
			t.Fatal(text)
		}
		if len(srv.auth) == 0 {
			t.Fatal("no request reached the stub server")
		}
		for _, h := range srv.auth {
			if h != tc.want {
				t.Errorf("agent token %q: Authorization %q, want %q", tc.agent, h, tc.want)
			}
		}
		if strings.Contains(text, "cnry") {
			t.Errorf("a credential reached the agent: %s", text)
		}
	}
}
