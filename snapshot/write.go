package snapshot

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/json"
	"errors"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sync"
)

// errFull is returned by archive.add when an entry would carry the file past its size cap; the
// entry is not written and the caller records what was cut.
var errFull = errors.New("snapshot size cap reached")

// archive writes a snapshot's entries into a temporary file beside the destination. Each entry is
// compressed before it is committed, so the size cap is exact: an entry that would pass it is left
// out whole. Commit renames the file into place; Abort removes it, so an interrupted capture
// leaves no partial file.
type archive struct {
	mu      sync.Mutex
	f       *os.File
	zw      *zip.Writer
	cw      *countWriter
	dest    string
	max     int64
	entries int
}

// centralSlack is room kept for the central directory and the manifest written last.
const centralSlack = 1 << 20

func newArchive(dest string, max int64) (*archive, error) {
	f, err := os.CreateTemp(filepath.Dir(dest), "."+filepath.Base(dest)+".partial-*")
	if err != nil {
		return nil, err
	}
	cw := &countWriter{w: f}
	return &archive{f: f, zw: zip.NewWriter(cw), cw: cw, dest: dest, max: max}, nil
}

// addJSON marshals v and adds it as the entry name.
func (a *archive) addJSON(name string, v any, reserve bool) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return a.add(name, data, reserve)
}

// add compresses data and writes it as the entry name, unless it would pass the size cap (with
// room kept for the directory and the manifest unless reserve is false).
func (a *archive) add(name string, data []byte, reserve bool) error {
	var buf bytes.Buffer
	fw, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil {
		return err
	}
	if _, err := fw.Write(data); err != nil {
		return err
	}
	if err := fw.Close(); err != nil {
		return err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	limit := a.max
	if reserve {
		limit -= centralSlack
	}
	// a local header and a directory record per entry, with the name twice
	overhead := int64(30+46+2*len(name)) + 16
	if a.cw.n+int64(buf.Len())+overhead > limit {
		return errFull
	}
	w, err := a.zw.CreateRaw(&zip.FileHeader{
		Name: name, Method: zip.Deflate, CRC32: crc32.ChecksumIEEE(data),
		CompressedSize64: uint64(buf.Len()), UncompressedSize64: uint64(len(data)),
	})
	if err != nil {
		return err
	}
	if _, err := w.Write(buf.Bytes()); err != nil {
		return err
	}
	a.entries++
	return nil
}

// size is the bytes written so far.
func (a *archive) size() int64 {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.cw.n
}

// commit closes the archive and renames it into place; the file's final size is returned.
func (a *archive) commit() (int64, error) {
	if err := a.zw.Close(); err != nil {
		a.abort()
		return 0, err
	}
	if err := a.f.Sync(); err != nil {
		a.abort()
		return 0, err
	}
	if err := a.f.Close(); err != nil {
		os.Remove(a.f.Name())
		return 0, err
	}
	if err := os.Chmod(a.f.Name(), 0o600); err != nil {
		os.Remove(a.f.Name())
		return 0, err
	}
	if err := os.Rename(a.f.Name(), a.dest); err != nil {
		os.Remove(a.f.Name())
		return 0, err
	}
	return a.cw.n, nil
}

// abort removes the temporary file.
func (a *archive) abort() {
	a.f.Close()
	os.Remove(a.f.Name())
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
