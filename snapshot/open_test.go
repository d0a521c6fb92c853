package snapshot

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/limits"
)

// fixture is the snapshot captured from the live scenario (see testdata/snapshot/README.md).
const fixture = "../testdata/snapshot/v1.37.2/shop-payments.snap"

// zipOf builds an archive from named entries, in order: the hostile files below.
func zipOf(t testing.TB, entries ...[2]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		w, err := zw.Create(e[0])
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(e[1]))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func manifestJSON(t testing.TB, m Manifest) string {
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestParseRefusesHostileFiles: each file breaks one rule and is refused with the sentence naming
// it, never a panic.
func TestParseRefusesHostileFiles(t *testing.T) {
	good := Manifest{Format: Format, Version: Version}
	bomb := zipBomb(t, limits.SnapshotMaxEntryBytes+1<<20, manifestJSON(t, good))
	cases := []struct {
		name string
		data []byte
		why  string
	}{
		{"a recording", []byte(`{"server":"v1.37.2","exchanges":[]}`), whyNotZip},
		{"a broken zip", []byte("PK\x03\x04 and nothing else"), whyNotZip},
		{"no manifest", zipOf(t, [2]string{entryAnswers, "[]"}), whyNoManifest},
		{"a manifest that is not JSON", zipOf(t, [2]string{entryManifest, "{"}), whyNoManifest},
		{"another format", zipOf(t, [2]string{entryManifest, `{"format":"other","version":1}`}), whyFormat},
		{"a newer version", zipOf(t, [2]string{entryManifest, manifestJSON(t, Manifest{Format: Format, Version: Version + 1})}), whyFormat},
		{"an unknown entry", zipOf(t, [2]string{entryManifest, manifestJSON(t, good)}, [2]string{"../../etc/passwd", "x"}), whyEntryName},
		{"an entry twice", zipOf(t, [2]string{entryManifest, manifestJSON(t, good)}, [2]string{entryManifest, manifestJSON(t, good)}), whyDuplicate},
		{"a kind without its entries", zipOf(t, [2]string{entryManifest, manifestJSON(t, Manifest{Format: Format, Version: Version, Kinds: []Kind{{Resource: "pods", Chunks: 2}}})}), whyKindEntries},
		{"a kind claiming a billion entries", zipOf(t, [2]string{entryManifest, manifestJSON(t, Manifest{Format: Format, Version: Version, Kinds: []Kind{{Resource: "pods", Chunks: 1 << 30}}})}), whyKindEntries},
		{"an entry that unpacks past its cap", bomb, whyTooLarge},
	}
	for _, c := range cases {
		_, err := Parse(c.data)
		e, ok := fault.As(err)
		if !ok || e.Code != CodeRead || !strings.Contains(e.Sentence, c.why) {
			t.Errorf("%s: got %v, want the sentence naming %q", c.name, err, c.why)
		}
	}
}

// allItems walks a kind whole (a test's view; the reader never holds a kind at once).
func allItems(k *kindData) ([]item, error) {
	var out []item
	err := k.walk(context.Background(), pos{}, "", func(_ pos, it item) bool {
		out = append(out, it)
		return true
	})
	return out, err
}

// TestParseFixture reads the fixture and checks its manifest against its entries.
func TestParseFixture(t *testing.T) {
	s, err := Load(fixture)
	if err != nil {
		t.Fatal(err)
	}
	m := s.Manifest
	if m.Format != Format || m.Version != Version || m.Redact != "people" || m.Identity.User != "admin" || len(m.Identity.Fingerprint) != 16 {
		t.Errorf("manifest: %+v", m)
	}
	objects := 0
	for _, k := range s.kinds {
		items, err := allItems(k)
		if err != nil {
			t.Fatalf("%s: %v", k.GroupResource(), err)
		}
		if len(items) != k.Objects {
			t.Errorf("%s: %d objects, the manifest says %d", k.GroupResource(), len(items), k.Objects)
		}
		objects += len(items)
	}
	if objects != m.Objects || objects == 0 {
		t.Errorf("%d objects, the manifest says %d", objects, m.Objects)
	}
}

// TestReaderPagesAndFilters reads the fixture's shop pods through the reader in pages of two,
// following continue tokens, and refuses a token it did not give.
func TestReaderPagesAndFilters(t *testing.T) {
	s, err := Load(fixture)
	if err != nil {
		t.Fatal(err)
	}
	r := NewReader(s)
	get := func(query string) (int, map[string]any) {
		req, _ := http.NewRequest("GET", "https://x/api/v1/namespaces/shop/pods?"+query, nil)
		resp, err := r.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		var body map[string]any
		json.NewDecoder(resp.Body).Decode(&body)
		return resp.StatusCode, body
	}
	_, all := get("")
	want := len(all["items"].([]any))
	got, cont := 0, ""
	for pages := 0; pages < 20; pages++ {
		_, page := get("limit=2&continue=" + cont)
		got += len(page["items"].([]any))
		cont, _ = page["metadata"].(map[string]any)["continue"].(string)
		if cont == "" {
			break
		}
	}
	if got != want || want < 3 {
		t.Errorf("paged %d pods, the whole list has %d", got, want)
	}
	if code, _ := get("continue=forged"); code != http.StatusGone {
		t.Errorf("a forged continue token: %d, want 410", code)
	}
	_, web := get("labelSelector=app%3Dweb")
	for _, it := range web["items"].([]any) {
		if labelsOf(it.(map[string]any))["app"] != "web" {
			t.Errorf("app=web answered %v", apivalue.MetaString(it.(map[string]any), "name"))
		}
	}
}

// FuzzParse: a hostile file gets a sentence or a snapshot whose every kind decodes and whose
// reader answers, never a panic or an unbounded allocation.
func FuzzParse(f *testing.F) {
	good := manifestJSON(f, Manifest{Format: Format, Version: Version, Kinds: []Kind{{Resource: "pods", Version: "v1", Namespaced: true, State: StateCaptured, Chunks: 1}}})
	f.Add(zipOf(f, [2]string{entryManifest, good}, [2]string{"kinds/0000-0000.json", `{"columns":[{"name":"Name"}],"items":[{"object":{"metadata":{"name":"a","namespace":"shop","labels":{"app":"web"}}},"cells":["a"]}]}`}))
	f.Add(zipOf(f, [2]string{entryManifest, good}, [2]string{"logs/000000.json", `{"namespace":"shop","pod":"a","container":"c","lines":5,"text":"2026-01-01T00:00:00Z x\n"}`}))
	f.Add(zipOf(f, [2]string{entryManifest, good}, [2]string{entryOpenAPI, `[{"method":"GET","path":"/openapi/v3","accept":"","status":200,"body":"{}"}]`}))
	f.Add([]byte("PK\x03\x04"))
	if data, err := os.ReadFile(fixture); err == nil && len(data) < 2<<20 {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		heapBounded(t, func() {
			s, err := Parse(data)
			if err != nil {
				if e, ok := fault.As(err); !ok || e.Code != CodeRead {
					t.Fatalf("not studioctl's sentence: %v", err)
				}
				return
			}
			r := NewReader(s)
			for _, path := range []string{"/api/v1/namespaces/shop/pods?labelSelector=app%3Dweb&limit=1", "/api/v1/namespaces/shop/pods/a/log?tailLines=2", "/openapi/v3"} {
				req, _ := http.NewRequest("GET", "https://x"+path, nil)
				req.Header.Set("Accept", "application/json;as=Table;v=v1;g=meta.k8s.io")
				if resp, err := r.RoundTrip(req); err == nil {
					resp.Body.Close()
				}
			}
		})
	})
}

// zipBomb is a zip whose answers entry unpacks to size zero bytes, beside a manifest. Its deflate
// stream repeats one compressed MiB of zeros (each piece ends on a sync flush, so the pieces join)
// rather than compressing the whole size, which under -race took seconds.
func zipBomb(t *testing.T, size int, manifest string) []byte {
	t.Helper()
	var piece bytes.Buffer
	fw, err := flate.NewWriter(&piece, flate.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(make([]byte, 1<<20))
	fw.Flush()
	var stream bytes.Buffer
	for n := 0; n < size; n += 1 << 20 {
		stream.Write(piece.Bytes())
	}
	stream.Write([]byte{0x03, 0x00}) // a final, empty block of fixed codes
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.CreateRaw(&zip.FileHeader{Name: entryAnswers, Method: zip.Deflate,
		CompressedSize64: uint64(stream.Len()), UncompressedSize64: uint64(size)})
	if err != nil {
		t.Fatal(err)
	}
	w.Write(stream.Bytes())
	w2, _ := zw.Create(entryManifest)
	w2.Write([]byte(manifest))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
