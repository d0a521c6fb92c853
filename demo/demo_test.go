package demo

import (
	"bytes"
	"os"
	"testing"
)

// TestInSync proves the embedded demo is the recording the replay tests read; after `make record`
// run `go generate ./demo`.
func TestInSync(t *testing.T) {
	want, err := os.ReadFile("../testdata/replay/v1.37.2/admin/recording.json")
	if err != nil {
		t.Fatal(err)
	}
	got, err := JSON()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("demo/recording.json.gz differs from testdata/replay/v1.37.2/admin/recording.json: run go generate ./demo")
	}
}
