package read

import (
	"testing"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
)

// The version floor holds for every statement, not only check and auth whoami: a server whose
// discovery lists authentication.k8s.io/v1 without selfsubjectreviews runs 1.27 or earlier, and
// get, describe, events and explain are refused with the floor's sentence after discovery, the
// statement's own read never sent. (A synthetic discovery: synth.Basic with the review replaced by
// tokenreviews, as a 1.27 server lists that group version.)
func TestTheVersionFloorHoldsForEveryStatement(t *testing.T) {
	old := make([]synth.Resource, 0, len(synth.Basic))
	for _, r := range synth.Basic {
		if r.Resource == "selfsubjectreviews" {
			r.Resource, r.Kind = "tokenreviews", "TokenReview"
		}
		old = append(old, r)
	}
	for _, line := range []string{"get pods", "get pods -A -o json", "describe pod web-0", "events", "get deployments,secrets", "api-resources"} {
		s, reg := metaSession(t, old, kube.Options{})
		_, errOut, code := metaRun(t, s, printer.People, line)
		if code != fault.ExitServerError || errOut != fault.SentenceTooOld {
			t.Errorf("%s: exit %d %q", line, code, errOut)
		}
		if n := reg.Count(); n != 2 {
			t.Errorf("%s: %d requests, want discovery's 2 alone: %v", line, n, reg.Seen)
		}
	}
	// The same server with the review served answers.
	s, reg := metaSession(t, synth.Basic, kube.Options{})
	reg.JSON("/api/v1/namespaces/shop/pods", "limit=500&includeObject=None", synth.Table([][3]string{{"Name", "string", "0"}}, [][]any{{"web-0"}}, ""))
	if out, errOut, code := metaRun(t, s, printer.People, "get pods"); code != 0 {
		t.Errorf("get pods on a served review: exit %d %q %q", code, out, errOut)
	}
}
