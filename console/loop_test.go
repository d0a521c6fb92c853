package console

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestMaskCredentials(t *testing.T) {
	for in, want := range map[string]string{
		"get pods --token abc":                     "get pods --token ****",
		"get pods --token=abc":                     "get pods --token=****",
		`get pods --password "a b c"`:              "get pods --password ****",
		"create secret x --from-literal=k=v":       "create secret x --from-literal=****",
		"get pods --client-key 'x y' --tokenish z": "get pods --client-key **** --tokenish z",
	} {
		if got := MaskCredentials(in); got != want {
			t.Errorf("%q -> %q, want %q", in, got, want)
		}
	}
}

// A piped console names the line of each failure, ends at exit or quit, and with StopOnError
// ends at its first failure. Every line here is refused before anything is sent, so the loop
// needs no session.
func TestScriptLinesExitAndStopOnError(t *testing.T) {
	run := func(stop bool, input string) (string, bool) {
		var out, errOut bytes.Buffer
		l := &Loop{Out: &out, Err: &errOut, StopOnError: stop}
		failed, err := l.Script(context.Background(), strings.NewReader(input))
		if err != nil {
			t.Fatal(err)
		}
		return errOut.String(), failed
	}
	input := "# a comment\ndelete pod web\n\nget pods --token x\nquit\nexec web -- sh\n"
	got, failed := run(false, input)
	want := []string{"error: line 2: ", "error: line 4: "}
	if !failed || strings.Count(got, "\n") != 2 || !strings.HasPrefix(got, want[0]) || !strings.Contains(got, "\n"+want[1]) {
		t.Fatalf("failed=%v stderr:\n%s", failed, got)
	}
	got, failed = run(true, input)
	if !failed || strings.Count(got, "\n") != 1 || !strings.HasPrefix(got, "error: line 2: ") {
		t.Fatalf("stop-on-error: failed=%v stderr:\n%s", failed, got)
	}
	if got, failed = run(false, "exit\ndelete pod web\n"); failed || got != "" {
		t.Fatalf("exit: failed=%v stderr:\n%s", failed, got)
	}
}
