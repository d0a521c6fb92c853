package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/studioctl/studioctl/redact"
	"github.com/studioctl/studioctl/statement"
)

func TestEveryToolIsListedReadOnlyWithItsSchemas(t *testing.T) {
	var sent atomic.Int64
	cs := connect(t, Options{Connections: []Connection{demoConnection(t, &sent)}})
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"run_kubectl_read": "statement", "outline_cluster": "connection", "list_connections": "",
		"profile_workloads": "namespace", "inspect_usage": "selector"}
	if len(res.Tools) != len(want) {
		t.Fatalf("%d tools, want %d", len(res.Tools), len(want))
	}
	for _, tool := range res.Tools {
		field, ok := want[tool.Name]
		if !ok {
			t.Errorf("unexpected tool %s", tool.Name)
			continue
		}
		a := tool.Annotations
		if a == nil || !a.ReadOnlyHint || a.DestructiveHint == nil || *a.DestructiveHint || !a.IdempotentHint || a.OpenWorldHint == nil || *a.OpenWorldHint {
			t.Errorf("%s: annotations %+v, want read-only, not destructive, idempotent, closed world", tool.Name, a)
		}
		in, _ := json.Marshal(tool.InputSchema)
		if !strings.Contains(string(in), `"type":"object"`) || (field != "" && !strings.Contains(string(in), `"`+field+`"`)) {
			t.Errorf("%s: input schema %s", tool.Name, in)
		}
		if out, _ := json.Marshal(tool.OutputSchema); tool.OutputSchema == nil || !strings.Contains(string(out), `"properties"`) {
			t.Errorf("%s: output schema %s", tool.Name, out)
		}
	}
	if sent.Load() != 0 {
		t.Errorf("listing tools sent %d requests", sent.Load())
	}
}

func TestAGetIsAnsweredAndMasked(t *testing.T) {
	var sent atomic.Int64
	cs := connect(t, Options{Connections: []Connection{demoConnection(t, &sent)}})
	out, text := readDemo(t, cs, "get pods -n shop")
	if out.Connection != "demo" || len(out.Columns) == 0 || out.Columns[0] != "NAME" || out.RowCount != 8 || len(out.Rows) != 8 {
		t.Fatalf("get pods: %+v", out)
	}
	if !strings.Contains(text, "postgres-0") {
		t.Errorf("the text does not hold the table:\n%s", text)
	}
	doc, text := readDemo(t, cs, "get pods -n shop -o json")
	if doc.Redaction.Masked == 0 || doc.Redaction.ByRule[redact.RuleAnnotations]+doc.Redaction.ByRule[redact.RuleEnv]+doc.Redaction.ByRule[redact.RuleCommand] == 0 {
		t.Errorf("receipt %+v: nothing masked in pods' JSON", doc.Redaction)
	}
	raw, _ := json.Marshal(doc.Document)
	if !strings.Contains(string(raw), `\u003credacted\u003e`) || !strings.Contains(text, redact.Masked) || !strings.Contains(text, "machine redaction masked") {
		t.Errorf("the document or the text is not masked:\n%s", text)
	}
	if sent.Load() == 0 {
		t.Error("no request was counted")
	}
}

func TestSecretNamesAndANamedSecretsValuesAreMasked(t *testing.T) {
	var sent atomic.Int64
	cs := connect(t, Options{Connections: []Connection{adminConnection(t, &sent)}})
	out, text := readDemo(t, cs, "get secrets -n shop")
	if len(out.Rows) != 3 || out.Redaction.ByRule[redact.RuleSecretNames] != 3 {
		t.Fatalf("secrets: %+v", out)
	}
	for _, r := range out.Rows {
		if r[0] != redact.Masked {
			t.Errorf("a Secret's name passed: %q", r[0])
		}
	}
	named, ntext := readDemo(t, cs, "get secret db-credentials -n shop -o yaml")
	for _, leak := range []string{"db-credentials", "regcred", "web-token"} {
		if strings.Contains(text, leak) || strings.Contains(ntext, leak) || strings.Contains(strings.Join(named.Lines, "\n"), leak) {
			t.Errorf("a Secret's name %q reached the agent", leak)
		}
	}
	if named.Redaction.ByRule[redact.RuleData] == 0 || named.Redaction.ByRule[redact.RuleSecretNames] == 0 {
		t.Errorf("a named Secret's values and name: receipt %+v", named.Redaction)
	}
}

func TestRefusedBeforeAnythingIsSent(t *testing.T) {
	var sent atomic.Int64
	cs := connect(t, Options{Connections: []Connection{demoConnection(t, &sent)}})
	cases := map[string]string{
		"exec web-568bd749f7-4blv8 -n shop -- ls": statement.CodeWriteCommand,
		"get pods --server https://evil.example":  CodeConnectionFlag,
		"get pods --token=cnryTOKEN":              CodeConnectionFlag,
		"get pods --kubeconfig /tmp/k":            CodeConnectionFlag,
		"get pods --as system:admin":              CodeConnectionFlag,
		"get pods --context prod":                 CodeConnectionFlag,
		"get pods --max-rows 100000":              CodeOwnFlag,
		"get pods --redact people":                CodeOwnFlag,
		"get pods -n shop -w":                     CodeWatch,
		"get pods -n shop --watch":                CodeWatch,
		"logs web-568bd749f7-4blv8 -n shop -f":    CodeFollow,
		"get pods " + strings.Repeat("x", 4088):   CodeTooLong,
		"":                                        CodeEmpty,
		"get pods -o jsonpath-file=/etc/passwd":   CodeLocalFile,
		"get pods -o go-template-file=/etc/hosts": CodeLocalFile,
		"get pods -n shop --watch-only":           CodeWatch,
		// One line means one line: a line break never starts a second statement, and no other
		// control character is read.
		"get pods\ndelete pod web-1": statement.CodeControlChar,
		"get pods -n shop\r":         statement.CodeControlChar,
		"get pods\u2028get secrets":  statement.CodeControlChar,
	}
	if n := len("get pods " + strings.Repeat("x", 4088)); n != 4097 {
		t.Fatalf("the long line is %d characters", n)
	}
	for _, w := range statement.WriteCommands {
		cases[w+" pods x"] = statement.CodeWriteCommand
	}
	for _, flag := range statement.ConnectionFlags {
		dash := "--"
		if len(flag) == 1 {
			dash = "-"
		}
		cases["get pods -n shop "+dash+flag+"=x"] = CodeConnectionFlag
		cases["get pods -n shop "+dash+flag+" x"] = CodeConnectionFlag
	}
	for line, code := range cases {
		res, text := callTool(t, cs, "run_kubectl_read", map[string]any{"statement": line})
		if !res.IsError || (code != "" && !strings.HasPrefix(text, code+": ")) || !strings.Contains(text, "Nothing was sent") && code != "" {
			t.Errorf("%.60q: %v %s", line, res.IsError, text)
		}
	}
	if n := sent.Load(); n != 0 {
		t.Errorf("%d requests were sent for refused statements", n)
	}
}

func TestListConnectionsAndUnknownConnections(t *testing.T) {
	var sent atomic.Int64
	cs := connect(t, Options{Connections: []Connection{demoConnection(t, &sent)}})
	res, _ := callTool(t, cs, "list_connections", map[string]any{})
	var list ListOutput
	structured(t, res, &list)
	if len(list.Connections) != 1 || list.Connections[0].Name != "demo" || list.Connections[0].Host == "" {
		t.Fatalf("list: %+v", list)
	}
	res, text := callTool(t, cs, "run_kubectl_read", map[string]any{"connection": "prod", "statement": "get pods"})
	if !res.IsError || !strings.HasPrefix(text, CodeNotOptedIn+": ") {
		t.Fatalf("an unknown connection: %s", text)
	}
	if sent.Load() != 0 {
		t.Errorf("%d requests sent", sent.Load())
	}
}

// A selector on the owner label is refused on the agents' path too (inspect_usage's selector
// argument), by the allowlist on the final request: nothing reaches the server.
func TestInspectUsageRefusesAnOwnerSelector(t *testing.T) {
	var sent atomic.Int64
	cs := connect(t, Options{Connections: []Connection{demoConnection(t, &sent)}})
	for _, sel := range []string{"eai.io/owner=alice", "app=web,eai.io/owner>1", "!EAI.IO/OWNER"} {
		before := sent.Load()
		res, text := callTool(t, cs, "inspect_usage", map[string]any{"connection": "demo", "namespace": "shop", "selector": sel})
		if !res.IsError || !strings.Contains(text, "eai.io/owner") {
			t.Errorf("%s: %v %s", sel, res.IsError, text)
		}
		if n := sent.Load() - before; n != 0 {
			t.Errorf("%s: %d requests sent", sel, n)
		}
	}
}
