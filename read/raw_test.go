package read

import (
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/kube"
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
		"get --raw /api/v1/namespaces/shop/secrets": kube.CodeRefusedRawPath,
		"get --raw /metrics":                        kube.CodeRefusedRawPath,
		"get --raw /healthz/etcd":                   kube.CodeRefusedRawPath,
		"get --raw /livez?verbose":                  kube.CodeRefusedRawPath,
		"get --raw /openapi/v3/api/v1":              kube.CodeRefusedRawPath,
		"get --raw ''":                              kube.CodeRefusedRawPath,
		"get pods --raw /version":                   statement.CodeUsage,
		"get --raw /version -o json":                statement.CodeUsage,
		"get --raw /version -w":                     statement.CodeUsage,
		"get --raw /version -l app=web":             statement.CodeUsage,
		"describe --raw /version":                   statement.CodeFlagNotInV1,
	}
	for line, want := range cases {
		_, err := ParseLine(line)
		e, ok := kube.AsError(err)
		if !ok || e.Code != want || e.Exit != kube.ExitRefused {
			t.Errorf("%s: %v, want %s", line, err, want)
		}
	}
}
