package snapshot

import (
	"crypto/rand"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/limits"
)

// TestArchiveCapIsExact: an entry that would pass the size cap is left out whole, the file never
// passes the cap, and what was written reads back.
func TestArchiveCapIsExact(t *testing.T) {
	dir := t.TempDir()
	dest := filepath.Join(dir, "x.snap")
	max := int64(4 * centralSlack)
	a, err := newArchive(dest, max)
	if err != nil {
		t.Fatal(err)
	}
	noise := make([]byte, 512<<10) // random bytes do not compress
	rand.Read(noise)
	written, full := 0, false
	for i := 0; i < 20; i++ {
		err := a.add("logs/"+pad6(i)+".json", noise, true)
		if errors.Is(err, errFull) {
			full = true
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		written++
	}
	if !full || written == 0 {
		t.Fatalf("wrote %d entries of 512 KiB under a 4 MiB cap, full %v", written, full)
	}
	if err := a.addJSON(entryManifest, Manifest{Format: Format, Version: Version}, false); err != nil {
		t.Fatal(err)
	}
	size, err := a.commit()
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(dest)
	if err != nil || fi.Size() != size || size > max {
		t.Fatalf("file %v (%v), %d bytes reported, cap %d", fi, err, size, max)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("%d files in the folder, want the snapshot alone", len(entries))
	}
}

// TestArchiveAbortLeavesNothing: an aborted capture leaves no file, partial or whole.
func TestArchiveAbortLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	a, err := newArchive(filepath.Join(dir, "x.snap"), limits.SnapshotDefaultBytes)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.add(entryAnswers, []byte("[]"), true); err != nil {
		t.Fatal(err)
	}
	a.abort()
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("an aborted capture left %v", entries)
	}
}

// TestOptionsValidate refuses each value outside its limit, naming it.
func TestOptionsValidate(t *testing.T) {
	for name, o := range map[string]Options{
		"no path":       {},
		"log lines":     {Path: "x", LogLines: limits.SnapshotMaxLogLines + 1},
		"rows":          {Path: "x", MaxRows: limits.SnapshotMaxRows + 1},
		"size":          {Path: "x", MaxBytes: limits.SnapshotMaxBytes + 1},
		"a small size":  {Path: "x", MaxBytes: 1 << 20},
		"bad namespace": {Path: "x", Namespaces: []string{"Shop!"}},
	} {
		o.Complete()
		if _, ok := fault.As(o.Validate()); !ok {
			t.Errorf("%s: not refused", name)
		}
	}
	o := Options{Path: "x"}
	o.Complete()
	if err := o.Validate(); err != nil || o.LogLines != limits.DefaultLogLines || o.MaxRows != 0 || o.MaxBytes != limits.SnapshotDefaultBytes {
		t.Errorf("defaults: %+v, %v", o, err)
	}
	o = Options{Path: "x", NoLogs: true}
	o.Complete()
	if o.LogLines != 0 {
		t.Errorf("NoLogs keeps %d lines", o.LogLines)
	}
}

func pad6(i int) string {
	s := "000000" + string(rune('0'+i/10)) + string(rune('0'+i%10))
	return s[len(s)-6:]
}
