package mcp

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/record"
)

// A jsonpath answer is its own content item, exactly as the command prints it, and the redaction
// note another (issue 34: the note was glued to the jsonpath text, which no longer parsed).
func TestTheRedactionNoteIsNotGluedToTheAnswer(t *testing.T) {
	var sent atomic.Int64
	cs := connect(t, Options{Connections: []Connection{demoConnection(t, &sent)}})
	res, text := callTool(t, cs, "run_kubectl_read", map[string]any{"statement": "get pods -n shop -o jsonpath={.items[*].metadata.annotations}"})
	if res.IsError || len(res.Content) != 2 {
		t.Fatalf("%v, %d content items: %s", res.IsError, len(res.Content), text)
	}
	printed := res.Content[0].(*sdk.TextContent).Text
	// One JSON object per pod with annotations, separated by spaces, as kubectl prints them.
	d, objects := json.NewDecoder(strings.NewReader(printed)), 0
	for d.More() {
		var doc map[string]any
		if err := d.Decode(&doc); err != nil {
			t.Fatalf("the jsonpath answer does not parse on its own after %d objects (%v): %q", objects, err, printed)
		}
		objects++
	}
	if objects == 0 {
		t.Errorf("no object in %q", printed)
	}
	if note := res.Content[1].(*sdk.TextContent).Text; !strings.HasPrefix(note, "(machine redaction masked") {
		t.Errorf("the second item is not the redaction note: %q", note)
	}
}

// A named object that is not found is a failed call (isError), as the command exits 1 for it; the
// error is still in the answer's data.
func TestNotFoundIsAFailedCall(t *testing.T) {
	var sent atomic.Int64
	cs := connect(t, Options{Connections: []Connection{demoConnection(t, &sent)}})
	res, text := callTool(t, cs, "run_kubectl_read", map[string]any{"statement": "get pod no-such-pod -n shop"})
	var out ReadOutput
	structured(t, res, &out)
	if !res.IsError || len(out.Errors) != 1 || !strings.HasPrefix(out.Errors[0], "http.not_found: ") || !strings.Contains(text, "no-such-pod") {
		t.Errorf("not found: isError %v, errors %q, text %q", res.IsError, out.Errors, text)
	}
	if res, text := callTool(t, cs, "run_kubectl_read", map[string]any{"statement": "get pods -n shop"}); res.IsError {
		t.Errorf("a read that answered is a failed call: %s", text)
	}
}

// get --raw's answer reaches the structured answer as its lines, as the Writer printed them
// (sanitised), besides the text; before, the lines were empty and rowCount 0.
func TestRawAnswerIsLines(t *testing.T) {
	var sent atomic.Int64
	cs := connect(t, Options{Connections: []Connection{demoConnection(t, &sent)}})
	for _, c := range []struct {
		statement string
		first     string
	}{{"get --raw /readyz", "ok"}, {"get --raw /openapi/v3", `{"paths":{`}} {
		res, _ := callTool(t, cs, "run_kubectl_read", map[string]any{"statement": c.statement})
		var out ReadOutput
		structured(t, res, &out)
		if res.IsError || len(out.Lines) == 0 || !strings.HasPrefix(out.Lines[0], c.first) || out.RowCount != len(out.Lines) {
			t.Errorf("%s: isError %v, %d lines, rowCount %d, first %.40q", c.statement, res.IsError, len(out.Lines), out.RowCount, out.Lines)
			continue
		}
		if printed := res.Content[0].(*sdk.TextContent).Text; strings.Join(out.Lines, "\n") != strings.TrimSuffix(printed, "\n") {
			t.Errorf("%s: the lines are not the printed text: %.80q vs %.80q", c.statement, out.Lines, printed)
		}
	}
}

// A raw answer's control characters (a terminal title, a right-to-left override) are escaped in
// the structured lines as in the text. The recording is synthetic: a server answering /readyz so.
func TestRawLinesAreSanitised(t *testing.T) {
	body := "ok\x1b]0;pwned\x07\nsecond\u202eline\n"
	rec := &studioctl.Recording{Server: "v1.37.2", Identity: "synthetic", Exchanges: []*record.Exchange{
		{Method: "GET", Path: "/readyz", Accept: "*/*", Status: 200, ContentType: "text/plain; charset=utf-8", Body: body},
	}}
	var sent atomic.Int64
	cs := connect(t, Options{Connections: []Connection{FromRecording("demo", rec, studioctl.Options{Observe: func(string, string) { sent.Add(1) }})}})
	res, text := callTool(t, cs, "run_kubectl_read", map[string]any{"statement": "get --raw /readyz"})
	var out ReadOutput
	structured(t, res, &out)
	var want bytes.Buffer
	if err := printer.NewWriter(&want, io.Discard, printer.Machine).Write(&printer.Result{Body: []byte(body)}); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(strings.Split(strings.TrimSuffix(want.String(), "\n"), "\n"), out.Lines); d != "" || res.IsError {
		t.Errorf("lines (-printed +structured), isError %v, text %q:\n%s", res.IsError, text, d)
	}
	for _, l := range out.Lines {
		if strings.ContainsAny(l, "\x1b\x07\u202e") {
			t.Errorf("a control character reached the lines: %q", l)
		}
	}
}
