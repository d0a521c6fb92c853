package mcp

import (
	"strings"
	"sync/atomic"
	"testing"

	studioctl "github.com/studioctl/studioctl"
)

// profile_workloads answers from the audit room's synthetic recording (a view identity that may
// list in shop only), in machine mode: a finding about a missing Secret withholds its name, and
// the receipt counts what was masked. A bad namespace is refused with nothing sent.
func TestProfileWorkloadsOnASyntheticRecording(t *testing.T) {
	rec, err := studioctl.LoadRecording("../audit/testdata/recording.json")
	if err != nil {
		t.Fatal(err)
	}
	var sent atomic.Int64
	conn := FromRecording("synthetic", rec, studioctl.Options{Observe: func(string, string) { sent.Add(1) }})
	cs := connect(t, Options{Connections: []Connection{conn}})
	res, text := callTool(t, cs, "profile_workloads", map[string]any{"namespace": "shop"})
	if res.IsError {
		t.Fatalf("refused: %s", text)
	}
	for _, want := range []string{`"Findings"`, "audit.secret_key_missing", `names key \u003credacted\u003e.token`} {
		if !strings.Contains(text, want) {
			t.Errorf("the answer lacks %s:\n%.2000s", want, text)
		}
	}
	if strings.Contains(text, "names key api.") {
		t.Errorf("a Secret's name reached the agent:\n%.2000s", text)
	}
	before := sent.Load()
	if res, text := callTool(t, cs, "profile_workloads", map[string]any{"namespace": "Shop/../x"}); !res.IsError || !strings.HasPrefix(text, CodeNamespace) {
		t.Errorf("a bad namespace: %v %s", res.IsError, text)
	}
	if sent.Load() != before {
		t.Error("a refused reading sent a request")
	}
}
