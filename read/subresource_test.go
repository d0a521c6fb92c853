package read

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
)

func subresourceSession(t *testing.T, stubs ...*httpstub.Stub) (*Session, *httpstub.Registry) {
	t.Helper()
	rs := append([]synth.Resource(nil), synth.Basic...)
	for i := range rs {
		switch rs[i].Resource {
		case "deployments":
			rs[i].Subresources = map[string][]string{"status": {"get", "patch", "update"}, "scale": {"get", "patch", "update"}}
		case "widgets":
			rs[i].Subresources = map[string][]string{"status": {"get"}}
		}
	}
	now := time.Date(2026, 1, 15, 10, 0, 0, 0, time.UTC)
	s, reg := metaSession(t, rs, kube.Options{Now: func() time.Time { return now }})
	for _, st := range stubs {
		reg.Add(st)
	}
	return s, reg
}

// get NAME --subresource prints the server's Table for the subresource, as kubectl's does; a
// plain object (a custom resource's status) prints as NAME and AGE; -o yaml prints the object the
// subresource answers (a Scale is autoscaling/v1 Scale).
func TestGetSubresource(t *testing.T) {
	scaleTable := `{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{},"columnDefinitions":[{"name":"Name","type":"string","format":"name"},{"name":"Desired","type":"integer"},{"name":"Available","type":"integer"}],"rows":[{"cells":["web",3,2]}]}`
	scale := `{"kind":"Scale","apiVersion":"autoscaling/v1","metadata":{"name":"web","namespace":"shop"},"spec":{"replicas":3},"status":{"replicas":2}}`
	widget := `{"kind":"Widget","apiVersion":"demo.studioctl.dev/v1","metadata":{"name":"w1","namespace":"shop","creationTimestamp":"2026-01-15T09:00:00Z"},"status":{"ok":true}}`
	for _, c := range []struct {
		line string
		stub *httpstub.Stub
		want string
	}{
		{"get deployment web -n shop --subresource=scale", jsonStub("/apis/apps/v1/namespaces/shop/deployments/web/scale", "includeObject=None", scaleTable),
			"NAME   DESIRED   AVAILABLE\nweb    3         2\n"},
		{"get deploy/web --subresource scale -o yaml", jsonStub("/apis/apps/v1/namespaces/shop/deployments/web/scale", "", scale),
			"apiVersion: autoscaling/v1\nkind: Scale\nmetadata:\n  name: web\n  namespace: shop\nspec:\n  replicas: 3\nstatus:\n  replicas: 2\n"},
		{"get deploy web --subresource=scale -o jsonpath={.spec.replicas}", jsonStub("/apis/apps/v1/namespaces/shop/deployments/web/scale", "", scale), "3"},
		{"get widgets w1 --subresource=status", jsonStub("/apis/demo.studioctl.dev/v1/namespaces/shop/widgets/w1/status", "includeObject=None", widget),
			"NAME   AGE\nw1     60m\n"},
	} {
		s, _ := subresourceSession(t, c.stub)
		out, errOut, code := metaRun(t, s, printer.People, c.line)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", c.line, code, errOut)
		}
		if d := cmp.Diff(c.want, out); d != "" {
			t.Errorf("%s (-want +got):\n%s", c.line, d)
		}
	}
}

// --subresource takes status or scale, with one named object of one type; anything else is
// refused with studioctl's sentence before anything is sent; a kind whose discovery lists no such
// subresource is refused before the object is read.
func TestGetSubresourceRefused(t *testing.T) {
	for line, want := range map[string]string{
		"get deploy web --subresource=resize":            "reads status or scale",
		"get deploy web --subresource=log":               "reads status or scale",
		"get deploy --subresource=status":                "one named object",
		"get deploy web api --subresource=status":        "one named object",
		"get deploy,widgets web --subresource=status":    "one named object",
		"get deploy/web widgets/w1 --subresource=status": "one named object",
		"get deploy web -l app=web --subresource=scale":  "one named object",
		"get deploy web -w --subresource=scale":          "one named object",
	} {
		_, err := ParseLine(line)
		if e, ok := fault.As(err); !ok || e.Class != fault.Refused || !strings.Contains(e.Sentence, want) {
			t.Errorf("%s: %v", line, err)
		}
	}
	s, reg := subresourceSession(t)
	_, errOut, code := metaRun(t, s, printer.People, "get pods web --subresource=status")
	if code != fault.ExitRefused || !strings.Contains(errOut, "lists no status subresource of pods") {
		t.Errorf("exit %d: %s", code, errOut)
	}
	for _, seen := range reg.Seen {
		if path := strings.SplitN(seen, "?", 2)[0]; path != "GET /api" && path != "GET /apis" {
			t.Errorf("%s was sent", seen)
		}
	}
}
