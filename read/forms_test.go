package read

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
)

// formPods is a synthetic pod list: three pods listed out of name order, with numbers, a
// quantity, a map, an env value machine mode masks, and one pod missing nodeName.
const formPods = `{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"7"},"items":[
{"metadata":{"name":"web-10","namespace":"shop","labels":{"app":"web"},"creationTimestamp":"2026-01-15T09:00:00Z"},
 "spec":{"nodeName":"node-b","containers":[{"name":"app","image":"web:1","env":[{"name":"PASSWORD","value":"hunter2"}],"resources":{"requests":{"memory":"1Gi"}}}]},
 "status":{"phase":"Running","containerStatuses":[{"restartCount":12}]}},
{"metadata":{"name":"web-2","namespace":"shop","labels":{"app":"web","tier":"front"},"creationTimestamp":"2026-01-15T08:00:00Z"},
 "spec":{"nodeName":"node-a","containers":[{"name":"app","image":"web:1","resources":{"requests":{"memory":"512Mi"}}},{"name":"sidecar","image":"proxy:2"}]},
 "status":{"phase":"Pending","containerStatuses":[{"restartCount":3}]}},
{"metadata":{"name":"db-0","namespace":"shop","creationTimestamp":"2026-01-15T10:00:00Z"},
 "spec":{"containers":[{"name":"db","image":"pg:16","resources":{"requests":{"memory":"2Gi"}}}]},
 "status":{"phase":"Running","containerStatuses":[{"restartCount":0}]}}]}`

func formSession(t *testing.T, extra ...*httpstub.Stub) *Session {
	t.Helper()
	s, reg := metaSession(t, synth.Basic, kube.Options{})
	for _, st := range extra {
		reg.Add(st)
	}
	return s
}

func podListStub() *httpstub.Stub {
	return &httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "limit=500", Body: formPods, Header: http.Header{"Content-Type": {"application/json"}}}
}

// Each case pins kubectl's output for the same list (kubectl get pods -n shop -o ...).
func TestGetTemplateForms(t *testing.T) {
	dir := t.TempDir()
	cols := filepath.Join(dir, "cols.txt")
	os.WriteFile(cols, []byte("NAME          NODE\n.metadata.name .spec.nodeName\n"), 0o600)
	jp := filepath.Join(dir, "t.jsonpath")
	os.WriteFile(jp, []byte(`{range .items[*]}{.metadata.name}{"\n"}{end}`), 0o600)
	cases := []struct{ line, want string }{
		// kubectl runs the template once against the List: names joined by spaces, no newline.
		{`get pods -o jsonpath={.items[*].metadata.name}`, "web-10 web-2 db-0"},
		{`get pods -o jsonpath-file=` + jp, "web-10\nweb-2\ndb-0\n"},
		// A map prints as compact JSON; a missing key prints nothing.
		{`get pods -o jsonpath={.items[0].metadata.labels}{.items[0].nope}`, `{"app":"web"}`},
		// jsonpath-as-json: each piece's values as one indented JSON array (kubectl's printer with
		// JSON output on); a range prints one array per piece per item; a missing key prints [].
		{`get pods -o jsonpath-as-json={.items[*].metadata.name}`, "[\n    \"web-10\",\n    \"web-2\",\n    \"db-0\"\n]\n"},
		{`get pods -o jsonpath-as-json={range.items[*]}{.metadata.name}{end}`, "[\n    \"web-10\"\n]\n[\n    \"web-2\"\n]\n[\n    \"db-0\"\n]\n"},
		{`get pods -o jsonpath-as-json=name:{.items[0].metadata.labels}{.items[0].nope}`, "[\n    \"name:\"\n]\n[\n    {\n        \"app\": \"web\"\n    }\n]\n[]\n"},
		// custom-columns: headers as written, <none> for a missing value, several values joined
		// by commas, a map as Go prints it.
		{`get pods -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName,IMAGES:.spec.containers[*].image,LABELS:.metadata.labels`,
			"NAME     NODE     IMAGES          LABELS\nweb-10   node-b   web:1           map[app:web]\nweb-2    node-a   web:1,proxy:2   map[app:web tier:front]\ndb-0     <none>   pg:16           <none>\n"},
		{`get pods --no-headers -o custom-columns-file=` + cols, "web-10   node-b\nweb-2    node-a\ndb-0     <none>\n"},
		// go-template: numbers decoded as kubectl decodes them, <no value> for a missing key.
		{`get pods -o 'go-template={{range .items}}{{.metadata.name}}:{{(index .status.containerStatuses 0).restartCount}}:{{.spec.nodeName}}{{"\n"}}{{end}}'`,
			"web-10:12:node-b\nweb-2:3:node-a\ndb-0:0:<no value>\n"},
		{`get pods -o 'go-template={{range .items}}{{if exists . "spec" "nodeName"}}{{.metadata.name}} {{end}}{{end}}'`, "web-10 web-2 "},
		// --sort-by orders what any form prints: numbers by value, quantities as quantities,
		// times as their RFC 3339 text, strings byte by byte, a missing field first.
		{`get pods --sort-by=.status.containerStatuses[0].restartCount -o jsonpath={.items[*].metadata.name}`, "db-0 web-2 web-10"},
		{`get pods --sort-by={.spec.containers[0].resources.requests.memory} -o jsonpath={.items[*].metadata.name}`, "web-2 web-10 db-0"},
		{`get pods --sort-by=.metadata.creationTimestamp -o jsonpath={.items[*].metadata.name}`, "web-2 web-10 db-0"},
		{`get pods --sort-by=.spec.nodeName -o jsonpath={.items[*].metadata.name}`, "db-0 web-2 web-10"},
	}
	for _, c := range cases {
		s := formSession(t, podListStub())
		out, errOut, code := metaRun(t, s, printer.People, c.line)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", c.line, code, errOut)
			continue
		}
		if d := cmp.Diff(c.want, out); d != "" {
			t.Errorf("%s (-want +got):\n%s", c.line, d)
		}
	}
}

// Machine mode masks the documents before any form reads them: the env value never prints.
func TestGetFormsMaskInMachineMode(t *testing.T) {
	for _, line := range []string{
		`get pods -o jsonpath={..env[*].value}`,
		`get pods -o custom-columns=V:.spec.containers[*].env[*].value`,
		`get pods -o 'go-template={{range .items}}{{range .spec.containers}}{{.env}}{{end}}{{end}}'`,
	} {
		out, errOut, code := metaRun(t, formSession(t, podListStub()), printer.Machine, line)
		if code != 0 || strings.Contains(out, "hunter2") || !strings.Contains(out, "redacted") {
			t.Errorf("%s: exit %d %q %q", line, code, out, errOut)
		}
	}
}

// --allow-missing-template-keys=false makes a missing key an error, as kubectl's does.
func TestGetFormsMissingKeys(t *testing.T) {
	res, err := runLine(context.Background(), formSession(t, podListStub()), `get pods --allow-missing-template-keys=false -o jsonpath={.items[*].nope}`)
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	err = printer.NewWriter(&out, &errOut, printer.People).Write(res)
	e, ok := fault.As(err)
	if !ok || e.Class != fault.ServerError || !strings.Contains(e.Sentence, "nope is not found") || out.Len() > 0 {
		t.Fatalf("%v %q", err, out.String())
	}
}

// The table keeps paging and sorts on the metadata a Table row carries (PartialObjectMetadata)
// when the path is under .metadata; sort_test.go has the paths outside it.
func TestGetSortByTable(t *testing.T) {
	cols := [][3]string{{"Name", "string", "0"}, {"Status", "string", "0"}}
	row := func(name, phase, ts string) map[string]any {
		return map[string]any{"cells": []any{name, phase}, "object": map[string]any{"metadata": map[string]any{"name": name, "creationTimestamp": ts}, "status": map[string]any{"phase": phase}}}
	}
	table := func(rows ...map[string]any) string {
		tb := synth.Table(cols, nil, "")
		return strings.Replace(tb, `"rows":null`, `"rows":`+mustJSON(rows), 1)
	}
	body := table(row("web-10", "Running", "2026-01-15T09:00:00Z"), row("web-2", "Pending", "2026-01-15T08:00:00Z"))
	for _, c := range []struct{ line, query, want string }{
		{"get pods --sort-by=.metadata.creationTimestamp", "limit=500&includeObject=Metadata", "NAME     STATUS\nweb-2    Pending\nweb-10   Running\n"},
		// kubectl compares strings byte by byte: web-10 before web-2.
		{"get pods --sort-by=.metadata.name", "limit=500&includeObject=Metadata", "NAME     STATUS\nweb-10   Running\nweb-2    Pending\n"},
	} {
		s := formSession(t, &httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: c.query, Body: body, Header: http.Header{"Content-Type": {"application/json"}}})
		out, errOut, code := metaRun(t, s, printer.People, c.line)
		if code != 0 {
			t.Errorf("%s: %d %s", c.line, code, errOut)
		}
		if d := cmp.Diff(c.want, out); d != "" {
			t.Errorf("%s (-want +got):\n%s", c.line, d)
		}
	}
}

func mustJSON(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(data)
}
