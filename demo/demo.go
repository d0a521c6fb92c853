// Package demo is the demo cluster: a snapshot (docs/snapshot.md) of the live suite's rich
// scenario on a real Kubernetes v1.37.2 API server, captured as the demo's reader
// (demo/demo-reader.yaml: the reader of deploy/studioctl-reader.yaml, and Secrets, whose values
// are stripped at capture), which `studioctl --replay demo`, the examples and the tests read. `make demo-snapshot` captures it
// (scripts/demo-snapshot.sh). It is its own package so that a program importing the library does
// not carry it.
//
//	s, err := demo.Open(studioctl.Options{})
//	pods := s.List(ctx, "pods", studioctl.ListOptions{Namespace: "shop"})
package demo

import (
	_ "embed"

	"github.com/studioctl/studioctl"
)

// snap is the snapshot file, as scripts/demo-snapshot.sh wrote it (TestTheDemoIsAReadersSnapshot
// checks what it holds).
//
//go:embed demo.snap
var snap []byte

// Name is what --replay takes for the demo cluster.
const Name = "demo"

// Snapshot reads the demo snapshot; each call reads it anew, so sessions share nothing.
func Snapshot() (*studioctl.Snapshot, error) { return studioctl.ParseSnapshot(snap) }

// Open opens a session on the demo cluster: every read is answered from the snapshot as the
// server would have answered it at capture, its clock is the capture time, and a request the
// snapshot cannot answer fails saying what it lacks.
func Open(o studioctl.Options) (*studioctl.Session, error) {
	s, err := Snapshot()
	if err != nil {
		return nil, err
	}
	return studioctl.OpenSnapshot(s, o)
}
