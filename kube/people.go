package kube

import (
	"strings"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/redact"
)

// People-mode stripping, applied where answers are decoded, so a Secret's values never exist in
// studioctl's memory past the decoder (only each key's name and size). The rules live in redact.
//
// Whether an object is a Secret is decided from the request and from the object itself, never
// from discovery alone: an answer to a request for core secrets (the URL path /api/v1/.../secrets)
// is stripped whatever kind discovery claims that resource answers, and so is any object whose own
// decoded kind and apiVersion say Secret (or an item of a list whose own kind is SecretList),
// whatever was requested.

// secretRequest reports whether a request reads core secrets: the core group and the resource
// segment "secrets" in the URL path. Discovery's kind for the resource plays no part.
func secretRequest(r discovery.APIResource) bool { return apivalue.CoreSecrets(r.Group, r.Resource) }

// peopleDecoded strips one object of an answer to a request for r, before its apiVersion and kind
// are set from discovery: as a Secret when the request reads core secrets, when the object's own
// kind and apiVersion say Secret, or when the list holding it says SecretList (listKind, with its
// list's apiVersion core); otherwise every Secret found inside it. It reports whether the object
// was taken as a Secret, so the caller can keep its kind Secret.
func peopleDecoded(obj map[string]any, r discovery.APIResource, inSecretList bool) bool {
	if obj == nil {
		return false
	}
	if secretRequest(r) || redact.IsSecret(obj) || inSecretList && obj["kind"] == nil {
		redact.SecretObject(obj)
		return true
	}
	redact.PeopleAny(obj)
	return false
}

// stampKind sets an object's apiVersion and kind as kubectl prints them: from discovery, except
// that an object taken as a Secret is written as a core Secret, so every later rule that keys on
// the kind (machine redaction, describe) sees it as one even when discovery named it otherwise.
func stampKind(obj map[string]any, r discovery.APIResource, secret bool) {
	if secret {
		obj["apiVersion"], obj["kind"] = "v1", "Secret"
		return
	}
	obj["apiVersion"], obj["kind"] = r.GroupVersion(), r.Kind
}

// secretListKind reports whether a decoded list's own kind and apiVersion say it holds Secrets.
func secretListKind(kind, apiVersion string) bool {
	return kind == "SecretList" && (apiVersion == "" || apiVersion == "v1")
}

// ObjectColumn is the index of a Table's Object column (an events Table's "kind/name" of what
// each event is about), or -1.
func ObjectColumn(cols []Column) int {
	for i, c := range cols {
		if strings.EqualFold(c.Name, "Object") {
			return i
		}
	}
	return -1
}

// EventRowAboutSecret decides for one row of a Table of events whether the event is about a
// Secret (and so named after it), by redact.EventRowAboutSecret on the row's object and its Object
// cell (objectCol, from ObjectColumn; -1 when the page has none).
func EventRowAboutSecret(obj map[string]any, cells []any, objectCol int) bool {
	cell, hasCell := "", objectCol >= 0 && objectCol < len(cells)
	if hasCell {
		cell, _ = cells[objectCol].(string)
	}
	return redact.EventRowAboutSecret(obj, cell, hasCell)
}
