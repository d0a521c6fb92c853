package printer

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// Every form reads a hostile template with a clear refusal or prints with no raw control
// character, within the output cap; a range over a number is refused (it is the one loop the
// document does not bound).
func FuzzForms(f *testing.F) {
	for _, s := range []string{"jsonpath={.items[*].metadata.name}", "custom-columns=N:.metadata.name,L:.metadata.labels",
		"go-template={{range .items}}{{.metadata.name}}{{end}}", "go-template={{range 1000000000}}x{{end}}", "jsonpath={..name}"} {
		f.Add(s)
	}
	doc := map[string]any{"kind": "List", "items": []any{map[string]any{"metadata": map[string]any{"name": "a\x1b[2J\u202e", "labels": map[string]any{"k": "v"}}, "n": json.Number("3")}}}
	f.Fuzz(func(t *testing.T, spec string) {
		form, err := NewForm(spec, true, func(string) ([]byte, error) { return nil, errFuzzFile })
		if err != nil || form == nil {
			return
		}
		var out bytes.Buffer
		w := NewWriter(&out, &out, People)
		if err := w.writeForm(form, doc); err != nil {
			return
		}
		if i := strings.IndexFunc(out.String(), terminalControl); i >= 0 {
			t.Fatalf("%q printed a raw control: %q", spec, out.String())
		}
	})
}

var errFuzzFile = bytes.ErrTooLarge

func TestGoTemplateRefusesUnboundedRange(t *testing.T) {
	for _, s := range []string{"go-template={{range 100000000000}}{{end}}", "go-template={{$n := 5}}{{range $n}}x{{end}}"} {
		if _, err := NewForm(s, true, nil); err == nil {
			t.Errorf("%s was read", s)
		}
	}
}
