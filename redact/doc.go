// Package redact removes and masks what studioctl must not show, in two layers.
//
// People mode runs first, inside the decoder of kube/, on every answer: a Secret (kind Secret,
// core group) loses stringData, managedFields and the kubectl last-applied annotation, every data
// value becomes a marker naming its decoded size, and any other annotation that is not short plain
// text, or that names or holds one of the Secret's keys or values, becomes a marker. The key names
// stay, so describe can still list them (SecretKeys).
//
// Machine mode runs where a result is written out for an agent (--redact machine): Machine masks
// values to Masked by structural rules at any depth of any object, keeping every key. It is
// idempotent and never unmasks.
//
// Both modes work in place on values decoded from JSON with json.Decoder.UseNumber (map[string]any,
// []any, string, json.Number, bool, nil) and never panic on any shape: a field of the wrong type
// is masked, removed or left, and never assumed to be what the rule expected.
//
// docs/redaction.md states every rule, the markers and what machine mode does not mask.
package redact

import "github.com/studioctl/studioctl/limits"

// maxDepth bounds how deep either walk goes. encoding/json refuses documents nested deeper than
// 10,000 levels and kube/ caps answers at 1,000, so a decoded value never reaches it; it only stops
// a value built by hand with a cycle from recursing forever. A container past it is replaced whole.
const maxDepth = limits.RedactMaxDepth
