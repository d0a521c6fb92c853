package screen

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/studioctl/studioctl/internal/race"
	"github.com/studioctl/studioctl/kube/discovery"
)

// offline is a model with no server: the list is filled by hand, as the watch would fill it.
func offline() *Model {
	return &Model{cfg: Config{Now: time.Now}, list: newList(), width: 200, height: 60, st: newStyles(true, nil),
		hasKind: true, kind: discovery.APIResource{Resource: "pods", Namespaced: true}, ns: "load"}
}

var podHeaders = []string{"EVENT", "NAME", "READY", "STATUS", "RESTARTS", "AGE"}

// podRows is a batch of n pod rows as the watch hands them over.
func podRows(n int, event string, round int) ([]string, [][]string) {
	rows := make([][]string, n)
	for i := range rows {
		rows[i] = []string{event, fmt.Sprintf("load-%05d", i), "1/1", "Running", fmt.Sprint(round), fmt.Sprintf("%dm", i%600)}
	}
	return podHeaders, rows
}

func filled(n int) *Model {
	m := offline()
	m.list.apply(podRows(n, "ADDED", 0))
	m.list.recompute()
	return m
}

// BenchmarkFrame20000Rows draws one frame of a 20,000-row list while the cursor scrolls through
// it: the time per frame is what one key costs to show.
//
//	go test ./browse/screen -run '^$' -bench . -benchmem
func BenchmarkFrame20000Rows(b *testing.B) {
	m := filled(20000)
	b.ResetTimer()
	for i := range b.N {
		m.list.cursor = (i * 37) % len(m.list.visible)
		_ = m.View()
	}
}

// BenchmarkSortAndFilter20000Rows is what s and / cost on 20,000 rows: the visible rows and the
// column widths worked out again.
func BenchmarkSortAndFilter20000Rows(b *testing.B) {
	m := filled(20000)
	b.ResetTimer()
	for i := range b.N {
		m.list.sortCol = i % len(m.list.headers)
		m.list.filter = []string{"", "load-1"}[i%2]
		m.list.recompute()
	}
}

// BenchmarkRefresh20000Rows is one whole refresh of a 20,000-row list (every row modified).
func BenchmarkRefresh20000Rows(b *testing.B) {
	m := filled(20000)
	h, rows := podRows(20000, "MODIFIED", 1)
	b.ResetTimer()
	for range b.N {
		m.list.apply(h, rows)
		m.list.recompute()
	}
}

// TestMemoryFlatWhileRefreshing refreshes a 20,000-row list 100 times (every row modified, a
// tenth deleted and added again each time, a frame drawn after each) and checks the heap after
// the last refresh is the heap after the first, give or take: nothing is kept per refresh.
func TestMemoryFlatWhileRefreshing(t *testing.T) {
	if testing.Short() || race.Enabled {
		t.Skip("it measures the heap: make test runs it in its plain pass")
	}
	m := filled(20000)
	heap := func() float64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return float64(ms.HeapAlloc) / (1 << 20)
	}
	refresh := func(round int) {
		h, rows := podRows(20000, "MODIFIED", round)
		m.list.apply(h, rows)
		_, gone := podRows(2000, "DELETED", round)
		m.list.apply(h, gone)
		m.list.recompute()
		_, back := podRows(2000, "ADDED", round)
		for _, r := range back { // one row per watch event, as the server sends them
			m.list.apply(h, [][]string{r})
		}
		m.list.recompute()
		_ = m.View()
	}
	refresh(1)
	start := heap()
	for round := 2; round <= 100; round++ {
		refresh(round)
	}
	end := heap()
	t.Logf("heap after the first refresh %.1f MiB, after the 100th %.1f MiB (%d rows)", start, end, len(m.list.rows))
	if len(m.list.rows) != 20000 {
		t.Errorf("%d rows after the refreshes, want 20000", len(m.list.rows))
	}
	if end > start*1.25+4 {
		t.Errorf("the heap grew from %.1f MiB to %.1f MiB over 100 refreshes", start, end)
	}
}
