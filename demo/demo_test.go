package demo

import (
	"archive/zip"
	"bytes"
	"context"
	"io"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/redact"
	"github.com/studioctl/studioctl/replaytest"
	"github.com/studioctl/studioctl/snapshot"
)

// maxDemoBytes is the demo's size budget: it is embedded in the command.
const maxDemoBytes = 3 << 20

// The embedded demo is a snapshot taken as the demo's reader (demo/demo-reader.yaml: the reader of
// deploy/studioctl-reader.yaml, and Secrets), small enough to embed, holds the Secrets with their
// values stripped, and holds no Secret-class canary of the scenario in any form (plain, base64,
// base64 of base64) in any entry. After `make demo-snapshot`, run this test.
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
	if m.Format != snapshot.Format || m.Identity.User != "system:serviceaccount:studioctl:studioctl-demo-reader" || m.Redact != "people" {
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
		if captured[k] != snapshot.StateCaptured {
			t.Errorf("%s is %q in the demo, want %q", k, captured[k], snapshot.StateCaptured)
		}
	}

	// Every Secret canary the scenario plants (canary-classes.txt lists them all: the root
	// package's TestCanaryClasses holds it to e2e/seed.sh).
	classes, err := replaytest.ReadCanaryClasses("../testdata/replay/canary-classes.txt")
	if err != nil {
		t.Fatal(err)
	}
	f := replaytest.NewFinder()
	for c, class := range classes {
		if class == "secret" {
			f.Add(c, c, true, 2)
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

// The demo's headline: default holds the guestbook (issue 30), and its Secret lists with its keys
// while every value is studioctl's marker, as the people rules strip values where an answer is
// decoded.
func TestTheDemoShowsASecretWithoutItsValues(t *testing.T) {
	s, err := Open(studioctl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var pods []string
	for o, err := range s.List(ctx, "pods", studioctl.ListOptions{Namespace: "default"}) {
		if err != nil {
			t.Fatal(err)
		}
		pods = append(pods, o.Name())
	}
	if len(pods) == 0 {
		t.Error("the demo's default namespace holds no pod: every statement without -n prints nothing")
	}
	secret, err := s.Get(ctx, "secrets", "default", "guestbook-db")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := secret.Map()["data"].(map[string]any)
	var keys []string
	for k, v := range data {
		keys = append(keys, k)
		if s, _ := v.(string); !redact.IsMarker(s) {
			t.Errorf("the value of %s is in the demo: %q", k, v)
		}
	}
	slices.Sort(keys)
	if diff := cmp.Diff([]string{"password", "username"}, keys); diff != "" {
		t.Errorf("the Secret's keys (-want +got):\n%s", diff)
	}
}
