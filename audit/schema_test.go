package audit

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// schema is the small JSON Schema subset testdata/sarif-2.1.0-subset.schema.json is written in.
type schema struct {
	Ref         string             `json:"$ref"`
	Type        string             `json:"type"`
	Required    []string           `json:"required"`
	Properties  map[string]*schema `json:"properties"`
	Additional  *bool              `json:"additionalProperties"`
	Items       *schema            `json:"items"`
	Enum        []string           `json:"enum"`
	Minimum     *float64           `json:"minimum"`
	Definitions map[string]*schema `json:"definitions"`
}

func (s *schema) check(defs map[string]*schema, v any, at string) []string {
	if s.Ref != "" {
		return defs[s.Ref].check(defs, v, at)
	}
	var errs []string
	switch s.Type {
	case "object":
		m, ok := v.(map[string]any)
		if !ok {
			return []string{at + ": not an object"}
		}
		for _, r := range s.Required {
			if _, ok := m[r]; !ok {
				errs = append(errs, at+": "+r+" is required")
			}
		}
		for k, x := range m {
			p, ok := s.Properties[k]
			if !ok {
				if s.Additional != nil && !*s.Additional {
					errs = append(errs, at+": "+k+" is not a property")
				}
				continue
			}
			errs = append(errs, p.check(defs, x, at+"."+k)...)
		}
	case "array":
		list, ok := v.([]any)
		if !ok {
			return []string{at + ": not an array"}
		}
		for i, x := range list {
			errs = append(errs, s.Items.check(defs, x, fmt.Sprintf("%s[%d]", at, i))...)
		}
	case "string":
		str, ok := v.(string)
		if !ok || (s.Enum != nil && !slices.Contains(s.Enum, str)) {
			errs = append(errs, fmt.Sprintf("%s: %v is not a string of %v", at, v, s.Enum))
		}
	case "integer":
		n, ok := v.(json.Number)
		i, err := n.Int64()
		if !ok || err != nil || (s.Minimum != nil && float64(i) < *s.Minimum) {
			errs = append(errs, fmt.Sprintf("%s: %v is not an integer in range", at, v))
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			errs = append(errs, at+": not a boolean")
		}
	}
	return errs
}

func readJSON(t *testing.T, data string, into any) {
	t.Helper()
	d := json.NewDecoder(strings.NewReader(data))
	d.UseNumber()
	if err := d.Decode(into); err != nil {
		t.Fatal(err)
	}
}

func TestSARIFMatchesSchema(t *testing.T) {
	raw, err := os.ReadFile("testdata/sarif-2.1.0-subset.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var s schema
	readJSON(t, string(raw), &s)
	var doc any
	readJSON(t, render(t, profileAll(t), "sarif"), &doc)
	for _, e := range s.check(s.Definitions, doc, "sarifLog") {
		t.Error(e)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				Locations []struct {
					Logical []struct{ FullyQualifiedName string } `json:"logicalLocations"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	readJSON(t, render(t, profileAll(t), "sarif"), &log)
	fqn := regexp.MustCompile(`^[A-Za-z]+/([a-z0-9-]+/)?[a-z0-9.-]+$`)
	for _, r := range log.Runs[0].Results {
		if n := r.Locations[0].Logical[0].FullyQualifiedName; !fqn.MatchString(n) {
			t.Errorf("logical location %q is not kind/namespace/name", n)
		}
	}
}

// junitSchema is testdata/junit.schema.json.
type junitSchema struct {
	Root     string `json:"root"`
	Elements map[string]struct {
		Attributes map[string]string `json:"attributes"`
		Required   []string          `json:"required"`
		Children   []string          `json:"children"`
	} `json:"elements"`
}

func (s *junitSchema) check(data string) []string {
	var errs []string
	var stack []string
	dec := xml.NewDecoder(strings.NewReader(data))
	number := regexp.MustCompile(`^-?[0-9]+$`)
	decimal := regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return append(errs, err.Error())
		}
		switch el := tok.(type) {
		case xml.StartElement:
			name := el.Name.Local
			spec, ok := s.Elements[name]
			switch {
			case !ok:
				errs = append(errs, name+": not a JUnit element")
			case len(stack) == 0 && name != s.Root:
				errs = append(errs, name+": the root must be "+s.Root)
			case len(stack) > 0 && !slices.Contains(s.Elements[stack[len(stack)-1]].Children, name):
				errs = append(errs, name+": not allowed in "+stack[len(stack)-1])
			}
			seen := map[string]bool{}
			for _, a := range el.Attr {
				typ, ok := spec.Attributes[a.Name.Local]
				seen[a.Name.Local] = true
				switch {
				case !ok:
					errs = append(errs, name+": attribute "+a.Name.Local+" not allowed")
				case typ == "integer" && !number.MatchString(a.Value), typ == "decimal" && !decimal.MatchString(a.Value):
					errs = append(errs, name+": "+a.Name.Local+" is not a "+typ)
				}
			}
			for _, r := range spec.Required {
				if !seen[r] {
					errs = append(errs, name+": "+r+" is required")
				}
			}
			stack = append(stack, name)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
	return errs
}

func TestJUnitMatchesSchema(t *testing.T) {
	raw, err := os.ReadFile("testdata/junit.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var s junitSchema
	readJSON(t, string(raw), &s)
	out := render(t, profileAll(t), "junit")
	for _, e := range s.check(out) {
		t.Error(e)
	}
	// Every check of the reading is a testcase of each namespace.
	n := 0
	for _, c := range Checks {
		if readsFor(c, ReadingWorkloads) {
			n++
		}
	}
	if got := strings.Count(out, "<testcase "); got != 2*n {
		t.Errorf("%d testcases, want %d", got, 2*n)
	}
}
