package printer

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/studioctl/studioctl/redact"
)

// describedText renders as describe does: a value machine mode masks and people mode shows.
type describedText struct{}

func (describedText) Render(mode RedactMode) []string {
	if mode == Machine {
		return []string{"Name: " + redact.Masked, "Token: " + redact.Masked, "Kind: Secret"}
	}
	return []string{"Name: db", "Token: " + redact.Masked, "Kind: Secret"}
}

func maskResults() map[string]func() *Result {
	return map[string]func() *Result{
		"table": func() *Result {
			return &Result{Table: &Table{
				Columns:    []Column{{Header: "NAME", Role: RoleName}, {Header: "RESOURCE NAMES", Role: RoleResourceNames}, {Header: "COLOR", Role: RoleServerCell}, {Header: "AGE", Role: RoleAge}},
				Rows:       [][]string{{"db", "[db]", "red", "1m"}, {"web", "", "blue", "2m"}},
				SecretRows: []bool{true, false},
			}}
		},
		"lines": func() *Result {
			return &Result{Lines: &Lines{Text: []string{"secret/db", "configmap/web", "secret/" + redact.Masked}, Names: true}}
		},
		"docs": func() *Result {
			return &Result{Docs: &Docs{Format: "json", SecretNames: true, Objects: []map[string]any{
				{"kind": "Secret", "metadata": map[string]any{"name": "db", "managedFields": []any{"x"}, "annotations": map[string]any{"note": "hello"}}},
			}}}
		},
		"describe": func() *Result { return &Result{Describe: describedText{}} },
	}
}

// What MaskCounted counts is what the machine-mode output masked beyond what the answer already
// held masked, rule by rule in total; Mask leaves the tables and lines it was given as they were.
func TestMaskCountsWhatItMasks(t *testing.T) {
	for name, build := range maskResults() {
		people := render(t, build(), People)
		res := build()
		before := render(t, res, People)
		masked, receipt := MaskCounted(res, Machine)
		if after := render(t, res, People); name != "docs" && after != before {
			t.Errorf("%s: Mask changed the result it was given:\n%s\nwas\n%s", name, after, before)
		}
		machine := render(t, masked, Machine)
		want := strings.Count(machine, redact.Masked) - strings.Count(people, redact.Masked)
		if receipt.Masked != want || want == 0 {
			t.Errorf("%s: receipt %+v, want %d masked (machine output:\n%s)", name, receipt, want, machine)
		}
		// The Writer renders a masked result as it is: masking twice changes nothing.
		if again := render(t, Mask(masked, Machine), Machine); again != machine {
			t.Errorf("%s: masked twice (-once +twice):\n%s", name, cmp.Diff(machine, again))
		}
	}
}

// A result masked for people is masked again for a machine-mode Writer: a mode only rises.
func TestMaskForPeopleIsMaskedAgainForMachines(t *testing.T) {
	res := maskResults()["table"]()
	got := render(t, Mask(res, People), Machine)
	if want := render(t, res, Machine); got != want {
		t.Errorf("(-machine +people then machine):\n%s", cmp.Diff(want, got))
	}
	if !strings.Contains(got, redact.Masked) {
		t.Errorf("nothing masked:\n%s", got)
	}
}

func render(t *testing.T, r *Result, mode RedactMode) string {
	t.Helper()
	var out bytes.Buffer
	if err := NewWriter(&out, io.Discard, mode).Write(r); err != nil {
		t.Fatal(err)
	}
	return out.String()
}
