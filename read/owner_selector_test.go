package read

import (
	"testing"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/statement"
)

// A label selector on the owner key is refused before anything is sent, in every family that
// takes -l, on the command line and in the console alike.
func TestOwnerSelectorRefused(t *testing.T) {
	for _, line := range []string{
		"get mcpservers -A -l eai.io/owner=ada",
		"get pods -l 'app=web,eai.io/owner in (a,b)'",
		"logs -l eai.io/owner -n shop",
		"top pod -l !eai.io/owner",
		"get pods --selector=eai.io/owner!=x",
		"get pods -l 'eai.io/owner>1'",
		"describe pods -l 'app=web,eai.io/owner<9'",
	} {
		_, err := ParseLine(line)
		e, ok := fault.As(err)
		if !ok || e.Code != statement.CodeBadValue || e.Class != fault.Refused || e.Sentence != statement.SentenceOwnerSelector {
			t.Errorf("%s: got %v", line, err)
		}
	}
	if _, err := ParseLine("get mcpservers -A -l eai.io/tenant=t1"); err != nil {
		t.Errorf("a selector on another eai.io label is allowed: %v", err)
	}
}
