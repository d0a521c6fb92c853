package kube

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/limits"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube/discovery"
)

// Column is one of a Table's column definitions.
type Column struct {
	Name        string `json:"name"`
	Type        string `json:"type"`
	Format      string `json:"format"`
	Description string `json:"description"`
	Priority    int    `json:"priority"`
}

// Row is one Table row: its cells in column order and, when asked for, the object's metadata
// (a PartialObjectMetadata: enough for NAMESPACE, labels and names) or, with includeObject=Object,
// the whole object, Secret values stripped.
type Row struct {
	Cells  []any          `json:"cells"`
	Object map[string]any `json:"object,omitempty"`
}

// Table is one page of the server's meta.k8s.io Table answer.
type Table struct {
	Columns         []Column
	Rows            []Row
	Continue        string
	ResourceVersion string
	// Plain marks a Table made from an object the server sent instead of a Table (a custom
	// resource's subresource): kubectl prints such an object with its default NAME and AGE.
	Plain bool
}

// Name returns a row's object name from its metadata, or "" when the row carries none.
func (r Row) Name() string { return apivalue.MetaString(r.Object, "name") }

// Namespace returns a row's object namespace from its metadata.
func (r Row) Namespace() string { return apivalue.MetaString(r.Object, "namespace") }

// Labels returns a row's object labels.
func (r Row) Labels() map[string]string { return apivalue.MetaStrings(r.Object, "labels") }

// ListOptions narrow a list and set how much of each object a table row carries.
type ListOptions struct {
	LabelSelector string
	FieldSelector string
	// IncludeObject is "None" (cells only), "Metadata" (the server's default), "Object" (whole
	// objects, for a sort outside metadata) or "".
	IncludeObject string
	// MaxRows is the statement's row cap; 0 means limits.DefaultMaxRows.
	MaxRows int
	// PageSize defaults to limits.PageSize (500) and may only be smaller.
	PageSize int
	// NoRestart is set by a reader that prints each page as it arrives (get -o json on the
	// command line): what it printed cannot be taken back, so a 410 Gone is returned rather than
	// restarting the walk from the first page.
	NoRestart bool
	// Prefetch asks for the next page while this one is handed on (prefetch.go): set by the
	// readers that print each page as it arrives, where the server's work on page N+1 and
	// studioctl's on page N then overlap.
	Prefetch bool
	// MaxItemBytes caps each object of a ListObjects walk as the server sent it (0: no cap): a
	// larger one ends the walk (CodeLimitItemBytes) before it is handed on.
	MaxItemBytes int
}

// Pager receives a paged walk. Reset is called when a 410 Gone restarts the walk from the start,
// so the pages received so far must be dropped.
type Pager interface {
	Page(*Table) error
	Reset()
}

// Scope is where a statement reads: one namespace, every namespace, or (for cluster-scoped
// kinds) the cluster.
type Scope struct {
	Namespace     string
	AllNamespaces bool
}

func (s Scope) describe(r discovery.APIResource) string {
	switch {
	case !r.Namespaced:
		return ""
	case s.AllNamespaces:
		return " in all namespaces"
	}
	return " in namespace " + s.Namespace
}

func collectionPath(r discovery.APIResource, s Scope) string {
	p := "/apis/" + r.Group + "/" + r.Version
	if r.Group == "" {
		p = "/api/" + r.Version
	}
	if r.Namespaced && !s.AllNamespaces {
		p += "/namespaces/" + s.Namespace
	}
	return p + "/" + r.Resource
}

func objectPath(r discovery.APIResource, ns, name string) string {
	return collectionPath(r, Scope{Namespace: ns}) + "/" + name
}

// checkName refuses a name that could not be one path segment, before any URL is built.
func checkName(what, name string) error {
	if name == "" || name == "." || name == ".." || len(name) > 253 || strings.ContainsAny(name, "/%?#;\\") {
		return fault.Refusef(fault.CodeRefusedName, sentenceBadName, what)
	}
	for i := 0; i < len(name); i++ {
		if name[i] <= ' ' || name[i] > '~' {
			return fault.Refusef(fault.CodeRefusedName, sentenceBadName, what)
		}
	}
	return nil
}

func checkScope(s Scope, r discovery.APIResource) error {
	if r.Namespaced && !s.AllNamespaces && !fault.IsDNS1123Label(s.Namespace) {
		return fault.Refusef(fault.CodeRefusedName, sentenceBadNamespace)
	}
	return nil
}

// ListTable walks a collection as Table pages of at most 500 rows, following continue tokens,
// under the statement's row cap. A 410 Gone restarts the walk once. Every page read is handed to
// the Pager before the cap is checked, so a caller that shows "N or more" (the tree's folders)
// has the first N rows when ListTable returns fault.CodeLimitRows.
func (c *Client) ListTable(ctx context.Context, r discovery.APIResource, s Scope, o ListOptions, p Pager) error {
	return c.walk(ctx, r, s, o, acceptTable, func(body []byte, what string) (string, int, error) {
		if o.IncludeObject == "Object" {
			// Whole objects: a batch of rows at a time (streamTable), so a page of 500 is
			// never decoded whole.
			var pageErr error
			cont, n, handled, err := streamTable(body, r, func(t *Table) error {
				pageErr = p.Page(t)
				return pageErr
			})
			switch {
			case pageErr != nil:
				return "", 0, pageErr
			case err != nil:
				return "", 0, decodeError(what, err)
			case handled:
				return cont, n, nil
			}
		}
		t, err := decodeTableAs(body, r, o.IncludeObject == "Object")
		if err != nil {
			return "", 0, decodeError(what, err)
		}
		if err := p.Page(t); err != nil {
			return "", 0, err
		}
		return t.Continue, len(t.Rows), nil
	}, p.Reset)
}

// ListObjects walks a collection as JSON lists, handing each item (with apiVersion and kind set,
// as kubectl prints them) to each.
func (c *Client) ListObjects(ctx context.Context, r discovery.APIResource, s Scope, o ListOptions, each func(map[string]any) error, reset func()) error {
	return c.walk(ctx, r, s, o, AcceptJSON, func(body []byte, what string) (string, int, error) {
		var eachErr error // the caller's error, returned as it is
		cont, n, err := eachListItem(body, o.MaxItemBytes, func(it map[string]any, secretList bool) error {
			stampKind(it, r, peopleDecoded(it, r, secretList))
			eachErr = each(it)
			return eachErr
		})
		var big itemTooLarge
		switch {
		case eachErr != nil:
			return "", 0, eachErr
		case errors.As(err, &big):
			return "", 0, &fault.Error{Code: CodeLimitItemBytes, Class: fault.Refused, Sentence: fault.Sentencef(sentenceItemSize, big.name, o.MaxItemBytes>>20)}
		case err != nil:
			return "", 0, decodeError(what, err)
		}
		return cont, n, nil
	}, reset)
}

type pageFunc func(body []byte, what string) (next string, rows int, err error)

func (c *Client) walk(ctx context.Context, r discovery.APIResource, s Scope, o ListOptions, accept string, page pageFunc, reset func()) error {
	if err := checkScope(s, r); err != nil {
		return err
	}
	what := "list " + r.GroupResource() + s.describe(r)
	maxRows := o.MaxRows
	if maxRows <= 0 {
		maxRows = limits.DefaultMaxRows
	}
	size := limits.PageSize
	if o.PageSize > 0 && o.PageSize < size {
		size = o.PageSize
	}
	deadline, clockStart, wallStart := c.statementClock(ctx)
	wctx, cancel := context.WithDeadline(ctx, wallStart.Add(deadline))
	defer cancel()
	b := walkBounds{pages: maxPages(maxRows, size), deadline: deadline, start: clockStart, stmt: statementName(ctx)}
	restarted := false
	for {
		err := c.walkOnce(wctx, r, s, o, accept, what, size, maxRows, b, page)
		if err != nil && wctx.Err() == context.DeadlineExceeded && ctx.Err() == nil {
			return b.late(what)
		}
		if e, ok := fault.As(err); ok && e.Code == fault.CodeGone && o.NoRestart {
			return fault.Server(fault.CodeGone, e.Status, sprintf(sentenceGonePrinted, what))
		}
		if e, ok := fault.As(err); ok && e.Code == fault.CodeGone && !restarted {
			restarted = true
			if reset != nil {
				reset()
			}
			continue
		}
		return err
	}
}

// walkBounds are a walk's bounds beyond its row cap: how many pages it may read, and the
// statement's deadline, measured from start by the client's clock.
type walkBounds struct {
	pages    int
	deadline time.Duration
	start    time.Time
	stmt     string
}

func (b walkBounds) late(what string) *fault.Error {
	stmt := b.stmt
	if stmt == "" {
		stmt = "read"
	}
	return fault.Unreached(fault.CodeStatementDeadline, sprintf(sentenceStatementTime, what, humanDuration(b.deadline), stmt))
}

// humanDuration says a deadline in words: "2 minutes", "90 seconds".
func humanDuration(d time.Duration) string {
	switch {
	case d%time.Minute == 0 && d >= 2*time.Minute:
		return strconv.Itoa(int(d/time.Minute)) + " minutes"
	case d == time.Minute:
		return "1 minute"
	}
	return fmtDuration(d) + " seconds"
}

func (c *Client) walkOnce(ctx context.Context, r discovery.APIResource, s Scope, o ListOptions, accept, what string, size, maxRows int, b walkBounds, page pageFunc) error {
	cont := ""
	total := 0
	var ahead *prefetched // the next page, asked for while this one was handed on
	defer func() { ahead.drop() }()
	for pages := 1; ; pages++ {
		if pages > b.pages {
			return &fault.Error{Code: fault.CodeLimitPages, Class: fault.Refused, Sentence: sprintf(sentencePageCap, what, b.pages, maxRows, size)}
		}
		if c.opts.Now().Sub(b.start) > b.deadline {
			return b.late(what)
		}
		var body []byte
		var err error
		if ahead != nil && ahead.cont == cont {
			body, err = ahead.wait()
		} else {
			ahead.drop()
			body, err = c.do(ctx, c.pageCall(r, s, o, accept, what, size, cont))
		}
		ahead = nil
		if err != nil {
			return err
		}
		// Ask for the next page now only when it will surely be read: this page cannot reach
		// the row cap or the page cap, so a walk that ends at either sends nothing extra.
		if o.Prefetch && pages < b.pages && total+size < maxRows {
			if next := peekContinue(body); next != "" && next != cont {
				ahead = c.prefetch(ctx, c.pageCall(r, s, o, accept, what, size, next), next)
			}
		}
		next, n, err := page(body, what)
		if err != nil {
			return err
		}
		total += n
		if total > maxRows || (total == maxRows && next != "") {
			return &fault.Error{Code: fault.CodeLimitRows, Class: fault.Refused, Sentence: sprintf(sentenceRowCap, what, maxRows)}
		}
		if next == "" {
			return nil
		}
		if next == cont {
			return fault.Server(codeMalformed, 200, sprintf(sentenceMalformed, what))
		}
		cont = next
	}
}

// pageCall is the request for one page of a walk.
func (c *Client) pageCall(r discovery.APIResource, s Scope, o ListOptions, accept, what string, size int, cont string) *call {
	cl := &call{method: "GET", path: collectionPath(r, s), accept: accept, what: what}
	cl.set("limit", strconv.Itoa(size))
	if cont != "" {
		cl.set("continue", cont)
	}
	cl.setSelection(o, accept == acceptTable)
	return cl
}

// setSelection sets a list's or a watch's label and field selectors and, on a Table read, what
// each row carries of its object.
func (cl *call) setSelection(o ListOptions, table bool) {
	if o.LabelSelector != "" {
		cl.set("labelSelector", o.LabelSelector)
	}
	if o.FieldSelector != "" {
		cl.set("fieldSelector", o.FieldSelector)
	}
	if table && o.IncludeObject != "" {
		cl.set("includeObject", o.IncludeObject)
	}
}

// GetTable reads one object as a one-row Table.
func (c *Client) GetTable(ctx context.Context, r discovery.APIResource, ns, name, includeObject string) (*Table, error) {
	what := "get " + r.GroupResource() + " " + name + Scope{Namespace: ns}.describe(r)
	if err := checkName(what, name); err != nil {
		return nil, err
	}
	if err := checkScope(Scope{Namespace: ns}, r); err != nil {
		return nil, err
	}
	cl := &call{method: "GET", path: objectPath(r, ns, name), accept: acceptTable, what: what, notFound: notFound(r, ns, name)}
	if includeObject != "" {
		cl.set("includeObject", includeObject)
	}
	body, err := c.do(ctx, cl)
	if err != nil {
		return nil, err
	}
	t, err := decodeTableAs(body, r, includeObject == "Object")
	if err != nil {
		return nil, decodeError(what, err)
	}
	return t, nil
}

// GetObject reads one object whole, with people-mode Secret stripping already applied.
func (c *Client) GetObject(ctx context.Context, r discovery.APIResource, ns, name string) (map[string]any, error) {
	what := "get " + r.GroupResource() + " " + name + Scope{Namespace: ns}.describe(r)
	if err := checkName(what, name); err != nil {
		return nil, err
	}
	if err := checkScope(Scope{Namespace: ns}, r); err != nil {
		return nil, err
	}
	body, err := c.do(ctx, &call{method: "GET", path: objectPath(r, ns, name), accept: AcceptJSON, what: what, notFound: notFound(r, ns, name)})
	if err != nil {
		return nil, err
	}
	var obj map[string]any
	if err := decodeJSON(body, &obj); err != nil || obj == nil {
		return nil, decodeError(what, err)
	}
	stampKind(obj, r, peopleDecoded(obj, r, false))
	return obj, nil
}

func notFound(r discovery.APIResource, ns, name string) func() *fault.Error {
	return func() *fault.Error {
		if r.Namespaced {
			return fault.Server(fault.CodeNotFound, 404, sprintf(sentenceObjectNotFoundNS, r.GroupResource(), name, ns))
		}
		return fault.Server(fault.CodeNotFound, 404, sprintf(sentenceObjectNotFound, r.GroupResource(), name))
	}
}

// The wire shape of a Table; cells decode with exact numbers.
type wireTable struct {
	Kind              string   `json:"kind"`
	APIVersion        string   `json:"apiVersion"`
	ColumnDefinitions []Column `json:"columnDefinitions"`
	Rows              []Row    `json:"rows"`
	Metadata          struct {
		Continue        string `json:"continue"`
		ResourceVersion string `json:"resourceVersion"`
	} `json:"metadata"`
	Items []map[string]any `json:"items"` // the plain-list fallback
}

// decodeTable reads a Table answer, or the plain list a server sends when it cannot make a Table
// (the Accept's JSON fallback), which becomes a NAME column.
func decodeTable(body []byte, r discovery.APIResource) (*Table, error) {
	return decodeTableAs(body, r, false)
}

// decodeTableAs is decodeTable; whole says the rows were asked for with their objects whole
// (includeObject=Object): each row's object then gets its apiVersion and kind as a listed object
// does, and the plain-list fallback keeps each item whole rather than its metadata.
func decodeTableAs(body []byte, r discovery.APIResource, whole bool) (*Table, error) {
	var w wireTable
	if err := decodeJSON(body, &w); err != nil {
		return nil, err
	}
	t := &Table{Continue: w.Metadata.Continue, ResourceVersion: w.Metadata.ResourceVersion}
	if w.Kind == "Table" {
		t.Columns, t.Rows = w.ColumnDefinitions, w.Rows
		// A row's object is a PartialObjectMetadata (or, with includeObject=Object, the whole
		// object): for core secrets it is stripped as a Secret whatever its kind says; any other
		// row's object loses every Secret its own kind reveals.
		for i := range t.Rows {
			if obj := t.Rows[i].Object; len(obj) > 0 {
				secret := peopleDecoded(obj, r, false)
				if whole && obj["kind"] != "PartialObjectMetadata" {
					stampKind(obj, r, secret)
				}
			}
		}
		return t, nil
	}
	if w.Kind != "" && !strings.HasSuffix(w.Kind, "List") && w.Kind != r.Kind {
		return nil, errNotTable
	}
	// A single object or a list without a Table: name each row from its metadata.
	items := w.Items
	if w.Kind == r.Kind {
		var obj map[string]any
		if err := decodeJSON(body, &obj); err != nil {
			return nil, err
		}
		items = []map[string]any{obj}
	}
	t.Columns = []Column{{Name: "Name", Type: "string", Format: "name"}}
	secretList := secretListKind(w.Kind, w.APIVersion)
	for _, it := range items {
		if it == nil {
			continue
		}
		secret := peopleDecoded(it, r, secretList)
		row := Row{Cells: []any{apivalue.MetaString(it, "name")}, Object: it}
		if whole {
			stampKind(it, r, secret)
		} else {
			row.Object = map[string]any{"metadata": apivalue.Meta(it)}
		}
		t.Rows = append(t.Rows, row)
	}
	return t, nil
}

var errNotTable = &jsonShapeError{"not a Table or a list"}

type jsonShapeError struct{ s string }

func (e *jsonShapeError) Error() string { return e.s }

// Decoded objects from a JSON answer, raw enough for json.Marshal to print them back unchanged.
var _ = json.Number("")
