package check

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/golden"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
)

// answerRights answers every review of a profile: deny names the resources refused.
func answerRights(reg *httpstub.Registry, n int, deny func(map[string]string) bool, asked *[]map[string]string) {
	var mu sync.Mutex
	reg.Add(&httpstub.Stub{Method: "POST", Path: pathSSAR, Times: n, Respond: func(r *http.Request) (*http.Response, error) {
		var body struct {
			Spec struct {
				ResourceAttributes    map[string]string `json:"resourceAttributes"`
				NonResourceAttributes map[string]string `json:"nonResourceAttributes"`
			} `json:"spec"`
		}
		data, _ := io.ReadAll(r.Body)
		json.Unmarshal(data, &body)
		attrs := body.Spec.ResourceAttributes
		if attrs == nil {
			attrs = body.Spec.NonResourceAttributes
		}
		mu.Lock()
		*asked = append(*asked, attrs)
		mu.Unlock()
		allowed := "true"
		if deny(attrs) {
			allowed = "false"
		}
		return jsonAnswer(200, `{"kind":"SelfSubjectAccessReview","apiVersion":"authorization.k8s.io/v1","status":{"allowed":`+allowed+`}}`)(r)
	}})
}

func TestRightsProfiles(t *testing.T) {
	for _, name := range ProfileNames() {
		c, reg := newClient(t, kube.Connection{DefaultNamespace: "navin-platform"})
		var asked []map[string]string
		answerRights(reg, len(Profiles[name]), func(a map[string]string) bool { return a["resource"] == "nodes" || a["verb"] == "delete" }, &asked)
		r, err := RunRights(context.Background(), c, name)
		if err != nil {
			t.Fatal(err)
		}
		if len(asked) != len(Profiles[name]) || len(r.Rights) != len(Profiles[name]) {
			t.Errorf("%s: asked %d reviews", name, len(asked))
		}
		for _, a := range asked {
			if a["namespace"] == DefaultNamespace {
				t.Errorf("%s: the default-namespace marker was sent", name)
			}
		}
		var res bytes.Buffer
		printer.NewWriter(&res, &res, printer.People).Write(r.Result(""))
		golden.Check(t, "rights-"+name+".txt", res.String())
		wantExit := fault.ExitOK
		if len(r.Missing) > 0 {
			wantExit = fault.ExitWarnings
		}
		if r.Exit() != wantExit {
			t.Errorf("%s: exit %d", name, r.Exit())
		}
	}
}

func TestRightsMissingNamed(t *testing.T) {
	c, reg := newClient(t, kube.Connection{DefaultNamespace: "navin-platform"})
	var asked []map[string]string
	answerRights(reg, len(Profiles["mcp-runtime"]), func(a map[string]string) bool {
		return a["resource"] == "mcpservers" && a["verb"] == "list" || a["namespace"] == "toolhive-system" && a["resource"] == "deployments"
	}, &asked)
	r, err := RunRights(context.Background(), c, "mcp-runtime")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"get deployments.apps toolhive-operator in namespace toolhive-system",
		"list mcpservers.toolhive.stacklok.dev in every namespace"}
	if diff := cmp.Diff(want, r.Missing); diff != "" || r.Exit() != fault.ExitWarnings {
		t.Errorf("missing (-want +got):\n%s", diff)
	}
}

// The reader profiles (every one but the manager's) ask only for rights to read: studioctl is
// read-only, and a profile that asked for delete would have people grant it. mcp-runtime's report
// says that managing MCP servers is the platform manager's right instead.
func TestReaderProfilesAskOnlyToRead(t *testing.T) {
	reads := map[string]bool{"get": true, "list": true, "watch": true}
	for _, name := range ProfileNames() {
		if name == "navin-manager" {
			continue
		}
		var writes []string
		for _, n := range Profiles[name] {
			if !reads[n.Verb] {
				writes = append(writes, n.Verb+" "+n.Resource)
			}
		}
		if diff := cmp.Diff([]string(nil), writes); diff != "" {
			t.Errorf("%s asks for rights to write (-want +got):\n%s", name, diff)
		}
	}
	c, reg := newClient(t, kube.Connection{DefaultNamespace: "navin-platform"})
	var asked []map[string]string
	answerRights(reg, len(Profiles["mcp-runtime"]), func(map[string]string) bool { return false }, &asked)
	r, err := RunRights(context.Background(), c, "mcp-runtime")
	if err != nil {
		t.Fatal(err)
	}
	want := []Notice{{CodeRightsManager, sentenceRightsMCPManager}}
	if diff := cmp.Diff(want, r.Notices); diff != "" || r.Exit() != fault.ExitOK {
		t.Errorf("exit %d, notices (-want +got):\n%s", r.Exit(), diff)
	}
}

func TestRightsUnknownProfile(t *testing.T) {
	c, _ := newClient(t, kube.Connection{})
	_, err := RunRights(context.Background(), c, "everything")
	if e, ok := fault.As(err); !ok || e.Class != fault.Refused || !strings.Contains(e.Sentence, "discover") {
		t.Errorf("got %v", err)
	}
}
