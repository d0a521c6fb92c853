package read

import (
	"context"
	"strings"
	"testing"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/statement"
)

// A selector kubectl's grammar does not read is refused before any request: the registry has no
// stub, so a request would fail the test.
func TestBadSelectorsSendNothing(t *testing.T) {
	reg := httpstub.New(t)
	ep, err := kube.Connection{Host: "cluster.example", Port: 6443, Token: "t", DefaultNamespace: "shop"}.Validate(kube.Switches{})
	if err != nil {
		t.Fatal(err)
	}
	s := &Session{Client: kube.NewClient(ep, kube.Options{Transport: reg})}
	for line, at := range map[string]string{
		"get pods -l 'app in (web'":                   "at character 12: found the end, expected ',' or ')'",
		"get pods,svc -l app=web,":                    "at character 9: found the end",
		"get all -l 'tier notin web'":                 `at character 12: found "web", expected '('`,
		"logs -l '!app=web'":                          "at character 5: found '='",
		"top pod -l app=-web":                         `at character 5: "-web" is not a label value`,
		"get pods --field-selector status.phase":      `at character 1: "status.phase" has no operator`,
		"get pods --field-selector 'a=b,c==d=e'":      "at character 9: '=' inside a value",
		"get deploy -l app.kubernetes.io/name=web==x": "at character 27: found '=='",
	} {
		_, err := runLine(context.Background(), s, line)
		e, ok := fault.As(err)
		if !ok || e.Code != statement.CodeBadValue || !strings.Contains(e.Sentence, at) || !strings.HasSuffix(e.Sentence, "Nothing was sent.") {
			t.Errorf("%s: %v, want a refusal %q", line, err, at)
		}
	}
	if n := reg.Count(); n != 0 {
		t.Errorf("%d requests were sent", n)
	}
}
