package printer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// streamObjects are objects that exercise the encoders: exact numbers, nested lists and empty
// values, long and multi-line strings (YAML folds and block scalars depend on the column),
// characters JSON and YAML escape, managedFields, a Secret's stripped data.
const streamObjects = `[
 {"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-1","namespace":"shop","labels":{"app":"web"},"managedFields":[{"manager":"kubectl"}],"annotations":{"note":"` + "a long note that goes on and on past the eighty columns a YAML emitter folds plain scalars at, to see where it breaks" + `","script":"line one\n  line two\nline three\n","bidi":"x\u202ey","c1":"\u0085z"}},
  "spec":{"containers":[{"name":"c","image":"nginx:1.27","env":[{"name":"TOKEN","value":"s3cr3t"}],"resources":{"limits":{"cpu":"100m"}}}],"priority":1000000,"ratio":1.50,"tolerations":[],"nodeSelector":{}},"status":{"phase":"Running"}},
 {"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-2","namespace":"shop"},"spec":{"containers":[]}},
 {"apiVersion":"v1","kind":"Secret","metadata":{"name":"db"},"data":{"password":"(5 bytes)"},"type":"Opaque"}
]`

func streamTestObjects(t *testing.T, n int) []map[string]any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(streamObjects))
	dec.UseNumber()
	var objs []map[string]any
	if err := dec.Decode(&objs); err != nil {
		t.Fatal(err)
	}
	return objs[:n]
}

// TestDocStreamPrintsWhatWritePrints: a List printed item by item is byte for byte the List Write
// prints whole, in JSON, YAML and each form that streams, in people and machine mode, with no,
// one and several items.
func TestDocStreamPrintsWhatWritePrints(t *testing.T) {
	outputs := []string{"json", "yaml",
		"jsonpath={range .items[*]}{.metadata.name}{\"\\t\"}{.metadata.annotations}{\"\\n\"}{end}",
		"jsonpath={.items[*].metadata.name}", "jsonpath={..image}",
		"custom-columns=NAME:.metadata.name,IMAGES:.spec.containers[*].image,NOTE:.metadata.annotations.bidi",
		"go-template=items:{{range .items}}{{.metadata.name}} {{.spec.priority}} {{.metadata.annotations.bidi}}\n{{end}}done\n",
		"go-template={{range .items}} {{end}}",
	}
	for _, output := range outputs {
		for _, mode := range []RedactMode{People, Machine} {
			for _, n := range []int{0, 1, 3} {
				whole, streamed := printBoth(t, output, mode, n, false)
				if diff := cmp.Diff(whole, streamed); diff != "" {
					t.Errorf("%s, mode %d, %d items: streamed differs (-whole +streamed):\n%s", output, mode, n, diff)
				}
			}
		}
	}
}

// printBoth prints n objects as a List through Write and through a DocStream.
func printBoth(t *testing.T, output string, mode RedactMode, n int, secretNames bool) (string, string) {
	t.Helper()
	docs := func() *Docs {
		format, form := output, Form(nil)
		if strings.Contains(output, "=") {
			f, err := NewForm(output, true, nil)
			if err != nil {
				t.Fatal(err)
			}
			format, form = "", f
		}
		return &Docs{Format: format, Form: form, SecretNames: secretNames}
	}
	var whole, streamed bytes.Buffer
	d := docs()
	d.Objects = streamTestObjects(t, n)
	if err := NewWriter(&whole, &whole, mode).Write(&Result{Docs: d}); err != nil {
		t.Fatal(err)
	}
	ds, ok := NewWriter(&streamed, &streamed, mode).Stream().Docs(docs())
	if !ok {
		t.Fatalf("%s: not streamed", output)
	}
	for _, o := range streamTestObjects(t, n) {
		if err := ds.Item(o, false); err != nil {
			t.Fatal(err)
		}
	}
	if err := ds.Close(); err != nil {
		t.Fatal(err)
	}
	return whole.String(), streamed.String()
}

// TestDocStreamMasksSecretNames: machine mode masks a Secret read's names in the stream as Write does.
func TestDocStreamMasksSecretNames(t *testing.T) {
	whole, streamed := printBoth(t, "json", Machine, 3, true)
	if diff := cmp.Diff(whole, streamed); diff != "" || strings.Contains(streamed, "web-1") {
		t.Errorf("streamed differs or shows a name (-whole +streamed):\n%s", diff)
	}
}

// TestDocStreamNeedsWholeList: forms whose output needs the whole List are not streamed.
func TestDocStreamNeedsWholeList(t *testing.T) {
	for _, output := range []string{
		"jsonpath={.items[0].metadata.name}", "jsonpath={.items[*].metadata.name} {.items[*].kind}",
		"go-template={{len .items}}", "go-template={{range $i, $o := .items}}{{$i}}{{end}}",
		"go-template={{range .items}}{{$.kind}}{{end}}", "go-template={{range .items}}x{{else}}none{{end}}",
		"go-template={{range .items}}{{break}}{{end}}", "go-template={{index .items 0}}",
	} {
		f, err := NewForm(output, true, nil)
		if err != nil {
			t.Fatalf("%s: %v", output, err)
		}
		var out bytes.Buffer
		if _, ok := NewWriter(&out, &out, People).Stream().Docs(&Docs{Form: f}); ok {
			t.Errorf("%s is streamed, but its output needs the whole List", output)
		}
	}
}

// TestDocStreamYAMLSortsSwappedKeysAsWrite: keys YAML must quote are swapped for numbered
// placeholders before the emitter sorts them, and a List printed item by item numbers each item
// from 0 where the whole List counts on; the emitter compares the numbers as numbers (9 before
// 10), so both sort the keys alike, in their text's order.
func TestDocStreamYAMLSortsSwappedKeysAsWrite(t *testing.T) {
	var objs []string
	for i := 0; i < 12; i++ {
		objs = append(objs, fmt.Sprintf(`{"kind":"Pod","metadata":{"name":"p%d","annotations":{"a\u202e":"1","b\u202e":"2","c\u200b":"3"}}}`, i))
	}
	dec := json.NewDecoder(strings.NewReader("[" + strings.Join(objs, ",") + "]"))
	dec.UseNumber()
	var items []map[string]any
	if err := dec.Decode(&items); err != nil {
		t.Fatal(err)
	}
	var whole, streamed bytes.Buffer
	if err := NewWriter(&whole, &whole, People).Write(&Result{Docs: &Docs{Format: "yaml", Objects: items}}); err != nil {
		t.Fatal(err)
	}
	ds, _ := NewWriter(&streamed, &streamed, People).Stream().Docs(&Docs{Format: "yaml"})
	for _, o := range items {
		if err := ds.Item(o, false); err != nil {
			t.Fatal(err)
		}
	}
	if err := ds.Close(); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(whole.String(), streamed.String()); diff != "" {
		t.Errorf("streamed differs (-whole +streamed):\n%s", diff)
	}
	if want := "    annotations:\n      \"a\\u202e\": \"1\"\n      \"b\\u202e\": \"2\"\n      \"c\\u200b\": \"3\"\n"; !strings.Contains(whole.String(), want) {
		t.Errorf("the quoted keys are not in their text's order:\n%s", whole.String())
	}
}
