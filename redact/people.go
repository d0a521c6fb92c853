package redact

import (
	"encoding/base64"
	"sort"
	"strconv"
	"strings"
)

// LastAppliedAnnotation is where kubectl apply keeps its copy of the applied object; for a Secret
// that copy holds every value, so people mode removes it and machine mode masks it.
const LastAppliedAnnotation = "kubectl.kubernetes.io/last-applied-configuration"

// ShortPlainTextMax is the longest annotation value, in bytes, that people mode keeps on a Secret.
// See shortPlainText and docs/redaction.md for the whole test and the reasons for it.
const ShortPlainTextMax = 64

// minContainedValue is the shortest Secret value (decoded) that people mode looks for inside a
// longer annotation; a shorter value masks an annotation only when the annotation equals it.
const minContainedValue = 4

// minBase64Run is the length from which a run of base64 characters makes an annotation value
// "not plain text".
const minBase64Run = 20

// The people-mode markers. Each is plain text that is never valid base64 (it holds a space and
// parentheses), so a marker can never be mistaken for a value the API server sent, and a second
// pass recognises it and leaves it alone.
const (
	markerPrefix    = "(removed by studioctl: "
	markerNotBase64 = markerPrefix + "not valid base64)"
	markerNotString = markerPrefix + "not a string)"
	markerTooDeep   = markerPrefix + "nested too deep)"
)

// sizeMarker is the marker that replaces a value of n bytes.
func sizeMarker(n int) string {
	if n == 1 {
		return markerPrefix + "1 byte)"
	}
	return markerPrefix + strconv.Itoa(n) + " bytes)"
}

// IsMarker reports whether s is a marker studioctl put where it removed a value.
func IsMarker(s string) bool {
	_, ok := parseMarker(s)
	return ok
}

// parseMarker reports whether s is one of the people-mode markers and, for a size marker, the size
// it states; any other marker gives -1.
func parseMarker(s string) (size int, ok bool) {
	if !strings.HasPrefix(s, markerPrefix) || !strings.HasSuffix(s, ")") {
		return 0, false
	}
	switch s {
	case markerNotBase64, markerNotString, markerTooDeep:
		return -1, true
	}
	body := s[len(markerPrefix) : len(s)-1]
	var digits string
	switch {
	case strings.HasSuffix(body, " bytes"):
		digits = strings.TrimSuffix(body, " bytes")
	case body == "1 byte":
		return 1, true
	default:
		return 0, false
	}
	if digits == "" || len(digits) > 12 {
		return 0, false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return 0, false
		}
	}
	if len(digits) > 1 && digits[0] == '0' {
		return 0, false
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n == 1 {
		return 0, false
	}
	return n, true
}

// KeySize is one key of a Secret and the size of its decoded value. Bytes is -1 when the value was
// not valid base64 (or not a string), so its size is unknown.
type KeySize struct {
	Name  string
	Bytes int
}

// IsSecret reports whether obj is a core Secret: kind "Secret" and apiVersion "v1". An object with
// kind Secret and no apiVersion (or an apiVersion that is not a string) counts too, since nothing
// says it belongs to another group and keeping its values would be the unsafe guess. The kind is
// compared in any case: a manifest embedded in a custom resource (a policy's generate block, a
// bundle) is applied by tools that read "secret" as a Secret, and the API server itself never
// sends a core kind in another case, so nothing real is stripped by mistake.
func IsSecret(obj map[string]any) bool {
	if obj == nil {
		return false
	}
	kind, _ := obj["kind"].(string)
	if !strings.EqualFold(kind, "Secret") {
		return false
	}
	return coreAPIVersion(obj)
}

// coreAPIVersion is true when obj's apiVersion is "v1", absent, or not a string.
func coreAPIVersion(obj map[string]any) bool {
	raw, present := obj["apiVersion"]
	if !present || raw == nil {
		return true
	}
	av, isString := raw.(string)
	return !isString || av == "v1" || av == ""
}

// SecretObject strips obj as a Secret, in place, whatever its kind says: the caller has decided it
// is one (IsSecret, PeopleAny and SecretAnswer decide for you). It removes stringData; replaces each
// data value with a marker stating its decoded size ("(removed by studioctl: 24 bytes)"), or that it
// was not valid base64; and cleans the metadata as SecretMetadata does, knowing the Secret's keys
// and values. A data or metadata field of the wrong type is removed. A second call changes nothing.
func SecretObject(obj map[string]any) {
	if obj == nil {
		return
	}
	var keys, values []string
	if raw, present := obj["stringData"]; present {
		if sd, ok := raw.(map[string]any); ok {
			for k, v := range sd {
				keys = append(keys, k)
				if s, ok := v.(string); ok {
					values = append(values, s)
				}
			}
		}
		delete(obj, "stringData")
	}
	if raw, present := obj["data"]; present {
		data, ok := raw.(map[string]any)
		if !ok {
			delete(obj, "data")
		} else {
			for k, v := range data {
				keys = append(keys, k)
				data[k] = dataMarker(v, &values)
			}
		}
	}
	if raw, present := obj["metadata"]; present {
		meta, ok := raw.(map[string]any)
		if !ok {
			delete(obj, "metadata")
		} else {
			cleanSecretMetadata(meta, keys, values)
		}
	}
	// The owner rule still holds inside a Secret: its own map, then whatever it holds.
	ownerMap(obj)
	peopleRules().walkValues(obj, "", 0)
}

// dataMarker is the marker for one data value; it appends the value (raw and decoded) to values,
// so that an annotation repeating it can be found.
func dataMarker(v any, values *[]string) string {
	s, ok := v.(string)
	if !ok {
		return markerNotBase64
	}
	if _, isMarker := parseMarker(s); isMarker {
		return s
	}
	*values = append(*values, s)
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return markerNotBase64
	}
	*values = append(*values, string(b))
	return sizeMarker(len(b))
}

// SecretMetadata cleans a Secret's metadata alone, in place: it removes managedFields and the
// last-applied annotation, and replaces with a marker every other annotation whose value is not
// short plain text or names one of keyNames (keyNames may be nil, as for the PartialObjectMetadata
// rows of a Table). Annotation keys stay. An annotations field that is not a map is removed.
func SecretMetadata(meta map[string]any, keyNames []string) {
	cleanSecretMetadata(meta, keyNames, nil)
	people(meta)
}

func cleanSecretMetadata(meta map[string]any, keys, values []string) {
	if meta == nil {
		return
	}
	delete(meta, "managedFields")
	raw, present := meta["annotations"]
	if !present {
		return
	}
	ann, ok := raw.(map[string]any)
	if !ok {
		delete(meta, "annotations")
		return
	}
	delete(ann, LastAppliedAnnotation)
	for k, v := range ann {
		s, ok := v.(string)
		if !ok {
			ann[k] = markerNotString
			continue
		}
		if _, isMarker := parseMarker(s); isMarker {
			continue
		}
		if !shortPlainText(s) || namesKey(s, keys) || holdsValue(s, values) {
			ann[k] = sizeMarker(len(s))
		}
	}
}

// shortPlainText is people mode's test for an annotation value a Secret may keep: at most
// ShortPlainTextMax bytes, every byte printable ASCII (space to '~'), no '{' or '[' (the start of
// a JSON or flow-YAML copy), and no run that looks like base64 (see hasBase64Run).
func shortPlainText(s string) bool {
	if len(s) > ShortPlainTextMax {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c > 0x7e || c == '{' || c == '[' {
			return false
		}
	}
	return !hasBase64Run(s)
}

func isBase64Char(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' ||
		c == '+' || c == '/' || c == '_' || c == '-'
}

// hasBase64Run finds a run of at least minBase64Run characters of the standard or URL base64
// alphabets ('=' ends a run, since it is only padding). A run holding an upper-case letter or '+'
// counts whole. A run of lower-case letters and digits, where '-', '/' and '_' only separate words,
// counts only when one word of it is that long: this keeps a UUID (kubernetes.io/service-account.uid),
// a long kebab-case or snake_case name and a namespace/name reference, and still catches lower-case
// hex such as a token or a digest.
func hasBase64Run(s string) bool {
	i := 0
	for i < len(s) {
		if !isBase64Char(s[i]) {
			i++
			continue
		}
		j := i
		mixed := false
		longest, word := 0, 0
		for j < len(s) && isBase64Char(s[j]) {
			switch c := s[j]; {
			case c == '-' || c == '/' || c == '_':
				word = 0
			case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
				word++
			default: // upper case or '+'
				mixed = true
				word++
			}
			longest = max(longest, word)
			j++
		}
		if j-i >= minBase64Run && (mixed || longest >= minBase64Run) {
			return true
		}
		i = j
	}
	return false
}

func isKeyChar(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' ||
		c == '-' || c == '_' || c == '.'
}

// namesKey reports whether s names one of keys as a whole word: an occurrence not touching another
// character that a Secret key may hold (letters, digits, '-', '_', '.').
func namesKey(s string, keys []string) bool {
	for _, k := range keys {
		if k == "" {
			continue
		}
		from := 0
		for {
			at := strings.Index(s[from:], k)
			if at < 0 {
				break
			}
			at += from
			end := at + len(k)
			before := at == 0 || !isKeyChar(s[at-1])
			after := end == len(s) || !isKeyChar(s[end])
			if before && after {
				return true
			}
			from = at + 1
		}
	}
	return false
}

// holdsValue reports whether s is, holds, or base64-decodes to one of the Secret's values.
func holdsValue(s string, values []string) bool {
	if len(values) == 0 || s == "" {
		return false
	}
	decoded := decodeAnyBase64(s)
	for _, v := range values {
		if v == "" {
			continue
		}
		if s == v || decoded != nil && *decoded == v {
			return true
		}
		if len(v) >= minContainedValue {
			if strings.Contains(s, v) || decoded != nil && strings.Contains(*decoded, v) {
				return true
			}
		}
	}
	return false
}

// decodeAnyBase64 decodes s with whichever base64 alphabet and padding accepts it.
func decodeAnyBase64(s string) *string {
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(s); err == nil {
			d := string(b)
			return &d
		}
	}
	return nil
}

// SecretKeys reads a Secret's keys and value sizes back, sorted by name, for describe. It reads a
// stripped Secret (the sizes its markers state) and an unstripped one alike (the decoded length);
// a value whose size is unknown gives Bytes -1. A Secret with no data map gives nil.
func SecretKeys(obj map[string]any) []KeySize {
	data, _ := obj["data"].(map[string]any)
	if len(data) == 0 {
		return nil
	}
	out := make([]KeySize, 0, len(data))
	for k, v := range data {
		out = append(out, KeySize{Name: k, Bytes: valueSize(v)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func valueSize(v any) int {
	s, ok := v.(string)
	if !ok {
		return -1
	}
	if n, isMarker := parseMarker(s); isMarker {
		return n
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return -1
	}
	return len(b)
}

// SecretTableRows strips the object of every row of a meta.k8s.io Table the caller knows lists
// core secrets. Such rows carry PartialObjectMetadata (kind "PartialObjectMetadata", so PeopleAny
// cannot tell they are Secrets), whose annotations can hold the last-applied copy, or the whole
// Secret with includeObject=Object. A row object that is not a map is removed; cells are left,
// since a Secret's table cells are its name, type, key count and age.
func SecretTableRows(table map[string]any) {
	rows, _ := table["rows"].([]any)
	for _, r := range rows {
		row, ok := r.(map[string]any)
		if !ok {
			continue
		}
		raw, present := row["object"]
		if !present {
			continue
		}
		obj, ok := raw.(map[string]any)
		if !ok {
			delete(row, "object")
			continue
		}
		SecretObject(obj)
	}
}

// SecretAnswer strips an answer to a request whose resource is core secrets, in place: a single
// object, a list's items (which the API server sends without a kind), a Table's row objects and a
// watch event's object are all taken as Secrets. A Status (an error answer) is left. Then it runs
// PeopleAny over the whole answer.
func SecretAnswer(v any) {
	secretAnswerWalk(v, 0, SecretTableRows, SecretObject)
	PeopleAny(v)
}

// isWatchEvent recognises a watch event, {"type": ..., "object": {...}}.
func isWatchEvent(m map[string]any) bool {
	_, hasType := m["type"].(string)
	_, hasObject := m["object"].(map[string]any)
	_, hasKind := m["kind"]
	_, hasMeta := m["metadata"]
	return hasType && hasObject && !hasKind && !hasMeta
}

// listItemKind is the kind of the items of a typed list ("SecretList" holds Secrets): the API
// server sends a list's items without their own kind.
func listItemKind(m map[string]any) string {
	kind, _ := m["kind"].(string)
	if len(kind) > len("List") && strings.HasSuffix(kind, "List") {
		return strings.TrimSuffix(kind, "List")
	}
	return ""
}

// PeopleAny walks any decoded value (an object, a list, a watch event, a Table with whole objects,
// a custom resource embedding a Secret) and applies SecretObject to every Secret it finds at any
// depth, including the kind-less items of a SecretList. It does not walk into a Secret after
// stripping it.
func PeopleAny(v any) { people(v) }
