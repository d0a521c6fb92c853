package get

import (
	"encoding/json"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/printer"
)

// less is kubectl's isLess over decoded JSON: each case is a pair in the order kubectl sorts it.
func TestLessSortKeys(t *testing.T) {
	for _, c := range []struct {
		name string
		a, b any
	}{
		{"numbers by value", json.Number("9"), json.Number("10")},
		{"negative and fractional numbers", json.Number("-1.5"), json.Number("0.25")},
		{"large integers exactly", json.Number("9007199254740992"), json.Number("9007199254740993")},
		{"binary quantities", "500Mi", "1Gi"},
		{"decimal against binary", "2G", "10Gi"},
		{"milli against whole", "500m", "2"},
		{"plain quantities", "2", "16"},
		{"exponent", "1e3", "2k"},
		{"times by instant", "2026-01-15T08:00:00Z", "2026-01-15T09:00:00Z"},
		{"times across an offset", "2026-01-15T09:00:00+02:00", "2026-01-15T08:00:00Z"},
		{"fractional seconds", "2026-01-15T08:00:00.5Z", "2026-01-15T08:00:01Z"},
		{"strings byte by byte", "web-10", "web-2"},
		{"a string and a quantity compare as text", "16", "abc"},
		{"missing first", nil, json.Number("0")},
		{"missing before a string", nil, ""},
		{"false before true", false, true},
	} {
		if !less(c.a, c.b) {
			t.Errorf("%s: %v is not before %v", c.name, c.a, c.b)
		}
		if c.a != nil && less(c.b, c.a) {
			t.Errorf("%s: %v is before %v", c.name, c.b, c.a)
		}
	}
	// kubectl answers "less" for a missing key whatever the other holds, two missing included.
	if !less(nil, nil) {
		t.Error("a missing key is not first against another missing key")
	}
}

// A row keeps a scalar key, never a part of its object: a map or a list found at the path is
// kept as its text.
func TestSortKeyKeepsNoPartOfTheObject(t *testing.T) {
	s, err := newSorter(".spec.capacity")
	if err != nil {
		t.Fatal(err)
	}
	o := map[string]any{"spec": map[string]any{"capacity": map[string]any{"cpu": "2"}}}
	if d := cmp.Diff(any(`{"cpu":"2"}`), s.key(o)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if s.key(map[string]any{}) != nil {
		t.Error("a missing path has a key")
	}
	n, _ := newSorter("{.status.containerStatuses[0].restartCount}")
	if got := n.key(map[string]any{"status": map[string]any{"containerStatuses": []any{}}}); got != nil {
		t.Errorf("an index past the end has key %v", got)
	}
}

// machineHides asks machine mode's own rules whether they mask what a path finds in a kind.
func TestMachineHidesSortPath(t *testing.T) {
	pods := discovery.APIResource{Version: "v1", Resource: "pods", Kind: "Pod", Namespaced: true}
	secrets := discovery.APIResource{Version: "v1", Resource: "secrets", Kind: "Secret", Namespaced: true}
	configmaps := discovery.APIResource{Version: "v1", Resource: "configmaps", Kind: "ConfigMap", Namespaced: true}
	events := discovery.APIResource{Version: "v1", Resource: "events", Kind: "Event", Namespaced: true}
	widgets := discovery.APIResource{Group: "demo.studioctl.dev", Version: "v1", Resource: "widgets", Kind: "Widget", Namespaced: true}
	for _, c := range []struct {
		r    discovery.APIResource
		path string
		want bool
	}{
		{pods, ".metadata.name", false},
		{pods, ".metadata.creationTimestamp", false},
		{pods, ".status.containerStatuses[0].restartCount", false},
		{pods, ".spec.containers[0].env[0].value", true},
		{pods, ".spec.containers[*].env[1].value", true},
		{pods, ".spec.containers[0].env[0].name", false},
		{pods, ".spec.containers[0].command[0]", true},
		{pods, ".metadata.annotations.note", true},
		{pods, ".spec.volumes[0].secret.secretName", true},
		{pods, "{..value}", true},
		{secrets, ".metadata.name", true},
		{secrets, ".data.password", true},
		{secrets, ".type", false},
		{secrets, ".metadata.creationTimestamp", false},
		{configmaps, ".data.x", true},
		{pods, ".data.x", false},
		{events, ".metadata.name", true},
		{events, ".metadata.creationTimestamp", false},
		{widgets, ".spec.template.spec.containers[0].env[0].value", true},
		{widgets, ".spec.size", false},
	} {
		s, err := newSorter(c.path)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.machineHides(c.r); got != c.want {
			t.Errorf("%s %s: hidden %v, want %v", c.r.Resource, c.path, got, c.want)
		}
	}
}

// A table sorted outside metadata reads whole objects, but each row keeps only its printed cells
// and its key: 10,000 rows of 4 KiB objects (40 MiB of objects) leave well under 1 KiB per row.
func TestSortedTableKeepsNoObjects(t *testing.T) {
	s, err := newSorter(".status.containerStatuses[0].restartCount")
	if err != nil {
		t.Fatal(err)
	}
	const pages, perPage = 20, 500
	page := func(p int) *kube.Table {
		tb := &kube.Table{Columns: []kube.Column{{Name: "Name", Type: "string", Format: "name"}, {Name: "Restarts", Type: "string"}}}
		for i := 0; i < perPage; i++ {
			n := p*perPage + i
			name := "pod-" + strconv.Itoa(n)
			tb.Rows = append(tb.Rows, kube.Row{Cells: []any{name, strconv.Itoa(n % 97)}, Object: map[string]any{
				"metadata": map[string]any{"name": name, "namespace": "shop"},
				"spec":     map[string]any{"hostname": strings.Repeat("x", 4<<10)},
				"status":   map[string]any{"containerStatuses": []any{map[string]any{"restartCount": json.Number(strconv.Itoa(n % 97))}}}}})
		}
		return tb
	}
	b := &tableBuilder{g: &getRead{o: &Options{}, sort: s}, out: &printer.Table{}}
	before := heapAlloc()
	for p := 0; p < pages; p++ {
		if err := b.Page(page(p)); err != nil {
			t.Fatal(err)
		}
	}
	after := heapAlloc()
	if err := b.sortRows(); err != nil || len(b.out.Rows) != pages*perPage {
		t.Fatalf("%v: %d rows", err, len(b.out.Rows))
	}
	perRow := (int64(after) - int64(before)) / (pages * perPage)
	t.Logf("%d bytes kept per row of a 4 KiB object", perRow)
	if perRow > 1<<10 {
		t.Errorf("%d bytes kept per row: the rows keep their objects", perRow)
	}
	runtime.KeepAlive(b)
}

func heapAlloc() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
