package store

import (
	"testing"

	"github.com/studioctl/studioctl/kube"
)

func TestSetMCPOptsInAndOut(t *testing.T) {
	s := newStore(t)
	if err := s.Add(mustImport(t, "prod", "https://k8s.example.com:6443", ImportOptions{})); err != nil {
		t.Fatal(err)
	}
	for _, on := range []bool{true, false} {
		if err := s.SetMCP("prod", on); err != nil {
			t.Fatal(err)
		}
		got, err := s.Get("prod")
		if err != nil || got.MCP != on {
			t.Fatalf("after SetMCP(%v): %+v %v", on, got, err)
		}
	}
	if err := s.SetMCP("stage", true); codeOf(t, err) != CodeUnknown {
		t.Fatalf("an unknown name: %v", err)
	}
	if err := s.SetMCP("Bad Name", true); codeOf(t, err) != CodeName {
		t.Fatalf("a bad name: %v", err)
	}
}

func TestAgentConnectionUsesTheAgentTokenAlone(t *testing.T) {
	c := Saved{Name: "prod", Server: "https://k8s.example.com:6443", Connection: kube.Connection{
		Host: "k8s.example.com", Port: 6443, Token: "cnryOWN", ClientCertData: []byte("c"), ClientKeyData: []byte("k")}}
	if got := c.AgentConnection(); got.Token != "cnryOWN" || len(got.ClientCertData) == 0 {
		t.Fatalf("without an agent token the agent uses the connection's credential: %+v", got)
	}
	c.AgentToken = "cnryAGENT"
	got := c.AgentConnection()
	if got.Token != "cnryAGENT" || got.ClientCertData != nil || got.ClientKeyData != nil {
		t.Fatalf("with an agent token it alone is the credential: %+v", got)
	}
	if c.Connection.Token != "cnryOWN" {
		t.Fatal("AgentConnection changed the saved connection")
	}
	if _, err := c.AgentEndpoint(kube.Switches{}); err != nil {
		t.Fatal(err)
	}
	c.Connection.Host = "elsewhere.example.com"
	if _, err := c.AgentEndpoint(kube.Switches{}); codeOf(t, err) != CodeServerMismatch {
		t.Fatalf("the guard holds for the agent too: %v", err)
	}
}
