package clitest_test

import (
	"context"
	"errors"
	"testing"

	"github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/demo"
	"github.com/studioctl/studioctl/run"
)

// A machine-mode session (an agent's: MCP and the console's machine mode run statements the
// same way) refuses a sort by a Secret's names; a people-mode session sorts them.
func TestMachineSessionRefusesASortByMaskedPath(t *testing.T) {
	ctx := context.Background()
	for mode, refused := range map[studioctl.Mode]bool{studioctl.Machine: true, studioctl.People: false} {
		s, err := demo.Open(studioctl.Options{Redact: mode})
		if err != nil {
			t.Fatal(err)
		}
		_, err = run.Line(ctx, s, "get secrets -n shop --sort-by=.metadata.name")
		var e *studioctl.Error
		if got := errors.As(err, &e) && e.Code == "refused.sort_by.masked"; got != refused {
			t.Errorf("mode %d: refused %v (%v)", mode, got, err)
		}
	}
}
