package replaytest

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"regexp"
	"strings"
)

// A golden text past partBytes is kept in parts cut at line ends, NAME.txt then NAME.2.txt,
// NAME.3.txt ..., so that no file is too large for a reviewer (or a code host's diff view) to
// read; whoever reads one reads the parts back as one text.
const partBytes = 96 << 10

// partName matches a part after the first: NAME.N.txt.
var partName = regexp.MustCompile(`\.[0-9]+\.txt$`)

// IsPart reports whether a golden file name is a later part of another.
func IsPart(path string) bool { return partName.MatchString(path) }

// partPath is the n-th part of path (n from 2).
func partPath(path string, n int) string {
	return fmt.Sprintf("%s.%d.txt", strings.TrimSuffix(path, ".txt"), n)
}

// WriteParts writes text to path, in parts when it is long, and removes the parts a longer text
// left before.
func WriteParts(path string, text []byte) error {
	n := 1
	for rest := text; n == 1 || len(rest) > 0; n++ {
		part := rest
		if len(part) > partBytes {
			cut := bytes.LastIndexByte(part[:partBytes], '\n') + 1
			if cut == 0 {
				cut = partBytes // one line longer than a part: cut it, the reader joins it back
			}
			part = part[:cut]
		}
		rest = rest[len(part):]
		name := path
		if n > 1 {
			name = partPath(path, n)
		}
		if err := os.WriteFile(name, part, 0o644); err != nil {
			return err
		}
	}
	for ; ; n++ {
		if err := os.Remove(partPath(path, n)); errors.Is(err, fs.ErrNotExist) {
			return nil
		} else if err != nil {
			return err
		}
	}
}

// ReadParts reads a text WriteParts wrote: path and its parts, joined.
func ReadParts(path string) ([]byte, error) {
	var all []byte
	for _, p := range PartFiles(path) {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		all = append(all, data...)
	}
	if all == nil {
		return os.ReadFile(path) // no file at all: the error names it
	}
	return all, nil
}

// PartFiles lists path and its parts that exist, in order.
func PartFiles(path string) []string {
	if _, err := os.Stat(path); err != nil {
		return nil
	}
	files := []string{path}
	for n := 2; ; n++ {
		p := partPath(path, n)
		if _, err := os.Stat(p); err != nil {
			return files
		}
		files = append(files, p)
	}
}
