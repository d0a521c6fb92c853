package statement

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// An agent may carry none of studioctl's own flags; those that are kubectl's connection flags too
// are refused as connection flags, help is allowed (it sends nothing).
func TestAgentRefusedFlags(t *testing.T) {
	want := []string{"version", "connection", "replay", "redact", "max-rows"}
	if diff := cmp.Diff(want, AgentRefusedFlags()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	for _, g := range GlobalFlags {
		if g.Name == "help" {
			continue
		}
		if !slices.Contains(AgentRefusedFlags(), g.Name) && !slices.Contains(ConnectionFlags, g.Name) {
			t.Errorf("--%s reaches an agent's statement", g.Name)
		}
	}
}
