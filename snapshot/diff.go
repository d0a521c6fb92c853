package snapshot

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"sort"
	"strings"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/redact"
)

// The changes a snapshot diff names.
const (
	ChangeAdded   = "added"
	ChangeRemoved = "removed"
	ChangeChanged = "changed"
)

// Side is one snapshot of a diff as its manifest tells it.
type Side struct {
	Path       string `json:"path"`
	Server     string `json:"server"`
	User       string `json:"user"`
	CapturedAt string `json:"capturedAt"`
	Cluster    string `json:"cluster,omitempty"`
	Redact     string `json:"redact"`
}

// ObjectChange is one object added, removed or changed between the two snapshots; for a change,
// the fields that differ (paths, never values), at most limits.SnapshotDiffMaxFields of them.
type ObjectChange struct {
	Kind       string   `json:"kind"`
	Namespace  string   `json:"namespace,omitempty"`
	Name       string   `json:"name"`
	Change     string   `json:"change"`
	Fields     []string `json:"fields,omitempty"`
	MoreFields int      `json:"moreFields,omitempty"`
}

// KindSummary counts one kind's changes; NotCompared says why a kind was not compared (it was
// not captured whole on one side).
type KindSummary struct {
	Kind        string `json:"kind"`
	Added       int    `json:"added"`
	Removed     int    `json:"removed"`
	Changed     int    `json:"changed"`
	NotCompared string `json:"notCompared,omitempty"`
}

// DiffReport is what changed from snapshot A to snapshot B.
type DiffReport struct {
	A       Side           `json:"a"`
	B       Side           `json:"b"`
	Notes   []string       `json:"notes,omitempty"`
	Kinds   []KindSummary  `json:"kinds"`
	Objects []ObjectChange `json:"objects"`
	// Unlisted counts the changes past limits.SnapshotDiffMaxChanges (counted, not listed).
	Unlisted int `json:"unlisted,omitempty"`
}

// Changed reports whether anything changed (what --fail-on-change exits 4 on).
func (r *DiffReport) Changed() bool {
	for _, k := range r.Kinds {
		if k.Added+k.Removed+k.Changed > 0 {
			return true
		}
	}
	return false
}

// DiffOptions say how a diff is made.
type DiffOptions struct {
	PathA, PathB string
	// Machine masks Secret names (and the keys of their data) as machine mode masks them.
	Machine bool
}

// Diff compares two snapshots of one cluster kind by kind, object by object. Memory is bounded by
// A's index (a key and a hash per object) and one entry of each side at a time. Two snapshots
// whose recorded cluster identities differ are refused.
func Diff(ctx context.Context, a, b *Snapshot, o DiffOptions) (*DiffReport, error) {
	ma, mb := &a.Manifest, &b.Manifest
	if ma.Cluster != "" && mb.Cluster != "" && ma.Cluster != mb.Cluster {
		return nil, fault.Refusef(CodeFlags, sentenceDiffClusters, o.PathA, o.PathB)
	}
	r := &DiffReport{A: sideOf(o.PathA, ma), B: sideOf(o.PathB, mb)}
	if ma.Cluster == "" || mb.Cluster == "" {
		r.Notes = append(r.Notes, noteDiffNoCluster)
	}
	machine := o.Machine || ma.Redact == "machine" || mb.Redact == "machine"
	for _, name := range kindNames(a, b) {
		ka, kb := kindByName(a, name), kindByName(b, name)
		sum, err := diffKind(ctx, r, ka, kb, name, machine)
		if ctx.Err() != nil {
			// the statement's deadline or Ctrl-C: studioctl's sentence, not the context's words
			return nil, fault.Refusef(CodeLimit, sentenceDiffStopped, name)
		}
		if err != nil {
			return nil, err
		}
		if sum.Added+sum.Removed+sum.Changed > 0 || sum.NotCompared != "" {
			r.Kinds = append(r.Kinds, sum)
		}
	}
	return r, nil
}

func sideOf(path string, m *Manifest) Side {
	return Side{Path: path, Server: m.Server, User: m.Identity.User, CapturedAt: m.CapturedAt.UTC().Format("2006-01-02T15:04:05Z"), Cluster: m.Cluster, Redact: m.Redact}
}

// kindNames are the kinds either snapshot lists (group and resource), in name order.
func kindNames(a, b *Snapshot) []string {
	seen := map[string]bool{}
	for _, s := range []*Snapshot{a, b} {
		for _, k := range s.kinds {
			seen[k.GroupResource()] = true
		}
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func kindByName(s *Snapshot, name string) *kindData {
	for _, k := range s.kinds {
		if k.GroupResource() == name {
			return k
		}
	}
	return nil
}

// indexed is one object of A: its hash and where it is, to be read again when B's differs.
type indexed struct {
	hash [sha256.Size]byte
	at   pos
	seen bool
}

// diffKind compares one kind: A is indexed, B walked against the index, then what B never met
// is removed.
func diffKind(ctx context.Context, r *DiffReport, ka, kb *kindData, name string, machine bool) (KindSummary, error) {
	sum := KindSummary{Kind: name}
	switch {
	case ka != nil && ka.State != StateCaptured:
		sum.NotCompared = "not captured in A (" + ka.State + ")"
		return sum, nil
	case kb != nil && kb.State != StateCaptured:
		sum.NotCompared = "not captured in B (" + kb.State + ")"
		return sum, nil
	case ka != nil && len(ka.Cut) > 0 || kb != nil && len(kb.Cut) > 0:
		sum.NotCompared = "cut at --max-rows on one side"
		return sum, nil
	}
	index := map[string]*indexed{}
	if ka != nil {
		err := ka.walk(ctx, pos{}, "", func(at pos, it item) bool {
			index[objectKey(it.Meta)] = &indexed{hash: hashObject(ka.object(it)), at: at}
			return true
		})
		if err != nil {
			return sum, err
		}
	}
	if kb != nil {
		var werr error
		err := kb.walk(ctx, pos{}, "", func(_ pos, it item) bool {
			key := objectKey(it.Meta)
			x, ok := index[key]
			obj := kb.object(it)
			switch {
			case !ok:
				sum.Added++
				r.add(change(name, it.Meta, ChangeAdded, machine))
			case x.hash != hashObject(obj):
				x.seen = true
				sum.Changed++
				c := change(name, it.Meta, ChangeChanged, machine)
				var old map[string]any
				if old, werr = objectAt(ka, x.at); werr != nil {
					return false
				}
				c.Fields, c.MoreFields = changedFields(old, obj, isSecrets(name) && machine)
				r.add(c)
			default:
				x.seen = true
			}
			return true
		})
		if err == nil {
			err = werr
		}
		if err != nil {
			return sum, err
		}
	}
	if ka != nil {
		err := ka.walk(ctx, pos{}, "", func(_ pos, it item) bool {
			if x := index[objectKey(it.Meta)]; x != nil && !x.seen {
				x.seen = true
				sum.Removed++
				r.add(change(name, it.Meta, ChangeRemoved, machine))
			}
			return true
		})
		if err != nil {
			return sum, err
		}
	}
	return sum, nil
}

// add lists a change, or counts it past the cap.
func (r *DiffReport) add(c ObjectChange) {
	if len(r.Objects) >= limits.SnapshotDiffMaxChanges {
		r.Unlisted++
		return
	}
	r.Objects = append(r.Objects, c)
}

// isSecrets reports whether a snapshot's kind (resource, or resource.group) is the core Secrets.
func isSecrets(kind string) bool {
	resource, group, _ := strings.Cut(kind, ".")
	return apivalue.CoreSecrets(group, resource)
}

// change names an object; in machine mode a Secret's name is masked.
func change(kind string, obj map[string]any, what string, machine bool) ObjectChange {
	name := apivalue.MetaString(obj, "name")
	if machine && isSecrets(kind) {
		name = redact.Masked
	}
	return ObjectChange{Kind: kind, Namespace: apivalue.MetaString(obj, "namespace"), Name: name, Change: what}
}

// objectKey finds an object on both sides: its namespace and name, or its UID when its name was
// masked at capture (a machine-mode snapshot's Secret).
func objectKey(obj map[string]any) string {
	name := apivalue.MetaString(obj, "name")
	if name == redact.Masked {
		return "uid\x00" + apivalue.MetaString(obj, "uid")
	}
	return apivalue.MetaString(obj, "namespace") + "\x00" + name
}

// objectAt reads A's object at p again (its entry decoded once more when it is not the one held).
func objectAt(k *kindData, p pos) (map[string]any, error) {
	items, err := k.chunk(p.chunk)
	if err != nil {
		return nil, err
	}
	if p.index >= len(items) {
		return map[string]any{}, nil
	}
	return k.object(items[p.index]), nil
}

// ignoredMeta are the metadata fields that change on every write without saying what changed.
var ignoredMeta = map[string]bool{"resourceVersion": true, "managedFields": true}

// Heartbeats change on every beat without anything having changed: a condition's
// lastHeartbeatTime (a node says it is still Ready every few seconds) and a Lease's renewTime.
// A node that changed readiness or capacity is still reported; one that only beat is not.
const (
	heartbeatCondition = "lastHeartbeatTime"
	heartbeatLease     = "renewTime"
)

// hashObject hashes an object's JSON without the fields ignoredMeta names and its heartbeats.
func hashObject(obj map[string]any) [sha256.Size]byte {
	b, _ := json.Marshal(withoutIgnored(obj))
	return sha256.Sum256(b)
}

// withoutIgnored is obj without what a diff does not compare. The object shared with the reader
// is not changed: what is left out is copied around.
func withoutIgnored(obj map[string]any) map[string]any {
	out := make(map[string]any, len(obj))
	for k, v := range obj {
		out[k] = v
	}
	if md, ok := obj["metadata"].(map[string]any); ok {
		m := make(map[string]any, len(md))
		for k, v := range md {
			if !ignoredMeta[k] {
				m[k] = v
			}
		}
		out["metadata"] = m
	}
	if status, ok := obj["status"].(map[string]any); ok {
		if conds, ok := status["conditions"].([]any); ok {
			s := make(map[string]any, len(status))
			for k, v := range status {
				s[k] = v
			}
			cs := make([]any, len(conds))
			for i, c := range conds {
				cs[i] = without(c, heartbeatCondition)
			}
			s["conditions"] = cs
			out["status"] = s
		}
	}
	if kind, _ := obj["kind"].(string); kind == "Lease" {
		out["spec"] = without(obj["spec"], heartbeatLease)
	}
	return out
}

// without is v less key, when v is a map holding it; v itself is left as it is.
func without(v any, key string) any {
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	if _, has := m[key]; !has {
		return v
	}
	c := make(map[string]any, len(m))
	for k, x := range m {
		if k != key {
			c[k] = x
		}
	}
	return c
}
