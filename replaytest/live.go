package replaytest

import (
	"os"
	"path/filepath"
	"testing"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/record"
)

// LiveVersion is the server version whose live-suite recordings the rooms' own replay tests read.
const LiveVersion = "v1.37.2"

// SessionGroup is the live suite's recording group of what a session asks before its first
// statement (the server's version, discovery).
const SessionGroup = "00-session"

// RecordedGroup loads one group of the live suite's recording of identity, with the session's
// group, from replayRoot (a path to the repository's testdata/replay), so a room's test replays
// the answers a real server gave that reading. It skips t, saying so, only while the group has not
// been recorded (its file is absent); a file that is there and does not load fails t.
func RecordedGroup(t testing.TB, replayRoot, identity, group string) *studioctl.Recording {
	t.Helper()
	dir := filepath.Join(replayRoot, LiveVersion, identity)
	if _, err := os.Stat(filepath.Join(dir, record.GroupFile(group))); err != nil {
		t.Skipf("%s holds no recording of group %s yet: the live suite records it (STUDIOCTL_LIVE_GROUPS=%s)", dir, group, group)
	}
	rec, err := record.LoadGroups(dir, SessionGroup, group)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}
