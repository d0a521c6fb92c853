package audit

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestSARIFValidatesAgainstTheSchema validates -o sarif, with and without a baseline, of both
// readings, against the SARIF 2.1.0 schema itself (testdata/sarif-schema), formats asserted.
func TestSARIFValidatesAgainstTheSchema(t *testing.T) {
	f, err := os.Open("testdata/sarif-schema/sarif-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("sarif-2.1.0.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("sarif-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	baselined := profileAll(t)
	known := map[string]bool{}
	for _, x := range baselined.Findings[1:] {
		known[x.Key()] = true
	}
	baselined.ApplyFilter(Filter{Baseline: known})
	for name, r := range map[string]*Report{"workloads": profileAll(t), "baselined": baselined, "empty usage": {Reading: ReadingUsage, Scope: "shop"}} {
		var v any
		if err := json.Unmarshal([]byte(render(t, r, "sarif")), &v); err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate(v); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	// The validator must be able to refuse: a result without its message is not SARIF.
	var broken map[string]any
	json.Unmarshal([]byte(strings.Replace(render(t, profileAll(t), "sarif"), `"message"`, `"messag"`, 1)), &broken)
	if sch.Validate(broken) == nil {
		t.Error("a result without a message passed: the schema check proves nothing")
	}
}
