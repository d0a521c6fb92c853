// Package diskcache keeps studioctl's caches on disk privately: 0600 files in 0700 folders, written
// whole through a rename, and read back only when nobody else could have written them.
package diskcache

import (
	"os"
	"path/filepath"
)

// Read reads a cache file of at most max bytes, when it and each of privateDirs are its owner's
// alone (no permission for the group or others) and it is a regular file; ok is false otherwise,
// and the caller asks the server again.
func Read(path string, max int64, privateDirs ...string) (data []byte, ok bool) {
	for _, dir := range privateDirs {
		if di, err := os.Lstat(dir); err != nil || !di.IsDir() || di.Mode().Perm()&0o077 != 0 {
			return nil, false
		}
	}
	fi, err := os.Lstat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm()&0o077 != 0 || fi.Size() > max {
		return nil, false
	}
	data, err = os.ReadFile(path)
	if err != nil || int64(len(data)) > max {
		return nil, false
	}
	return data, true
}

// Write writes a cache file as a 0600 file in 0700 folders (each of privateDirs is
// made 0700), through a temporary file renamed into place so a reader never sees half a file.
// A cache that cannot be written is not an error: the next run asks the server again.
func Write(path string, data []byte, privateDirs ...string) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return
	}
	for _, d := range privateDirs {
		if os.Chmod(d, 0o700) != nil {
			return
		}
	}
	tmp, err := os.CreateTemp(dir, ".cache-*")
	if err != nil {
		return
	}
	defer os.Remove(tmp.Name())
	if tmp.Chmod(0o600) != nil {
		tmp.Close()
		return
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return
	}
	if tmp.Close() != nil {
		return
	}
	os.Rename(tmp.Name(), path)
}
