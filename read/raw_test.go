package read

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/statement"
)

// get --raw prints the server's bytes at a fixed path as they came (no line feed added, as
// kubectl adds none), sanitised: an escape sequence in the answer is removed, never obeyed.
func TestGetRawPrintsTheServersBytes(t *testing.T) {
	cases := []struct{ line, path, body, want string }{
		{"get --raw /healthz", "/healthz", "ok", "ok"},
		{"get --raw=/version", "/version", "{\n  \"major\": \"1\"\n}", "{\n  \"major\": \"1\"\n}"},
		{"get --raw /readyz", "/readyz", "ok\x1b[31m\n", "ok\n"},
	}
	for _, c := range cases {
		t.Run(c.line, func(t *testing.T) {
			reg := httpstub.New(t)
			reg.Add(&httpstub.Stub{Path: c.path, Body: c.body, Header: http.Header{"Content-Type": {"text/plain"}}})
			ep, err := kube.Connection{Host: "cluster.example", Port: 6443, Token: "synthetic-token"}.Validate(kube.Switches{})
			if err != nil {
				t.Fatal(err)
			}
			s := &Session{Client: kube.NewClient(ep, kube.Options{Transport: reg})}
			out, errOut, code := famRun(t, s, c.line)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if d := cmp.Diff(c.want, out); d != "" {
				t.Errorf("stdout (-want +got):\n%s", d)
			}
		})
	}
}

// Every other path, and --raw beside a type, a form or a filter, is refused before anything is
// sent.
func TestGetRawRefusals(t *testing.T) {
	cases := map[string]string{
		"get --raw /api/v1/namespaces/shop/secrets": fault.CodeRefusedRawPath,
		"get --raw /metrics":                        fault.CodeRefusedRawPath,
		"get --raw /healthz/etcd":                   fault.CodeRefusedRawPath,
		"get --raw /livez?verbose":                  fault.CodeRefusedRawPath,
		"get --raw /openapi/v3/api/v1":              fault.CodeRefusedRawPath,
		"get --raw ''":                              fault.CodeRefusedRawPath,
		"get pods --raw /version":                   statement.CodeUsage,
		"get --raw /version -o json":                statement.CodeUsage,
		"get --raw /version -w":                     statement.CodeUsage,
		"get --raw /version -l app=web":             statement.CodeUsage,
		"describe --raw /version":                   statement.CodeFlagNotInV1,
	}
	for line, want := range cases {
		_, err := ParseLine(line)
		e, ok := fault.As(err)
		if !ok || e.Code != want || e.Class != fault.Refused {
			t.Errorf("%s: %v, want %s", line, err, want)
		}
	}
}

// On the command line (a live stream) the answer prints as it arrives, a long line in parts, and
// reads the same as the whole answer; an escape sequence is removed there too.
func TestGetRawStreams(t *testing.T) {
	body := strings.Repeat(`{"paths":"`+strings.Repeat("é", 1000)+`"}`, 100) + "\x1b[2J\nend"
	reg := httpstub.New(t)
	reg.Add(&httpstub.Stub{Path: "/openapi/v3", Body: body, Header: http.Header{"Content-Type": {"application/json"}}})
	ep, err := kube.Connection{Host: "cluster.example", Port: 6443, Token: "synthetic-token"}.Validate(kube.Switches{})
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	w := printer.NewWriter(&out, &errOut, printer.People)
	s := &Session{Client: kube.NewClient(ep, kube.Options{Transport: reg}), Live: w.Stream()}
	st, err := ParseLine("get --raw /openapi/v3")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), s, st)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(res); err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(body, "\x1b[2J", "", 1)
	if out.String() != want {
		t.Errorf("streamed %d bytes, want %d (first difference at %d)", out.Len(), len(want), firstDiff(out.String(), want))
	}
}

func firstDiff(a, b string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
