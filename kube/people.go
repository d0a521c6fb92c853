package kube

import "github.com/studioctl/studioctl/redact"

// People-mode stripping, applied where answers are decoded, so a Secret's values never exist in
// studioctl's memory past the decoder (only each key's name and size). The rules live in redact.

// peopleObject strips every Secret in a decoded object, at any depth (a List of them, a custom
// resource embedding one).
func peopleObject(obj map[string]any) { redact.PeopleAny(obj) }

// peopleSecretMetadata strips a Table row's object for a table of core secrets: a
// PartialObjectMetadata whose annotations can hold a client-side apply's copy of the values.
func peopleSecretMetadata(obj map[string]any) { redact.SecretObject(obj) }

// peopleAny strips an answer about to be written to a recording; secrets marks an answer to a
// request for core secrets, whose items carry no kind of their own.
func peopleAny(v any, secrets bool) {
	if secrets {
		redact.SecretAnswer(v)
		return
	}
	redact.PeopleAny(v)
}
