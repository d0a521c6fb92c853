package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// snapshot inspect reads the demo by name, as --replay does, and a file that cannot be read gets
// a sentence with the reason studioctl found (issue 30: "The recording at demo could not be read."
// named none).
func TestSnapshotInspectReadsTheDemo(t *testing.T) {
	out, errOut, code := runCLI("snapshot", "inspect", "demo")
	if code != 0 || !strings.Contains(out, "studioctl-snapshot") || !strings.Contains(out, "v1.37") {
		t.Fatalf("snapshot inspect demo: exit %d\nstdout %q\nstderr %q", code, out, errOut)
	}
}

func TestUnreadableRecordingSaysWhy(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(text, []byte("not a recording"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		why  string
	}{
		{[]string{"--replay", filepath.Join(dir, "absent.json"), "get", "pods"}, reasonNotFound},
		{[]string{"--replay", "/dev/zero", "get", "pods"}, reasonNotPlainOrTooLarge},
		{[]string{"--replay", text, "get", "pods"}, reasonNotRecording},
		{[]string{"snapshot", "inspect", filepath.Join(dir, "absent.snap")}, reasonNotFound},
	} {
		out, errOut, code := runCLI(c.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, ": "+c.why+". Nothing was sent.") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and the reason %q", c.args, code, out, errOut, c.why)
		}
	}
}
