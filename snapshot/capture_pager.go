package snapshot

import (
	"bytes"
	"container/heap"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/redact"
)

// errRestarted is what a capture's pager answers once the server restarted a list (410 Gone)
// after some of its pages were written: they cannot be taken back, so the kind fails.
var errRestarted = errors.New("the list restarted after part of it was written")

// capturePager keeps a kind's rows as the pages of its walk arrive: each namespace's share up to
// the cap (the first in the server's order, or for events the newest), the rest counted.
type capturePager struct {
	cp   *capture
	k    *Kind
	w    *kindWriter
	kept map[string]int
	left map[string]int
	// newest: the kind is events, whose share past the cap keeps the newest. The events of the
	// namespace being read wait in a heap of at most the cap, the oldest on top; the server
	// lists a namespace's events together, so one namespace waits at a time.
	newest    bool
	waiting   eventHeap
	waitingNS string
	flushed   map[string]bool
	seq       int
	restarted bool
}

func (p *capturePager) Page(t *kube.Table) error {
	if p.restarted {
		return errRestarted
	}
	if len(t.Columns) > 0 && p.w.columns == nil {
		p.w.columns = t.Columns
	}
	limit := p.cp.o.MaxRows
	if limit == 0 {
		limit = limits.SnapshotMaxKindObjects
	}
	for _, row := range t.Rows {
		obj := row.Object
		if obj == nil {
			obj = map[string]any{}
		}
		ns := apivalue.MetaString(obj, "namespace")
		it := storedItem{Object: obj, Cells: row.Cells}
		if p.newest && p.cp.o.MaxRows > 0 {
			if err := p.wait(ns, it, limit); err != nil {
				return err
			}
			continue
		}
		if p.kept[ns] >= limit {
			p.left[ns]++
			continue
		}
		p.kept[ns]++
		if err := p.keep(it); err != nil {
			return err
		}
	}
	return nil
}

// Reset is called when the server restarts the walk: the pages written stay written, so the
// next page fails the kind.
func (p *capturePager) Reset() { p.restarted = true }

// keep notes what the capture needs from the object (its log targets, the namespaces, the
// cluster's identity, machine mode's routing facts), masks it in machine mode and writes it.
func (p *capturePager) keep(it storedItem) error {
	p.cp.observe(p.k, it.Object)
	if p.cp.o.Machine {
		p.cp.keepRoute(p.k, it.Object)
		if apivalue.CoreSecrets(p.k.Group, p.k.Resource) {
			redact.MachineSecretAnswer(it.Object)
			for _, i := range nameColumns(p.w.columns) {
				if i < len(it.Cells) {
					it.Cells[i] = redact.Masked
				}
			}
		} else {
			p.maskSecretEvent(it)
			redact.Machine(it.Object)
		}
	}
	return p.w.add(it)
}

// maskSecretEvent masks, in a machine-mode capture, the cells of an event about a Secret that
// name it: the event's own name (the Secret's, with a hash) and its Object cell ("secret/NAME"),
// as machine mode masks them when it prints rows (printer.Writer), so the file holds neither.
func (p *capturePager) maskSecretEvent(it storedItem) {
	if p.k.Resource != "events" || (p.k.Group != "" && p.k.Group != "events.k8s.io") {
		return
	}
	objectCol := kube.ObjectColumn(p.w.columns)
	if !kube.EventRowAboutSecret(it.Object, it.Cells, objectCol) {
		return
	}
	for _, i := range nameColumns(p.w.columns) {
		if i < len(it.Cells) {
			it.Cells[i] = redact.Masked
		}
	}
	if objectCol >= 0 && objectCol < len(it.Cells) {
		cell, _ := it.Cells[objectCol].(string)
		if kind, _, ok := strings.Cut(cell, "/"); ok {
			it.Cells[objectCol] = kind + "/" + redact.Masked
		}
	}
}

// wait holds an event of namespace ns among the newest limit of its namespace.
func (p *capturePager) wait(ns string, it storedItem, limit int) error {
	if ns != p.waitingNS {
		if err := p.flushAll(); err != nil {
			return err
		}
		p.waitingNS = ns
	}
	if p.flushed[ns] { // a namespace listed again after its share was written
		p.left[ns]++
		return nil
	}
	e := waitingEvent{at: eventTime(it.Object), seq: p.seq, it: it}
	p.seq++
	switch {
	case len(p.waiting) < limit:
		heap.Push(&p.waiting, e)
	case p.waiting[0].older(e):
		heap.Pop(&p.waiting)
		heap.Push(&p.waiting, e)
		p.left[ns]++
	default:
		p.left[ns]++
	}
	return nil
}

// flushAll writes the waiting namespace's newest events in the server's order.
func (p *capturePager) flushAll() error {
	if len(p.waiting) == 0 {
		return nil
	}
	list := []waitingEvent(p.waiting)
	sort.Slice(list, func(i, j int) bool { return list[i].seq < list[j].seq })
	p.waiting = nil
	if p.flushed == nil {
		p.flushed = map[string]bool{}
	}
	p.flushed[p.waitingNS] = true
	for _, e := range list {
		p.kept[p.waitingNS]++
		if err := p.keep(e.it); err != nil {
			return err
		}
	}
	return nil
}

// cuts are the namespaces whose share passed the cap, in name order.
func (p *capturePager) cuts() []NamespaceCut {
	var out []NamespaceCut
	for ns, n := range p.left {
		if n > 0 {
			out = append(out, NamespaceCut{Namespace: ns, Kept: p.kept[ns], Left: n})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Namespace < out[j].Namespace })
	return out
}

// isEvents reports the two event kinds, whose cut keeps the newest.
func isEvents(k *Kind) bool {
	return k.Resource == "events" && (k.Group == "" || k.Group == "events.k8s.io")
}

// eventTime is when an event last happened: its last timestamp, its series' last observation,
// its event time, or its creation.
func eventTime(obj map[string]any) time.Time {
	series, _ := obj["series"].(map[string]any)
	for _, v := range []any{obj["lastTimestamp"], obj["deprecatedLastTimestamp"], series["lastObservedTime"], obj["eventTime"], apivalue.Meta(obj)["creationTimestamp"]} {
		if s, ok := v.(string); ok {
			if t := apivalue.Time(s); !t.IsZero() {
				return t
			}
		}
	}
	return time.Time{}
}

type waitingEvent struct {
	at  time.Time
	seq int
	it  storedItem
}

func (a waitingEvent) older(b waitingEvent) bool {
	if !a.at.Equal(b.at) {
		return a.at.Before(b.at)
	}
	return a.seq < b.seq
}

// eventHeap holds the newest events of a namespace, the oldest on top.
type eventHeap []waitingEvent

func (h eventHeap) Len() int           { return len(h) }
func (h eventHeap) Less(i, j int) bool { return h[i].older(h[j]) }
func (h eventHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *eventHeap) Push(x any)        { *h = append(*h, x.(waitingEvent)) }
func (h *eventHeap) Pop() any {
	old := *h
	e := old[len(old)-1]
	*h = old[:len(old)-1]
	return e
}

// observe keeps what the capture reads later from an object: the containers of a pod (for its
// logs), a namespace's name (for its rules review) and kube-system's UID (the cluster's
// identity, which snapshot diff compares).
func (cp *capture) observe(k *Kind, obj map[string]any) {
	if k.Group != "" {
		return
	}
	switch k.Resource {
	case "pods":
		t := logTargets([]map[string]any{obj})
		cp.mu.Lock()
		cp.logs = append(cp.logs, t...)
		cp.mu.Unlock()
	case "namespaces":
		name := apivalue.MetaString(obj, "name")
		cp.mu.Lock()
		cp.namespaceNames = append(cp.namespaceNames, name)
		if uid := apivalue.MetaString(obj, "uid"); name == "kube-system" && uid != "" {
			cp.m.Cluster = clusterFingerprint(uid)
		}
		cp.mu.Unlock()
	}
}

// clusterFingerprint is the cluster's identity as a manifest records it.
func clusterFingerprint(uid string) string {
	h := sha256.Sum256([]byte("kube-system\x00" + uid))
	return hex.EncodeToString(h[:])[:16]
}

// kindWriter writes a kind's entries as its objects arrive: an entry is written when it holds
// limits.SnapshotChunkObjects objects or limits.SnapshotChunkBytes of JSON, so a capture never
// holds more than one entry of a kind. An entry past the size cap marks the kind full.
type kindWriter struct {
	a       *archive
	index   int
	columns []kube.Column
	buf     bytes.Buffer
	n       int // objects in buf
	chunks  int // entries written
	objects int // objects written
	full    bool
}

// maxChunks is how many entries one kind may have: the entry names hold four digits.
const maxChunks = limits.SnapshotMaxKindChunks

func (w *kindWriter) add(it storedItem) error {
	if w.full {
		return nil
	}
	b, err := json.Marshal(it)
	if err != nil {
		return err
	}
	if w.n > 0 && (w.n >= limits.SnapshotChunkObjects || w.buf.Len()+len(b) > limits.SnapshotChunkBytes) {
		if err := w.flush(); err != nil || w.full {
			return err
		}
	}
	if w.n > 0 {
		w.buf.WriteByte(',')
	}
	w.buf.Write(b)
	w.n++
	return nil
}

// flush writes the objects held as the kind's next entry.
func (w *kindWriter) flush() error {
	if w.chunks >= maxChunks {
		w.full = true
		return nil
	}
	cols, err := json.Marshal(w.columns)
	if err != nil {
		return err
	}
	data := make([]byte, 0, w.buf.Len()+len(cols)+32)
	data = append(data, `{"columns":`...)
	data = append(data, cols...)
	data = append(data, `,"items":[`...)
	data = append(data, w.buf.Bytes()...)
	data = append(data, "]}"...)
	err = w.a.add(fmt.Sprintf(entryFormat, prefixKinds, w.index, w.chunks), data, true)
	if errors.Is(err, errFull) {
		w.full = true
		return nil
	}
	if err != nil {
		return err
	}
	w.chunks++
	w.objects += w.n
	w.buf.Reset()
	w.n = 0
	return nil
}

// close writes the last entry (a kind with no object still gets one, for its columns).
func (w *kindWriter) close() error {
	if w.full || (w.n == 0 && w.chunks > 0) {
		return nil
	}
	return w.flush()
}
