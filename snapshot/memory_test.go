package snapshot

import (
	"fmt"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/internal/race"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
)

// peakHeapOfListing loads a synthetic snapshot of n pods and pages through every pod, as `get
// pods -A` (a Table) and `-o json` (a list) read them, returning the largest live heap seen
// after any page (each page's answer dropped, as the client drops it once decoded).
func peakHeapOfListing(t *testing.T, n int) uint64 {
	t.Helper()
	path := writeSynth(t, t.TempDir(), "pods.snap", Manifest{}, []synthKind{{Kind: podKind, objects: synthPods(n)}})
	runtime.GC()
	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r := NewReader(s)
	var peak uint64
	for _, table := range []bool{true, false} {
		cont, pods := "", 0
		for pages := 0; pages < n/500+5; pages++ {
			_, body, err := roundTrip(t, r, "/api/v1/pods?limit=500&continue="+cont, table)
			if err != nil {
				t.Fatal(err)
			}
			key := "items"
			if table {
				key = "rows"
			}
			list, _ := body[key].([]any)
			pods += len(list)
			md, _ := body["metadata"].(map[string]any)
			cont, _ = md["continue"].(string)
			body = nil
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
			if cont == "" {
				break
			}
		}
		if pods != n {
			t.Fatalf("table %v: paged %d pods of %d", table, pods, n)
		}
	}
	runtime.KeepAlive(s)
	return peak
}

// TestReplayHoldsFlatMemory (issue 26): answering every pod of a snapshot holds one entry of the
// kind at a time, so the live heap while paging through 20,000 pods stays within 1.5 times what
// 5,000 cost (a reader that loads the whole kind holds four times as many objects).
func TestReplayHoldsFlatMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 25,000 synthetic pods")
	}
	if race.Enabled {
		t.Skip("measures the heap, which under -race is the detector's too; make test's plain pass runs it")
	}
	small := peakHeapOfListing(t, 5000)
	large := peakHeapOfListing(t, 20000)
	t.Logf("peak live heap paging 5,000 pods: %d KiB; 20,000 pods: %d KiB", small>>10, large>>10)
	if float64(large) > 1.5*float64(small) {
		t.Errorf("20,000 pods cost %s of the heap 5,000 cost: memory grows with the kind", fmt.Sprintf("%.2fx", float64(large)/float64(small)))
	}
}

// peakHeapOfCapture hands a capture's pager n objects in pages of 500, as a walk of the kind
// would, and returns the largest live heap seen after any page: the writer holds one entry of
// the kind, not the kind.
func peakHeapOfCapture(t *testing.T, n int) uint64 {
	t.Helper()
	a, err := newArchive(filepath.Join(t.TempDir(), "w.snap"), limits.SnapshotMaxBytes)
	if err != nil {
		t.Fatal(err)
	}
	defer a.abort()
	k := &Kind{Version: "v1", Resource: "configmaps", Kind: "ConfigMap", Namespaced: true}
	w := &kindWriter{a: a}
	p := &capturePager{cp: &capture{}, k: k, w: w, kept: map[string]int{}, left: map[string]int{}}
	runtime.GC()
	var peak uint64
	for start := 0; start < n; start += 500 {
		// each page is made as the server would send it: the walk holds one page at a time
		rows := make([]kube.Row, 0, 500)
		for i := start; i < min(start+500, n); i++ {
			o := synthObject("v1", "ConfigMap", fmt.Sprintf("ns-%d", i*10/n), fmt.Sprintf("cm-%06d", i), map[string]any{"data": map[string]any{"k": "value"}})
			rows = append(rows, kube.Row{Cells: []any{apivalue.MetaString(o, "name")}, Object: o})
		}
		if err := p.Page(&kube.Table{Columns: nameColumn, Rows: rows}); err != nil {
			t.Fatal(err)
		}
		rows = nil
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		peak = max(peak, ms.HeapAlloc)
	}
	if err := w.close(); err != nil || w.objects != n {
		t.Fatalf("%d objects written of %d: %v", w.objects, n, err)
	}
	return peak
}

// TestCaptureHoldsFlatMemory (issue 26): writing 20,000 objects of a kind, a page of 500 at a
// time, holds a live heap within 1.5 times what 5,000 held: the writer keeps one entry, not the
// kind. Keeping the kind to write it at the end, as the old capture did, holds every object.
func TestCaptureHoldsFlatMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 25,000 synthetic objects")
	}
	if race.Enabled {
		t.Skip("measures the heap, which under -race is the detector's too; make test's plain pass runs it")
	}
	small := peakHeapOfCapture(t, 5000)
	large := peakHeapOfCapture(t, 20000)
	t.Logf("peak live heap writing 5,000 objects: %d KiB; 20,000: %d KiB", small>>10, large>>10)
	if float64(large) > 1.5*float64(small) {
		t.Errorf("20,000 objects cost %.2fx the heap 5,000 cost: the writer holds the kind", float64(large)/float64(small))
	}
}
