package statement

import (
	"testing"

	"github.com/studioctl/studioctl/limits"
)

// Every command the statement deadline table names is a command of the console's table, so a
// renamed command cannot silently fall back to the default.
func TestStatementDeadlinesNameCommands(t *testing.T) {
	for name, d := range limits.StatementDeadlines {
		if CommandNamed(name) == nil {
			t.Errorf("limits.StatementDeadlines names %q, which is no command", name)
		}
		if d <= 0 || d > limits.MaxRequestTimeout*2 {
			t.Errorf("%s: deadline %s", name, d)
		}
	}
}
