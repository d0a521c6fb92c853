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
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/apiresources"
)

// metaSession is a session over a stub registry that already answers discovery with rs.
func metaSession(t testing.TB, rs []synth.Resource, opts kube.Options) (*Session, *httpstub.Registry) {
	t.Helper()
	reg := httpstub.New(t)
	api, apis := synth.Discovery(rs)
	h := http.Header{"Content-Type": {synth.DiscoveryContentType}}
	reg.Add(&httpstub.Stub{Path: "/api", Body: api, Header: h})
	reg.Add(&httpstub.Stub{Path: "/apis", Body: apis, Header: h})
	ep, err := kube.Connection{Host: "cluster.example", Port: 6443, Token: "meta-token", DefaultNamespace: "shop"}.Validate(kube.Switches{})
	if err != nil {
		t.Fatal(err)
	}
	opts.Transport = reg
	return &Session{Client: kube.NewClient(ep, opts)}, reg
}

// metaRun parses and runs one line, prints its result through a Writer in mode, and returns what
// was printed and the statement's exit code (the first error's, as the command line reports it).
func metaRun(t *testing.T, s *Session, mode printer.RedactMode, line string) (stdout, stderr string, exit int) {
	t.Helper()
	var out, errOut bytes.Buffer
	res, err := runLine(context.Background(), s, line)
	if err != nil {
		e, ok := fault.As(err)
		if !ok {
			t.Fatalf("%s: %v is not a sentence", line, err)
		}
		return "", e.Sentence, e.Exit()
	}
	if err := printer.NewWriter(&out, &errOut, mode).Write(res); err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Errors {
		errOut.WriteString("error: " + e.Sentence + "\n")
	}
	exit = res.Exit
	if len(res.Errors) > 0 {
		exit = res.Errors[0].Exit()
	}
	return out.String(), errOut.String(), exit
}

// metaResources is a synthetic discovery with read verbs only, in the server's order (core first,
// then groups by priority), which api-resources sorts by group and then name.
var metaResources = []synth.Resource{
	{Version: "v1", Resource: "pods", Kind: "Pod", Namespaced: true, Verbs: []string{"get", "list", "watch"}, ShortNames: []string{"po"}, Subresources: map[string][]string{"log": {"get"}}},
	{Version: "v1", Resource: "namespaces", Kind: "Namespace", Verbs: []string{"get", "list", "watch"}, ShortNames: []string{"ns"}},
	{Version: "v1", Resource: "componentstatuses", Kind: "ComponentStatus", Verbs: []string{"get", "list"}, ShortNames: []string{"cs"}},
	{Group: "demo.studioctl.dev", Version: "v1", Resource: "widgets", Kind: "Widget", Namespaced: true, Verbs: []string{"get", "list"}, ShortNames: []string{"wg", "wgt"}},
	{Group: "apps", Version: "v1", Resource: "statefulsets", Kind: "StatefulSet", Namespaced: true, Verbs: []string{"get", "list", "watch"}, ShortNames: []string{"sts"}},
	{Group: "apps", Version: "v1", Resource: "deployments", Kind: "Deployment", Namespaced: true, Verbs: []string{"get", "list", "watch"}, ShortNames: []string{"deploy"}},
	{Group: "authentication.k8s.io", Version: "v1", Resource: "selfsubjectreviews", Kind: "SelfSubjectReview"},
}

func TestAPIResourcesSortsByGroupThenName(t *testing.T) {
	s, _ := metaSession(t, metaResources, kube.Options{})
	for _, c := range []struct{ line, want string }{
		{"api-resources", `NAME                SHORTNAMES   APIVERSION              NAMESPACED   KIND
componentstatuses   cs           v1                      false        ComponentStatus
namespaces          ns           v1                      false        Namespace
pods                po           v1                      true         Pod
deployments         deploy       apps/v1                 true         Deployment
statefulsets        sts          apps/v1                 true         StatefulSet
widgets             wg,wgt       demo.studioctl.dev/v1   true         Widget
`},
		{"api-resources -o wide --api-group apps", "NAME           SHORTNAMES   APIVERSION   NAMESPACED   KIND          VERBS            CATEGORIES\n" +
			"deployments    deploy       apps/v1      true         Deployment    get,list,watch   \n" +
			"statefulsets   sts          apps/v1      true         StatefulSet   get,list,watch   \n"},
		{"api-resources -o name", "componentstatuses\nnamespaces\npods\ndeployments.apps\nstatefulsets.apps\nwidgets.demo.studioctl.dev\n"},
		{"api-resources --namespaced=false --no-headers", "componentstatuses   cs    v1    false   ComponentStatus\nnamespaces          ns    v1    false   Namespace\n"},
		{"api-resources --api-group= -o name", "componentstatuses\nnamespaces\npods\n"},
		{"api-resources --verbs watch,list -o name", "namespaces\npods\ndeployments.apps\nstatefulsets.apps\n"},
		{"api-resources --verbs watch --verbs get --namespaced -o name", "pods\ndeployments.apps\nstatefulsets.apps\n"},
		// kubectl prints its header before it reads a row, so an empty answer is the header alone.
		{"api-resources --api-group nothing.example.dev", "NAME   SHORTNAMES   APIVERSION   NAMESPACED   KIND\n"},
		{"api-resources --api-group nothing.example.dev --no-headers", ""},
		{"api-resources --api-group nothing.example.dev -o name", ""},
	} {
		out, errOut, code := metaRun(t, s, printer.People, c.line)
		if diff := cmp.Diff(c.want, out); diff != "" || code != 0 {
			t.Errorf("%s (exit %d, stderr %q):\n%s", c.line, code, errOut, diff)
		}
	}
}

func TestAPIResourcesPicksThePreferredVersion(t *testing.T) {
	d := &discovery.Discovery{Resources: []discovery.APIResource{
		{Group: "toolhive.example.dev", Version: "v1beta1", Resource: "servers", Preferred: true},
		{Group: "toolhive.example.dev", Version: "v1beta1", Resource: "registries", Preferred: true},
		{Group: "toolhive.example.dev", Version: "v1alpha1", Resource: "servers"},
		{Group: "toolhive.example.dev", Version: "v1alpha1", Resource: "legacy"},
	}}
	var got []string
	for _, r := range apiresources.ApiResPreferred(d) {
		got = append(got, r.Resource+"@"+r.Version)
	}
	if diff := cmp.Diff([]string{"servers@v1beta1", "registries@v1beta1", "legacy@v1alpha1"}, got); diff != "" {
		t.Fatal(diff)
	}
}

func TestAPIVersionsSorted(t *testing.T) {
	s, _ := metaSession(t, metaResources, kube.Options{})
	out, _, code := metaRun(t, s, printer.People, "api-versions")
	want := "apps/v1\nauthentication.k8s.io/v1\ndemo.studioctl.dev/v1\nv1\n"
	if diff := cmp.Diff(want, out); diff != "" || code != 0 {
		t.Fatalf("exit %d\n%s", code, diff)
	}
}

func TestAPIResourcesRefusesWhatKubectlDoesNotTake(t *testing.T) {
	for _, line := range []string{"api-resources pods", "api-resources -o json", "api-resources -n shop", "api-versions -o name"} {
		if _, err := ParseLine(line); err == nil || fault.ExitCode(err) != fault.ExitRefused {
			t.Errorf("%s: %v", line, err)
		} else if !strings.Contains(err.Error(), "Nothing was sent") {
			t.Errorf("%s: %v", line, err)
		}
	}
}
