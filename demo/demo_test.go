package demo

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/studioctl/studioctl/replaytest"
	"github.com/studioctl/studioctl/snapshot"
)

// maxDemoBytes is the demo's size budget: it is embedded in the command.
const maxDemoBytes = 3 << 20

// The embedded demo is a snapshot taken as the reader identity of deploy/studioctl-reader.yaml,
// small enough to embed, and holds no Secret-class canary of the scenario in any form (plain,
// base64, base64 of base64) in any entry. After `make demo-snapshot`, run this test.
func TestTheDemoIsAReadersSnapshot(t *testing.T) {
	if !snapshot.IsSnapshot(snap) {
		t.Fatal("demo/demo.snap is not a snapshot")
	}
	if len(snap) >= maxDemoBytes {
		t.Errorf("demo/demo.snap is %d bytes, over the %d budget", len(snap), maxDemoBytes)
	}
	s, err := Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	m := s.Manifest
	if m.Format != snapshot.Format || m.Identity.User != "system:serviceaccount:studioctl:studioctl-reader" || m.Redact != "people" {
		t.Errorf("manifest: format %q, identity %q, redaction %q", m.Format, m.Identity.User, m.Redact)
	}
	if !m.Metrics || m.Logs == 0 || m.Objects == 0 || len(m.Namespaces) != 0 {
		t.Errorf("manifest: metrics %v, %d logs, %d objects, namespaces %v: not the whole scenario", m.Metrics, m.Logs, m.Objects, m.Namespaces)
	}
	captured := map[string]string{}
	for _, k := range m.Kinds {
		captured[k.Resource+"."+k.Group] = k.State
	}
	for _, k := range []string{"pods.", "events.", "nodes.", "secrets.", "widgets.demo.studioctl.dev", "managedcomponents.platform.navin.ai", "mcpservers.toolhive.stacklok.dev", "pods.metrics.k8s.io"} {
		want := snapshot.StateCaptured
		if k == "secrets." {
			want = snapshot.StateLocked
		}
		if captured[k] != want {
			t.Errorf("%s is %q in the demo, want %q", k, captured[k], want)
		}
	}

	canaries, err := os.ReadFile("../testdata/replay/v1.37.2/canaries.txt")
	if err != nil {
		t.Fatal(err)
	}
	classes, err := replaytest.ReadCanaryClasses("../testdata/replay/canary-classes.txt")
	if err != nil {
		t.Fatal(err)
	}
	f := replaytest.NewFinder()
	for _, c := range strings.Fields(string(canaries)) {
		switch classes[c] {
		case "secret":
			f.Add(c, c, true, 2)
		case "":
			t.Fatalf("canaries.txt names %s, which canary-classes.txt does not classify", c)
		}
	}
	if f.Len() == 0 {
		t.Fatal("no Secret-class canary to look for")
	}
	zr, err := zip.NewReader(bytes.NewReader(snap), int64(len(snap)))
	if err != nil {
		t.Fatal(err)
	}
	text := map[string]string{"the archive": string(snap)}
	for _, e := range zr.File {
		rc, err := e.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		text[e.Name] = string(b)
	}
	if len(text) < 4 {
		t.Fatalf("the archive holds %d entries", len(text)-1)
	}
	for name, s := range text {
		f.Report(t, "demo/demo.snap "+name, "entry", s, false)
	}
}
