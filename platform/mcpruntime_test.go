package platform

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/studioctl/studioctl/internal/golden"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/printer"
)

const ownerIdentity = "grace.synthetic@example.com"

func mcpServer(ns, name, tenant, project, phase, ownerWhere string) string {
	owner := `"eai.io/owner":"` + ownerIdentity + `"`
	labels := `"app.kubernetes.io/managed-by":"eai-mcp-runtime","eai.io/tenant":"` + tenant + `","eai.io/project":"` + project + `","eai.io/template":"github"`
	ann := `"kubectl.kubernetes.io/last-applied-configuration":"{\"metadata\":{\"labels\":{` + strings.ReplaceAll(owner, `"`, `\"`) + `}}}\n"`
	if ownerWhere == "label" {
		labels += "," + owner
	} else {
		ann += "," + owner
	}
	return `{"metadata":{"name":"` + name + `","namespace":"` + ns + `","creationTimestamp":"2031-05-01T11:30:00Z","labels":{` + labels + `},"annotations":{` + ann + `}},
 "spec":{"image":"synthetic"},"status":{"phase":"` + phase + `","url":"http://` + name + `.` + ns + `.svc:8080"}}`
}

func stubRuntime(reg *httpstub.Registry) {
	addDiscovery(reg, []synth.Resource{rNS, rDeploy, rMC, rMCP})
	reg.JSON("/apis/apps/v1/namespaces/toolhive-system/deployments/toolhive-operator", "",
		`{"metadata":{"name":"toolhive-operator","namespace":"toolhive-system"},"spec":{"replicas":2,"template":{"spec":{"containers":[{"name":"manager","image":"ghcr.io/stacklok/toolhive/operator:v0.59.0"}]}}},"status":{"readyReplicas":2}}`)
	reg.JSON("/apis/platform.navin.ai/v1alpha1/namespaces/toolhive-system/managedcomponents", "*", listAnswer("ManagedComponentList",
		mc("toolhive-system", "toolhive-operator-crds", "toolhive-operator-crds", "Running", 1, 1, "started", "ok", "succeeded", "compliant", "", ""),
		mc("toolhive-system", "toolhive-operator", "toolhive-operator", "Running", 2, 1, "starting", "warning", "running", "compliant", "", ""),
		mc("toolhive-system", "other", "postgres", "Running", 1, 1, "started", "ok", "idle", "compliant", "", "")))
	reg.JSON("/api/v1/namespaces", "limit=500&labelSelector=eai.io%2Fmcp-runtime%3Dtrue", listAnswer("NamespaceList",
		`{"metadata":{"name":"mcp-0123456789ab","labels":{"eai.io/mcp-runtime":"true"}}}`,
		`{"metadata":{"name":"mcp-ba9876543210","labels":{"eai.io/mcp-runtime":"true"}}}`,
		`{"metadata":{"name":"mcp-not-hex-name","labels":{"eai.io/mcp-runtime":"true"}}}`))
	reg.JSON("/apis/toolhive.stacklok.dev/v1beta1/mcpservers", "limit=500&labelSelector=app.kubernetes.io%2Fmanaged-by%3Deai-mcp-runtime", listAnswer("MCPServerList",
		mcpServer("mcp-0123456789ab", "github-1", "acme", "web", "Ready", "label"),
		mcpServer("mcp-0123456789ab", "github-2", "acme", "api", "Pending", "annotation"),
		mcpServer("mcp-ba9876543210", "fetch-1", "globex", "web", "Failed", "label"),
		mcpServer("mcp-not-hex-name", "stray-1", "acme", "web", "Ready", "label"),
		mcpServer("default", "stray-2", "acme", "web", "Ready", "label")))
}

func TestRuntime(t *testing.T) {
	c, reg := newClient(t)
	stubRuntime(reg)
	rt, err := ReadRuntime(context.Background(), c, "", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(rt.Instances) != 3 || len(rt.Components) != 2 || !rt.Operator.Found || rt.Operator.Version != "0.59.0" {
		t.Errorf("runtime = %+v", rt)
	}
	sum := sha256.Sum256([]byte(ownerIdentity))
	for _, in := range rt.Instances {
		if in.Owner != hex.EncodeToString(sum[:])[:16] {
			t.Errorf("%s owner = %q", in.Name, in.Owner)
		}
	}
	people := render(t, Result("", rt, rt.Lines()), printer.People)
	asJSON := render(t, Result("json", rt, nil), printer.People)
	machine := render(t, Result("json", rt, nil), printer.Machine)
	for _, out := range []string{people, asJSON, machine} {
		if strings.Contains(out, ownerIdentity) || strings.Contains(out, "stray") {
			t.Fatalf("the owner identity or an unmanaged MCPServer shows:\n%s", out)
		}
	}
	golden.Check(t, "mcp-runtime.txt", people)
	golden.Check(t, "mcp-runtime.json", asJSON)
}

func TestRuntimeFilter(t *testing.T) {
	c, reg := newClient(t)
	stubRuntime(reg)
	rt, err := ReadRuntime(context.Background(), c, "acme", "web")
	if err != nil {
		t.Fatal(err)
	}
	if len(rt.Instances) != 1 || rt.Instances[0].Name != "github-1" || rt.Counts.ByTenant["acme"] != 1 || rt.Counts.Total != 1 {
		t.Errorf("filtered = %+v", rt.Instances)
	}
}

func TestRuntimeNotInstalled(t *testing.T) {
	c, reg := newClient(t)
	addDiscovery(reg, []synth.Resource{rNS, rDeploy})
	reg.Add(&httpstub.Stub{Path: "/apis/apps/v1/namespaces/toolhive-system/deployments/toolhive-operator", Status: 404,
		Body: `{"kind":"Status","reason":"NotFound"}`})
	rt, err := ReadRuntime(context.Background(), c, "", "")
	if err != nil {
		t.Fatal(err)
	}
	out := strings.Join(rt.Lines(), "\n")
	if rt.Operator.Found || rt.CRD.Served || !strings.Contains(out, "not installed") || !strings.Contains(out, "not served") {
		t.Errorf("lines:\n%s", out)
	}
}

func TestRuntimeForbidden(t *testing.T) {
	c, reg := newClient(t)
	addDiscovery(reg, []synth.Resource{rNS, rDeploy, rMCP})
	forbidden(reg, "/apis/apps/v1/namespaces/toolhive-system/deployments/toolhive-operator")
	forbidden(reg, "/api/v1/namespaces")
	rt, err := ReadRuntime(context.Background(), c, "", "")
	if err != nil {
		t.Fatal(err)
	}
	var what []string
	for _, u := range rt.Unreadable {
		what = append(what, u.What)
	}
	if got := strings.Join(what, ","); got != "operator,ToolHive components,managed instances" {
		t.Errorf("unreadable = %s", got)
	}
}
