package console

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The history keeps a line with its credential values masked however they were quoted
// (statement.MaskCredentials reads the shell's words), in a 0600 file.
func TestHistoryMasksCredentials(t *testing.T) {
	dir := t.TempDir()
	l := &Loop{HistoryDir: dir}
	for _, line := range []string{`get pods --token ab"c d"`, `get pods --token a\ b`, `get pods --token 'a'"b c"`} {
		l.AppendHistory(line)
	}
	got, err := os.ReadFile(filepath.Join(dir, "history"))
	if err != nil {
		t.Fatal(err)
	}
	want := "get pods --token ****\n" + "get pods --token ****\n" + "get pods --token ****\n"
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("history (-want +got):\n%s", diff)
	}
	if fi, err := os.Stat(filepath.Join(dir, "history")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("history file mode: %v %v", fi, err)
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
