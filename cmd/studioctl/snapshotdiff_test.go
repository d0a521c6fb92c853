package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const snapshotFixture = "../../testdata/snapshot/v1.37.2/shop-payments.snap"

// withoutOneObject writes a copy of the fixture whose first kind entry holding objects lost its
// first object: the change a diff must find.
func withoutOneObject(t *testing.T) string {
	t.Helper()
	zr, err := zip.OpenReader(snapshotFixture)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	done := false
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		if !done && strings.HasPrefix(f.Name, "kinds/") {
			var c map[string]any
			if json.Unmarshal(b, &c) == nil {
				if items, _ := c["items"].([]any); len(items) > 1 {
					c["items"] = items[1:]
					b, _ = json.Marshal(c)
					done = true
				}
			}
		}
		w, _ := zw.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Deflate})
		w.Write(b)
	}
	zw.Close()
	if !done {
		t.Fatal("no kind entry with two objects in the fixture")
	}
	path := filepath.Join(t.TempDir(), "b.snap")
	os.WriteFile(path, buf.Bytes(), 0o600)
	return path
}

// TestSnapshotDiffExits (issue 26): --fail-on-change exits 4 when anything changed and 0 when
// nothing did; an -o the diff does not print is refused (exit 2) before either file is read.
func TestSnapshotDiffExits(t *testing.T) {
	changed := withoutOneObject(t)
	for _, c := range []struct {
		args []string
		exit int
		want string
	}{
		{[]string{"snapshot", "diff", snapshotFixture, snapshotFixture, "--fail-on-change"}, 0, "No object changed"},
		{[]string{"snapshot", "diff", snapshotFixture, changed}, 0, " removed "},
		{[]string{"snapshot", "diff", snapshotFixture, changed, "--fail-on-change", "-o", "markdown"}, 4, "| removed |"},
		{[]string{"snapshot", "diff", snapshotFixture, changed, "-o", "yaml"}, 2, "does not print -o yaml"},
		{[]string{"snapshot", "diff", snapshotFixture, "/nonexistent.snap"}, 2, "nonexistent.snap"},
	} {
		out, errOut, code := runCLI(c.args...)
		if code != c.exit || !strings.Contains(out+errOut, c.want) {
			t.Errorf("%v: exit %d (want %d), stdout %q, stderr %q", c.args[2:], code, c.exit, out, errOut)
		}
	}
}
