package kube

import (
	"context"
	"net/http"
	"testing"

	"github.com/studioctl/studioctl/internal/httpstub"

	"github.com/studioctl/studioctl/fault"
)

// A request marked raw passes the guard only at the fixed paths: a list route the allowlist
// admits for typed reads is refused for get --raw, with nothing sent.
func TestGuardAdmitsRawOnlyAtFixedPaths(t *testing.T) {
	c, reg := stubClient(t, Options{})
	if _, err := c.Discovery(context.Background()); err != nil {
		t.Fatal(err)
	}
	raw := context.WithValue(context.Background(), rawKey{}, true)
	for _, path := range []string{"/api/v1/pods", "/api/v1/namespaces/shop/pods/web-0/log", "/openapi/v3/api/v1", "/metrics"} {
		_, err := c.do(raw, &call{method: "GET", path: path, accept: acceptAny, what: "read " + path})
		if e, ok := fault.As(err); !ok || e.Class != fault.Refused {
			t.Errorf("%s: %v, want a refusal", path, err)
		}
	}
	reg.Add(&httpstub.Stub{Path: "/livez", Body: "ok", Header: http.Header{"Content-Type": {"text/plain"}}})
	body, err := c.Raw(context.Background(), "/livez")
	if err != nil || string(body) != "ok" {
		t.Fatalf("Raw(/livez) = %q, %v", body, err)
	}
	if _, err := c.Raw(context.Background(), "/api/v1/secrets"); err == nil {
		t.Fatal("Raw(/api/v1/secrets) read")
	} else if e, _ := fault.As(err); e.Code != fault.CodeRefusedRawPath {
		t.Fatalf("code %s", e.Code)
	}
}
