package record

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// aPod is a pod large enough to become a piece when it repeats.
func aPod(name string) string {
	return `{"metadata":{"name":"` + name + `","namespace":"shop","labels":{"app":"web"}},"spec":{"containers":[{"name":"web","image":"nginx:1.27","ports":[{"containerPort":8080,"protocol":"TCP"}]}],"nodeName":"kwok-node-0","restartPolicy":"Always","schedulerName":"default-scheduler"},"status":{"phase":"Running"}}`
}

func aList(pods ...string) string {
	return `{"apiVersion":"v1","items":[` + strings.Join(pods, ",") + `],"kind":"PodList","metadata":{"resourceVersion":"7"}}`
}

// someBodies are the kinds of body a set holds: lists sharing items, a body holding NUL (which
// must not pass for a marker), a log, a JSON string, an empty body and small repeats.
func someBodies() map[string]string {
	a, b, c := aPod("a"), aPod("b"), aPod("c")
	bodies := map[string]string{}
	for _, body := range []string{
		aList(a, b, c),
		aList(a, b),
		aList(c),
		`{"apiVersion":"v1","kind":"Pod",` + a[1:],
		`{"message":"a \u0000 in a body","items":[` + a + `,` + a + `]}`,
		"line one\nline two\n",
		`"a JSON string"`,
		"",
		`{"small":[1,2]}`, `[{"small":[1,2]}]`,
	} {
		bodies[bodyKey(body)] = body
	}
	return bodies
}

func TestAStoreSplitIntoPiecesReadsBackByteForByte(t *testing.T) {
	bodies := someBodies()
	path := filepath.Join(t.TempDir(), BodyStore)
	if err := writeStore(path, bodies); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	store, err := parseStore(data)
	if err != nil {
		t.Fatal(err)
	}
	for key, body := range bodies {
		if diff := cmp.Diff(body, store[key]); diff != "" {
			t.Errorf("body %s read back (-written +read):\n%s", key, diff)
		}
	}
	// Pod c stands in two lists: its text is stored once, as a piece they name.
	if n := strings.Count(string(data), `"name":"c"`); n != 1 {
		t.Errorf("pod c is stored %d times, want once:\n%s", n, data)
	}
	// Pod a repeats inside the body that holds NUL too, but that body is stored whole, as a
	// string, where nothing could take its NUL for a marker.
	if n := strings.Count(string(data), `\"name\":\"a\"`); n != 2 {
		t.Errorf("the body holding NUL names pod a %d times in the store, want 2 (stored as it is)", n)
	}
	// A small part that repeats is left where it stands.
	if n := strings.Count(string(data), `{"small":[1,2]}`); n != 2 {
		t.Errorf("the small repeated part is stored %d times, want 2 (too small to be a piece)", n)
	}
}

func TestAStoreSplittingCompactsASetWithoutChangingAnExchange(t *testing.T) {
	set := aSet(t)
	pod := aPod("shop-web-0")
	for _, identity := range []string{"admin", "view"} {
		rec := &Recording{Server: "v1.37.2", Identity: identity, Exchanges: []*Exchange{
			{Method: "GET", Path: "/api/v1/pods", Accept: "application/json", Status: 200, Body: aList(pod, aPod("api"))},
			{Method: "GET", Path: "/api/v1/namespaces/shop/pods", Accept: "application/json", Status: 200, Body: aList(pod)},
		}}
		if err := rec.Save(filepath.Join(set, identity, GroupFile("20-lists"))); err != nil {
			t.Fatal(err)
		}
	}
	before := bodies(t, filepath.Join(set, "view"), "20-lists")
	if err := CompactSet(set); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(before, bodies(t, filepath.Join(set, "view"), "20-lists")); diff != "" {
		t.Errorf("bodies after compacting (-before +after):\n%s", diff)
	}
	data, _ := os.ReadFile(filepath.Join(set, BodyStore))
	if n := strings.Count(string(data), `"name":"shop-web-0"`); n != 1 {
		t.Errorf("pod shop-web-0 is stored %d times, want once", n)
	}
}

func TestAStoreWhosePiecesCannotBePutBackIsRefused(t *testing.T) {
	marker := func(key string) string { return pieceMarker + key + `"` }
	for _, c := range []struct {
		name    string
		entries map[string]string
		want    string
	}{
		{"a missing piece", map[string]string{"b1": `{"x":` + marker("p0") + `}`}, "does not hold"},
		{"a piece stored as a string", map[string]string{"b1": `[` + marker("p0") + `]`, "p0": `"text"`}, "does not hold"},
		{"pieces naming each other", map[string]string{"b1": `[` + marker("p0") + `]`, "p0": `[` + marker("b1") + `]`}, "deep"},
	} {
		t.Run(c.name, func(t *testing.T) {
			raw := map[string]json.RawMessage{}
			for k, v := range c.entries {
				raw[k] = json.RawMessage(v)
			}
			if _, err := parseStore(mustJSON(t, raw)); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want one saying %q", err, c.want)
			}
		})
	}
}

func TestAStoreThatGrowsPastItsCapIsRefused(t *testing.T) {
	// Each piece names the one below twice: 40 of them would put back 2^40 copies.
	entries := map[string]json.RawMessage{pieceName(0): json.RawMessage(`["` + strings.Repeat("x", 300) + `"]`)}
	for i := 1; i <= 40; i++ {
		below := pieceMarker + pieceName(i-1) + `"`
		entries[pieceName(i)] = json.RawMessage(`[` + below + `,` + below + `]`)
	}
	j := &joiner{entries: entries, done: map[string]string{}, max: 1 << 20}
	if _, err := j.join(pieceName(40), 0); err == nil || !strings.Contains(err.Error(), "grows past") {
		t.Errorf("err = %v, want a store refused as it grows past its cap", err)
	}
}

func pieceName(i int) string { return "p" + strings.Repeat("i", i) }

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// FuzzBodyStore: whatever a body holds, a store written from it (alone, and repeated inside a
// larger body so that it becomes a piece) reads back to the same bytes.
func FuzzBodyStore(f *testing.F) {
	for _, body := range someBodies() {
		f.Add(body)
	}
	f.Add(`{"a":"\u0000bodykey"}`)
	f.Add(`{"a":"\\u0000"}`)
	f.Fuzz(func(t *testing.T, body string) {
		if !utf8.ValidString(body) {
			// A recording file holds its bodies as JSON strings, so a body reaches the store
			// from one with its bytes that are not UTF-8 already replaced.
			t.Skip()
		}
		outer := `{"one":` + body + `,"two":[` + body + `],"pad":"` + strings.Repeat("p", pieceMinBytes) + `"}`
		bodies := map[string]string{bodyKey(body): body, bodyKey(outer): outer}
		data, err := encodeStore(bodies)
		if err != nil {
			t.Skip() // a body json.Marshal refuses is not one a recorder saves
		}
		store, err := parseStore(data)
		if err != nil {
			t.Fatalf("a store written from %q cannot be read: %v", body, err)
		}
		for k, want := range bodies {
			if store[k] != want {
				t.Fatalf("body %q read back as %q", want, store[k])
			}
		}
	})
}
