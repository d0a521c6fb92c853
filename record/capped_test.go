package record

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/studioctl/studioctl/limits"
)

// TestLoadRecordingRefusesUnboundedFiles (issue 32 item 2): --replay /dev/zero read until memory
// ran out; a device and a file past the recording size cap (sparse: nothing is written) are now
// refused before they are read.
func TestLoadRecordingRefusesUnboundedFiles(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.json")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(limits.RecordingMaxBytes + 1); err != nil {
		t.Skip("no sparse files here:", err)
	}
	f.Close()
	paths := []string{big}
	if _, err := os.Stat("/dev/zero"); err == nil {
		paths = append(paths, "/dev/zero")
	}
	for _, p := range paths {
		if _, err := LoadRecording(p); !errors.Is(err, errNotRecording) {
			t.Errorf("%s: got %v, want it refused", p, err)
		}
	}
}
