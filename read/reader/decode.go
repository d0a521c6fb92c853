package reader

import "encoding/json"

// DecodeInto reads a decoded object into a typed view of the fields a reader needs (a pod's
// containers for logs, a PodMetrics' usage for top). The object was decoded, and its Secret
// values stripped, where the answer arrived; this only gives it a shape.
func DecodeInto(obj map[string]any, v any) error {
	data, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, v)
}
