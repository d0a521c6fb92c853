package fault

import (
	"errors"
	"strings"
	"testing"
)

// An error studioctl did not compose reads the same on every surface: code internal, exit 2 as a
// refusal, and its text sanitised inside studioctl's sentence.
func TestInternalIsARefusalInStudioctlsSentence(t *testing.T) {
	e := Internal(errors.New("decoder broke \x1b[31mred\x1b[0m"))
	if e.Code != CodeInternal || e.Exit() != ExitRefused || !e.IsRefusal() {
		t.Errorf("code %q, exit %d, refusal %v; want %q, %d, true", e.Code, e.Exit(), e.IsRefusal(), CodeInternal, ExitRefused)
	}
	if !strings.HasPrefix(e.Sentence, "studioctl failed: decoder broke") || strings.ContainsRune(e.Sentence, 0x1b) {
		t.Errorf("sentence %q: want studioctl's sentence with no raw control character", e.Sentence)
	}
}
