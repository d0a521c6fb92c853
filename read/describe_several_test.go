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
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/describe"
	"github.com/studioctl/studioctl/read/reader"
)

func descCM(name, uid string) string {
	return `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"` + name + `","namespace":"shop","uid":"` + uid + `"},"data":{"mode":"prod"}}`
}

const (
	cmPath   = "/api/v1/namespaces/shop/configmaps"
	evPath   = "/api/v1/namespaces/shop/events"
	noEvents = `{"kind":"EventList","apiVersion":"v1","metadata":{},"items":[]}`
)

func cmEvents(name, uid string) *httpstub.Stub {
	return descJSON(evPath, descListQuery("", describe.EventSelector(name, "shop", "ConfigMap", uid)), noEvents)
}

// describeOut runs a statement and returns what it printed.
func describeOut(t *testing.T, line string, stubs ...*httpstub.Stub) (stdout, stderr string, err error) {
	t.Helper()
	s, reg := descSession(t)
	for _, st := range stubs {
		reg.Add(st)
	}
	res, err := runLine(context.Background(), s, line)
	if err != nil {
		return "", "", err
	}
	var out, errOut bytes.Buffer
	if err := printer.NewWriter(&out, &errOut, printer.People).Write(res); err != nil {
		t.Fatal(err)
	}
	return out.String(), errOut.String(), nil
}

// describe TYPE, -l and several names print each object with two blank lines between two, as
// kubectl's describe does; a name prefix prints a blank line after each object it found.
func TestDescribeSeveral(t *testing.T) {
	one := func(name, uid string) string {
		out, _, err := describeOut(t, "describe cm "+name, descJSON(cmPath+"/"+name, "", descCM(name, uid)), cmEvents(name, uid))
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	web, db := one("web-config", "u1"), one("db-config", "u2")
	if !strings.HasPrefix(web, "Name:") || !strings.HasSuffix(web, "Events:  <none>\n") {
		t.Fatalf("one configmap:\n%s", web)
	}
	// Several objects are described without their events (kubectl's --show-events default).
	web, db = strings.TrimSuffix(web, "Events:  <none>\n"), strings.TrimSuffix(db, "Events:  <none>\n")
	list := func(query string) *httpstub.Stub {
		return descJSON(cmPath, query, descList(descCM("web-config", "u1"), descCM("db-config", "u2")))
	}
	// Whether several objects show their events is kubectl's choice of the server's version.
	v137 := func() *httpstub.Stub { return serverVersionStub("37") }
	for _, c := range []struct {
		line, want string
		stubs      []*httpstub.Stub
	}{
		{"describe cm", web + "\n\n" + db, []*httpstub.Stub{list("limit=500"), v137()}},
		{"describe configmaps -l tier=web", web + "\n\n" + db, []*httpstub.Stub{list("limit=500&labelSelector=tier%3Dweb"), v137()}},
		{"describe cm web-config db-config", web + "\n\n" + db, []*httpstub.Stub{
			descJSON(cmPath+"/web-config", "", descCM("web-config", "u1")), descJSON(cmPath+"/db-config", "", descCM("db-config", "u2")), v137()}},
		// On a 1.34 server, as kubectl 1.34 does, each object's events are shown.
		{"describe cm", web + "Events:  <none>\n\n\n" + db + "Events:  <none>\n", []*httpstub.Stub{
			list("limit=500"), serverVersionStub("34"), cmEvents("web-config", "u1"), cmEvents("db-config", "u2")}},
		// One object selected: described as one, events and all.
		{"describe configmaps -l tier=db", one("db-config", "u2"), []*httpstub.Stub{
			descJSON(cmPath, "limit=500&labelSelector=tier%3Ddb", descList(descCM("db-config", "u2"))), cmEvents("db-config", "u2")}},
		// Nothing is named "web": every object whose name starts with it, a blank line after each.
		{"describe cm web", web + "\n", []*httpstub.Stub{
			{Path: cmPath + "/web", Status: 404, Body: `{"kind":"Status","code":404}`, Header: jsonHeader},
			list("limit=500"), v137()}},
	} {
		out, errOut, err := describeOut(t, c.line, c.stubs...)
		if err != nil {
			t.Errorf("%s: %v", c.line, err)
			continue
		}
		if d := cmp.Diff(c.want, out); d != "" || errOut != "" {
			t.Errorf("%s: stderr %q (-want +got):\n%s", c.line, errOut, d)
		}
	}
}

// A prefix nothing starts with answers the first read's not-found; an empty list says so.
func TestDescribeSeveralNothing(t *testing.T) {
	_, _, err := describeOut(t, "describe cm zz",
		&httpstub.Stub{Path: cmPath + "/zz", Status: 404, Body: `{"kind":"Status","code":404}`, Header: jsonHeader},
		descJSON(cmPath, "limit=500", descList(descCM("web-config", "u1"))))
	if e, ok := fault.As(err); !ok || e.Code != fault.CodeNotFound {
		t.Errorf("describe cm zz: %v", err)
	}
	out, errOut, err := describeOut(t, "describe cm", descJSON(cmPath, "limit=500", descList()))
	if err != nil || out != "" || errOut != "No resources found in shop namespace.\n" {
		t.Errorf("describe cm on nothing: %q %q %v", out, errOut, err)
	}
}

// serverVersionStub answers /version as a 1.minor server.
func serverVersionStub(minor string) *httpstub.Stub {
	return descJSON("/version", "", `{"major":"1","minor":"`+minor+`","gitVersion":"v1.`+minor+`.2"}`)
}

// nodeSession serves descCases' node answers, each times times, and /version as a 1.minor
// server once: the statement must read the version at most once however many nodes it describes.
func nodeSession(t *testing.T, minor string, times int) (*reader.Session, descCase) {
	t.Helper()
	for _, dc := range descCases() {
		if dc.kind != "node" {
			continue
		}
		s, reg := descSession(t)
		add := func(st *httpstub.Stub) {
			if st.Header == nil {
				st.Header = http.Header{"Content-Type": {"application/json"}}
			}
			st.Times = times
			reg.Add(st)
		}
		add(descJSON(dc.path, "", dc.object))
		for _, r := range dc.related {
			if r.Path != "/version" {
				add(r)
			}
		}
		for _, sel := range dc.eventsSelectors {
			add(descJSON(dc.eventsPath, descListQuery("", sel), descList(dc.events...)))
		}
		reg.Add(serverVersionStub(minor))
		return s, dc
	}
	t.Fatal("descCases has no node case")
	return nil, descCase{}
}

// kubectl 1.37 leaves a node's Kube-Proxy Version out; 1.34 prints it. studioctl follows the
// server's version.
func TestDescribeNodeKubeProxyVersionFollowsTheServer(t *testing.T) {
	for _, v := range []struct {
		minor string
		want  bool
	}{{"34", true}, {"37", false}} {
		s, dc := nodeSession(t, v.minor, 1)
		lines, _ := descLines(t, s, dc.line, printer.People)
		if got := strings.Contains(strings.Join(lines, "\n"), "Kube-Proxy Version"); got != v.want {
			t.Errorf("server 1.%s: Kube-Proxy Version printed %v, want %v", v.minor, got, v.want)
		}
	}
}

// A statement describing several nodes reads /version once, not once per node (the stub answers
// once; a second read fails the test).
func TestDescribeSeveralNodesReadsTheVersionOnce(t *testing.T) {
	s, dc := nodeSession(t, "34", 2)
	lines, _ := descLines(t, s, dc.line+" node-1", printer.People)
	if n := strings.Count(strings.Join(lines, "\n"), "Kube-Proxy Version"); n != 2 {
		t.Errorf("Kube-Proxy Version printed %d times for two nodes, want 2", n)
	}
}
