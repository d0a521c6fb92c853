// Package get answers get: the server's own Table as kubectl prints it (wide, labels, label
// columns), names, JSON and YAML documents, and a bounded watch window.
package get

import (
	"context"
	"sort"
	"strings"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/redact"
	"github.com/studioctl/studioctl/statement"
)

// Options are get's options, filled once from the statement.
type Options struct {
	reader.Common
	Args           []string `args:""`
	Namespace      string   `flag:"namespace"`
	AllNamespaces  bool     `flag:"all-namespaces"`
	Selector       string   `flag:"selector"`
	FieldSelector  string   `flag:"field-selector"`
	Output         string   `flag:"output"`
	ShowLabels     bool     `flag:"show-labels"`
	LabelColumns   []string `flag:"label-columns"`
	IgnoreNotFound bool     `flag:"ignore-not-found"`
	Watch          bool     `flag:"watch"`
	WatchOnly      bool     `flag:"watch-only"`
	WatchEvents    bool     `flag:"output-watch-events"`
	NoHeaders      bool     `flag:"no-headers"`
	SortBy         string   `flag:"sort-by"`
	AllowMissing   *bool    `flag:"allow-missing-template-keys"` // nil: kubectl's default, true
	Subresource    string   `flag:"subresource"`                 // status or scale of one named object
	Raw            *string  `flag:"raw"`                         // get --raw PATH: one of policy.RawPaths (raw.go)
	MaxRows        int      // the row cap, from the session (Complete)
	// ReadFile reads a -o ...-file form's file; nil reads the local file system (the command line).
	ReadFile func(name string) ([]byte, error)
}

// Validate checks get's targets and its watch form before anything is sent.
func (o *Options) Validate() error {
	if o.Raw != nil {
		return o.validateRaw()
	}
	targets, err := getTargets(o.Args)
	if err != nil {
		return err
	}
	_, sort, err := o.readForms()
	if err != nil {
		return err
	}
	if err := o.validateSubresource(targets); err != nil {
		return err
	}
	if o.watching() {
		if sort != nil {
			return fault.Refusef(statement.CodeUsage, sentenceSortByWatch)
		}
		if o.Output != "" && o.Output != "wide" {
			return fault.Refusef(statement.CodeBadValue, sentenceWatchOutput, o.Output)
		}
		if len(targets) > 1 {
			return fault.Refusef(statement.CodeUsage, sentenceWatchSeveral)
		}
		if len(targets[0].names) > 0 {
			return fault.Refusef(statement.CodeUsage, sentenceWatchNames)
		}
	}
	return nil
}

// watching: -w or --watch-only (--output-watch-events alone lists, as kubectl's does).
func (o *Options) watching() bool { return o.Watch || o.WatchOnly }

// Complete fills the namespace and the row cap the session supplies.
func (o *Options) Complete(s *reader.Session) {
	o.Namespace = s.Namespace(o.Namespace)
	o.MaxRows = s.RowCap()
}

// Run reads the objects and builds the table, names or documents: one type as before, several
// (TYPE,TYPE, TYPE/NAME of different kinds, a category such as all) kind by kind (several.go).
func (o *Options) Run(ctx context.Context, s *reader.Session) (*printer.Result, error) {
	if o.Raw != nil {
		return o.runRaw(ctx, s)
	}
	targets, err := getTargets(o.Args)
	if err != nil {
		return nil, err
	}
	form, sort, err := o.readForms()
	if err != nil {
		return nil, err
	}
	reads, err := o.resolve(ctx, s, targets, form, sort)
	if err != nil {
		return nil, err
	}
	if err := machineSort(s, reads); err != nil {
		return nil, err
	}
	if len(reads) > 1 {
		if o.Subresource != "" {
			return nil, fault.Refusef(statement.CodeUsage, sentenceSubresourceOne)
		}
		if o.watching() {
			return nil, fault.Refusef(statement.CodeUsage, sentenceWatchSeveral)
		}
		return o.several(ctx, reads)
	}
	g := reads[0]
	if res, ok, err := g.stream(ctx); ok {
		return res, err
	}
	switch {
	case o.Subresource != "":
		return g.subresource(ctx)
	case o.Output == "name" && sort != nil:
		res, err := g.sortedDocs(ctx)
		if err == nil && res.Docs != nil {
			res.Docs, res.Lines, res.Empty = nil, namesOf(res.Docs), ""
		}
		return res, err
	case o.Output == "name":
		return g.nameLines(ctx)
	case o.Output == "json" || o.Output == "yaml" || form != nil:
		return g.sortedDocs(ctx)
	}
	if o.watching() && s.Live != nil {
		return g.live(ctx)
	}
	if o.watching() {
		return g.watch(ctx)
	}
	return g.table(ctx)
}

// machineSort refuses, in machine mode, a --sort-by whose path machine mode masks in any kind
// read: the order of the rows would tell the hidden values (or a Secret's names) apart. Only
// discovery has been read when it refuses.
func machineSort(s *reader.Session, reads []*getRead) error {
	if !s.Machine || len(reads) == 0 || reads[0].sort == nil {
		return nil
	}
	for _, g := range reads {
		if g.sort.machineHides(g.r) {
			return fault.Refusef(codeSortByMasked, sentenceSortByMasked, g.o.SortBy, g.r.GroupResource())
		}
	}
	return nil
}

type getRead struct {
	s     *reader.Session
	o     *Options
	r     discovery.APIResource
	names []string
	scope kube.Scope
	form  printer.Form // -o jsonpath=, custom-columns=, go-template= and their files
	sort  *sorter      // --sort-by
	// objectCol is the server's Object column (kind/name of what an event is about) in the
	// Table pages read so far, for a secretEvents read; 0 until a page names its columns.
	objectCol int
}

// showNamespace is kubectl's NAMESPACE column: -A on a namespaced kind.
func (g *getRead) showNamespace() bool { return g.scope.AllNamespaces && g.r.Namespaced }

// includeObject asks the server for each row's metadata only when a column needs it; otherwise
// rows carry cells alone, which keeps pages small (and keeps a Secret's annotations off the wire).
// A --sort-by path outside metadata asks for whole objects, as kubectl's does; each row keeps only
// its cells and its key (tableBuilder.Page).
func (g *getRead) includeObject() string {
	if g.sort != nil && !g.sort.metadataOnly() {
		return "Object"
	}
	if g.showNamespace() || g.sort != nil || g.o.ShowLabels || len(g.o.LabelColumns) > 0 {
		return "Metadata"
	}
	return "None"
}

// secretEvents is a machine-mode read of events, whose rows must each say whether the event is
// about a Secret, and so named after it (aboutSecret).
func (g *getRead) secretEvents() bool {
	return g.s != nil && g.s.Machine && g.r.Resource == "events" && (g.r.Group == "" || g.r.Group == "events.k8s.io")
}

// aboutSecret marks a row of a secretEvents read. The server's Table for events (core and
// events.k8s.io alike) has an Object column, "kind/name" of what the event is about, on every
// page and every watch event, so the rows need not carry objects; a row that does carry its
// object (--sort-by off metadata) is read by it too. A page with no Object column and no object
// cannot tell, so its row counts as one about a Secret.
func (g *getRead) aboutSecret(row kube.Row) bool {
	if !g.secretEvents() {
		return false
	}
	cell, hasCell := "", false
	if i := g.objectCol - 1; i >= 0 && i < len(row.Cells) {
		cell, hasCell = printer.CellString(row.Cells[i]), true
	}
	return redact.EventRowAboutSecret(row.Object, cell, hasCell)
}

// seeColumns notes where the Object column is, when a page names the columns.
func (g *getRead) seeColumns(cols []kube.Column) {
	if i := kube.ObjectColumn(cols); i >= 0 {
		g.objectCol = i + 1
	}
}

func (g *getRead) emptySentence() string {
	if g.r.Namespaced && !g.scope.AllNamespaces {
		return fault.Sentencef(reader.SentenceNoResourcesIn, g.scope.Namespace)
	}
	return sentenceNoResources
}

// tableBuilder turns server Table pages into the printed table, page by page, so only printed
// cells are kept in memory.
type tableBuilder struct {
	g       *getRead
	out     *printer.Table
	indexes []int // which server columns print
	ready   bool
	keys    []any // each row's --sort-by key; the row's object is not kept
}

func (b *tableBuilder) Reset() { b.out.Rows, b.out.SecretRows, b.ready, b.keys = nil, nil, false, nil }

func (b *tableBuilder) Page(t *kube.Table) error {
	if !b.ready && len(t.Columns) > 0 {
		b.header(t.Columns)
	}
	b.g.seeColumns(t.Columns)
	for _, row := range t.Rows {
		b.out.Rows = append(b.out.Rows, b.cells(row))
		if b.g.secretEvents() {
			b.out.SecretRows = append(b.out.SecretRows, b.g.aboutSecret(row))
		}
		if b.g.sort != nil {
			b.keys = append(b.keys, b.g.sort.key(row.Object))
		}
	}
	return nil
}

func (b *tableBuilder) header(cols []kube.Column) {
	g := b.g
	wide := g.o.Output == "wide"
	custom := discovery.IsCustomGroup(g.r.Group)
	b.indexes = b.indexes[:0]
	var out []printer.Column
	if g.showNamespace() {
		out = append(out, printer.Column{Header: "NAMESPACE", Role: printer.RoleNamespace})
	}
	for i, c := range cols {
		if c.Priority != 0 && !wide {
			continue
		}
		b.indexes = append(b.indexes, i)
		role := printer.RolePlain
		switch {
		case c.Format == "name":
			role = printer.RoleName
		case c.Type == "date" || strings.EqualFold(c.Name, "Age"):
			role = printer.RoleAge
		case g.r.Resource == "events" && strings.EqualFold(c.Name, "Object"):
			role = printer.RoleObjectRef // kind/name of what the event is about
		case custom:
			role = printer.RoleServerCell
		}
		out = append(out, printer.Column{Header: strings.ToUpper(c.Name), Role: role})
	}
	for _, key := range g.o.LabelColumns {
		parts := strings.Split(key, "/")
		out = append(out, printer.Column{Header: strings.ToUpper(parts[len(parts)-1]), Role: printer.RoleLabel})
	}
	if g.o.ShowLabels {
		out = append(out, printer.Column{Header: "LABELS", Role: printer.RoleLabel})
	}
	b.out.Columns = out
	b.ready = true
}

func (b *tableBuilder) cells(row kube.Row) []string {
	g := b.g
	out := make([]string, 0, len(b.out.Columns))
	if g.showNamespace() {
		out = append(out, row.Namespace())
	}
	for _, i := range b.indexes {
		if i < len(row.Cells) {
			out = append(out, printer.CellString(row.Cells[i]))
		} else {
			out = append(out, "")
		}
	}
	keys := g.o.LabelColumns
	var labels map[string]string
	if len(keys) > 0 || g.o.ShowLabels {
		labels = row.Labels()
	}
	for _, k := range keys {
		out = append(out, labels[k])
	}
	if g.o.ShowLabels {
		out = append(out, formatLabels(labels))
	}
	return out
}

// formatLabels prints labels as kubectl does: the key=value pairs sorted as whole strings (so
// "app.kubernetes.io/name=x" sorts before "app=y"), or <none>.
func formatLabels(labels map[string]string) string {
	if len(labels) == 0 {
		return "<none>"
	}
	pairs := make([]string, 0, len(labels))
	for k, v := range labels {
		pairs = append(pairs, k+"="+v)
	}
	sort.Strings(pairs)
	return strings.Join(pairs, ",")
}

func (g *getRead) listOptions(include string) kube.ListOptions {
	return kube.ListOptions{
		LabelSelector: g.o.Selector, FieldSelector: g.o.FieldSelector,
		IncludeObject: include, MaxRows: g.o.MaxRows,
		// On the command line a walk reads the next page while this one is printed.
		Prefetch: g.s.Live != nil,
	}
}

func (g *getRead) table(ctx context.Context) (*printer.Result, error) {
	b := &tableBuilder{g: g, out: &printer.Table{NoHeaders: g.o.NoHeaders, SecretNames: isCoreSecrets(g.r)}}
	res := &printer.Result{Table: b.out}
	if len(g.names) == 0 {
		if err := g.s.Client.ListTable(ctx, g.r, g.scope, g.listOptions(g.includeObject()), b); err != nil {
			return nil, err
		}
		if len(b.out.Rows) == 0 {
			res.Empty = g.emptySentence()
		}
		if err := b.sortRows(); err != nil {
			return nil, err
		}
		return res, nil
	}
	for _, name := range g.names {
		t, err := g.s.Client.GetTable(ctx, g.r, g.scope.Namespace, name, g.includeObject())
		if err := g.collect(res, err); err != nil {
			return nil, err
		}
		if t != nil {
			b.Page(t)
		}
	}
	if err := b.sortRows(); err != nil {
		return nil, err
	}
	return res, nil
}

// collect keeps a named object's 404 as a per-item error (kubectl prints the others and fails),
// drops it with --ignore-not-found, and returns any other error.
func (g *getRead) collect(res *printer.Result, err error) error {
	if err == nil {
		return nil
	}
	e, ok := fault.As(err)
	if !ok || e.Code != fault.CodeNotFound {
		return err
	}
	if !g.o.IgnoreNotFound {
		res.Errors = append(res.Errors, e)
	}
	return nil
}

// nameOf is kubectl's -o name prefix: the kind in lower case, with its group when it has one.
func nameOf(r discovery.APIResource) string {
	k := strings.ToLower(r.Kind)
	if r.Group != "" {
		k += "." + r.Group
	}
	return k
}

// NamePager keeps the -o name line of each row of a paged Table read.
type NamePager struct {
	Lines *printer.Lines
	kind  string
	// g, for a secretEvents read, marks the rows about a Secret; nil otherwise.
	g *getRead
}

// Reset forgets the rows read, when a 410 Gone restarts the walk.
func (p *NamePager) Reset() { p.Lines.Text, p.Lines.SecretLines = nil, nil }

// Page takes each row's name from its metadata: the name column is the server's rendering and
// may carry decorations such as "standard (default)".
func (p *NamePager) Page(t *kube.Table) error {
	if p.g != nil {
		p.g.seeColumns(t.Columns)
	}
	for _, row := range t.Rows {
		if name := row.Name(); name != "" {
			p.Lines.Text = append(p.Lines.Text, p.kind+"/"+name)
			if p.g != nil {
				p.Lines.SecretLines = append(p.Lines.SecretLines, p.g.aboutSecret(row))
			}
		}
	}
	return nil
}

// namePager takes -o name lines into lines, marking those about a Secret on a secretEvents read.
func (g *getRead) namePager(lines *printer.Lines) *NamePager {
	p := &NamePager{Lines: lines, kind: nameOf(g.r)}
	if g.secretEvents() {
		p.g = g
	}
	return p
}

func (g *getRead) nameLines(ctx context.Context) (*printer.Result, error) {
	lines := &printer.Lines{Names: true, SecretNames: isCoreSecrets(g.r)}
	res := &printer.Result{Lines: lines}
	p := g.namePager(lines)
	if len(g.names) == 0 {
		if err := g.s.Client.ListTable(ctx, g.r, g.scope, g.listOptions("Metadata"), p); err != nil {
			return nil, err
		}
		if len(lines.Text) == 0 {
			res.Empty = g.emptySentence()
		}
		return res, nil
	}
	for _, name := range g.names {
		t, err := g.s.Client.GetTable(ctx, g.r, g.scope.Namespace, name, "Metadata")
		if err := g.collect(res, err); err != nil {
			return nil, err
		}
		if t != nil {
			p.Page(t)
		}
	}
	return res, nil
}

func (g *getRead) docs(ctx context.Context) (*printer.Result, error) {
	d := &printer.Docs{Format: g.o.Output, SecretNames: isCoreSecrets(g.r), Form: g.form}
	res := &printer.Result{Docs: d}
	add := func(o map[string]any) error {
		if err := checkDocumentSize(o); err != nil {
			return err
		}
		d.Objects = append(d.Objects, o)
		return nil
	}
	if len(g.names) == 0 {
		opts := g.listOptions("")
		opts.MaxRows = g.docCap()
		err := g.s.Client.ListObjects(ctx, g.r, g.scope, opts, add, func() { d.Objects = nil })
		if e, ok := fault.As(err); ok && e.Code == fault.CodeLimitRows && g.s.Live == nil {
			return nil, g.docCapError()
		}
		if err != nil {
			return nil, err
		}
		if len(d.Objects) == 0 {
			res.Empty = g.emptySentence()
		}
		return res, nil
	}
	if len(g.names) > limits.MaxDocuments {
		return nil, fault.Refusef(fault.CodeLimitRows, sentenceDocumentCount, limits.MaxDocuments)
	}
	for _, name := range g.names {
		o, err := g.s.Client.GetObject(ctx, g.r, g.scope.Namespace, name)
		if err := g.collect(res, err); err != nil {
			return nil, err
		}
		if o != nil {
			if err := add(o); err != nil {
				return nil, err
			}
		}
	}
	d.Single = len(g.names) == 1
	if d.Single && len(d.Objects) == 0 {
		d.Single = false
		res.Docs = nil
	}
	return res, nil
}

func checkDocumentSize(o map[string]any) error {
	_, err := documentBytes(o)
	return err
}

// documentBytes is an object as compact JSON, refused past the 1 MiB a document may hold.
func documentBytes(o map[string]any) ([]byte, error) {
	data, err := printer.MarshalJSON(o)
	if err != nil || len(data) > limits.MaxDocumentBytes {
		// A cap reached while reading exits 2, as the contract's table says for every cap.
		return nil, &fault.Error{Code: "limit.document_bytes", Class: fault.Refused, Sentence: fault.Sentencef(sentenceDocumentSize, metaName(o))}
	}
	return data, nil
}

func metaName(o map[string]any) string {
	return apivalue.MetaString(o, "name")
}

func isCoreSecrets(r discovery.APIResource) bool { return apivalue.CoreSecrets(r.Group, r.Resource) }
