package studioctl

import (
	"strings"

	"github.com/studioctl/studioctl/apivalue"
)

// Object is one Kubernetes object as the server sent it, decoded with exact numbers (a number is
// a json.Number), with apiVersion and kind set and, in people mode, Secret values already
// stripped. The helpers read its metadata; Map gives the whole object.
type Object struct {
	m map[string]any
}

// NewObject wraps a decoded object (for tests and for callers holding one already).
func NewObject(m map[string]any) Object { return Object{m: m} }

// Map is the object itself, for fields no helper reads. It is the object's own map, not a copy.
func (o Object) Map() map[string]any { return o.m }

// IsZero reports whether o holds no object.
func (o Object) IsZero() bool { return o.m == nil }

// APIVersion is "v1" for the core group, "group/version" otherwise.
func (o Object) APIVersion() string { s, _ := o.m["apiVersion"].(string); return s }

// Kind is the object's kind: "Pod", "Deployment".
func (o Object) Kind() string { s, _ := o.m["kind"].(string); return s }

// Name is metadata.name.
func (o Object) Name() string { return o.meta("name") }

// Namespace is metadata.namespace; "" for a cluster-scoped object.
func (o Object) Namespace() string { return o.meta("namespace") }

// UID is metadata.uid.
func (o Object) UID() string { return o.meta("uid") }

// CreationTimestamp is metadata.creationTimestamp as the server wrote it (RFC 3339).
func (o Object) CreationTimestamp() string { return o.meta("creationTimestamp") }

// Labels are metadata.labels; nil when the object has none.
func (o Object) Labels() map[string]string { return o.stringMap("labels") }

// Annotations are metadata.annotations; nil when the object has none.
func (o Object) Annotations() map[string]string { return o.stringMap("annotations") }

// OwnerReference names an object's owner.
type OwnerReference struct {
	APIVersion string
	Kind       string
	Name       string
	UID        string
	Controller bool
}

// OwnerReferences are metadata.ownerReferences.
func (o Object) OwnerReferences() []OwnerReference {
	list, _ := apivalue.Meta(o.m)["ownerReferences"].([]any)
	var out []OwnerReference
	for _, v := range list {
		r, _ := v.(map[string]any)
		if r == nil {
			continue
		}
		ref := OwnerReference{}
		ref.APIVersion, _ = r["apiVersion"].(string)
		ref.Kind, _ = r["kind"].(string)
		ref.Name, _ = r["name"].(string)
		ref.UID, _ = r["uid"].(string)
		ref.Controller, _ = r["controller"].(bool)
		out = append(out, ref)
	}
	return out
}

// Field reads the value at a path of keys ("status", "phase"); ok is false when a step is missing
// or is not an object.
func (o Object) Field(path ...string) (v any, ok bool) {
	var cur any = o.m
	for _, k := range path {
		m, isMap := cur.(map[string]any)
		if !isMap {
			return nil, false
		}
		if cur, ok = m[k]; !ok {
			return nil, false
		}
	}
	return cur, true
}

// String reads a string at a path of keys; "" when it is missing or not a string.
func (o Object) String(path ...string) string {
	v, _ := o.Field(path...)
	s, _ := v.(string)
	return s
}

// Slice reads a list at a path of keys, each element that is an object as an Object
// (status.containerStatuses, spec.containers).
func (o Object) Slice(path ...string) []Object {
	v, _ := o.Field(path...)
	list, _ := v.([]any)
	out := make([]Object, 0, len(list))
	for _, e := range list {
		if m, ok := e.(map[string]any); ok {
			out = append(out, Object{m: m})
		}
	}
	return out
}

// Ref is kind/name, lower-case kind, as kubectl's -o name prints it: "pod/web-0".
func (o Object) Ref() string { return strings.ToLower(o.Kind()) + "/" + o.Name() }

func (o Object) meta(key string) string { return apivalue.MetaString(o.m, key) }

func (o Object) stringMap(key string) map[string]string { return apivalue.MetaStrings(o.m, key) }
