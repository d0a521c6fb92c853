package snapshot

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/studioctl/studioctl/apivalue"
)

var errSelector = errors.New("selector")

// fieldSelector is a field selector read for one kind: each term's path in the object.
type fieldSelector []fieldTerm

type fieldTerm struct {
	path  []string
	equal bool
	value string
}

// parseFieldSelector reads a field selector with kubectl's grammar (apivalue) and refuses a field
// the server does not select on for the kind, as the server does. Label selectors need nothing
// of the kind: apivalue.ParseLabelSelector reads them.
func parseFieldSelector(s string, k Kind) (fieldSelector, error) {
	terms, e := apivalue.ParseFieldSelector(s)
	if e != nil {
		return nil, e
	}
	var out fieldSelector
	for _, t := range terms {
		if !selectable(k, t.Field) {
			return nil, errSelector
		}
		path := strings.Split(t.Field, ".")
		if t.Field == "source" {
			path = []string{"source", "component"} // the core event's "source"
		}
		out = append(out, fieldTerm{path: path, equal: t.Equal, value: t.Value})
	}
	return out, nil
}

func (f fieldSelector) matches(obj map[string]any) bool {
	for _, t := range f {
		if (fieldValue(obj, t.path) == t.value) != t.equal {
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
	return slices.Contains(fieldLabels[k.Group+"/"+k.Resource], field)
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
