package printer

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/record"
	"sigs.k8s.io/yaml"
)

// jsonToYAML must print what kubectl's printer (sigs.k8s.io/yaml's JSONToYAML) prints, byte for
// byte: over every JSON answer in the recordings of real servers, printed as studioctl prints a
// document, and over the numbers and strings where the two readers could part.
func TestJSONToYAMLIsKubectls(t *testing.T) {
	docs := []string{
		`{"i":1,"neg":-0,"big":123456789012345678901234567890,"u":18446744073709551615,"f":0.1000,"e":1e3,"inf":1e400,"small":-1.5e-7}`,
		`{"s":"1","b":"true","y":"yes","n":"null","t":"2026-01-02T03:04:05Z","empty":"","sp":" lead","colon":"a: b","multi":"a\nb\n","u":"\u00e9\u4e2d"}`,
		`{"z":1,"a":{"b10":1,"b2":2,"b1":[{},[],null,true,false]},"10":"ten","9":"nine"}`,
		`[1,"two",{"three":3}]`, `"just a string"`, `42`, `null`,
	}
	docs = append(docs, recordedDocuments(t)...)
	// The recordings repeat many answers; each distinct one is printed once, and at most every
	// stride-th past 500 so that make test stays quick under -race.
	seen := map[string]bool{}
	var distinct []string
	for _, doc := range docs {
		if !seen[doc] {
			seen[doc] = true
			distinct = append(distinct, doc)
		}
	}
	stride := max(1, len(distinct)/500)
	compared := 0
	for i, doc := range distinct {
		if i >= 7 && i%stride != 0 { // the hand-written cases first, always
			continue
		}
		var v any
		d := json.NewDecoder(strings.NewReader(doc))
		d.UseNumber()
		if err := d.Decode(&v); err != nil {
			t.Fatal(err)
		}
		data, err := MarshalJSON(v) // sorted keys, exact numbers: the JSON toYAML is handed
		if err != nil {
			t.Fatal(err)
		}
		want, err := yaml.JSONToYAML(data)
		if err != nil {
			continue // kubectl's reader refuses it; studioctl's may read more
		}
		got, err := jsonToYAML(data)
		if err != nil {
			t.Fatalf("%.80s: %v", doc, err)
		}
		if diff := cmp.Diff(string(want), string(got)); diff != "" {
			t.Fatalf("%.80s (-kubectl +studioctl):\n%s", doc, diff)
		}
		compared++
	}
	t.Logf("%d documents printed the same", compared)
	if compared < 500 && len(distinct) >= 1000 {
		t.Errorf("only %d of %d documents compared", compared, len(distinct))
	}
}

// recordedDocuments is every distinct JSON answer in the recordings, as it was sent: each
// identity's recording read as the replayer reads it (record.LoadDir), so the bodies that the
// sets' stores hold once, in pieces, come back whole.
func recordedDocuments(t testing.TB) []string {
	dirs, err := filepath.Glob("../testdata/replay/*/*")
	if err != nil {
		t.Fatal(err)
	}
	var docs []string
	seen := map[string]bool{}
	for _, dir := range dirs {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			continue
		}
		rec, err := record.LoadDir(dir)
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		for _, ex := range rec.Exchanges {
			if ex.ContentType == "application/json" && !seen[ex.Body] && json.Valid([]byte(ex.Body)) {
				seen[ex.Body] = true
				docs = append(docs, ex.Body)
			}
		}
	}
	if len(docs) == 0 {
		t.Fatal("no JSON answer in ../testdata/replay")
	}
	return docs
}
