package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/statement"
)

// strayDot is a sentence's end run into the "..." of a usage ("...." or ". ."), or two dots
// where one was meant.
var strayDot = regexp.MustCompile(`\.\.\.\.|\. \.|(^|[^.])\.\.([^.]|$)`)

// describe alone says what it needs and ends with one dot: its usage ends in "...", which once ran
// into the sentence's own full stop and printed four. Every statement that needs arguments says
// so the same way, on stderr, with exit 2 and nothing on stdout.
func TestTooFewArgumentsEndWithOneDot(t *testing.T) {
	out, errOut, code := runCLI("--replay", "demo", "describe")
	want := "error: describe needs TYPE [NAME ...] | TYPE/NAME ... (studioctl help describe shows examples). Nothing was sent.\n"
	if diff := cmp.Diff([]any{fault.ExitRefused, "", want}, []any{code, out, errOut}); diff != "" {
		t.Errorf("describe (-want +got):\n%s", diff)
	}
	for _, c := range statement.Commands {
		if c.MinArgs == 0 {
			continue
		}
		out, errOut, code := runCLI(append([]string{"--replay", "demo"}, strings.Fields(c.Name)...)...)
		want := "error: " + c.Name + " needs " + c.Args + " (studioctl help " + c.Name + " shows examples). Nothing was sent.\n"
		if diff := cmp.Diff([]any{fault.ExitRefused, "", want}, []any{code, out, errOut}); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.Name, diff)
		}
		if strayDot.MatchString(errOut) {
			t.Errorf("%s: a stray dot in %q", c.Name, errOut)
		}
	}
}
