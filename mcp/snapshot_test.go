package mcp

import (
	"strings"
	"sync/atomic"
	"testing"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/redact"
)

// TestASnapshotIsServed serves the snapshot fixture (testdata/snapshot) as the one connection: a
// selector the fixture's capture never ran is answered from its objects, in machine mode.
func TestASnapshotIsServed(t *testing.T) {
	snap, err := studioctl.LoadSnapshot("../testdata/snapshot/v1.37.2/shop-payments.snap")
	if err != nil {
		t.Fatal(err)
	}
	var sent atomic.Int64
	conn := FromSnapshot("replay", snap, studioctl.Options{Observe: func(string, string) { sent.Add(1) }})
	cs := connect(t, Options{Connections: []Connection{conn}})
	out, text := readDemo(t, cs, "get pods -n shop -l 'app in (web)' --sort-by .metadata.name")
	if out.Connection != "replay" || out.RowCount != 3 || !strings.Contains(text, "web-") || strings.Contains(text, "postgres") {
		t.Fatalf("get pods -l: %+v\n%s", out, text)
	}
	_, text = readDemo(t, cs, "get deploy api -n shop -o yaml")
	if !strings.Contains(text, redact.Masked) {
		t.Errorf("the deployment is not masked:\n%s", text)
	}
	if sent.Load() == 0 {
		t.Error("no request was counted")
	}
}
