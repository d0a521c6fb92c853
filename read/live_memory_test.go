package read

import (
	"fmt"
	"runtime"
	"strconv"
	"sync/atomic"
	"testing"
)

// An hour of a live stream, fed as fast as the test can (no sleeping: the stream's own clock is
// the synthetic resourceVersions and lines, and the idle watch never fires): the reader prints
// each event or line as it arrives, so what has been printed keeps pace with what has been read,
// and the heap does not grow with the length of the stream.

// paceCheck watches stdout: lag is how far reading got ahead of printing, heap the live heap
// at the first and the last checkpoint.
type paceCheck struct {
	produced   atomic.Int64
	skip       int // lines printed before the stream (header, list)
	maxLag     int64
	heapEarly  uint64
	heapLate   uint64
	early, end int
}

func (p *paceCheck) onWrite(lines int) {
	if lag := p.produced.Load() - int64(lines-p.skip); lag > p.maxLag {
		p.maxLag = lag
	}
	switch lines {
	case p.early:
		p.heapEarly = liveHeap()
	case p.end:
		p.heapLate = liveHeap()
	}
}

func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

func (p *paceCheck) check(t *testing.T) {
	t.Helper()
	if p.maxLag > 2 {
		t.Errorf("reading got %d items ahead of printing; each must be printed as it arrives", p.maxLag)
	}
	if p.heapLate > p.heapEarly+(1<<20) {
		t.Errorf("the heap grew from %d to %d bytes over the stream", p.heapEarly, p.heapLate)
	}
}

func TestLiveGetWatchAnHourInFlatMemory(t *testing.T) {
	const events = 5 * 3600 // five changes a second for an hour
	s, reg := famSession(t, nil)
	reg.JSON(podsPath, listQuery, podTable("7", podRow("web-0", "Running", "5")))
	p := &paceCheck{skip: 2, early: 2 + 500, end: 2 + events}
	reg.Add(feedStub(podsPath, "watch=true&resourceVersion=7&includeObject=Metadata", tableType, true, func(i int) (string, bool) {
		if i >= events {
			return "", false
		}
		p.produced.Store(int64(i + 1))
		return podEvent("MODIFIED", fmt.Sprintf("web-%d", i%50), "Running", strconv.Itoa(100+i)), true
	}))
	if _, _, err := liveRun(t, s, "get pods -w", p.end, p.onWrite); err != nil {
		t.Fatal(err)
	}
	p.check(t)
}

func TestLiveLogsFollowAnHourInFlatMemory(t *testing.T) {
	const lines = 10 * 3600 // ten lines a second for an hour
	s, reg := famSession(t, nil)
	reg.JSON("/api/v1/namespaces/shop/pods/web-0", "", synthPod{name: "web-0", node: "n1", containers: []string{"app"}}.json())
	p := &paceCheck{early: 500, end: lines}
	reg.Add(feedStub("/api/v1/namespaces/shop/pods/web-0/log", "container=app&tailLines=0&follow=true", "text/plain", true, func(i int) (string, bool) {
		if i >= lines {
			return "", false
		}
		p.produced.Store(int64(i + 1))
		return fmt.Sprintf("2026-01-15T10:%02d:%02dZ request %d served in 3ms\n", i/600%60, i/10%60, i), true
	}))
	if _, _, err := liveRun(t, s, "logs web-0 -f --tail 0", p.end, p.onWrite); err != nil {
		t.Fatal(err)
	}
	p.check(t)
}
