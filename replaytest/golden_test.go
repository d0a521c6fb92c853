package replaytest

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A golden file reads back exactly what was written, a text without its final newline (a
// jsonpath answer) included.
func TestGoldenRoundTrip(t *testing.T) {
	cases := []Case{
		{Statement: "get pods -o jsonpath={.items[*].metadata.name}", Stdout: "a b", Exit: 0},
		{Statement: "get pods", Stdout: "NAME\na\n", Stderr: "notice\n", Exit: 0},
		{Statement: "get nope", Stderr: "error: no", Exit: 1},
		{Statement: "empty", Exit: 0},
	}
	path := filepath.Join(t.TempDir(), "golden.txt")
	if err := WriteGolden(path, cases); err != nil {
		t.Fatal(err)
	}
	got, err := ReadGolden(path)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(cases, got); d != "" {
		t.Fatalf("(-written +read):\n%s", d)
	}
}
