package get

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/printer/jsonpath"
)

// On the command line (the session's Live stream is set), get -o json, yaml, name and the forms
// over a collection print as the pages arrive, under the row cap: kubectl's scale, with memory
// flat in the number of objects, each object decoded (Secret values stripped), masked and printed
// through the printer, then dropped. Agents and the console keep the spec's 500 documents (docs).
// With --sort-by every object must be read first: each is kept as compact JSON with its key only.

// stream answers ok when the read was printed as it came; otherwise the caller reads it whole.
func (g *getRead) stream(ctx context.Context) (res *printer.Result, ok bool, err error) {
	if g.s.Live == nil || len(g.names) > 0 || g.o.watching() {
		return nil, false, nil
	}
	if g.o.Output == "name" {
		if g.sort != nil {
			res, err = g.streamSorted(ctx, nil)
			return res, true, err
		}
		res, err = g.streamNames(ctx)
		return res, true, err
	}
	if g.o.Output != "json" && g.o.Output != "yaml" && g.form == nil {
		return nil, false, nil
	}
	ds, ok := g.s.Live.Docs(&printer.Docs{Format: g.o.Output, SecretNames: isCoreSecrets(g.r), Form: g.form})
	if !ok {
		return nil, false, nil
	}
	if g.sort != nil {
		res, err = g.streamSorted(ctx, ds)
	} else {
		res, err = g.streamDocs(ctx, ds)
	}
	return res, true, err
}

// docCap is how many objects a document read holds: the row cap on the command line, the spec's
// 500 for agents and the console.
func (g *getRead) docCap() int {
	if g.s.Live != nil {
		return g.o.MaxRows
	}
	return limits.MaxDocuments
}

// docCapError is the refusal of a document read past docCap, before anything was printed.
func (g *getRead) docCapError() error {
	if g.s.Live != nil {
		return fault.Refusef(fault.CodeLimitRows, sentenceDocumentRows, g.o.MaxRows)
	}
	return fault.Refusef(fault.CodeLimitRows, sentenceDocumentCount, limits.MaxDocuments)
}

// streamOptions are a printed read's list options: the row cap, and no restart over what was
// printed.
func (g *getRead) streamOptions(include string) kube.ListOptions {
	opts := g.listOptions(include)
	opts.NoRestart = true
	// Each object's size is checked as it arrives (kube), not by encoding it once more here.
	opts.MaxItemBytes = limits.MaxDocumentBytes
	return opts
}

// printedCapError says the row cap was reached after n objects were printed.
func (g *getRead) printedCapError(err error, n int) error {
	if e, ok := fault.As(err); ok && e.Code == fault.CodeLimitRows {
		return fault.Refusef(fault.CodeLimitRows, sentenceStreamRows, g.o.MaxRows, n)
	}
	return err
}

func (g *getRead) streamDocs(ctx context.Context, ds *printer.DocStream) (*printer.Result, error) {
	n := 0
	err := g.s.Client.ListObjects(ctx, g.r, g.scope, g.streamOptions(""), func(o map[string]any) error {
		if n >= g.o.MaxRows {
			return nil // past the cap: the walk fails after this page, and nothing more is printed
		}
		n++
		return ds.Item(o, false)
	}, nil)
	if err != nil {
		return nil, g.printedCapError(err, n)
	}
	return g.closeStream(ds, n)
}

func (g *getRead) closeStream(ds *printer.DocStream, n int) (*printer.Result, error) {
	if err := ds.Close(); err != nil {
		return nil, err
	}
	res := &printer.Result{}
	if n == 0 {
		res.Empty = g.emptySentence()
	}
	return res, nil
}

// namePrinter prints each page's -o name lines as it arrives, up to the row cap.
type namePrinter struct {
	p       *NamePager
	live    *printer.Stream
	left, n int
}

func (np *namePrinter) Reset() {}

func (np *namePrinter) Page(t *kube.Table) error {
	np.p.Lines.Text = np.p.Lines.Text[:0]
	if np.p.Lines.SecretLines != nil {
		np.p.Lines.SecretLines = np.p.Lines.SecretLines[:0]
	}
	if err := np.p.Page(t); err != nil {
		return err
	}
	if len(np.p.Lines.Text) > np.left {
		np.p.Lines.Text = np.p.Lines.Text[:np.left]
	}
	np.left -= len(np.p.Lines.Text)
	np.n += len(np.p.Lines.Text)
	return np.live.Lines(np.p.Lines)
}

func (g *getRead) streamNames(ctx context.Context) (*printer.Result, error) {
	lines := &printer.Lines{Names: true, SecretNames: isCoreSecrets(g.r)}
	np := &namePrinter{p: g.namePager(lines), live: g.s.Live, left: g.o.MaxRows}
	if err := g.s.Client.ListTable(ctx, g.r, g.scope, g.streamOptions("Metadata"), np); err != nil {
		return nil, g.printedCapError(err, np.n)
	}
	res := &printer.Result{}
	if np.n == 0 {
		res.Empty = g.emptySentence()
	}
	return res, nil
}

// sortedRead is a --sort-by read kept for sorting: per object its key and either its compact JSON
// (documents) or its -o name line, never the decoded object.
type sortedRead struct {
	keys []any
	kept [][]byte
}

// streamSorted reads every object under the row cap, sorts, then prints: through ds, or as -o name
// lines when ds is nil.
func (g *getRead) streamSorted(ctx context.Context, ds *printer.DocStream) (*printer.Result, error) {
	sr := &sortedRead{}
	err := g.s.Client.ListObjects(ctx, g.r, g.scope, g.listOptions(""), func(o map[string]any) error {
		data, err := documentBytes(o)
		if err != nil {
			return err
		}
		if ds == nil {
			data = []byte(nameLine(o))
		}
		sr.keys = append(sr.keys, sortKey(g.sort.key(o)))
		sr.kept = append(sr.kept, data)
		return nil
	}, func() { *sr = sortedRead{} })
	if err != nil {
		return nil, err
	}
	if err := g.sort.checkFound(sr.keys, 1); err != nil {
		return nil, err
	}
	var perm []int
	order(sr.keys, func(p []int) { perm = p })
	if ds == nil {
		return sr.names(g, perm), nil
	}
	for _, p := range perm {
		o, err := decodeKept(sr.kept[p])
		if err != nil {
			return nil, err
		}
		sr.kept[p] = nil
		if err := ds.Item(o, false); err != nil {
			return nil, err
		}
	}
	return g.closeStream(ds, len(perm))
}

// names is the sorted -o name answer, printed by the Writer as any lines are (a Secret's line
// masked in machine mode by its kind). As the whole read's, it says nothing when there are none.
func (sr *sortedRead) names(g *getRead, perm []int) *printer.Result {
	lines := &printer.Lines{Names: true, SecretNames: isCoreSecrets(g.r)}
	for _, p := range perm {
		lines.Text = append(lines.Text, string(sr.kept[p]))
	}
	return &printer.Result{Lines: lines}
}

// sortKey keeps a key that is a map or a list as the text it compares by (less compares such keys
// by their text, and a text that starts with { or [ is never a quantity), so no part of the
// object outlives its page.
func sortKey(k any) any {
	switch k.(type) {
	case map[string]any, []any:
		return jsonpath.Text(k)
	}
	return k
}

// decodeKept reads an object kept as compact JSON back with its exact numbers.
func decodeKept(data []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var o map[string]any
	err := dec.Decode(&o)
	return o, err
}
