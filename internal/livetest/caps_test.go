package livetest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/record"
	"github.com/studioctl/studioctl/replaytest"
)

// TestRecordCaps records the tree's two caps on a cluster seeded with `e2e/seed.sh VERSION --big`
// (more than 1,000 namespaces; 1,050 ConfigMaps in shop-big) into
// STUDIOCTL_LIVE_RECORD_CAPS/admin, for TestReplayTree. It runs only when that variable is set.
func TestRecordCaps(t *testing.T) {
	needCluster(t)
	out := os.Getenv("STUDIOCTL_LIVE_RECORD_CAPS")
	if out == "" {
		t.Skip("STUDIOCTL_LIVE_RECORD_CAPS is not set")
	}
	data, err := os.ReadFile(kubeconfigPath("admin"))
	if err != nil {
		t.Fatal(err)
	}
	rec := &record.Recorder{}
	captured := time.Now().UTC().Truncate(time.Second)
	s, _, err := studioctl.OpenKubeconfig(data, "", captureOptions(rec, false, studioctl.Options{Now: func() time.Time { return captured }}))
	if err != nil {
		t.Fatal(err)
	}
	rec.Rec = record.Recording{Server: serverVersion(t, s), Identity: "admin", CapturedAt: captured}
	report := replaytest.TreeReportFor(context.Background(), s, replaytest.CapTreeCases)
	for _, want := range []string{"1,000 or more", "more than 1,000 namespaces"} {
		if !strings.Contains(report, want) {
			t.Fatalf("the cluster is not past the caps (no %q): seed it with --big\n%s", want, report)
		}
	}
	dir := filepath.Join(out, "admin")
	if err := rec.Rec.Save(filepath.Join(dir, "recording.json")); err != nil {
		t.Fatal(err)
	}
	if err := replaytest.WriteParts(filepath.Join(dir, "tree.txt"), []byte(report)); err != nil {
		t.Fatal(err)
	}
}
