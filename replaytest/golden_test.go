package replaytest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
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

// A long golden text is kept in parts under partBytes each, cut at line ends, and reads back as
// it was; a shorter text written later leaves no stale part behind.
func TestGoldenPartsReadBackWhole(t *testing.T) {
	path := filepath.Join(t.TempDir(), "golden-10-get.txt")
	var b strings.Builder
	for i := 0; b.Len() < 3*partBytes; i++ {
		fmt.Fprintf(&b, "line %d of a long golden answer\n", i)
	}
	b.WriteString(strings.Repeat("x", partBytes+10) + "\n") // one line longer than a part
	long := b.String()
	if err := WriteParts(path, []byte(long)); err != nil {
		t.Fatal(err)
	}
	parts := PartFiles(path)
	if len(parts) < 4 {
		t.Fatalf("%d parts for %d bytes", len(parts), len(long))
	}
	for _, p := range parts {
		if fi, err := os.Stat(p); err != nil || fi.Size() > partBytes {
			t.Errorf("%s: %v bytes", p, fi.Size())
		}
		if p != path && !IsPart(p) {
			t.Errorf("%s is not named as a part", p)
		}
	}
	if got, err := ReadParts(path); err != nil || string(got) != long {
		t.Fatalf("read back %d bytes (%v), want %d", len(got), err, len(long))
	}
	if err := WriteParts(path, []byte("short\n")); err != nil {
		t.Fatal(err)
	}
	if parts := PartFiles(path); len(parts) != 1 {
		t.Errorf("stale parts left: %v", parts)
	}
	if _, err := os.Stat(partPath(path, 2)); err == nil {
		t.Error("part 2 was not removed")
	}
}
