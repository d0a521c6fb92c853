package redact

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"strings"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/policy"
)

// OwnerKey is the label and annotation that names the person an object belongs to (the owner of an
// ephemeral MCP instance). People mode never lets its value through: wherever the key appears as a
// map key (labels, annotations, a selector's matchLabels, the copy kept in the last-applied
// annotation) the value becomes its fingerprint, and a matchExpressions entry on the key has each
// of its values fingerprinted.
const OwnerKey = policy.OwnerLabel

// FingerprintLen is the number of lower-case hex digits of an owner fingerprint.
const FingerprintLen = 16

// markerOwner replaces an owner that is not a scalar, and a last-applied copy that is not JSON
// but names the owner key.
const markerOwner = markerPrefix + "an owner studioctl does not show)"

// OwnerFingerprint is the owner rule: the first 16 hex digits of the SHA-256 of the value, or the
// value itself when it already is 16 lower-case hex digits, so a second pass changes nothing.
func OwnerFingerprint(v string) string {
	if IsFingerprint(v) {
		return v
	}
	sum := sha256.Sum256([]byte(v))
	return hex.EncodeToString(sum[:FingerprintLen/2])
}

// IsFingerprint reports whether s is 16 lower-case hex digits.
func IsFingerprint(s string) bool {
	if len(s) != FingerprintLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !(s[i] >= '0' && s[i] <= '9' || s[i] >= 'a' && s[i] <= 'f') {
			return false
		}
	}
	return true
}

// ownerScalar fingerprints one owner value of any decoded type.
func ownerScalar(v any) any {
	switch t := v.(type) {
	case string:
		return OwnerFingerprint(t)
	case json.Number:
		return OwnerFingerprint(t.String())
	case bool:
		if t {
			return OwnerFingerprint("true")
		}
		return OwnerFingerprint("false")
	case nil:
		return nil
	}
	return markerOwner
}

// ownerMap applies the owner rule to one map's own entries and reports whether it changed any.
func ownerMap(m map[string]any) bool {
	changed := ownerInAnnotations(m)
	set := func(k string, nv any) {
		if old, ok := m[k]; !ok || !sameScalar(old, nv) {
			m[k] = nv
			changed = true
		}
	}
	if raw, ok := m[OwnerKey]; ok {
		set(OwnerKey, ownerScalar(raw))
	}
	if key, _ := m["key"].(string); key == OwnerKey {
		if vals, ok := m["values"].([]any); ok {
			for i, v := range vals {
				if nv := ownerScalar(v); !sameScalar(v, nv) {
					vals[i] = nv
					changed = true
				}
			}
		}
	}
	if s, ok := m[LastAppliedAnnotation].(string); ok {
		set(LastAppliedAnnotation, ownerInCopy(s))
	}
	return changed
}

func sameScalar(a, b any) bool {
	switch x := a.(type) {
	case string:
		y, ok := b.(string)
		return ok && x == y
	case nil:
		return b == nil
	}
	return false
}

// ownerInAnnotations fingerprints, in every annotation of an object, each occurrence of the owner
// its metadata names (the eai.io/owner label or annotation, read before they are fingerprinted):
// another tool's copy of the labels (kopf's last-handled-configuration) or a free-text note can
// repeat the value anywhere in a string. Values shorter than minOwnerInText are left to the
// label rule alone, since replacing them inside text would rewrite unrelated words.
func ownerInAnnotations(obj map[string]any) bool {
	ann := apivalue.MetaMap(obj, "annotations")
	if ann == nil {
		return false
	}
	var owners []string
	labels := apivalue.MetaMap(obj, "labels")
	for _, m := range []map[string]any{labels, ann} {
		if v, ok := m[OwnerKey].(string); ok && len(v) >= minOwnerInText && !IsFingerprint(v) {
			owners = append(owners, v)
		}
	}
	changed := false
	for k, v := range ann {
		s, ok := v.(string)
		if !ok || k == OwnerKey {
			continue
		}
		for _, o := range owners {
			if strings.Contains(s, o) {
				s = strings.ReplaceAll(s, o, OwnerFingerprint(o))
			}
		}
		if s != v {
			ann[k], changed = s, true
		}
	}
	return changed
}

// minOwnerInText is the shortest owner value searched for inside annotation text.
const minOwnerInText = 4

// ownerInCopy applies the owner rule inside a last-applied copy (a JSON text). A copy holding no
// owner is returned unchanged, byte for byte; one that is rewritten keeps its keys and its trailing
// newline. A copy that is not one JSON value but names the owner key is replaced by a marker.
func ownerInCopy(s string) string {
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	var doc any
	if err := d.Decode(&doc); err != nil || d.Decode(new(any)) != io.EOF {
		if strings.Contains(s, OwnerKey) {
			return markerOwner
		}
		return s
	}
	if !people(doc) {
		return s
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if enc.Encode(doc) != nil {
		return markerOwner
	}
	out := strings.TrimSuffix(buf.String(), "\n")
	if strings.HasSuffix(s, "\n") {
		out += "\n"
	}
	return out
}

// SelectsOwner reports whether a label selector names the owner key in one of its requirements.
// The one implementation is the allowlist's (policy.SelectsOwner), which refuses such a request
// on every path; statements ask it first to refuse with their own sentence.
func SelectsOwner(selector string) bool { return policy.SelectsOwner(selector) }
