package mcp

import (
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/audit"
	"github.com/studioctl/studioctl/redact"
	"github.com/studioctl/studioctl/replaytest"
)

// profile_workloads answers from the live suite's recording of the audit (the admin's, group
// 80-audit), in machine mode: the finding about the Secret the scenario's billing-sync names and
// does not hold withholds the Secret's name. A bad namespace is refused with nothing sent.
func TestProfileWorkloadsOnTheLiveRecording(t *testing.T) {
	rec := replaytest.RecordedGroup(t, filepath.Join("..", "testdata", "replay"), "admin", "80-audit")
	var sent atomic.Int64
	conn := FromRecording("recorded", rec, studioctl.Options{Observe: func(string, string) { sent.Add(1) }})
	cs := connect(t, Options{Connections: []Connection{conn}})
	// The namespaces before ops, as the live suite read them, so each request is answered as it
	// was then.
	for _, ns := range replaytest.AuditNamespaces {
		res, text := callTool(t, cs, "profile_workloads", map[string]any{"namespace": ns})
		if res.IsError {
			t.Fatalf("%s refused: %s", ns, text)
		}
		if ns != "ops" {
			continue
		}
		for _, want := range []string{`"Findings"`, audit.CodeSecretMissing, "billing-sync"} {
			if !strings.Contains(text, want) {
				t.Errorf("the answer about ops lacks %s:\n%.2000s", want, text)
			}
		}
		if !strings.Contains(text, redact.Masked) && !strings.Contains(text, `\u003credacted\u003e`) {
			t.Errorf("the answer about ops masks nothing:\n%.2000s", text)
		}
		if strings.Contains(text, replaytest.MissingSecret) {
			t.Errorf("a Secret's name reached the agent:\n%.2000s", text)
		}
		break
	}
	before := sent.Load()
	if res, text := callTool(t, cs, "profile_workloads", map[string]any{"namespace": "Shop/../x"}); !res.IsError || !strings.HasPrefix(text, CodeNamespace) {
		t.Errorf("a bad namespace: %v %s", res.IsError, text)
	}
	if sent.Load() != before {
		t.Error("a refused reading sent a request")
	}
}
