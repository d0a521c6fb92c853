package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --replay DIR prints the recording's server field in its notice; a recording whose server field
// holds escape sequences, controls and a bidi override prints none of them.
func TestReplayNoticeIsSanitised(t *testing.T) {
	dir := t.TempDir()
	rec := `{"server":"v1.37.2\u001b]0;owned\u0007\u001b[2J\u009b31m\u202e\u200b","identity":"admin","capturedAt":"2025-01-02T03:04:05Z","exchanges":[]}`
	if err := os.WriteFile(filepath.Join(dir, "recording.json"), []byte(rec), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	io := &IOStreams{In: strings.NewReader(""), Out: &out, Err: &errOut, Getenv: func(string) string { return "" }}
	run([]string{"--replay", dir, "get", "pods"}, io)
	all := out.String() + errOut.String()
	if !strings.Contains(all, "answering from a recording of v1.37.2") {
		t.Fatalf("no notice:\n%s", all)
	}
	for _, bad := range []string{"\x1b", "\x07", "\u009b", "\u202e", "\u200b"} {
		if strings.Contains(all, bad) {
			t.Fatalf("output holds %q:\n%q", bad, all)
		}
	}
}
