package snapshot

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/limits"
)

// errBounds is what the scan of an entry returns when it nests past the cap or holds more values
// than an entry may: the file is refused before any decoder builds it.
var errBounds = errors.New("snapshot entry past its bounds")

// checkBounds bounds an entry's JSON text before any decoder builds it: its nesting under
// limits.MaxNesting and its values under max (apivalue.CheckBounds).
func checkBounds(data []byte, max int) error {
	if apivalue.CheckBounds(data, limits.MaxNesting, max) != nil {
		return errBounds
	}
	return nil
}

// decode reads an entry's JSON with exact numbers under the nesting cap.
func decode(b []byte, v any) error {
	return decodeBounded(b, v, limits.SnapshotMaxChunkValues)
}

func decodeBounded(b []byte, v any, maxValues int) error {
	if checkBounds(b, maxValues) != nil {
		return errBounds
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	return dec.Decode(v)
}

// readEntry unpacks one entry, at most limit bytes of it: whatever its header claims, reading
// stops one byte past the limit, so a decompression bomb costs no more than the limit.
func readEntry(f *zip.File, limit int64) ([]byte, error) {
	if f.Method != zip.Deflate && f.Method != zip.Store {
		return nil, unreadable(whyEntry)
	}
	if f.UncompressedSize64 > uint64(limit) {
		return nil, unreadable(whyTooLarge)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, unreadable(whyEntry)
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, limit+1))
	if err != nil {
		return nil, unreadable(whyEntry)
	}
	if int64(len(b)) > limit {
		return nil, unreadable(whyTooLarge)
	}
	return b, nil
}

// decodeChunk reads one kind entry: its columns and at most limits.SnapshotChunkObjects items.
// The entry is bounded (checkBounds) and validated as JSON once; then its items are found by
// skimming its bytes (skim.go), each item's object kept as a slice of them and only its cells and
// metadata decoded. Decoding each item whole, then its object again for the metadata, was most of
// a replay's time.
func decodeChunk(f *zip.File) (chunk, error) {
	var c chunk
	b, err := readEntry(f, limits.SnapshotMaxEntryBytes)
	if err != nil {
		return c, err
	}
	if checkBounds(b, limits.SnapshotMaxChunkValues) != nil {
		return c, unreadable(whyTooLarge)
	}
	if !json.Valid(b) {
		return c, unreadable(whyEntry)
	}
	var fail error
	ok := eachMember(b, func(name []byte, _, start, stop int) {
		if fail != nil {
			return
		}
		switch string(name) {
		case "columns":
			if decodeExact(b[start:stop], &c.Columns) != nil {
				fail = unreadable(whyEntry)
			}
		case "items":
			fail = decodeItems(b[start:stop], &c)
		}
	})
	switch {
	case fail != nil:
		return chunk{}, fail
	case !ok:
		return chunk{}, unreadable(whyEntry)
	}
	return c, nil
}

// decodeExact decodes one valid JSON value with exact numbers.
func decodeExact(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	return d.Decode(v)
}

// decodeItems appends the items of the (valid) JSON array arr; null is no items.
func decodeItems(arr []byte, c *chunk) error {
	if string(arr) == "null" {
		return nil
	}
	if len(arr) == 0 || arr[0] != '[' {
		return unreadable(whyEntry)
	}
	i := skipSpace(arr, 1)
	for i < len(arr) && arr[i] != ']' {
		if len(c.Items) >= limits.SnapshotChunkObjects {
			return unreadable(whyTooLarge)
		}
		stop := apivalue.ValueEnd(arr, i)
		if stop < 0 {
			return unreadable(whyEntry)
		}
		it, err := decodeItem(arr[i:stop])
		if err != nil {
			return err
		}
		c.Items = append(c.Items, it)
		i = skipSpace(arr, stop)
		if i < len(arr) && arr[i] == ',' {
			i = skipSpace(arr, i+1)
		}
	}
	return nil
}

// decodeItem reads one stored item (valid JSON, as decodeChunk checked): its cells, its object's
// bytes (one JSON object, or null for none) and its metadata. Of a member written twice the last
// counts, as a decoder keeps it; an item that is null is an item with no object. An item the
// skim cannot read (a key written with escapes) is decoded instead.
func decodeItem(b []byte) (item, error) {
	var obj, cells []byte
	skimmed := string(b) == "null" || eachMember(b, func(name []byte, _, start, stop int) {
		switch string(name) {
		case "object":
			obj = b[start:stop]
		case "cells":
			cells = b[start:stop]
		}
	})
	var w struct {
		Object json.RawMessage `json:"object"`
		Cells  []any           `json:"cells"`
	}
	switch {
	case !skimmed:
		if decodeExact(b, &w) != nil {
			return item{}, unreadable(whyEntry)
		}
	case cells != nil:
		if decodeExact(cells, &w.Cells) != nil {
			return item{}, unreadable(whyEntry)
		}
		w.Object = obj
	default:
		w.Object = obj
	}
	raw := bytes.TrimSpace(w.Object)
	if len(raw) == 0 || string(raw) == "null" {
		raw = []byte("{}")
	}
	if raw[0] != '{' {
		return item{}, unreadable(whyEntry)
	}
	md, err := itemMetadata(raw)
	if err != nil {
		return item{}, err
	}
	meta := map[string]any{}
	if md != nil {
		meta["metadata"] = md
	}
	return item{Meta: meta, Cells: w.Cells, raw: raw}, nil
}

// itemMetadata is an object's metadata: its member found by the skim and decoded alone, or the
// object decoded whole when the skim cannot read it. managedFields, the bulk of most objects'
// metadata and read by nothing a replay answers but a Table row's object, is kept as its bytes
// (already valid: decodeChunk validated the entry).
func itemMetadata(raw []byte) (map[string]any, error) {
	b, ok := topLevelMember(raw, "metadata")
	if !ok {
		var m struct {
			Metadata map[string]any `json:"metadata"`
		}
		if decodeExact(raw, &m) != nil {
			return nil, unreadable(whyEntry)
		}
		return m.Metadata, nil
	}
	if b == nil {
		return nil, nil
	}
	rest, managed, ok := withoutMember(b, "managedFields")
	if !ok {
		rest, managed = b, nil
	}
	var md map[string]any
	if decodeExact(rest, &md) != nil {
		return nil, unreadable(whyEntry)
	}
	if managed != nil && md != nil {
		md["managedFields"] = json.RawMessage(managed)
	}
	return md, nil
}

// readLogHeader reads a log entry's namespace, pod, container and instance, which a capture
// writes before the text: only the entry's first bytes are unpacked, so finding a log never
// unpacks the others' text.
func readLogHeader(f *zip.File) (logEntry, error) {
	var le logEntry
	if f.Method != zip.Deflate && f.Method != zip.Store {
		return le, unreadable(whyEntry)
	}
	rc, err := f.Open()
	if err != nil {
		return le, unreadable(whyEntry)
	}
	defer rc.Close()
	dec := json.NewDecoder(io.LimitReader(rc, limits.SnapshotMaxLogHeader))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return le, unreadable(whyEntry)
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return le, unreadable(whyEntry)
		}
		key, _ := t.(string)
		if key == "text" {
			return le, nil
		}
		var dst any
		switch key {
		case "namespace":
			dst = &le.Namespace
		case "pod":
			dst = &le.Pod
		case "container":
			dst = &le.Container
		case "previous":
			dst = &le.Previous
		case "lines":
			dst = &le.Lines
		default:
			dst = new(json.RawMessage)
		}
		if dec.Decode(dst) != nil {
			return le, unreadable(whyEntry)
		}
	}
	return le, nil
}

// readLog unpacks one log entry whole, under its cap.
func readLog(f *zip.File) (*logEntry, error) {
	b, err := readEntry(f, limits.SnapshotMaxLogEntry)
	if err != nil {
		return nil, err
	}
	var le logEntry
	if decode(b, &le) != nil {
		return nil, unreadable(whyEntry)
	}
	return &le, nil
}

// refusesFile reports an error that is a refusal of the file itself (exit 2), which a reader
// beneath the guard hands back as it is.
func refusesFile(err error) bool {
	e, ok := fault.As(err)
	return ok && e.Code == CodeRead
}
