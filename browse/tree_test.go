package browse

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
)

// emptyShop stubs shop's served kinds as empty lists (secrets refused), as a server answers the
// lists of a namespace that does not exist.
func emptyShop(reg *httpstub.Registry) {
	for _, p := range []string{"/api/v1/namespaces/shop/pods", "/apis/apps/v1/namespaces/shop/deployments",
		"/api/v1/namespaces/shop/configmaps", "/api/v1/namespaces/shop/serviceaccounts", "/api/v1/namespaces/shop/events"} {
		reg.JSON(p, firstPage, names(""))
	}
	reg.Add(forbidden("/api/v1/namespaces/shop/secrets"))
}

// tree NAMESPACE of a namespace that does not exist says so and exits 1, as a get of it does; it
// asks for the namespace once, only when the tree found nothing in it, and only a 404 counts: an
// identity that may not get namespaces (403) or an empty namespace that exists sees the tree.
func TestTreeOfAMissingNamespace(t *testing.T) {
	cases := []struct {
		name     string
		status   int  // the answer to GET /api/v1/namespaces/shop; 0: not asked
		objects  bool // shop holds objects
		wantCode string
	}{
		{"missing", 404, false, CodeNamespaceMissing},
		{"may not get namespaces", 403, false, ""},
		{"exists but empty", 200, false, ""},
		{"holds objects", 0, true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, reg := newBrowser(t, treeResources, kube.Connection{})
			if c.objects {
				openShop(reg)
			} else {
				emptyShop(reg)
			}
			if c.status != 0 {
				reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop", Query: "includeObject=None", Status: c.status,
					Body: namespaceAnswer(c.status), Header: jsonHeader})
			}
			res, failed, err := Tree(context.Background(), b.s, printer.People, []string{"shop"}, false, false)
			got := treeOutcome{Drawn: res != nil && res.Lines != nil, Failed: failed}
			if e, ok := fault.As(err); ok {
				got.Code, got.Sentence, got.Exit = e.Code, e.Sentence, e.Exit()
			} else if err != nil {
				t.Fatal(err)
			}
			want := treeOutcome{Drawn: true}
			if c.wantCode != "" {
				want = treeOutcome{Code: c.wantCode, Exit: fault.ExitServerError,
					Sentence: "The namespace shop does not exist on this server, so there is no tree to draw; check its name (studioctl get namespaces lists them)."}
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

// treeOutcome is what a tree run ends with: the error's code, sentence and exit, or a drawing.
type treeOutcome struct {
	Code, Sentence string
	Exit           int
	Drawn, Failed  bool
}

var jsonHeader = map[string][]string{"Content-Type": {"application/json"}}

// namespaceAnswer is a synthetic answer to a GET of namespace shop with the status given.
func namespaceAnswer(status int) string {
	switch status {
	case 404:
		return `{"kind":"Status","apiVersion":"v1","status":"Failure","reason":"NotFound","code":404,"message":"synthetic: namespaces \"shop\" not found"}`
	case 403:
		return `{"kind":"Status","apiVersion":"v1","status":"Failure","reason":"Forbidden","code":403,"message":"synthetic: cannot get namespaces"}`
	}
	return names("", "shop")
}
