package statement

import (
	"testing"

	"github.com/studioctl/studioctl/limits"
)

// Every command the statement deadline table names is a command of the console's table, so a
// renamed command cannot silently fall back to the default. The one other entry is the snapshot
// capture (a command of studioctl's own, not a statement), whose walks of every kind share the
// capture's deadline.
func TestStatementDeadlinesNameCommands(t *testing.T) {
	for name, d := range limits.StatementDeadlines {
		if name == "snapshot" {
			if d != limits.SnapshotDeadline {
				t.Errorf("snapshot: deadline %s, want the capture's %s", d, limits.SnapshotDeadline)
			}
			continue
		}
		if CommandNamed(name) == nil {
			t.Errorf("limits.StatementDeadlines names %q, which is no command", name)
		}
		if d <= 0 || d > limits.MaxRequestTimeout*2 {
			t.Errorf("%s: deadline %s", name, d)
		}
	}
}
