// Package demo is the demo cluster: a recording of what a real Kubernetes v1.37.2 API server
// answered the admin identity of studioctl's live suite (Secret values stripped at capture), which
// `studioctl --replay demo`, the examples and the tests read. It is its own package so that a
// program importing the library does not carry it.
//
//	s, err := demo.Open(studioctl.Options{})
//	pods := s.List(ctx, "pods", studioctl.ListOptions{Namespace: "shop"})
package demo

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"io"

	"github.com/studioctl/studioctl"
)

//go:generate go run gen.go ../testdata/replay/v1.37.2/admin recording.json.gz

// recording is the recording in testdata/replay/v1.37.2/admin, its group files merged into one,
// compressed (TestInSync checks it).
//
//go:embed recording.json.gz
var recording []byte

// Name is what --replay takes for the demo cluster.
const Name = "demo"

// JSON is the demo recording's JSON: testdata/replay/v1.37.2/admin as one recording.
func JSON() ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(recording))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}

// Recording reads the demo recording.
func Recording() (*studioctl.Recording, error) {
	data, err := JSON()
	if err != nil {
		return nil, err
	}
	return studioctl.ParseRecording(data)
}

// Open opens a session on the demo cluster: its answers are recorded, its clock is the capture
// time, and a request the recording does not hold fails.
func Open(o studioctl.Options) (*studioctl.Session, error) {
	rec, err := Recording()
	if err != nil {
		return nil, err
	}
	return studioctl.OpenRecording(rec, o)
}
