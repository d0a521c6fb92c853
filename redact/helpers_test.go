package redact

import (
	"encoding/json"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// decode reads JSON the way kube/ does (UseNumber), failing the test on a bad literal.
func decode(t testing.TB, s string) any {
	t.Helper()
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("bad test JSON: %v\n%s", err, s)
	}
	return v
}

func decodeObj(t testing.TB, s string) map[string]any {
	t.Helper()
	m, ok := decode(t, s).(map[string]any)
	if !ok {
		t.Fatalf("test JSON is not an object: %s", s)
	}
	return m
}

// mustDocuments checks that v still marshals as JSON and as YAML.
func mustDocuments(t testing.TB, v any) {
	t.Helper()
	if _, err := json.Marshal(v); err != nil {
		t.Fatalf("json.Marshal after redaction: %v", err)
	}
	if _, err := yaml.Marshal(v); err != nil {
		t.Fatalf("yaml.Marshal after redaction: %v", err)
	}
}

// deepCopy copies a decoded value so a test can compare a second pass with the first.
func deepCopy(v any) any {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, c := range t {
			out[k] = deepCopy(c)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, c := range t {
			out[i] = deepCopy(c)
		}
		return out
	default:
		return v
	}
}
