package snapshot

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/studioctl/studioctl/policy"
)

var errSelector = errors.New("selector")

// labelSelector is a parsed label selector: every requirement must hold.
type labelSelector []requirement

type requirement struct {
	key    string
	op     string // exists, !, =, !=, in, notin, gt, lt
	values []string
}

// parseLabelSelector reads the server's label selector syntax: key, !key, key=v, key==v,
// key!=v, key in (a,b), key notin (a,b), key>n and key<n, separated by commas.
func parseLabelSelector(s string) (labelSelector, error) {
	var out labelSelector
	for _, term := range policy.SelectorTerms(s) {
		term = strings.TrimSpace(term)
		if term == "" {
			continue
		}
		r, err := parseRequirement(term)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

func parseRequirement(t string) (requirement, error) {
	if k, ok := strings.CutPrefix(t, "!"); ok {
		return requirement{key: strings.TrimSpace(k), op: "!"}, checkKey(strings.TrimSpace(k))
	}
	for _, word := range []string{" notin ", " in "} {
		if i := strings.Index(t, word); i > 0 {
			set := strings.TrimSpace(t[i+len(word):])
			if !strings.HasPrefix(set, "(") || !strings.HasSuffix(set, ")") {
				return requirement{}, errSelector
			}
			var vals []string
			for _, v := range strings.Split(set[1:len(set)-1], ",") {
				vals = append(vals, strings.TrimSpace(v))
			}
			return requirement{key: strings.TrimSpace(t[:i]), op: strings.TrimSpace(word), values: vals}, checkKey(strings.TrimSpace(t[:i]))
		}
	}
	for _, op := range []string{"!=", "==", "=", ">", "<"} {
		if i := strings.Index(t, op); i > 0 {
			name := map[string]string{"==": "=", ">": "gt", "<": "lt"}[op]
			if name == "" {
				name = op
			}
			key := strings.TrimSpace(t[:i])
			return requirement{key: key, op: name, values: []string{strings.TrimSpace(t[i+len(op):])}}, checkKey(key)
		}
	}
	return requirement{key: t, op: "exists"}, checkKey(t)
}

func checkKey(k string) error {
	if k == "" || strings.ContainsAny(k, " ()!=<>,") {
		return errSelector
	}
	return nil
}

func (s labelSelector) matches(labels map[string]string) bool {
	for _, r := range s {
		v, has := labels[r.key]
		ok := false
		switch r.op {
		case "exists":
			ok = has
		case "!":
			ok = !has
		case "=":
			ok = has && v == r.values[0]
		case "!=":
			ok = !has || v != r.values[0]
		case "in":
			ok = has && contains(r.values, v)
		case "notin":
			ok = !has || !contains(r.values, v)
		case "gt", "lt":
			a, err1 := strconv.ParseInt(v, 10, 64)
			b, err2 := strconv.ParseInt(r.values[0], 10, 64)
			ok = has && err1 == nil && err2 == nil && (r.op == "gt" && a > b || r.op == "lt" && a < b)
		}
		if !ok {
			return false
		}
	}
	return true
}

func contains(list []string, v string) bool {
	for _, s := range list {
		if s == v {
			return true
		}
	}
	return false
}

// fieldSelector is a parsed field selector: every term must hold.
type fieldSelector []fieldTerm

type fieldTerm struct {
	path   []string
	equal  bool
	value  string
	source bool // the core event's "source", which is source.component
}

// parseFieldSelector reads key=v, key==v and key!=v terms (values escaped as the server's
// fields.EscapeValue writes them) and refuses a field the server does not select on for the kind,
// as the server does.
func parseFieldSelector(s string, k Kind) (fieldSelector, error) {
	var out fieldSelector
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	for _, term := range splitEscaped(s, ',') {
		key, value, equal, ok := cutFieldTerm(term)
		if !ok || !selectable(k, key) {
			return nil, errSelector
		}
		out = append(out, fieldTerm{path: strings.Split(key, "."), equal: equal, value: value, source: key == "source"})
	}
	return out, nil
}

func cutFieldTerm(t string) (key, value string, equal, ok bool) {
	for _, op := range []string{"!=", "==", "="} {
		if i := strings.Index(t, op); i > 0 {
			return strings.TrimSpace(t[:i]), unescape(t[i+len(op):]), op != "!=", true
		}
	}
	return "", "", false, false
}

// splitEscaped splits on sep where it is not escaped by a backslash.
func splitEscaped(s string, sep byte) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case sep:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

func unescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func (f fieldSelector) matches(obj map[string]any) bool {
	for _, t := range f {
		path := t.path
		if t.source {
			path = []string{"source", "component"}
		}
		if (fieldValue(obj, path) == t.value) != t.equal {
			return false
		}
	}
	return true
}

// fieldValue is a field's value as the server compares it: a string as it is, a bool or a
// number as written, a missing field as "".
func fieldValue(obj map[string]any, path []string) string {
	var cur any = obj
	for _, p := range path {
		m, ok := cur.(map[string]any)
		if !ok {
			return ""
		}
		cur = m[p]
	}
	switch v := cur.(type) {
	case string:
		return v
	case bool:
		return strconv.FormatBool(v)
	case json.Number:
		return v.String()
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return ""
}

// selectable is the server's table of field labels, by kind: metadata.name and
// metadata.namespace everywhere, and each built-in kind's own.
func selectable(k Kind, field string) bool {
	if field == "metadata.name" || field == "metadata.namespace" {
		return true
	}
	return contains(fieldLabels[k.Group+"/"+k.Resource], field)
}

var eventFields = []string{
	"involvedObject.kind", "involvedObject.namespace", "involvedObject.name", "involvedObject.uid",
	"involvedObject.apiVersion", "involvedObject.resourceVersion", "involvedObject.fieldPath",
	"reason", "reportingComponent", "source", "type",
}

var fieldLabels = map[string][]string{
	"/pods": {"spec.nodeName", "spec.restartPolicy", "spec.schedulerName", "spec.serviceAccountName",
		"spec.hostNetwork", "status.phase", "status.podIP", "status.nominatedNodeName"},
	"/events":                 eventFields,
	"events.k8s.io/events":    {"regarding.kind", "regarding.namespace", "regarding.name", "regarding.uid", "regarding.apiVersion", "regarding.resourceVersion", "regarding.fieldPath", "reason", "reportingController", "type"},
	"/secrets":                {"type"},
	"/nodes":                  {"spec.unschedulable"},
	"/namespaces":             {"status.phase"},
	"/replicationcontrollers": {"status.replicas"},
	"apps/replicasets":        {"status.replicas"},
	"batch/jobs":              {"status.successful"},
	"/services":               {"spec.clusterIP", "spec.type"},
	"certificates.k8s.io/certificatesigningrequests": {"spec.signerName"},
}
