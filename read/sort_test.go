package read

import (
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
)

// objectRows is a synthetic Table answer whose rows carry whole objects (includeObject=Object):
// each row's cells, then its object.
func objectRows(cols [][3]string, rows ...[2]any) string {
	var rs []map[string]any
	for _, r := range rows {
		rs = append(rs, map[string]any{"cells": r[0], "object": r[1]})
	}
	return strings.Replace(synth.Table(cols, nil, ""), `"rows":null`, `"rows":`+mustJSON(rs), 1)
}

func obj(ns, name string, rest map[string]any) map[string]any {
	md := map[string]any{"name": name}
	if ns != "" {
		md["namespace"] = ns
	}
	rest["metadata"] = md
	return rest
}

func sortResources() []synth.Resource {
	return append(append([]synth.Resource(nil), synth.Basic...),
		synth.Resource{Version: "v1", Resource: "persistentvolumes", Kind: "PersistentVolume", Verbs: []string{"get", "list"}, ShortNames: []string{"pv"}},
		synth.Resource{Version: "v1", Resource: "configmaps", Kind: "ConfigMap", Namespaced: true, Verbs: []string{"get", "list"}, ShortNames: []string{"cm"}})
}

func jsonStub(path, query, body string) *httpstub.Stub {
	return &httpstub.Stub{Path: path, Query: query, Body: body, Header: http.Header{"Content-Type": {"application/json"}}}
}

// A --sort-by path outside metadata reads the Table with whole objects, as kubectl's does, and
// orders the rows by the value each object holds there: numbers by value, quantities by value,
// a row whose object lacks the path first. The printed cells are the server's, as kubectl's.
func TestGetSortByOffMetadata(t *testing.T) {
	podCols := [][3]string{{"Name", "string", "0"}, {"Ready", "string", "0"}, {"Status", "string", "0"}, {"Restarts", "string", "0"}, {"Age", "string", "0"}}
	restarts := func(n any) map[string]any {
		if n == nil {
			return map[string]any{"status": map[string]any{"phase": "Pending"}}
		}
		return map[string]any{"status": map[string]any{"containerStatuses": []any{map[string]any{"restartCount": n}}}}
	}
	pods := objectRows(podCols,
		[2]any{[]any{"web-10", "1/1", "Running", "12", "5m"}, obj("shop", "web-10", restarts(12))},
		[2]any{[]any{"coredns", "1/1", "Running", "2", "9d"}, obj("kube-system", "coredns", restarts(2))},
		[2]any{[]any{"new-0", "0/1", "Pending", "0", "1s"}, obj("shop", "new-0", restarts(nil))},
		[2]any{[]any{"db-0", "1/1", "Running", "100", "1h"}, obj("shop", "db-0", restarts(100))})
	pvCols := [][3]string{{"Name", "string", "0"}, {"Capacity", "string", "0"}}
	pv := func(name, size string) [2]any {
		return [2]any{[]any{name, size}, obj("", name, map[string]any{"spec": map[string]any{"capacity": map[string]any{"storage": size}}})}
	}
	pvs := objectRows(pvCols, pv("pv-a", "10Gi"), pv("pv-b", "500Mi"), pv("pv-c", "1Ti"), pv("pv-d", "2G"))
	nodeCols := [][3]string{{"Name", "string", "0"}, {"Status", "string", "0"}}
	node := func(name, cpu string) [2]any {
		return [2]any{[]any{name, "Ready"}, obj("", name, map[string]any{"status": map[string]any{"capacity": map[string]any{"cpu": cpu}}})}
	}
	nodes := objectRows(nodeCols, node("n1", "16"), node("n2", "2"), node("n3", "500m"), node("n4", "4"))
	const objectQuery = "limit=500&includeObject=Object"
	for _, c := range []struct {
		line string
		stub *httpstub.Stub
		want string
	}{
		{"get pods -A --sort-by=.status.containerStatuses[0].restartCount", jsonStub("/api/v1/pods", objectQuery, pods),
			"NAMESPACE     NAME      READY   STATUS    RESTARTS   AGE\n" +
				"shop          new-0     0/1     Pending   0          1s\n" +
				"kube-system   coredns   1/1     Running   2          9d\n" +
				"shop          web-10    1/1     Running   12         5m\n" +
				"shop          db-0      1/1     Running   100        1h\n"},
		{"get pv --sort-by=.spec.capacity.storage", jsonStub("/api/v1/persistentvolumes", objectQuery, pvs),
			"NAME   CAPACITY\npv-b   500Mi\npv-d   2G\npv-a   10Gi\npv-c   1Ti\n"},
		{"get nodes --sort-by=.status.capacity.cpu", jsonStub("/api/v1/nodes", objectQuery, nodes),
			"NAME   STATUS\nn3     Ready\nn2     Ready\nn4     Ready\nn1     Ready\n"},
		// A named object is read with its object too.
		{"get nodes n2 --sort-by=.status.capacity.cpu", jsonStub("/api/v1/nodes/n2", "includeObject=Object", objectRows(nodeCols, node("n2", "2"))),
			"NAME   STATUS\nn2     Ready\n"},
	} {
		s, reg := metaSession(t, sortResources(), kube.Options{})
		reg.Add(c.stub)
		out, errOut, code := metaRun(t, s, printer.People, c.line)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", c.line, code, errOut)
		}
		if d := cmp.Diff(c.want, out); d != "" {
			t.Errorf("%s (-want +got):\n%s", c.line, d)
		}
	}
}

// A Secret list sorted by a data key is read with whole objects, whose values kube strips where
// the answer is decoded: no value is printed, and no value orders the rows.
func TestGetSortSecretsByDataNeverPrintsAValue(t *testing.T) {
	cols := [][3]string{{"Name", "string", "0"}, {"Type", "string", "0"}}
	secret := func(name, value string) [2]any {
		return [2]any{[]any{name, "Opaque"}, map[string]any{"metadata": map[string]any{"name": name, "namespace": "shop",
			"annotations": map[string]any{"kubectl.kubernetes.io/last-applied-configuration": `{"data":{"x":"` + value + `"}}`}},
			"type": "Opaque", "data": map[string]any{"x": value}}}
	}
	body := objectRows(cols, secret("a", "enp6enp6"), secret("b", "YWFhYWFh"), secret("c", "bW1tbW1t"))
	s, reg := metaSession(t, sortResources(), kube.Options{})
	reg.Add(jsonStub("/api/v1/namespaces/shop/secrets", "limit=500&includeObject=Object", body))
	out, errOut, code := metaRun(t, s, printer.People, "get secrets --sort-by=.data.x")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, v := range []string{"enp6enp6", "YWFhYWFh", "bW1tbW1t", "zzz", "aaa", "mmm"} {
		if strings.Contains(out+errOut, v) {
			t.Errorf("a Secret value printed: %q", out)
		}
	}
	// Every stripped value is the same length, so the rows keep the server's order (a sort by
	// the values would print b, c, a).
	if d := cmp.Diff("NAME   TYPE\na      Opaque\nb      Opaque\nc      Opaque\n", out); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// In machine mode a --sort-by whose path machine masking hides is refused, whatever the form,
// before any object is read (only discovery is): an order by a Secret's names, an env value or
// an annotation would tell the hidden values apart. A path machine mode shows still sorts.
func TestGetSortByMaskedPathRefusedInMachineMode(t *testing.T) {
	for _, line := range []string{
		"get secrets --sort-by=.metadata.name",
		"get secrets --sort-by=.data.x -o name",
		"get pods --sort-by=.spec.containers[0].env[0].value",
		"get pods --sort-by=.spec.containers[0].env[0].value -o jsonpath={.items[*].metadata.name}",
		"get pods,secrets --sort-by=.metadata.name",
		"get pods --sort-by=.metadata.annotations.note -o custom-columns=N:.metadata.name",
		"get configmaps --sort-by=.data.x",
		"get pods --sort-by={..value}",
	} {
		s, reg := metaSession(t, sortResources(), kube.Options{})
		s.Machine = true
		_, errOut, code := metaRun(t, s, printer.Machine, line)
		if code != fault.ExitRefused || !strings.Contains(errOut, "machine mode hides") {
			t.Errorf("%s: exit %d: %s", line, code, errOut)
		}
		for _, seen := range reg.Seen {
			if path := strings.SplitN(seen, "?", 2)[0]; path != "GET /api" && path != "GET /apis" {
				t.Errorf("%s: %s was sent", line, seen)
			}
		}
	}
	s, reg := metaSession(t, sortResources(), kube.Options{})
	s.Machine = true
	reg.Add(podListStub())
	out, errOut, code := metaRun(t, s, printer.Machine, "get pods --sort-by=.status.containerStatuses[0].restartCount -o jsonpath={.items[*].metadata.name}")
	if code != 0 || out != "db-0 web-2 web-10" {
		t.Errorf("a shown path: exit %d %q %s", code, out, errOut)
	}
}
