package snapshot

import (
	"net/http"
	"testing"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/limits"
)

// FuzzStreamingReader (issue 26): a hostile kind entry is read by the streaming reader as a
// statement reads it, page by page (following each continue token, bounded), as a Table and as
// a list, a get by name and a watch: a sentence of studioctl's or an answer, never a panic.
func FuzzStreamingReader(f *testing.F) {
	m := manifestJSON(f, Manifest{Format: Format, Version: Version, Kinds: []Kind{{Resource: "pods", Version: "v1", Kind: "Pod", Namespaced: true, State: StateCaptured, Chunks: 2, Cut: []NamespaceCut{{Namespace: "shop", Kept: 1, Left: 1}}}}})
	f.Add([]byte(`{"columns":[{"name":"Name"}],"items":[{"object":{"metadata":{"name":"a","namespace":"shop"}},"cells":["a"]},{"object":{"metadata":{"name":"b","namespace":"x"}},"cells":["b"]}]}`),
		[]byte(`{"columns":[],"items":[{"object":{"metadata":{"name":"c","namespace":"shop"}},"cells":["c"]}]}`))
	f.Add([]byte(`{"items":null}`), []byte(`{"items":[{"object":null}]}`))
	f.Add([]byte(`[[[[[[[[`), []byte(`{"columns":{"x":1}}`))
	f.Fuzz(func(t *testing.T, first, second []byte) {
		heapBounded(t, func() { fuzzStreaming(t, m, first, second) })
	})
}

// fuzzStreaming is one case of FuzzStreamingReader: parse, then page through the kind as a Table
// and as a list, get by name and watch.
func fuzzStreaming(t *testing.T, m string, first, second []byte) {
	s, err := Parse(zipOf(t, [2]string{entryManifest, m}, [2]string{"kinds/0000-0000.json", string(first)}, [2]string{"kinds/0000-0001.json", string(second)}))
	if err != nil {
		if e, ok := fault.As(err); !ok || e.Code != CodeRead {
			t.Fatalf("not studioctl's sentence: %v", err)
		}
		return
	}
	r := NewReader(s)
	r.Notice = func(string) {}
	for _, table := range []bool{true, false} {
		cont := ""
		for pages := 0; pages <= 2*limits.SnapshotChunkObjects; pages++ {
			_, body, err := roundTrip(t, r, "/api/v1/pods?limit=1&continue="+cont, table)
			if err != nil {
				if e, ok := fault.As(err); !ok || e.Code != CodeRead {
					t.Fatalf("not studioctl's sentence: %v", err)
				}
				break
			}
			md, _ := body["metadata"].(map[string]any)
			if cont, _ = md["continue"].(string); cont == "" {
				break
			}
		}
	}
	for _, path := range []string{"/api/v1/namespaces/shop/pods/a", "/api/v1/namespaces/shop/pods?watch=1"} {
		req, _ := http.NewRequest("GET", "https://x"+path, nil)
		if resp, err := r.RoundTrip(req); err == nil {
			resp.Body.Close()
		}
	}
}
