package snapshot

import (
	"strings"
	"testing"

	"github.com/studioctl/studioctl/record"
)

// TestMachineCaptureMasksReviews (issue 32 item 10): in a machine-mode capture the whoami answer's
// extra values and a rules review's resource names under Secrets are masked before the file is
// written; other answers are kept as they are. Before maskReviews, keptAnswers' bodies were
// written as the server sent them.
func TestMachineCaptureMasksReviews(t *testing.T) {
	whoami := `{"kind":"SelfSubjectReview","apiVersion":"authentication.k8s.io/v1","status":{"userInfo":{"username":"dev","extra":{"token-id":["tok-canary-1"]}}}}`
	rules := `{"kind":"SelfSubjectRulesReview","apiVersion":"authorization.k8s.io/v1","status":{"resourceRules":[{"verbs":["get"],"apiGroups":[""],"resources":["secrets"],"resourceNames":["db-canary-2"]},{"verbs":["get"],"apiGroups":[""],"resources":["configmaps"],"resourceNames":["settings"]}]}}`
	version := `{"gitVersion":"v1.37.2","extra-canary-3":"kept"}`
	answers := maskReviews([]*record.Exchange{
		{Method: "POST", Path: "/apis/authentication.k8s.io/v1/selfsubjectreviews", Status: 201, Body: whoami},
		{Method: "POST", Path: "/apis/authorization.k8s.io/v1/selfsubjectrulesreviews", Status: 201, Body: rules},
		{Method: "GET", Path: "/version", Status: 200, Body: version},
	})
	if len(answers) != 3 {
		t.Fatalf("%d answers kept, want 3", len(answers))
	}
	for _, canary := range []string{"tok-canary-1", "db-canary-2"} {
		for _, e := range answers {
			if strings.Contains(e.Body, canary) {
				t.Errorf("%s still holds %s: %s", e.Path, canary, e.Body)
			}
		}
	}
	if !strings.Contains(answers[1].Body, "settings") || answers[2].Body != version {
		t.Errorf("what machine mode keeps was changed: %s / %s", answers[1].Body, answers[2].Body)
	}
}
