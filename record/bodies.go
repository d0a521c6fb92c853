package record

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/studioctl/studioctl/limits"
)

// A set of recordings (one folder per identity, captured from one server) answers the same
// requests with the same bodies again and again: a view and an admin list the same pods, and
// several groups read the same discovery. CompactSet keeps each body once, in one body store
// beside the identities' folders, and each exchange then names its body by a key. A recording
// folder's group files find their store in the folder itself or in the folder above it; a file
// whose exchanges hold their bodies inline (a single capture, an older recording) needs none.
const BodyStore = "bodies.json"

// bodyKey names a body in a store: enough of its SHA-256 that two bodies of one set never meet.
func bodyKey(body string) string {
	sum := sha256.Sum256([]byte(body))
	return hex.EncodeToString(sum[:12])
}

// resolveBodies puts back the bodies of rec's exchanges that name one in the store of dir.
func resolveBodies(dir string, rec *Recording) error {
	if !namesBodies(rec) {
		return nil
	}
	store, err := loadStore(dir)
	if err != nil {
		return err
	}
	return fillBodies(dir, rec, store)
}

// fillBodies puts back the bodies of rec's exchanges from store; dir names the recording.
func fillBodies(dir string, rec *Recording, store map[string]string) error {
	for _, ex := range rec.Exchanges {
		if ex.BodyRef == "" {
			continue
		}
		body, ok := store[ex.BodyRef]
		if !ok {
			return fmt.Errorf("record: %s names an answer body (%s) that its body store does not hold", dir, ex.BodyRef)
		}
		ex.Body, ex.BodyRef = body, ""
	}
	return nil
}

func namesBodies(rec *Recording) bool {
	for _, ex := range rec.Exchanges {
		if ex.BodyRef != "" {
			return true
		}
	}
	return false
}

// loadStore reads the body store of a recording folder: its own, or its set's one folder up.
func loadStore(dir string) (map[string]string, error) {
	for _, p := range []string{filepath.Join(dir, BodyStore), filepath.Join(filepath.Dir(dir), BodyStore)} {
		data, err := readCapped(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		return parseStore(data)
	}
	return nil, fmt.Errorf("record: the group files of %s name answer bodies, but neither it nor the folder above holds %s", dir, BodyStore)
}

// parseStore reads a store: each key's value is the body itself when the body is one compact
// JSON object or array, its repeated parts split out as pieces (pieces.go), or the body as a
// JSON string otherwise (a log, a watch's stream). The pieces come back as entries of their own.
func parseStore(data []byte) (map[string]string, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("record: %s: %w", BodyStore, err)
	}
	j := &joiner{entries: raw, done: map[string]string{}, max: limits.RecordingMaxBytes}
	store := make(map[string]string, len(raw))
	for k, v := range raw {
		if len(v) > 0 && v[0] == '"' {
			var s string
			if err := json.Unmarshal(v, &s); err != nil {
				return nil, fmt.Errorf("record: %s: %w", BodyStore, err)
			}
			store[k] = s
			continue
		}
		body, err := j.join(k, 0)
		if err != nil {
			return nil, err
		}
		store[k] = body
	}
	return store, nil
}

// storedAsIs tells whether a body can stand in the store as JSON of its own and be read back to
// the same bytes: one object or array, already compact (the recorder writes them so). Storing it
// so spares the escaping a JSON string would add to every quote.
func storedAsIs(body string) bool {
	if body == "" || (body[0] != '{' && body[0] != '[') {
		return false
	}
	var buf bytes.Buffer // Compact refuses what is not JSON
	return json.Compact(&buf, []byte(body)) == nil && buf.String() == body
}

// writeStore writes a set's bodies (key → body) as a store (encodeStore).
func writeStore(path string, bodies map[string]string) error {
	data, err := encodeStore(bodies)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// encodeStore is the store of a set's bodies, one entry a line, sorted by key, so a new capture
// diffs by body.
func encodeStore(bodies map[string]string) ([]byte, error) {
	entries, err := splitStore(bodies)
	if err != nil {
		return nil, err
	}
	keys := slices.Sorted(maps.Keys(entries))
	var buf bytes.Buffer
	buf.WriteString("{\n")
	for i, k := range keys {
		fmt.Fprintf(&buf, "%q: %s", k, entries[k])
		if i < len(keys)-1 {
			buf.WriteByte(',')
		}
		buf.WriteByte('\n')
	}
	buf.WriteString("}\n")
	return buf.Bytes(), nil
}

// CanaryGroup is the live suite's group whose bodies keep metadata.managedFields: its replays
// prove that the Writer removes them, with the canaries planted there.
const CanaryGroup = "60-canary"

// CompactSet moves the bodies of every recording file in setDir's identity folders (and in
// setDir itself) into setDir's body store, each once, and drops from the store what no file
// names any more. Outside CanaryGroup, metadata.managedFields leave every object of a body
// first: nothing prints them (kubectl hides them, and so does the Writer), and they were a
// fifth of the recordings' bytes. The recordings' requests and their order are kept.
func CompactSet(setDir string) error {
	files, err := setFiles(setDir)
	if err != nil {
		return err
	}
	old := map[string]string{}
	if _, err := os.Stat(filepath.Join(setDir, BodyStore)); err == nil {
		if old, err = loadStore(setDir); err != nil {
			return err
		}
	}
	store := map[string]string{}
	for _, f := range files {
		if err := compactFile(f, old, store); err != nil {
			return err
		}
	}
	if len(store) == 0 {
		return nil
	}
	return writeStore(filepath.Join(setDir, BodyStore), store)
}

// setFiles lists the recording files of a set: setDir's own and its identity folders'.
func setFiles(setDir string) ([]string, error) {
	var files []string
	for _, pattern := range []string{"*.json", filepath.Join("*", "*.json")} {
		matches, err := filepath.Glob(filepath.Join(setDir, pattern))
		if err != nil {
			return nil, err
		}
		for _, m := range matches {
			if base := filepath.Base(m); base == singleFile || (strings.HasPrefix(base, groupPrefix) && strings.HasSuffix(base, groupSuffix)) {
				files = append(files, m)
			}
		}
	}
	sort.Strings(files)
	return files, nil
}

// compactFile rewrites one recording file with its bodies named by key, adding them to store;
// old is the set's store as it was, which a file compacted before names its bodies in.
func compactFile(path string, old, store map[string]string) error {
	data, err := readCapped(path)
	if err != nil {
		return err
	}
	rec, err := ParseRecording(data)
	if err != nil {
		return fmt.Errorf("record: %s: %w", path, err)
	}
	if err := fillBodies(path, rec, old); err != nil {
		return err
	}
	drop := groupOf(path) != CanaryGroup
	for _, ex := range rec.Exchanges {
		body := ex.Body
		if drop {
			body = string(withoutManagedFields([]byte(body)))
		}
		key := bodyKey(body)
		store[key] = body
		ex.Body, ex.BodyRef = "", key
	}
	return rec.Save(path)
}

// groupOf is the group a recording file holds, "" for a single file.
func groupOf(path string) string {
	base := filepath.Base(path)
	if !strings.HasPrefix(base, groupPrefix) {
		return ""
	}
	return strings.TrimSuffix(strings.TrimPrefix(base, groupPrefix), groupSuffix)
}

// withoutManagedFields removes metadata.managedFields from every object of a JSON body, or of
// each document of a stream; a body that is not JSON, or holds none, is given back as it is.
func withoutManagedFields(body []byte) []byte {
	if !bytes.Contains(body, []byte(`"managedFields"`)) {
		return body
	}
	out, _, bad, ok := eachDocument(body, dropManagedFields)
	if bad || !ok {
		return body
	}
	return out
}

// dropManagedFields deletes managedFields from every metadata map under v (a list's items, a
// Table's row objects, a watch event's object).
func dropManagedFields(v any) {
	switch t := v.(type) {
	case map[string]any:
		if md, ok := t["metadata"].(map[string]any); ok {
			delete(md, "managedFields")
		}
		for _, c := range t {
			dropManagedFields(c)
		}
	case []any:
		for _, c := range t {
			dropManagedFields(c)
		}
	}
}
