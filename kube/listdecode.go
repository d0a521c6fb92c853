package kube

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/studioctl/studioctl/limits"
)

// eachListItem reads one page of a List answer item by item: the page stays as the bytes that
// arrived and one item is decoded at a time, so a page of 500 objects holds one object's maps,
// not 500 (kubectl's scale with flat memory: get pods -A -o json over 20,000 pods). fn is handed
// each item with whether the list's own kind says it holds Secrets; the list's continue token is
// returned with the count. Servers write kind and apiVersion before items; a page that names its
// kind only after its items is read whole before any item is handed on, so Secret-ness is always
// decided with everything the page says.
func eachListItem(body []byte, fn func(item map[string]any, secretList bool) error) (cont string, n int, err error) {
	if err := CheckNesting(body, limits.MaxNesting); err != nil {
		return "", 0, err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := expectDelim(dec, '{'); err != nil {
		return "", 0, err
	}
	var kind, apiVersion string
	var held []map[string]any // items that came before the list's kind
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
				n, err = streamItems(dec, func(it map[string]any) error { return fn(it, secretListKind(kind, apiVersion)) })
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
	for _, it := range held {
		if it != nil {
			n++
			if err := fn(it, secretListKind(kind, apiVersion)); err != nil {
				return "", 0, err
			}
		}
	}
	return cont, n, nil
}

// streamItems hands on each element of the items array the decoder stands at (null is no items).
func streamItems(dec *json.Decoder, fn func(map[string]any) error) (int, error) {
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
		if err := dec.Decode(&it); err != nil {
			return n, err
		}
		if it == nil {
			continue
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
