// Package inner hands the studioctl module's own rooms (the readers, the audit, the platform read
// side, browse, the command) what a library session keeps from its importers: its low-level
// client.
package inner

import (
	"github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/internal/housekey"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/record"
)

// Client is s's low-level client (package kube). The allowlist, the caps and the people
// redaction apply to every call it makes; machine masking does not (it is the typed reads' and
// the printer's).
func Client(s *studioctl.Session) *kube.Client { return s.KubeClient(housekey.Key{}) }

// Capture makes a session opened with o record every exchange into rec (beneath the guard,
// Secret values stripped), asking discovery's v2beta1 form first when discoveryBeta is set: the
// live suite's recordings and snapshot capture.
func Capture(o *studioctl.Options, rec *record.Recorder, discoveryBeta bool) {
	o.Capture(housekey.Key{}, rec, discoveryBeta)
}
