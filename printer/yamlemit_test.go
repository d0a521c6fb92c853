package printer

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// oldYAMLItem is the road the emitter replaces: the item as one sequence item through toYAML.
func oldYAMLItem(t testing.TB, o map[string]any) string {
	data, err := MarshalJSON([]any{o})
	if err != nil {
		t.Fatal(err)
	}
	y, err := toYAML(data)
	if err != nil {
		t.Fatal(err)
	}
	return string(y)
}

func decodeObject(t testing.TB, doc string) map[string]any {
	dec := json.NewDecoder(strings.NewReader(doc))
	dec.UseNumber()
	var o map[string]any
	if err := dec.Decode(&o); err != nil {
		t.Fatal(err)
	}
	return o
}

// The emitter writes each recorded object (and each item of each recorded list) byte for byte as
// the marshaller does, or gives up; it gives up on few of them.
func TestYAMLEmitterIsTheMarshallers(t *testing.T) {
	var objects []map[string]any
	seen := map[string]bool{}
	for _, doc := range recordedDocuments(t) {
		if seen[doc] || !strings.HasPrefix(doc, "{") {
			continue
		}
		seen[doc] = true
		o := decodeObject(t, doc)
		objects = append(objects, o)
		if items, ok := o["items"].([]any); ok {
			for _, it := range items {
				if m, ok := it.(map[string]any); ok {
					objects = append(objects, m)
				}
			}
		}
	}
	objects = append(objects, decodeObject(t, `{"a":{"b10":1,"b2":2,"B":3,"b":[],"c":{},"d":[[1,[]],{"x":null}],"e":[{"f":[{"g":"h"}]}]},`+
		`"10":"ten","9":"nine","09":"x","a01":1,"a1":2,"a001":3,"_":4,"-":5,"Z":6,"z":7,"a:b":8,"k:":9}`))
	e := &yamlEmitter{}
	wrote := 0
	for _, o := range objects {
		got, ok := e.item(nil, o)
		if !ok {
			continue
		}
		wrote++
		if diff := cmp.Diff(oldYAMLItem(t, o), string(got)); diff != "" {
			t.Fatalf("(-marshaller +emitter):\n%s", diff)
		}
	}
	if wrote < len(objects)*9/10 {
		t.Fatalf("the emitter wrote %d of %d objects", wrote, len(objects))
	}
	t.Logf("the emitter wrote %d of %d objects", wrote, len(objects))
}

// Strings of every shape the scalar rules tell apart, at several columns: the emitter agrees
// with the marshaller on each, or gives up on the document.
func TestYAMLEmitterScalars(t *testing.T) {
	words := []string{"", " ", "a", "y", "yes", "Yes", "no", "on", "OFF", "null", "~", "true", "1", "-1", "+1", "0x1f", "0o7", "0b101",
		"1.5", ".5", "1e3", "1_000", "1:20", "-1:20.5", ".inf", "-.Inf", ".nan", "<<", "2026-12-05", "2026-12-05T05:00:00Z",
		"2026-12-05 05:00:00", "a: b", "a:b", "a:", ":a", "-a", "- a", "?a", "? a", "#a", "a #b", "a#b", "&a", "*a", "!a", "|a",
		">a", "'a", "\"a", "%a", "@a", "`a", "a,b", "[a]", "{a}", "a b", "a  b", "a ", " a", "---", "...", "--- a", "a\\b",
		"registry.k8s.io/pause:3.9", "sha256:abcdef", "10.244.0.1", "500m", "1Gi", "v1", "apps/v1", "=a", "a=b", "+a", "a+",
		strings.Repeat("word ", 20), strings.Repeat("x", 200), "x\ty", "é", "a\nb", "a\n"}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 300; i++ {
		var b strings.Builder
		for j := 0; j < 1+rng.IntN(12); j++ {
			b.WriteByte(yamlMarks[rng.IntN(len(yamlMarks))])
		}
		words = append(words, b.String())
	}
	e := &yamlEmitter{}
	for _, w := range words {
		for _, key := range []string{"k", strings.Repeat("k", 60), "a: b", "- k", "k #1"} {
			o := map[string]any{key: w, "list": []any{w, map[string]any{"n": w}}, w: "v"}
			if len(w) == 0 {
				delete(o, w)
			}
			// w as a key can make the emitter give up on the whole document (a key that would
			// fold); the same values under fixed keys only are written too.
			for _, doc := range []map[string]any{o, {key: w, "list": []any{w, map[string]any{"n": w}}}} {
				got, ok := e.item(nil, doc)
				if !ok {
					continue
				}
				if diff := cmp.Diff(oldYAMLItem(t, doc), string(got)); diff != "" {
					t.Errorf("%q under %q (-marshaller +emitter):\n%s", w, key, diff)
				}
			}
		}
	}
}

// The cache stays bounded over any number of distinct strings.
func TestYAMLEmitterCacheIsBounded(t *testing.T) {
	e := &yamlEmitter{}
	for i := 0; i < 3*yamlCacheSize; i++ {
		if _, _, ok := e.string(fmt.Sprint(i)); !ok {
			t.Fatal(i)
		}
	}
	if len(e.cache) > yamlCacheSize {
		t.Fatalf("%d cached", len(e.cache))
	}
}

// yamlMarks are the characters the random scalars are made of.
const yamlMarks = " -:#,.'\"{}[]?!&*|>%@`=+_/\\aZ09eExX."
