package describe

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/sanitize"
)

// describeWriter lays describe's text out as kubectl does: every line goes through one
// text/tabwriter (minimum width 0, tab width 8, padding 2, spaces), so "Label:\tvalue" lines that
// follow each other align; flush ends a block of aligned lines, as kubectl's events table does.
// Two spaces make one indentation level.
type describeWriter struct {
	buf bytes.Buffer
	tw  *tabwriter.Writer
	now time.Time
}

func newDescribeWriter(now time.Time) *describeWriter {
	w := &describeWriter{now: now}
	w.tw = tabwriter.NewWriter(&w.buf, 0, 8, 2, ' ', 0)
	return w
}

// write prints format at an indentation level. String arguments are values from the server:
// they are made safe for a terminal and their tabs escaped, so no value can add a column or a
// line; the format alone places tabs and line ends.
func (w *describeWriter) write(level int, format string, args ...any) {
	for i, a := range args {
		if s, ok := a.(string); ok {
			args[i] = dclean(s)
		}
	}
	w.tw.Write([]byte(strings.Repeat("  ", level) + fmt.Sprintf(format, args...)))
}

func (w *describeWriter) flush() { w.tw.Flush() }

func (w *describeWriter) lines() []string {
	w.tw.Flush()
	text := strings.TrimSuffix(w.buf.String(), "\n")
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

// dclean makes one value safe to lay out: Sanitize's escapes (a line break becomes \x0a), and a
// tab written as \t. Applying it twice changes nothing.
func dclean(s string) string {
	s = sanitize.String(s)
	if strings.IndexByte(s, '\t') >= 0 {
		s = strings.ReplaceAll(s, "\t", `\t`)
	}
	return s
}

// date prints a timestamp as kubectl does (RFC 1123 with a numeric zone) in the clock's zone; a
// missing one prints the zero time, as kubectl prints an unset time.
func (w *describeWriter) date(s string) string {
	t := apivalue.Time(s)
	if t.IsZero() {
		return time.Time{}.Format(time.RFC1123Z)
	}
	return t.In(w.now.Location()).Format(time.RFC1123Z)
}

// since is kubectl's age of a timestamp, "<unknown>" when there is none.
func (w *describeWriter) since(s string) string {
	t := apivalue.Time(s)
	if t.IsZero() {
		return "<unknown>"
	}
	return printer.HumanDuration(w.now.Sub(t))
}

// ---------------------------------------------------------------------------------------------
// Reading decoded JSON without trusting its shape: a missing field or one of the wrong type reads
// as empty.

func dget(v any, path ...string) any { return kube.Field(v, path...) }

// dscalar prints a scalar as kubectl's %v would: strings as they are, numbers with their exact
// text, true/false; a map, an array or null prints "".
func dscalar(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	case bool:
		if x {
			return "true"
		}
		return "false"
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	}
	return ""
}

func dstr(v any, path ...string) string { return dscalar(dget(v, path...)) }

// dint prints an integer field, 0 when it is missing (kubectl's %d of an unset int).
func dint(v any, path ...string) string {
	if s := dstr(v, path...); s != "" {
		return s
	}
	return "0"
}

func dmap(v any, path ...string) map[string]any {
	m, _ := dget(v, path...).(map[string]any)
	return m
}

func dlist(v any, path ...string) []any {
	a, _ := dget(v, path...).([]any)
	return a
}

func dbool(v any, path ...string) bool { return dget(v, path...) == true }

func dhas(v any, path ...string) bool { return dget(v, path...) != nil }

// dStrMap reads a map of strings (labels, annotations, a node selector).
func dStrMap(v any, path ...string) map[string]string {
	raw := dmap(v, path...)
	if raw == nil {
		return nil
	}
	out := make(map[string]string, len(raw))
	for k, x := range raw {
		out[k] = dscalar(x)
	}
	return out
}

func dStrList(v any, path ...string) []string {
	var out []string
	for _, x := range dlist(v, path...) {
		out = append(out, dscalar(x))
	}
	return out
}

func dKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// dSortedBy is a copy of list sorted by the string field key, keeping the order of equal keys.
func dSortedBy(list []any, key string) []any {
	sorted := append([]any(nil), list...)
	sort.SliceStable(sorted, func(i, j int) bool { return dstr(sorted[i], key) < dstr(sorted[j], key) })
	return sorted
}

// dOrUnset is a field's value, "<unset>" when it is not set.
func dOrUnset(v any, path ...string) string {
	if dhas(v, path...) {
		return dstr(v, path...)
	}
	return "<unset>"
}

// dGoList prints a list of strings as Go's %v prints a []string: [a b c].
func dGoList(list []string) string { return "[" + strings.Join(list, " ") + "]" }

func dOrNone(s string) string {
	if s == "" {
		return "<none>"
	}
	return s
}

func dBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

// dLabelSet prints a map as key=value pairs sorted by key, "<none>" when empty.
func dLabelSet(m map[string]string) string {
	if len(m) == 0 {
		return "<none>"
	}
	parts := make([]string, 0, len(m))
	for _, k := range dKeys(m) {
		parts = append(parts, k+"="+m[k])
	}
	return strings.Join(parts, ",")
}

// ---------------------------------------------------------------------------------------------
// The blocks every describer shares.

// optional prints "Label:\tvalue" when there is a value, as kubectl does for fields it leaves out
// when empty.
func (w *describeWriter) optional(label, value string) {
	if value != "" {
		w.write(0, "%s:\t%s\n", label, value)
	}
}

// present prints "Label:\tvalue" when the field is set, even to zero or false.
func (w *describeWriter) present(label string, v any, path ...string) {
	if dhas(v, path...) {
		w.write(0, "%s:\t%s\n", label, dstr(v, path...))
	}
}

// valueLines ends a "Title:\t" line already begun with the first value and puts each other value
// on a line of its own in the value column, after cont; "<none>" when there are none.
func (w *describeWriter) valueLines(cont string, values []string) {
	if len(values) == 0 {
		w.write(0, "<none>\n")
		return
	}
	for i, v := range values {
		if i != 0 {
			w.write(0, "%s\t", cont)
		}
		w.write(0, "%s\n", v)
	}
}

const dLastApplied = "kubectl.kubernetes.io/last-applied-configuration"

// labels prints "Title:\tk=v" with one line per label, sorted; "<none>" when there are none.
func (w *describeWriter) labels(indent, title string, labels map[string]string) {
	w.write(0, "%s%s:\t", indent, title)
	if len(labels) == 0 {
		w.write(0, "<none>\n")
		return
	}
	for i, k := range dKeys(labels) {
		if i != 0 {
			w.write(0, "%s\t", indent)
		}
		w.write(0, "%s=%s\n", k, labels[k])
	}
}

// annotations prints annotations as kubectl does: key: value, or a long or multi-line value on
// lines of its own, each cut at 138 characters; the last-applied copy is never shown.
func (w *describeWriter) annotations(title string, ann map[string]string) {
	w.annotationsAt("", title, ann)
}

// annotationsAt prints annotations with every line indented by indent.
func (w *describeWriter) annotationsAt(indent, title string, ann map[string]string) {
	const maxLen = 140
	w.write(0, "%s%s:\t", indent, title)
	var keys []string
	for _, k := range dKeys(ann) {
		if k != dLastApplied {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		w.write(0, "<none>\n")
		return
	}
	for i, k := range keys {
		if i != 0 {
			w.write(0, "%s\t", indent)
		}
		v := strings.TrimSuffix(ann[k], "\n")
		if len(v)+len(k)+2 > maxLen || strings.Contains(v, "\n") {
			w.write(0, "%s:\n", k)
			for _, s := range strings.Split(v, "\n") {
				if len(s) > maxLen-2 {
					s = s[:maxLen-2] + "..."
				}
				w.write(0, "%s\t  %s\n", indent, s)
			}
			continue
		}
		w.write(0, "%s: %s\n", k, v)
	}
}

// datedConditions prints the conditions table of a node or a claim: type, status, two times,
// reason and message. The first time's column is the node's heartbeat or the claim's probe; its
// dashes are as long in both, as kubectl prints them.
func (w *describeWriter) datedConditions(conds []any, timeTitle, timeField string) {
	if len(conds) == 0 {
		return
	}
	w.write(0, "Conditions:\n")
	w.write(1, "Type\tStatus\t%s\tLastTransitionTime\tReason\tMessage\n", timeTitle)
	w.write(1, "----\t------\t-----------------\t------------------\t------\t-------\n")
	for _, c := range conds {
		w.write(1, "%s \t%s \t%s \t%s \t%s \t%s\n", dstr(c, "type"), dstr(c, "status"), w.date(dstr(c, timeField)),
			w.date(dstr(c, "lastTransitionTime")), dstr(c, "reason"), dstr(c, "message"))
	}
}

// events prints kubectl's Events table, oldest first; "<none>" when there are none.
func (w *describeWriter) events(events []map[string]any) {
	if len(events) == 0 {
		w.write(0, "Events:\t<none>\n")
		return
	}
	w.flush()
	w.write(0, "Events:\n  Type\tReason\tAge\tFrom\tMessage\n")
	w.write(1, "----\t------\t----\t----\t-------\n")
	for _, e := range events {
		first := w.since(dstr(e, "eventTime"))
		if apivalue.Time(dstr(e, "eventTime")).IsZero() {
			first = w.since(dstr(e, "firstTimestamp"))
		}
		interval := first
		if series := dmap(e, "series"); series != nil {
			interval = fault.Sentencef("%s (x%s over %s)", w.since(dstr(series, "lastObservedTime")), dint(series, "count"), first)
		} else if n, _ := strconv.Atoi(dstr(e, "count")); n > 1 {
			interval = fault.Sentencef("%s (x%d over %s)", w.since(dstr(e, "lastTimestamp")), n, first)
		}
		from := dstr(e, "source", "component")
		if from == "" {
			from = dstr(e, "reportingComponent")
		}
		// An event about a part of the object (a pod's container) names it before the message.
		message := strings.TrimSpace(dstr(e, "message"))
		if fp := dstr(e, "involvedObject", "fieldPath"); fp != "" {
			message = fp + ": " + message
		}
		w.write(1, "%s\t%s\t%s\t%s\t%s\n", dstr(e, "type"), dstr(e, "reason"), interval, from, message)
	}
}

// goTime prints a timestamp as Go prints a time.Time (kubectl's %s of an object's creation time),
// in the clock's zone; a missing one prints the zero time.
func (w *describeWriter) goTime(s string) string {
	t := apivalue.Time(s)
	if t.IsZero() {
		return time.Time{}.String()
	}
	return t.In(w.now.Location()).String()
}
