package browse

import (
	"context"
	"sync"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/limits"
)

// Count is one number of the overview: read (N, Capped), or not readable (Locked), or not served.
type Count struct {
	N         int
	Capped    bool
	Locked    *Lock
	NotServed bool
	Err       *fault.Error
	Source    string // namespaces: where the list came from (FromAPI, FromConnection, ...)
}

// Text is the count as health prints it.
func (c Count) Text() string {
	switch {
	case c.Locked != nil:
		return sprintf(wordCountNotReadable, c.Locked.Sentence)
	case c.NotServed:
		return wordNotServed
	case c.Err != nil:
		return sprintf(wordNotRead, c.Err.Sentence)
	case c.Capped:
		return sprintf(wordMore, Thousands(limits.TreeFolderCap))
	}
	if c.Source == FromConnection {
		return sprintf(wordNamespacesFrom, Thousands(c.N))
	}
	return Thousands(c.N)
}

// Health is what the health view shows: readiness, the server's version and the overview.
type Health struct {
	Ready      bool
	Readyz     string         // /readyz's text when it answered 2xx ("ok")
	Version    map[string]any // /version
	Nodes      Count
	Namespaces Count
	Notices    []Notice
}

// GitVersion is the server's version string.
func (h *Health) GitVersion() string {
	s, _ := h.Version["gitVersion"].(string)
	return s
}

// Health reads /readyz and /version, and counts nodes and namespaces with the tree's capped walks
// (the Nodes folder's list and the namespace list), concurrently within the browser's bound.
func (b *Browser) Health(ctx context.Context) (*Health, error) {
	h := &Health{}
	var (
		wg              sync.WaitGroup
		readyErr, vErr  error
		nodesErr, nsErr error
	)
	wg.Add(4)
	go func() {
		defer wg.Done()
		b.acquire()
		defer b.release()
		h.Readyz, h.Ready, readyErr = b.c.Readyz(ctx)
	}()
	go func() {
		defer wg.Done()
		b.acquire()
		defer b.release()
		h.Version, vErr = b.c.ServerVersion(ctx)
	}()
	go func() {
		defer wg.Done()
		h.Nodes, nodesErr = b.countNodes(ctx)
	}()
	go func() {
		defer wg.Done()
		ns, err := b.Namespaces(ctx)
		if err != nil {
			nsErr = err
			return
		}
		h.Notices = ns.Notices
		h.Namespaces = Count{N: len(ns.Names), Capped: ns.Capped, Locked: ns.Refused, Source: ns.Source,
			NotServed: ns.Source == FromDefault && ns.Refused == nil}
	}()
	wg.Wait()
	for _, err := range []error{readyErr, vErr, nodesErr, nsErr} {
		if err != nil {
			return nil, err
		}
	}
	return h, nil
}

func (b *Browser) countNodes(ctx context.Context) (Count, error) {
	d, err := b.discovery(ctx)
	if err != nil {
		return Count{}, err
	}
	r, ok := d.Preferred("", "nodes")
	if !ok || !r.Has("list") {
		return Count{NotServed: true}, nil
	}
	f := &Node{Kind: KindFolder, Path: join(ClusterName, "nodes"), Label: "Nodes", Resource: &r}
	if err := b.fillFolder(ctx, f); err != nil {
		return Count{}, err
	}
	return Count{N: f.Count, Capped: f.Capped, Locked: f.Locked, Err: f.Err}, nil
}

// Lines is the health view as text: readiness, version, then the overview's counts.
func (h *Health) Lines() []string {
	ready := wordReady
	if !h.Ready {
		ready = wordNotReady
	}
	version := h.GitVersion()
	if p, _ := h.Version["platform"].(string); p != "" {
		version += " (" + p + ")"
	}
	return []string{
		"Readiness:    " + ready,
		"Version:      " + version,
		"Nodes:        " + h.Nodes.Text(),
		"Namespaces:   " + h.Namespaces.Text(),
	}
}

// JSONHealth is the health view's JSON document (docs/tree.md), versioned like the tree's.
type JSONHealth struct {
	APIVersion string         `json:"apiVersion"`
	Kind       string         `json:"kind"`
	Ready      bool           `json:"ready"`
	Readyz     string         `json:"readyz"`
	Version    map[string]any `json:"version"`
	Nodes      JSONCount      `json:"nodes"`
	Namespaces JSONCount      `json:"namespaces"`
	Notices    []Notice       `json:"notices"`
}

// JSONCount is one count of the overview; count is absent when it could not be read.
type JSONCount struct {
	Count     *int   `json:"count,omitempty"`
	CountText string `json:"countText"`
	Capped    bool   `json:"capped"`
	Locked    *Lock  `json:"locked,omitempty"`
	NotServed bool   `json:"notServed,omitempty"`
	Error     *Lock  `json:"error,omitempty"`
	Source    string `json:"source,omitempty"`
}

// JSON builds the health view's JSON document.
func (h *Health) JSON() *JSONHealth {
	conv := func(c Count) JSONCount {
		j := JSONCount{CountText: c.Text(), Capped: c.Capped, Locked: c.Locked, NotServed: c.NotServed, Source: c.Source}
		if c.Err != nil {
			j.Error = &Lock{Code: c.Err.Code, Sentence: c.Err.Sentence}
		}
		if c.Locked == nil && !c.NotServed && c.Err == nil {
			n := c.N
			j.Count = &n
		}
		return j
	}
	notices := h.Notices
	if notices == nil {
		notices = []Notice{}
	}
	return &JSONHealth{APIVersion: HealthSchema, Kind: HealthKind, Ready: h.Ready, Readyz: h.Readyz, Version: h.Version,
		Nodes: conv(h.Nodes), Namespaces: conv(h.Namespaces), Notices: notices}
}
