package snapshot

import (
	"runtime"
	"testing"
)

// fuzzHeapBound is the most heap a fuzzed snapshot may leave in use after it is parsed and read:
// far above what any input of the fuzzer's sizes needs when every cap holds (an entry's bytes and
// values, a log's bytes), far below what one unbounded decode costs (a 2 MB file once took 1.78 GB).
const fuzzHeapBound = 256 << 20

// heapBounded fails the fuzz case when the heap in use passed the bound while fn ran: the caps
// are checked by the fuzzer, not only by the handful of bombs the tests write.
func heapBounded(t *testing.T, fn func()) {
	t.Helper()
	fn()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	if m.HeapInuse > fuzzHeapBound {
		t.Fatalf("a snapshot of this input left %d MiB of heap in use (bound %d MiB)", m.HeapInuse>>20, fuzzHeapBound>>20)
	}
}
