package snapshot

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/record"
)

// synthKind is one kind of a synthetic snapshot (tests only: named synthetic, written by the
// capture's own writer).
type synthKind struct {
	Kind
	columns []kube.Column
	objects []map[string]any
}

var nameColumn = []kube.Column{{Name: "Name", Type: "string", Format: "name"}}

// writeSynth writes a synthetic snapshot with the capture's writer (kindWriter, archive) and
// returns its path.
func writeSynth(t testing.TB, dir, name string, m Manifest, kinds []synthKind) string {
	t.Helper()
	path := filepath.Join(dir, name)
	a, err := newArchive(path, limits.SnapshotMaxBytes)
	if err != nil {
		t.Fatal(err)
	}
	m.Format, m.Version = Format, Version
	if m.CapturedAt.IsZero() {
		m.CapturedAt = time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	}
	m.Kinds = nil
	for i, k := range kinds {
		w := &kindWriter{a: a, index: i, columns: k.columns}
		if w.columns == nil {
			w.columns = nameColumn
		}
		for _, o := range k.objects {
			if err := w.add(storedItem{Object: o, Cells: []any{apivalue.MetaString(o, "name")}}); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.close(); err != nil {
			t.Fatal(err)
		}
		k.Kind.State, k.Kind.Objects, k.Kind.Chunks = StateCaptured, w.objects, w.chunks
		m.Kinds = append(m.Kinds, k.Kind)
		m.Objects += w.objects
	}
	if err := a.addJSON(entryManifest, m, false); err != nil {
		t.Fatal(err)
	}
	if _, err := a.commit(); err != nil {
		t.Fatal(err)
	}
	return path
}

var podKind = Kind{Version: "v1", Resource: "pods", Kind: "Pod", Namespaced: true}

// synthPods are n small pods spread over namespaces ns-0 .. ns-9, in the server's order.
func synthPods(n int) []map[string]any {
	out := make([]map[string]any, 0, n)
	for ns := 0; ns < 10; ns++ {
		for i := ns * n / 10; i < (ns+1)*n/10; i++ {
			out = append(out, synthObject("v1", "Pod", fmt.Sprintf("ns-%d", ns), fmt.Sprintf("pod-%06d", i), map[string]any{
				"spec":   map[string]any{"nodeName": "node-1", "containers": []any{map[string]any{"name": "app", "image": "registry.example/app:1.0"}}},
				"status": map[string]any{"phase": "Running"},
			}))
		}
	}
	return out
}

func synthObject(apiVersion, kind, ns, name string, extra map[string]any) map[string]any {
	md := map[string]any{"name": name, "uid": "uid-" + ns + "-" + name, "labels": map[string]any{"app": "web"}}
	if ns != "" {
		md["namespace"] = ns
	}
	o := map[string]any{"apiVersion": apiVersion, "kind": kind, "metadata": md}
	for k, v := range extra {
		o[k] = v
	}
	// as decoded from a file: numbers and every value in JSON's own types
	b, _ := json.Marshal(o)
	var back map[string]any
	json.Unmarshal(b, &back)
	return back
}

// roundTrip asks the reader for path (with a Table Accept when table) and decodes the answer.
func roundTrip(t testing.TB, r http.RoundTripper, path string, table bool) (*http.Response, map[string]any, error) {
	t.Helper()
	req, _ := http.NewRequest("GET", "https://x"+path, nil)
	if table {
		req.Header.Set("Accept", "application/json;as=Table;v=v1;g=meta.k8s.io")
	}
	resp, err := r.RoundTrip(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	var body map[string]any
	b, _ := io.ReadAll(resp.Body)
	json.Unmarshal(b, &body)
	return resp, body, nil
}

// clientOn is a kube client reading from a snapshot's reader below the guard, as OpenSnapshot
// opens one.
func clientOn(s *Snapshot) *kube.Client {
	at := s.Manifest.CapturedAt
	return kube.NewClient(record.ReplayEndpoint("default"), kube.Options{Transport: NewReader(s), Now: func() time.Time { return at }, DiscoveryBeta: s.Manifest.Beta})
}
