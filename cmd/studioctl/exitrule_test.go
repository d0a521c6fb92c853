package main

import (
	"strings"
	"testing"
)

// An "error:" line always comes with a non-zero exit, and a zero exit never prints one: the end of
// a snapshot's watch is a notice (get -w, events -w exit 0), and a rollout that had not finished
// when its watch ended fails (exit 1), as a CI gate built on rollout status needs.
func TestAnErrorLineAlwaysComesWithANonZeroExit(t *testing.T) {
	cases := []struct {
		args []string
		exit int
	}{
		{[]string{"--replay", "demo", "get", "pods", "-n", "shop", "-w"}, 0},
		{[]string{"--replay", "demo", "events", "-n", "shop", "-w"}, 0},
		{[]string{"--replay", "demo", "get", "pods", "-n", "shop", "--watch-only"}, 0},
		{[]string{"--replay", "demo", "rollout", "status", "deploy/report-generator", "-n", "ops"}, 1},
		{[]string{"--replay", "demo", "rollout", "status", "deploy/web", "-n", "shop"}, 0},
	}
	for _, c := range cases {
		_, errOut, code := runCLI(c.args...)
		if code != c.exit {
			t.Errorf("%v: exit %d, want %d; stderr %q", c.args, code, c.exit, errOut)
		}
		if hasError := strings.Contains(errOut, "error: "); hasError != (code != 0) {
			t.Errorf("%v: exit %d with stderr %q: an error line must come with a non-zero exit, and only then", c.args, code, errOut)
		}
	}
}

// The piped console's exit code has the one rule README states: 1 when any line failed, refused
// lines included (alone, a refusal exits 2), else 0.
func TestPipedConsoleExitRule(t *testing.T) {
	cases := []struct {
		input string
		exit  int
	}{
		{"get deploy -n shop -o name\n", 0},
		{"delete pod web-0 -n shop\nget deploy -n shop -o name\n", 1},
		{"get pod does-not-exist -n shop\n", 1},
	}
	for _, c := range cases {
		var out, errOut strings.Builder
		io := &IOStreams{In: strings.NewReader(c.input), Out: &out, Err: &errOut, Getenv: func(string) string { return "" }}
		if code := run([]string{"--replay", "demo", "console"}, io); code != c.exit {
			t.Errorf("%q: exit %d, want %d; stderr %q", c.input, code, c.exit, errOut.String())
		}
	}
	if _, _, code := runCLI("--replay", "demo", "delete", "pod", "web-0", "-n", "shop"); code != 2 {
		t.Errorf("a refused statement on its own: exit %d, want 2", code)
	}
}
