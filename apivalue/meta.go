package apivalue

// An object's metadata, read from a decoded answer (a map as encoding/json leaves it). Each
// reading tolerates whatever a server sent: a missing or mistyped field reads as absent.

// Meta is obj's metadata, nil when it has none.
func Meta(obj map[string]any) map[string]any {
	md, _ := obj["metadata"].(map[string]any)
	return md
}

// MetaString is a string field of obj's metadata ("name", "namespace", "uid",
// "creationTimestamp"), "" when absent or not a string.
func MetaString(obj map[string]any, key string) string {
	s, _ := Meta(obj)[key].(string)
	return s
}

// MetaMap is a map field of obj's metadata ("labels", "annotations"), nil when absent.
func MetaMap(obj map[string]any, key string) map[string]any {
	m, _ := Meta(obj)[key].(map[string]any)
	return m
}

// MetaStrings is a map field of obj's metadata as strings, the entries that are strings (labels
// and annotations are); nil when absent.
func MetaStrings(obj map[string]any, key string) map[string]string {
	raw := MetaMap(obj, key)
	if raw == nil {
		return nil
	}
	out := make(map[string]string, len(raw))
	for k, v := range raw {
		if s, ok := v.(string); ok {
			out[k] = s
		}
	}
	return out
}
