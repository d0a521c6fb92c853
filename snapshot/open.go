package snapshot

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/record"
	"github.com/studioctl/studioctl/sanitize"
)

// Snapshot is a snapshot file, read and checked. Only the manifest, the fixed answers and the
// routing facts are decoded when it is opened; a kind's entries are decoded one at a time as a
// read walks them, and a log only when it is asked for, so memory stays flat whatever the file's
// size.
type Snapshot struct {
	Manifest Manifest
	answers  []*record.Exchange
	closer   io.Closer
	// openapi is decoded on the first OpenAPI request: most statements never ask.
	openapiFile *zip.File
	openapiOnce sync.Once
	openapi     []*record.Exchange
	routing     routing
	kinds       []*kindData
	logFiles    []*zip.File
	logOnce     sync.Once
	logs        map[string]*zip.File // logKey
	logErr      error
}

// IsSnapshot tells a snapshot from a recording by its first bytes: a snapshot is a zip archive, a
// recording a JSON document.
func IsSnapshot(head []byte) bool { return bytes.HasPrefix(head, []byte("PK\x03\x04")) }

// Load opens a snapshot file under the reader's limits. The file stays open for the entries read
// later; Close closes it. Only a regular file is read (a device such as /dev/zero is refused).
func Load(path string) (*Snapshot, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, unreadable(whyNotFile)
	}
	if fi.Size() > limits.SnapshotMaxBytes {
		f.Close()
		return nil, unreadable(whyTooLarge)
	}
	s, err := open(f, fi.Size())
	if err != nil {
		f.Close()
		return nil, err
	}
	s.closer = f
	return s, nil
}

// Close closes the file a snapshot was loaded from.
func (s *Snapshot) Close() error {
	if s.closer == nil {
		return nil
	}
	return s.closer.Close()
}

func unreadable(why string) error {
	return fault.Refusef(CodeRead, sentenceUnreadable, "The file", why)
}

// Parse reads a snapshot from its bytes (the embedded demo, a fuzz target's input). Every bound
// holds whatever the file claims: its size, its entry count, each entry's and the whole's unpacked
// bytes, the values and items an entry may hold, the names of its entries, and the manifest's
// agreement with the entries. A hostile file gets a sentence, never a panic.
func Parse(data []byte) (*Snapshot, error) {
	if len(data) > limits.SnapshotMaxBytes {
		return nil, unreadable(whyTooLarge)
	}
	return open(bytes.NewReader(data), int64(len(data)))
}

func open(r io.ReaderAt, size int64) (*Snapshot, error) {
	head := make([]byte, 4)
	if n, _ := r.ReadAt(head, 0); !IsSnapshot(head[:n]) {
		return nil, unreadable(whyNotZip)
	}
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, unreadable(whyNotZip)
	}
	if len(zr.File) > limits.SnapshotMaxEntries {
		return nil, unreadable(whyTooLarge)
	}
	entries := map[string]*zip.File{}
	var unpacked uint64
	for _, f := range zr.File {
		if !knownEntry(f.Name) {
			return nil, unreadable(whyEntryName)
		}
		if _, dup := entries[f.Name]; dup {
			return nil, unreadable(whyDuplicate)
		}
		if f.Method != zip.Deflate && f.Method != zip.Store {
			return nil, unreadable(whyEntry)
		}
		// What the entries claim is checked here; what they hold is checked as each is read.
		unpacked += min(f.UncompressedSize64, uint64(limits.SnapshotMaxUnpacked)+1)
		if f.UncompressedSize64 > limits.SnapshotMaxEntryBytes || unpacked > limits.SnapshotMaxUnpacked {
			return nil, unreadable(whyTooLarge)
		}
		entries[f.Name] = f
	}
	return assemble(entries)
}

// knownEntry admits only the names this version writes.
func knownEntry(name string) bool {
	switch name {
	case entryManifest, entryAnswers, entryRouting, entryOpenAPI:
		return true
	}
	if rest, ok := strings.CutPrefix(name, prefixKinds); ok {
		a, b, ok := strings.Cut(strings.TrimSuffix(rest, ".json"), "-")
		return ok && strings.HasSuffix(rest, ".json") && digits(a, 4) && digits(b, 4)
	}
	if rest, ok := strings.CutPrefix(name, prefixLogs); ok {
		return strings.HasSuffix(rest, ".json") && digits(strings.TrimSuffix(rest, ".json"), 6)
	}
	return false
}

func digits(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func assemble(entries map[string]*zip.File) (*Snapshot, error) {
	s := &Snapshot{}
	mf, ok := entries[entryManifest]
	if !ok {
		return nil, unreadable(whyNoManifest)
	}
	mb, err := readEntry(mf, limits.SnapshotMaxEntryBytes)
	if err != nil {
		return nil, err
	}
	if err := decode(mb, &s.Manifest); err != nil {
		return nil, unreadable(whyNoManifest)
	}
	m := &s.Manifest
	if m.Format != Format || m.Version < 1 || m.Version > Version {
		return nil, unreadable(whyFormat)
	}
	if len(m.Kinds) > limits.SnapshotMaxKinds {
		return nil, unreadable(whyTooLarge)
	}
	m.Server = fault.CutValue(sanitize.String(m.Server))
	m.Identity.User = fault.CutValue(sanitize.String(m.Identity.User))
	m.Identity.Fingerprint = fault.CutValue(sanitize.String(m.Identity.Fingerprint))
	m.Cluster = fault.CutValue(sanitize.String(m.Cluster))
	for name, v := range map[string]any{entryAnswers: &s.answers, entryRouting: &s.routing} {
		f, ok := entries[name]
		if !ok {
			continue
		}
		b, err := readEntry(f, limits.SnapshotMaxEntryBytes)
		if err != nil {
			return nil, err
		}
		if err := decode(b, v); err != nil {
			return nil, unreadable(whyEntry)
		}
	}
	s.openapiFile = entries[entryOpenAPI]
	for i, k := range m.Kinds {
		kd := &kindData{Kind: k, routes: &s.routing}
		if k.Chunks < 0 || k.Chunks > len(entries) {
			return nil, unreadable(whyKindEntries)
		}
		for c := 0; c < k.Chunks; c++ {
			f, ok := entries[fmt.Sprintf(entryFormat, prefixKinds, i, c)]
			if !ok {
				return nil, unreadable(whyKindEntries)
			}
			kd.files = append(kd.files, f)
		}
		s.kinds = append(s.kinds, kd)
	}
	for name, f := range entries {
		if strings.HasPrefix(name, prefixLogs) {
			s.logFiles = append(s.logFiles, f)
		}
	}
	sort.Slice(s.logFiles, func(i, j int) bool { return s.logFiles[i].Name < s.logFiles[j].Name })
	return s, nil
}

// logIndex finds each log entry by its container, reading only each entry's first bytes, on the
// first log asked for: a statement that reads no log unpacks none.
func (s *Snapshot) logIndex() (map[string]*zip.File, error) {
	s.logOnce.Do(func() {
		s.logs = make(map[string]*zip.File, len(s.logFiles))
		for _, f := range s.logFiles {
			le, err := readLogHeader(f)
			if err != nil {
				s.logs, s.logErr = nil, err
				return
			}
			s.logs[logKey(le.Namespace, le.Pod, le.Container, le.Previous)] = f
		}
	})
	return s.logs, s.logErr
}

// Notice is the line printed on stderr before answers from the snapshot.
func (s *Snapshot) Notice() string {
	who := s.Manifest.Identity.User
	if who == "" {
		who = "an unknown identity"
	}
	return fault.Sentencef(sentenceNotice, s.Manifest.Server, s.Manifest.CapturedAt.UTC().Format("2006-01-02 15:04 MST"), who)
}

// kind finds a kind by group, version and resource; other reports a version the snapshot holds
// the same group and resource in.
func (s *Snapshot) kind(group, version, resource string) (k *kindData, other string) {
	for _, kd := range s.kinds {
		if kd.Group == group && kd.Resource == resource {
			if kd.Version == version {
				return kd, ""
			}
			other = kd.Version
		}
	}
	return nil, other
}

// Unpack is a snapshot file's bytes followed by every entry's unpacked bytes, each entry after a
// line naming it, under the reader's limits: what a search for a value must look through (the
// canary tests).
func Unpack(path string) ([]byte, error) {
	s, err := Load(path)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, unreadable(whyNotZip)
	}
	out := append([]byte(nil), data...)
	for _, f := range zr.File {
		b, err := readEntry(f, limits.SnapshotMaxEntryBytes)
		if err != nil {
			return nil, err
		}
		out = append(out, "\n== "+f.Name+"\n"...)
		out = append(out, b...)
	}
	return out, nil
}

// logKey names one container's log: namespace/pod/container, and /previous for the previous
// instance's.
func logKey(ns, pod, container string, previous bool) string {
	k := ns + "/" + pod + "/" + container
	if previous {
		k += "/previous"
	}
	return k
}

// openAPIAnswers are the OpenAPI exchanges, decoded once; a file whose entry cannot be read holds
// none.
func (s *Snapshot) openAPIAnswers() []*record.Exchange {
	s.openapiOnce.Do(func() {
		if s.openapiFile == nil {
			return
		}
		b, err := readEntry(s.openapiFile, limits.SnapshotMaxEntryBytes)
		if err != nil || decode(b, &s.openapi) != nil {
			s.openapi = nil
		}
		s.openapiFile = nil
	})
	return s.openapi
}
