package run_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/demo"
	"github.com/studioctl/studioctl/run"
)

// Print masks in the session's mode when it prints: a result read in people mode and printed
// after the session was raised is masked.
func TestPrintMasksInTheModeAtTheCall(t *testing.T) {
	ctx := context.Background()
	s, err := demo.Open(studioctl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := run.Line(ctx, s, "get configmap app-settings -n shop -o yaml")
	if err != nil {
		t.Fatal(err)
	}
	print := func() string {
		var out, errOut bytes.Buffer
		if err := run.Print(&out, &errOut, s, res); err != nil {
			t.Fatal(err)
		}
		return out.String() + errOut.String()
	}
	people := print()
	if err := s.Raise(studioctl.Machine); err != nil {
		t.Fatal(err)
	}
	machine := print()
	if strings.Contains(people, "<redacted>") || !strings.Contains(machine, "FEATURE_FLAGS: <redacted>") {
		t.Fatalf("people:\n%s\nmachine:\n%s", people, machine)
	}
	if run.Print(&bytes.Buffer{}, &bytes.Buffer{}, s, nil) != nil {
		t.Fatal("printing no result failed")
	}
}
