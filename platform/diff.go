package platform

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/limits"
)

// MaxInventoryBytes is the largest earlier inventory --diff reads.
const MaxInventoryBytes = limits.InventoryMaxBytes

// Change is one difference between an earlier inventory and this one.
type Change struct {
	Section string `json:"section"`
	Item    string `json:"item,omitempty"`
	Change  string `json:"change"` // added, removed or changed
	Field   string `json:"field,omitempty"`
	Before  string `json:"before,omitempty"`
	After   string `json:"after,omitempty"`
}

// Diff is discover --diff's answer.
type Diff struct {
	APIVersion string   `json:"apiVersion"`
	Kind       string   `json:"kind"`
	Changes    []Change `json:"changes"`
}

// diffSkip are the parts --diff does not compare: the document's naming (an earlier inventory's
// "schema" included), where it came from, how the verdict was reached, and what could not be read.
var diffSkip = map[string]bool{"apiVersion": true, "kind": true, "schema": true, "server": true, "unreadable": true, "distribution.evidence": true}

// LoadInventory reads an earlier discover -o json document, before anything is sent.
func LoadInventory(path string) (map[string]any, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fault.Refusef(CodeDiffFile, SentenceDiffUnreadable, path)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxInventoryBytes+1))
	if err != nil {
		return nil, fault.Refusef(CodeDiffFile, SentenceDiffUnreadable, path)
	}
	if len(data) > MaxInventoryBytes {
		return nil, fault.Refusef(CodeDiffFile, SentenceDiffTooLarge, path, "16 MiB")
	}
	d := json.NewDecoder(strings.NewReader(string(data)))
	d.UseNumber()
	var doc map[string]any
	if err := d.Decode(&doc); err != nil || doc == nil || d.Decode(new(any)) != io.EOF {
		return nil, fault.Refusef(CodeDiffFile, SentenceDiffSchema, path, InventorySchema)
	}
	if !isInventory(doc) {
		return nil, fault.Refusef(CodeDiffFile, SentenceDiffSchema, path, InventorySchema)
	}
	return doc, nil
}

// ErrNoInventory is returned by DiffWith for a nil earlier document.
var ErrNoInventory = errors.New("no earlier inventory")

// DiffWith compares an earlier inventory with this one: items (nodes, classes, CoreDNS
// Deployments, add-ons) added or removed, and every field that changed, in a stable order.
func (inv *Inventory) DiffWith(earlier map[string]any) (*Diff, error) {
	if earlier == nil {
		return nil, ErrNoInventory
	}
	before, after := flatten(earlier), flatten(document(inv))
	out := &Diff{APIVersion: DiffSchema, Kind: DiffKind, Changes: []Change{}}
	for _, sec := range unionKeys(before, after) {
		b, a := before[sec], after[sec]
		for _, item := range unionKeys(b, a) {
			bf, inB := b[item]
			af, inA := a[item]
			switch {
			case item != "" && !inB:
				out.Changes = append(out.Changes, Change{Section: sec, Item: item, Change: "added"})
			case item != "" && !inA:
				out.Changes = append(out.Changes, Change{Section: sec, Item: item, Change: "removed"})
			default:
				out.Changes = append(out.Changes, fieldChanges(sec, item, bf, af)...)
			}
		}
	}
	return out, nil
}

func fieldChanges(sec, item string, b, a map[string]string) []Change {
	var out []Change
	for _, f := range unionKeys(b, a) {
		if b[f] != a[f] {
			out = append(out, Change{Section: sec, Item: item, Change: "changed", Field: f, Before: b[f], After: a[f]})
		}
	}
	return out
}

func unionKeys[V any](x, y map[string]V) []string {
	set := map[string]bool{}
	for k := range x {
		set[k] = true
	}
	for k := range y {
		set[k] = true
	}
	return sortedKeys(set)
}

// flatten turns a document into section -> item -> field -> value. An array of objects is keyed
// by each object's id or name; an array of scalars is one comma-joined value.
func flatten(doc map[string]any) map[string]map[string]map[string]string {
	out := map[string]map[string]map[string]string{}
	for sec, v := range doc {
		if diffSkip[sec] {
			continue
		}
		items := map[string]map[string]string{}
		if arr, ok := v.([]any); ok && !scalars(arr) {
			for _, e := range arr {
				m, _ := e.(map[string]any)
				key := s(m["id"])
				if key == "" {
					key = s(m["name"])
				}
				items[key] = map[string]string{}
				flattenInto(items[key], "", m, sec)
			}
		} else {
			items[""] = map[string]string{}
			flattenInto(items[""], "", v, sec)
		}
		out[sec] = items
	}
	return out
}

func scalars(arr []any) bool {
	for _, e := range arr {
		switch e.(type) {
		case map[string]any, []any:
			return false
		}
	}
	return true
}

func flattenInto(out map[string]string, prefix string, v any, sec string) {
	switch t := v.(type) {
	case map[string]any:
		for k, c := range t {
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			if diffSkip[sec+"."+p] {
				continue
			}
			flattenInto(out, p, c, sec)
		}
	case []any:
		var parts []string
		for _, e := range t {
			b, _ := json.Marshal(e)
			parts = append(parts, strings.Trim(string(b), `"`))
		}
		sort.Strings(parts)
		out[prefix] = strings.Join(parts, ",")
	default:
		b, _ := json.Marshal(t)
		out[prefix] = strings.Trim(string(b), `"`)
	}
}

// Lines is the diff for a person: one line a change.
func (d *Diff) Lines() []string {
	if len(d.Changes) == 0 {
		return []string{sentenceNoDiff}
	}
	var out []string
	for _, c := range d.Changes {
		what := c.Section
		if c.Item != "" {
			what += " " + c.Item
		}
		switch c.Change {
		case "added":
			out = append(out, "+ "+what)
		case "removed":
			out = append(out, "- "+what)
		default:
			out = append(out, "~ "+what+" "+c.Field+": "+orNone(c.Before)+" -> "+orNone(c.After))
		}
	}
	return out
}

func orNone(v string) string {
	if v == "" {
		return "<none>"
	}
	return v
}
