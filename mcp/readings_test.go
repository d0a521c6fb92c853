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
		// The document audit -o json prints (docs/audit.md), never the Go field names (issue 34).
		for _, want := range []string{`"findings"`, `"containersWithoutLivenessProbe"`, audit.SchemaVersion, audit.CodeSecretMissing, "billing-sync"} {
			if !strings.Contains(text, want) {
				t.Errorf("the answer about ops lacks %s:\n%.2000s", want, text)
			}
		}
		for _, goName := range []string{`"Findings"`, `"NoLiveness"`, `"Namespaces"`} {
			if strings.Contains(text, goName) {
				t.Errorf("the answer about ops names the Go field %s:\n%.2000s", goName, text)
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

// Each reading's structured answer is the audit document, keyed as docs/audit.md keys it; a
// namespace that does not exist is a failed call (isError), as the command exits 2 for it.
func TestReadingsAnswerTheAuditDocument(t *testing.T) {
	var sent atomic.Int64
	cs := connect(t, Options{Connections: []Connection{demoConnection(t, &sent)}})
	for tool, key := range map[string]string{"profile_workloads": "workloads", "inspect_usage": "containers"} {
		res, text := callTool(t, cs, tool, map[string]any{"namespace": "shop"})
		if res.IsError {
			t.Fatalf("%s: %s", tool, text)
		}
		var out struct {
			Report struct {
				APIVersion string           `json:"apiVersion"`
				Kind       string           `json:"kind"`
				Findings   []map[string]any `json:"findings"`
				Namespaces []map[string]any `json:"namespaces"`
			} `json:"report"`
		}
		structured(t, res, &out)
		r := out.Report
		if r.APIVersion != audit.SchemaVersion || r.Kind != audit.SchemaKind || r.Findings == nil || len(r.Namespaces) != 1 || r.Namespaces[0]["name"] != "shop" {
			t.Errorf("%s: report %+v", tool, r)
			continue
		}
		if _, ok := r.Namespaces[0][key]; !ok {
			t.Errorf("%s: the namespace has no %q: %v", tool, key, r.Namespaces[0])
		}
		res, text = callTool(t, cs, tool, map[string]any{"namespace": "no-such-namespace"})
		if !res.IsError || !strings.Contains(text, "no-such-namespace") {
			t.Errorf("%s of a namespace that does not exist: %v %s", tool, res.IsError, text)
		}
	}
}
