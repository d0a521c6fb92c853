package screen

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/google/go-cmp/cmp"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/browse"
	"github.com/studioctl/studioctl/internal/race"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/read/reader"
)

// loadServer is a synthetic API server (below the allowlist, as a test transport is) holding n
// objects of any kind in namespace load: their Table in pages of 500, and a watch that answers
// that the version expired until the list has been read relists times, so get -w reads the whole
// list again each time (a refresh of every row); after that the watch stays open with no change.
type loadServer struct {
	api, apis string
	pages     [][]byte
	relists   int64
	lists     atomic.Int64
}

func newLoadServer(n int, relists int64) *loadServer {
	s := &loadServer{relists: relists}
	s.api, s.apis = synth.Discovery(synth.Basic)
	cols := []map[string]any{{"name": "Name", "type": "string", "format": "name", "priority": 0},
		{"name": "Ready", "type": "string", "format": "", "priority": 0}, {"name": "Status", "type": "string", "format": "", "priority": 0},
		{"name": "Age", "type": "string", "format": "", "priority": 0}}
	for first := 0; first < n; first += 500 {
		var rows []map[string]any
		for i := first; i < min(n, first+500); i++ {
			name := fmt.Sprintf("load-%05d", i)
			rows = append(rows, map[string]any{"cells": []any{name, "1/1", "Running", "5m"},
				"object": map[string]any{"kind": "PartialObjectMetadata", "apiVersion": "meta.k8s.io/v1",
					"metadata": map[string]any{"name": name, "namespace": "load", "resourceVersion": "100"}}})
		}
		cont := ""
		if first+500 < n {
			cont = strconv.Itoa(first + 500)
		}
		page, _ := json.Marshal(map[string]any{"kind": "Table", "apiVersion": "meta.k8s.io/v1",
			"metadata": map[string]any{"continue": cont, "resourceVersion": "100"}, "columnDefinitions": cols, "rows": rows})
		s.pages = append(s.pages, page)
	}
	return s
}

func (s *loadServer) RoundTrip(r *http.Request) (*http.Response, error) {
	answer := func(ct string, body []byte) (*http.Response, error) {
		return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {ct}}, Body: io.NopCloser(bytes.NewReader(body)), Request: r}, nil
	}
	q := r.URL.Query()
	switch {
	case r.URL.Path == "/api":
		return answer(synth.DiscoveryContentType, []byte(s.api))
	case r.URL.Path == "/apis":
		return answer(synth.DiscoveryContentType, []byte(s.apis))
	case strings.HasPrefix(r.URL.Path, "/api/v1/namespaces/load/") && q.Get("watch") != "" && s.lists.Load() >= s.relists:
		<-r.Context().Done()
		return nil, r.Context().Err()
	case strings.HasPrefix(r.URL.Path, "/api/v1/namespaces/load/") && q.Get("watch") != "":
		return answer("application/json", []byte(`{"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","status":"Failure","reason":"Expired","code":410}}`+"\n"))
	case strings.HasPrefix(r.URL.Path, "/api/v1/namespaces/load/"):
		i := 0
		if c := q.Get("continue"); c != "" {
			i, _ = strconv.Atoi(c)
			i /= 500
		} else {
			s.lists.Add(1)
		}
		return answer("application/json", s.pages[i])
	}
	return &http.Response{StatusCode: 404, Header: http.Header{"Content-Type": {"application/json"}}, Body: io.NopCloser(bytes.NewReader([]byte(`{}`))), Request: r}, nil
}

// TestMemoryFlatWhileTheFeedRefreshes20000Pods runs the screen's real feed (get -w through the
// printer's screen stream) on 20,000 pods whose watch expires every time, so each refresh reads
// and draws every row again, and compares the heap after the 5th refresh with the heap after the
// 40th.
func TestMemoryFlatWhileTheFeedRefreshes20000Pods(t *testing.T) {
	if testing.Short() || race.Enabled {
		t.Skip("it measures the heap: make test runs it in its plain pass")
	}
	srv := newLoadServer(20000, 40)
	s, err := studioctl.Open(studioctl.Connection{Host: "load.example", Token: "synthetic", DefaultNamespace: "load"},
		studioctl.Options{Transport: srv, MaxRows: 20000})
	if err != nil {
		t.Fatal(err)
	}
	m := New(context.Background(), Config{Browser: browse.Open(s), Session: reader.Of(s), Mode: reader.Mode(s), NoColor: true, Kind: "pods"})
	t.Cleanup(m.Close)
	d := &driver{t: t, m: m, msgs: make(chan tea.Msg, 64)}
	d.send(tea.WindowSizeMsg{Width: 120, Height: 40})
	d.run(m.Init())
	heap := func() float64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return float64(ms.HeapAlloc) / (1 << 20)
	}
	refreshes := func(n int64) {
		// 35 refreshes take about 4 s on a quiet machine; beside make test's race pass a fresh
		// clone's run needed more than 20 s. The heap is the measure here, not the time.
		d.untilTrueWithin(3*time.Minute, fmt.Sprintf("refresh %d", n), func() bool { return srv.lists.Load() >= n && len(m.list.rows) == 20000 })
	}
	refreshes(5)
	start := heap()
	began := time.Now()
	refreshes(40)
	end := heap()
	t.Logf("20,000 pods: heap %.1f MiB after the 5th refresh, %.1f MiB after the 40th (35 refreshes in %s)", start, end, time.Since(began).Round(time.Millisecond))
	if end > start*1.5+8 {
		t.Errorf("the heap grew from %.1f MiB to %.1f MiB", start, end)
	}
	if s := m.View(); !bytes.Contains([]byte(s), []byte("pods | 20000 of 20000 rows")) {
		t.Errorf("the screen does not show the 20,000 rows:\n%s", s)
	}
}

// TestARelistedSecretListStaysMasked: in machine mode a Secret list read again after its watch
// expired keeps its names masked, as the first list did (each relist must carry its columns, or
// the printer cannot tell which cell is a name).
func TestARelistedSecretListStaysMasked(t *testing.T) {
	srv := newLoadServer(600, 3)
	s, err := studioctl.Open(studioctl.Connection{Host: "load.example", Token: "synthetic", DefaultNamespace: "load"},
		studioctl.Options{Transport: srv, Redact: studioctl.Machine})
	if err != nil {
		t.Fatal(err)
	}
	m := New(context.Background(), Config{Browser: browse.Open(s), Session: reader.Of(s), Mode: reader.Mode(s), NoColor: true, Kind: "secrets"})
	t.Cleanup(m.Close)
	d := &driver{t: t, m: m, msgs: make(chan tea.Msg, 64), drawn: &strings.Builder{}}
	d.send(tea.WindowSizeMsg{Width: 120, Height: 40})
	d.run(m.Init())
	d.untilTrue("three lists", func() bool { return srv.lists.Load() >= 3 && len(m.list.headers) > 0 })
	d.settleFor(100 * time.Millisecond)
	if strings.Contains(d.drawn.String(), "load-0") {
		t.Errorf("a Secret's name was drawn in machine mode:\n%s", m.View())
	}
	if diff := cmp.Diff([]string{"NAME", "READY", "STATUS", "AGE"}, m.list.headers); diff != "" {
		t.Errorf("headers after a relist (-want +got):\n%s", diff)
	}
}
