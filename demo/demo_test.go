package demo

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/studioctl/studioctl/record"
)

// TestInSync proves the embedded demo is the recording the replay tests read; after `make record`
// run `go generate ./demo`.
func TestInSync(t *testing.T) {
	rec, err := record.LoadDir("../testdata/replay/v1.37.2/admin")
	if err != nil {
		t.Fatal(err)
	}
	want, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	got, err := JSON()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("demo/recording.json.gz differs from testdata/replay/v1.37.2/admin: run go generate ./demo")
	}
}
