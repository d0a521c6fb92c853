package kube

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/limits"
)

// eachListItem reads one page of a List answer item by item: the page stays as the bytes that
// arrived and one item is decoded at a time, so a page of 500 objects holds one object's maps,
// not 500 (kubectl's scale with flat memory: get pods -A -o json over 20,000 pods). fn is handed
// each item with whether the list's own kind says it holds Secrets; the list's continue token is
// returned with the count. Servers write kind and apiVersion before items; a page that names its
// kind only after its items is read whole before any item is handed on, so Secret-ness is always
// decided with everything the page says. An item larger than maxItem bytes as the server sent it
// (0: no cap) ends the read with an itemTooLarge naming it, before it is handed on.
func eachListItem(body []byte, maxItem int, fn func(item map[string]any, secretList bool) error) (cont string, n int, err error) {
	if err := apivalue.CheckNesting(body, limits.MaxNesting); err != nil {
		return "", 0, err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := expectDelim(dec, '{'); err != nil {
		return "", 0, err
	}
	var kind, apiVersion string
	var held []json.RawMessage // items that came before the list's kind
	kindSeen := false
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return "", 0, err
		}
		switch key {
		case "kind":
			err, kindSeen = dec.Decode(&kind), true
		case "apiVersion":
			err = dec.Decode(&apiVersion)
		case "metadata":
			var md struct {
				Continue string `json:"continue"`
			}
			err, cont = dec.Decode(&md), md.Continue
		case "items":
			if kindSeen {
				n, err = streamItems(dec, maxItem, func(it map[string]any) error { return fn(it, secretListKind(kind, apiVersion)) })
			} else {
				err = dec.Decode(&held)
			}
		default:
			var skip json.RawMessage
			err = dec.Decode(&skip)
		}
		if err != nil {
			return "", 0, err
		}
	}
	if err := expectDelim(dec, '}'); err != nil {
		return "", 0, err
	}
	if dec.More() {
		return "", 0, errors.New("trailing data")
	}
	for _, raw := range held {
		it, err := decodeItem(raw, maxItem)
		if err != nil {
			return "", 0, err
		}
		if it != nil {
			n++
			if err := fn(it, secretListKind(kind, apiVersion)); err != nil {
				return "", 0, err
			}
		}
	}
	return cont, n, nil
}

// itemTooLarge is an item past the per-object cap; name is its metadata.name.
type itemTooLarge struct{ name string }

func (e itemTooLarge) Error() string { return "an item past the per-object cap" }

// checkItemSize refuses an item of size bytes past maxItem (0: no cap).
func checkItemSize(it map[string]any, size int64, maxItem int) error {
	if maxItem > 0 && size > int64(maxItem) {
		return itemTooLarge{name: apivalue.MetaString(it, "name")}
	}
	return nil
}

// decodeItem decodes one held item, numbers kept exact.
func decodeItem(raw json.RawMessage, maxItem int) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var it map[string]any
	if err := dec.Decode(&it); err != nil {
		return nil, err
	}
	return it, checkItemSize(it, int64(len(raw)), maxItem)
}

// streamItems hands on each element of the items array the decoder stands at (null is no items).
func streamItems(dec *json.Decoder, maxItem int, fn func(map[string]any) error) (int, error) {
	tok, err := dec.Token()
	if err != nil || tok == nil {
		return 0, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '[' {
		return 0, errors.New("items is not an array")
	}
	n := 0
	for dec.More() {
		var it map[string]any
		start := dec.InputOffset()
		if err := dec.Decode(&it); err != nil {
			return n, err
		}
		if it == nil {
			continue
		}
		if err := checkItemSize(it, dec.InputOffset()-start, maxItem); err != nil {
			return n, err
		}
		n++
		if err := fn(it); err != nil {
			return n, err
		}
	}
	return n, expectDelim(dec, ']')
}

func expectDelim(dec *json.Decoder, want json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := tok.(json.Delim); !ok || d != want {
		return errors.New("not the JSON shape of a list")
	}
	return nil
}

// tableBatch is how many rows of a Table page with whole objects are handed on at once.
const tableBatch = 50

// streamTable reads a Table page whose rows carry whole objects (includeObject=Object: a capture,
// a sort off metadata) a batch of rows at a time, handing each batch to emit as a Table of its
// own with the page's columns, version and continue token, so a page of 500 objects holds about
// tableBatch of them decoded. Each row's object is stripped as decodeTableAs strips it. A page
// that is not a Table, or that names its kind, columns or metadata only after its rows, is not
// read here (handled false, nothing emitted): the caller decodes it whole.
func streamTable(body []byte, r discovery.APIResource, emit func(*Table) error) (cont string, n int, handled bool, err error) {
	if err := apivalue.CheckNesting(body, limits.MaxNesting); err != nil {
		return "", 0, true, err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := expectDelim(dec, '{'); err != nil {
		return "", 0, true, err
	}
	var kind string
	var md struct {
		Continue        string `json:"continue"`
		ResourceVersion string `json:"resourceVersion"`
	}
	var cols []Column
	haveMeta, haveCols := false, false
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return "", 0, true, err
		}
		switch key {
		case "kind":
			err = dec.Decode(&kind)
		case "metadata":
			err, haveMeta = dec.Decode(&md), true
		case "columnDefinitions":
			err, haveCols = dec.Decode(&cols), true
		case "rows":
			if kind != "Table" || !haveMeta || !haveCols {
				return "", 0, false, nil
			}
			batch := &Table{Columns: cols, Continue: md.Continue, ResourceVersion: md.ResourceVersion}
			n, err = streamRows(dec, r, batch, emit)
		default:
			var skip json.RawMessage
			err = dec.Decode(&skip)
		}
		if err != nil {
			return "", 0, true, err
		}
	}
	if kind != "Table" {
		return "", 0, false, nil
	}
	if err := expectDelim(dec, '}'); err != nil {
		return "", 0, true, err
	}
	if dec.More() {
		return "", 0, true, errors.New("trailing data")
	}
	return md.Continue, n, true, nil
}

// streamRows hands on the rows array the decoder stands at, tableBatch rows to a batch.
func streamRows(dec *json.Decoder, r discovery.APIResource, batch *Table, emit func(*Table) error) (int, error) {
	tok, err := dec.Token()
	if err != nil || tok == nil {
		return 0, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '[' {
		return 0, errors.New("rows is not an array")
	}
	n := 0
	flush := func() error {
		if len(batch.Rows) == 0 {
			return nil
		}
		err := emit(&Table{Columns: batch.Columns, Continue: batch.Continue, ResourceVersion: batch.ResourceVersion, Rows: batch.Rows})
		batch.Rows = nil
		return err
	}
	for dec.More() {
		var row Row
		if err := dec.Decode(&row); err != nil {
			return n, err
		}
		if obj := row.Object; len(obj) > 0 {
			secret := peopleDecoded(obj, r, false)
			if obj["kind"] != "PartialObjectMetadata" {
				stampKind(obj, r, secret)
			}
		}
		batch.Rows = append(batch.Rows, row)
		n++
		if len(batch.Rows) == tableBatch {
			if err := flush(); err != nil {
				return n, err
			}
		}
	}
	if err := flush(); err != nil {
		return n, err
	}
	return n, expectDelim(dec, ']')
}
