package describe

import (
	"strings"
	"unicode"
)

// Every other kind, custom resources included, in the layout of kubectl's generic describer.

func (r *dRenderer) generic() {
	w, o := r.w, r.obj
	r.headAndLabels(true)
	w.unstructured(0, o, "", map[string]bool{".metadata.managedFields": true, ".metadata.name": true,
		".metadata.namespace": true, ".metadata.labels": true, ".metadata.annotations": true})
	r.events()
}

// unstructured prints fields as kubectl's generic describer does: sorted, "Label:\tvalue" for a
// scalar, "Label:" and the fields one level in for a map, and each element one level in for an
// array (a map's fields, or the value). skip names paths (".metadata.name") left out.
func (w *describeWriter) unstructured(level int, content map[string]any, prefix string, skip map[string]bool) {
	for _, field := range dKeys(content) {
		path := prefix + "." + field
		if skip[path] {
			continue
		}
		switch v := content[field].(type) {
		case map[string]any:
			w.write(level, "%s:\n", dSmartLabel(field))
			w.unstructured(level+1, v, path, skip)
		case []any:
			w.write(level, "%s:\n", dSmartLabel(field))
			for _, c := range v {
				if m, ok := c.(map[string]any); ok {
					w.unstructured(level+1, m, path, skip)
				} else {
					w.write(level+1, "%s\n", dGoValue(c))
				}
			}
		default:
			w.write(level, "%s:\t%s\n", dSmartLabel(field), dGoValue(v))
		}
	}
}

// dSmartLabel turns a field name into kubectl's generic-describer label: camel case split into
// title-cased words, with API, URL, UID, OSB and GUID in capitals; a name holding anything but
// letters and '-' is left as it is.
func dSmartLabel(field string) string {
	if strings.IndexFunc(field, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) != -1 {
		return field
	}
	var parts []string
	for _, p := range dCamelSplit(field) {
		if p == "_" {
			continue
		}
		switch u := strings.ToUpper(p); u {
		case "API", "URL", "UID", "OSB", "GUID":
			p = u
		default:
			r := []rune(p)
			r[0] = unicode.ToUpper(r[0])
			p = string(r)
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " ")
}

// dCamelSplit splits a word where its characters change class (lower, upper, digit, other), and
// moves the last capital of a run of capitals to the lower-case run after it: "PDFLoader" gives
// PDF and Loader.
func dCamelSplit(s string) []string {
	class := func(r rune) int {
		switch {
		case unicode.IsLower(r):
			return 1
		case unicode.IsUpper(r):
			return 2
		case unicode.IsDigit(r):
			return 3
		}
		return 4
	}
	var runs [][]rune
	last := 0
	for _, r := range s {
		c := class(r)
		if c == last && len(runs) > 0 {
			runs[len(runs)-1] = append(runs[len(runs)-1], r)
		} else {
			runs = append(runs, []rune{r})
		}
		last = c
	}
	for i := 0; i < len(runs)-1; i++ {
		if unicode.IsUpper(runs[i][0]) && unicode.IsLower(runs[i+1][0]) {
			runs[i+1] = append([]rune{runs[i][len(runs[i])-1]}, runs[i+1]...)
			runs[i] = runs[i][:len(runs[i])-1]
		}
	}
	var out []string
	for _, r := range runs {
		if len(r) > 0 {
			out = append(out, string(r))
		}
	}
	return out
}

// dGoValue is %v of a decoded JSON scalar; null prints <nil> as Go prints a nil interface.
func dGoValue(v any) string {
	if v == nil {
		return "<nil>"
	}
	return dscalar(v)
}
