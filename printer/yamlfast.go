package printer

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strconv"

	yamlv2 "go.yaml.in/yaml/v2"
)

// jsonToYAML is sigs.k8s.io/yaml's JSONToYAML, kubectl's printer, without its slow half: that
// function reads the JSON back with the YAML parser (so that numbers keep their type) before it
// marshals, which was half of -o yaml's time. Here Go's JSON decoder reads it, each number is
// resolved as the YAML parser resolves a plain scalar (resolveNumber), and objects become the
// same map[interface{}]interface{} the parser makes, so the YAML marshaller sorts and writes the
// very same bytes (TestJSONToYAMLIsKubectls holds the two equal over every recorded answer).
func jsonToYAML(data []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return yamlv2.Marshal(yamlValue(v))
}

// yamlValue is a decoded JSON value as the YAML parser would have made it.
func yamlValue(v any) any {
	switch t := v.(type) {
	case map[string]any:
		m := make(map[interface{}]interface{}, len(t))
		for k, c := range t {
			m[k] = yamlValue(c)
		}
		return m
	case []any:
		out := make([]interface{}, len(t))
		for i, c := range t {
			out[i] = yamlValue(c)
		}
		return out
	case json.Number:
		return resolveNumber(string(t))
	}
	return v
}

// yamlStyleFloat is the YAML parser's pattern for a float.
var yamlStyleFloat = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)

// resolveNumber resolves a JSON number as the YAML parser resolves a plain scalar that starts with
// a digit or a sign: an int, else a uint64, else a float64, else (a float out of range) the text.
func resolveNumber(s string) any {
	if i, err := strconv.ParseInt(s, 0, 64); err == nil {
		if i == int64(int(i)) {
			return int(i)
		}
		return i
	}
	if u, err := strconv.ParseUint(s, 0, 64); err == nil {
		return u
	}
	if yamlStyleFloat.MatchString(s) {
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			return f
		}
	}
	return s
}
