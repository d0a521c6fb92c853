package snapshot

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/record"
	"github.com/studioctl/studioctl/sanitize"
)

// Snapshot is a snapshot file, read and checked. Kinds are decoded on first use, so a statement
// about pods does not decode every ConfigMap.
type Snapshot struct {
	Manifest Manifest
	answers  []*record.Exchange
	// openapi is decoded on the first OpenAPI request: most statements never ask.
	openapiFile   *zip.File
	openapiBudget int64
	openapiOnce   sync.Once
	openapi       []*record.Exchange
	routing       routing
	kinds         []*kindData
	logs          map[string]*logEntry // logKey
}

// kindData is one kind's entries, decoded once.
type kindData struct {
	Kind
	raw     [][]byte
	routes  *routing
	once    sync.Once
	columns []kube.Column
	items   []item
	err     error
}

// IsSnapshot tells a snapshot from a recording by its first bytes: a snapshot is a zip archive, a
// recording a JSON document.
func IsSnapshot(head []byte) bool { return bytes.HasPrefix(head, []byte("PK\x03\x04")) }

// Load reads a snapshot file under the reader's limits.
func Load(path string) (*Snapshot, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limits.SnapshotMaxBytes+1))
	if err != nil {
		return nil, err
	}
	return Parse(data)
}

func unreadable(why string) error {
	return kube.Refusef(CodeRead, sentenceUnreadable, "The file", why)
}

// Parse reads a snapshot from its bytes. Every bound holds whatever the file claims: its size, its
// entry count, each entry's and the whole's unpacked bytes, the names of its entries, and the
// manifest's agreement with the entries. A hostile file gets a sentence, never a panic.
func Parse(data []byte) (*Snapshot, error) {
	if len(data) > limits.SnapshotMaxBytes {
		return nil, unreadable(whyTooLarge)
	}
	if !IsSnapshot(data) {
		return nil, unreadable(whyNotZip)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, unreadable(whyNotZip)
	}
	if len(zr.File) > limits.SnapshotMaxEntries {
		return nil, unreadable(whyTooLarge)
	}
	entries := map[string][]byte{}
	var openapi *zip.File
	var budget int64 = limits.SnapshotMaxUnpacked
	for _, f := range zr.File {
		if !knownEntry(f.Name) {
			return nil, unreadable(whyEntryName)
		}
		if _, dup := entries[f.Name]; dup || f.Name == entryOpenAPI && openapi != nil {
			return nil, unreadable(whyDuplicate)
		}
		if f.Name == entryOpenAPI {
			openapi = f // read on the first OpenAPI request: most statements never ask
			continue
		}
		b, err := readEntry(f, &budget)
		if err != nil {
			return nil, err
		}
		entries[f.Name] = b
	}
	s, err := assemble(entries)
	if err != nil {
		return nil, err
	}
	s.openapiFile, s.openapiBudget = openapi, budget
	return s, nil
}

func readEntry(f *zip.File, budget *int64) ([]byte, error) {
	if f.Method != zip.Deflate && f.Method != zip.Store {
		return nil, unreadable(whyEntry)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, unreadable(whyEntry)
	}
	defer rc.Close()
	limit := min(int64(limits.SnapshotMaxEntryBytes), *budget)
	b, err := io.ReadAll(io.LimitReader(rc, limit+1))
	if err != nil {
		return nil, unreadable(whyEntry)
	}
	if int64(len(b)) > limit {
		return nil, unreadable(whyTooLarge)
	}
	*budget -= int64(len(b))
	return b, nil
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

func decode(b []byte, v any) error {
	if kube.CheckNesting(b, limits.MaxNesting) != nil {
		return errors.New("nesting")
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	return dec.Decode(v)
}

func assemble(entries map[string][]byte) (*Snapshot, error) {
	s := &Snapshot{logs: map[string]*logEntry{}}
	mb, ok := entries[entryManifest]
	if !ok {
		return nil, unreadable(whyNoManifest)
	}
	if err := decode(mb, &s.Manifest); err != nil {
		return nil, unreadable(whyNoManifest)
	}
	m := &s.Manifest
	if m.Format != Format || m.Version < 1 || m.Version > Version {
		return nil, unreadable(whyFormat)
	}
	if len(m.Kinds) > limits.SnapshotMaxEntries {
		return nil, unreadable(whyTooLarge)
	}
	m.Server = kube.CutValue(sanitize.String(m.Server))
	m.Identity.User = kube.CutValue(sanitize.String(m.Identity.User))
	m.Identity.Fingerprint = kube.CutValue(sanitize.String(m.Identity.Fingerprint))
	if b, ok := entries[entryAnswers]; ok {
		if err := decode(b, &s.answers); err != nil {
			return nil, unreadable(whyEntry)
		}
	}
	if b, ok := entries[entryRouting]; ok {
		if err := decode(b, &s.routing); err != nil {
			return nil, unreadable(whyEntry)
		}
	}
	for i, k := range m.Kinds {
		kd := &kindData{Kind: k, routes: &s.routing}
		if k.Chunks < 0 || k.Chunks > len(entries) {
			return nil, unreadable(whyKindEntries)
		}
		for c := 0; c < k.Chunks; c++ {
			b, ok := entries[fmt.Sprintf(entryFormat, prefixKinds, i, c)]
			if !ok {
				return nil, unreadable(whyKindEntries)
			}
			kd.raw = append(kd.raw, b)
		}
		s.kinds = append(s.kinds, kd)
	}
	for name, b := range entries {
		if !strings.HasPrefix(name, prefixLogs) {
			continue
		}
		var le logEntry
		if err := decode(b, &le); err != nil {
			return nil, unreadable(whyEntry)
		}
		s.logs[logKey(le.Namespace, le.Pod, le.Container, le.Previous)] = &le
	}
	return s, nil
}

// data decodes the kind's chunks once.
func (k *kindData) data() ([]kube.Column, []item, error) {
	k.once.Do(func() {
		for _, raw := range k.raw {
			var c chunk
			if err := decode(raw, &c); err != nil {
				k.err = unreadable(whyEntry)
				return
			}
			if k.columns == nil {
				k.columns = c.Columns
			}
			k.items = append(k.items, c.Items...)
		}
		k.raw = nil
		k.restoreRoutes()
	})
	return k.columns, k.items, k.err
}

// Notice is the line printed on stderr before answers from the snapshot.
func (s *Snapshot) Notice() string {
	who := s.Manifest.Identity.User
	if who == "" {
		who = "an unknown identity"
	}
	return kube.Sentencef(sentenceNotice, s.Manifest.Server, s.Manifest.CapturedAt.UTC().Format("2006-01-02 15:04 MST"), who)
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
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(data) > limits.SnapshotMaxBytes {
		return nil, unreadable(whyTooLarge)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, unreadable(whyNotZip)
	}
	out := append([]byte(nil), data...)
	var budget int64 = limits.SnapshotMaxUnpacked
	for _, f := range zr.File {
		b, err := readEntry(f, &budget)
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

// restoreRoutes puts each pod's default container back where machine masking hid it: a container
// name, which the pod's spec shows anyway, and what logs and exec-free reads route by.
func (k *kindData) restoreRoutes() {
	if k.Group != "" || k.Resource != "pods" || len(k.routes.DefaultContainer) == 0 {
		return
	}
	for _, it := range k.items {
		c, ok := k.routes.DefaultContainer[metaString(it.Object, "namespace")+"/"+metaString(it.Object, "name")]
		md, _ := it.Object["metadata"].(map[string]any)
		ann, _ := md["annotations"].(map[string]any)
		if ok && ann != nil {
			ann[annotationDefaultContainer] = c
		}
	}
}

// openAPIAnswers are the OpenAPI exchanges, decoded once; a file whose entry cannot be read holds
// none.
func (s *Snapshot) openAPIAnswers() []*record.Exchange {
	s.openapiOnce.Do(func() {
		if s.openapiFile == nil {
			return
		}
		b, err := readEntry(s.openapiFile, &s.openapiBudget)
		if err != nil || decode(b, &s.openapi) != nil {
			s.openapi = nil
		}
		s.openapiFile = nil
	})
	return s.openapi
}
