package clitest_test

import (
	"sync"
	"testing"

	studioctl "github.com/studioctl/studioctl"
)

// recordings are decoded once per test binary and shared: every replay test reads the same
// multi-megabyte files, and a Recording is only read once decoded (each session builds its own
// replayer over it).
var recordings sync.Map // directory → *studioctl.Recording

func loadRecording(t *testing.T, dir string) *studioctl.Recording {
	t.Helper()
	if rec, ok := recordings.Load(dir); ok {
		return rec.(*studioctl.Recording)
	}
	rec, err := studioctl.LoadRecording(dir)
	if err != nil {
		t.Fatal(err)
	}
	actual, _ := recordings.LoadOrStore(dir, rec)
	return actual.(*studioctl.Recording)
}
