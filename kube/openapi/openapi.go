// Package openapi is a server's OpenAPI v3 as explain reads it: the index's URLs checked before
// one is followed (Hash), a group version's document and the walks explain makes in it (Resolve,
// ResourceKind, SchemaFor), and the disk cache's file of one document. The client (package kube)
// asks the server and keeps the documents; this room reads them.
package openapi

import (
	"maps"
	"net/url"
	"reflect"
	"slices"
	"strings"
)

// Document is one group version's OpenAPI v3 document, decoded with exact numbers. It is
// shared by every reader of the same document and must not be changed.
type Document struct {
	GroupVersion string // "v1" or "apps/v1"
	Root         map[string]any
}

// DocKey is the index key of a group version: api/v1 or apis/GROUP/VERSION.
func DocKey(group, version string) string {
	if group == "" {
		return "api/" + version
	}
	return "apis/" + group + "/" + version
}

// Hash checks the server-relative URL the index gives for key and returns its hash. The URL
// must be exactly /openapi/v3/KEY?hash=HEX: no scheme, host, user, fragment, other query key or
// other path, so what is sent is what studioctl composed.
func Hash(key, raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Fragment != "" || u.Opaque != "" {
		return "", false
	}
	if u.Path != "/openapi/v3/"+key || (u.RawPath != "" && u.RawPath != u.Path) {
		return "", false
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil || len(q) != 1 || len(q["hash"]) != 1 {
		return "", false
	}
	h := q["hash"][0]
	if len(h) == 0 || len(h) > 256 {
		return "", false
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return "", false
		}
	}
	return h, true
}

// Resolve follows one local reference (#/components/schemas/NAME) within the document, one step,
// as kubectl's explain does; anything else (another document, a malformed reference, a path that
// does not lead to an object) resolves to nil. A reference that leads to another reference is
// returned as it is: callers guard their own walks against cycles.
func (d *Document) Resolve(ref string) map[string]any {
	if !strings.HasPrefix(ref, "#") {
		return nil
	}
	u, err := url.Parse(ref)
	if err != nil || u.Scheme != "" || u.Host != "" || u.Path != "" || u.RawQuery != "" || u.Fragment == "" {
		return nil
	}
	cur := d.Root
	for _, k := range strings.Split(u.Fragment, "/") {
		if k == "" {
			continue
		}
		next, ok := cur[k].(map[string]any)
		if !ok {
			return nil
		}
		cur = next
	}
	return cur
}

// ResourceKind finds the group, version and kind the document gives a resource's operations, the
// way kubectl's explain does: the collection and object paths, cluster-scoped then namespaced, and
// each path's get, post, put, patch and delete operations in that order. It returns the
// x-kubernetes-group-version-kind object as the document holds it, or nil.
func (d *Document) ResourceKind(group, version, resource string) map[string]any {
	prefix := "/api"
	if group != "" {
		prefix = "/apis/" + group
	}
	paths, _ := d.Root["paths"].(map[string]any)
	var gvk any
	for _, p := range []string{
		prefix + "/" + version + "/" + resource,
		prefix + "/" + version + "/" + resource + "/{name}",
		prefix + "/" + version + "/namespaces/{namespace}/" + resource,
		prefix + "/" + version + "/namespaces/{namespace}/" + resource + "/{name}",
	} {
		item, _ := paths[p].(map[string]any)
		if len(item) == 0 {
			continue
		}
		for _, method := range []string{"get", "post", "put", "patch", "delete"} {
			op, _ := item[method].(map[string]any)
			if len(op) == 0 {
				continue
			}
			gvk = op["x-kubernetes-group-version-kind"]
			if m, ok := gvk.(map[string]any); ok && len(m) > 0 {
				break
			}
		}
	}
	m, _ := gvk.(map[string]any)
	if len(m) == 0 {
		return nil
	}
	return m
}

// SchemaFor returns the first schema, in name order, whose x-kubernetes-group-version-kind list
// holds gvk, with its name.
func (d *Document) SchemaFor(gvk map[string]any) (string, map[string]any, bool) {
	components, _ := d.Root["components"].(map[string]any)
	schemas, _ := components["schemas"].(map[string]any)
	names := slices.Sorted(maps.Keys(schemas))
	for _, name := range names {
		s, ok := schemas[name].(map[string]any)
		if !ok {
			continue
		}
		list, _ := s["x-kubernetes-group-version-kind"].([]any)
		for _, el := range list {
			if reflect.DeepEqual(el, any(gvk)) {
				return name, s, true
			}
		}
	}
	return "", nil, false
}
