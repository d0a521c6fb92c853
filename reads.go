package studioctl

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"iter"
	"net/http"
	"strings"
	"time"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/redact"
)

// Error is every failure studioctl reports: a stable Code for programs ("http.forbidden",
// "limit.rows", "refused.write_command"), the HTTP Status when the server answered (else 0), a
// Sentence composed by studioctl (never the server's own message), and its Class (refused, a
// server's error, unreachable), whose exit code on the command line Exit gives. Use errors.As,
// or [AsError].
type Error = fault.Error

// AsError finds an *Error in err's chain.
func AsError(err error) (*Error, bool) { return fault.As(err) }

// ListOptions say where a list reads and how much.
type ListOptions struct {
	// Namespace is the namespace of a namespaced kind; "" is the connection's default namespace.
	Namespace string
	// AllNamespaces reads every namespace (Namespace is then ignored).
	AllNamespaces bool
	// LabelSelector and FieldSelector narrow the list on the server, as kubectl's -l and
	// --field-selector do.
	LabelSelector string
	FieldSelector string
	// MaxRows is this list's row cap; 0 is the session's. Past the cap the list fails with
	// limit.rows, never cut silently.
	MaxRows int
}

func (s *Session) scope(r discovery.APIResource, o ListOptions) kube.Scope {
	ns := o.Namespace
	if ns == "" {
		ns = s.Namespace()
	}
	return kube.Scope{Namespace: ns, AllNamespaces: o.AllNamespaces}
}

func (s *Session) listOptions(o ListOptions, include string) (kube.ListOptions, error) {
	if o.MaxRows < 0 || o.MaxRows > limits.MaxMaxRows {
		return kube.ListOptions{}, fault.Refusef(fault.CodeLimitValue, sentenceMaxRows, limits.MaxMaxRows)
	}
	max := o.MaxRows
	if max == 0 {
		max = s.RowCap()
	}
	return kube.ListOptions{LabelSelector: o.LabelSelector, FieldSelector: o.FieldSelector, MaxRows: max, IncludeObject: include}, nil
}

// listOf checks a list's options and then resolves its kind: the options' refusal comes first,
// with nothing sent.
func (s *Session) listOf(ctx context.Context, kind string, o ListOptions, include string) (discovery.APIResource, kube.ListOptions, error) {
	ko, err := s.listOptions(o, include)
	if err != nil {
		return discovery.APIResource{}, kube.ListOptions{}, err
	}
	r, err := s.client.Resolve(ctx, kind)
	if err != nil {
		return discovery.APIResource{}, kube.ListOptions{}, err
	}
	return r, ko, nil
}

// mask applies machine redaction to an answer about r, in place.
func (s *Session) mask(r discovery.APIResource, v any) {
	if s.mode != Machine {
		return
	}
	if apivalue.CoreSecrets(r.Group, r.Resource) {
		redact.MachineSecretAnswer(v)
		return
	}
	redact.Machine(v)
}

// List reads the objects of a kind, following the server's continue tokens one page (at most 500
// objects) at a time, so memory holds one page however long the list. The iteration ends with a
// non-nil error (and a zero Object) when a read fails; a list longer than the row cap yields the
// objects read so far, then a limit.rows error. A list the server expires mid-way (410 Gone) fails
// with http.gone if objects were already yielded, rather than yield them twice.
func (s *Session) List(ctx context.Context, kind string, o ListOptions) iter.Seq2[Object, error] {
	return func(yield func(Object, error) bool) {
		r, ko, err := s.listOf(ctx, kind, o, "")
		if err != nil {
			yield(Object{}, err)
			return
		}
		stop := errors.New("stopped")
		yielded, stopped := false, false
		err = s.client.ListObjects(ctx, r, s.scope(r, o), ko, func(m map[string]any) error {
			if stopped {
				return stop
			}
			s.mask(r, m)
			yielded = true
			if !yield(Object{m: m}, nil) {
				stopped = true
				return stop
			}
			return nil
		}, func() {
			if yielded && !stopped {
				stopped = true
				yield(Object{}, &Error{Code: fault.CodeGone, Status: http.StatusGone, Class: fault.ServerError,
					Sentence: fault.Sentencef(sentenceListExpired, r.GroupResource())})
			}
		})
		if err != nil && !errors.Is(err, stop) && !stopped {
			yield(Object{}, err)
		}
	}
}

// Get reads one object; namespace "" is the connection's default (ignored for a cluster-scoped
// kind).
func (s *Session) Get(ctx context.Context, kind, namespace, name string) (Object, error) {
	r, err := s.client.Resolve(ctx, kind)
	if err != nil {
		return Object{}, err
	}
	if namespace == "" {
		namespace = s.client.Endpoint().DefaultNamespace
	}
	m, err := s.client.GetObject(ctx, r, namespace, name)
	if err != nil {
		return Object{}, err
	}
	s.mask(r, m)
	return Object{m: m}, nil
}

// Column is one of a server table's columns.
type Column struct {
	// Name is the column's header as the server names it ("Name", "Ready", "Age").
	Name string
	// Type is the cells' type: string, integer, number, boolean or date.
	Type string
	// Format refines Type: name for the object's name column, and the like.
	Format string
	// Description is the server's description of the column.
	Description string
	// Priority is 0 for the columns kubectl prints by default, above 0 for -o wide's.
	Priority int
}

func columnsOf(kc []kube.Column) []Column {
	out := make([]Column, len(kc))
	for i, c := range kc {
		out[i] = Column{Name: c.Name, Type: c.Type, Format: c.Format, Description: c.Description, Priority: c.Priority}
	}
	return out
}

// Table is the server's own table of a kind (the columns kubectl prints), every page of it.
type Table struct {
	Columns []Column
	Rows    []Row
}

// Row is one row of a Table: its cells in column order, and the object's metadata (name,
// namespace, labels, owner references; not its spec or status).
type Row struct {
	Cells  []any
	Object Object
}

// Column returns the index of the column named name (case-insensitive), or -1.
func (t *Table) Column(name string) int {
	for i, c := range t.Columns {
		if strings.EqualFold(c.Name, name) {
			return i
		}
	}
	return -1
}

// Cell is the cell at column i as text ("" when the row has no such cell).
func (r Row) Cell(i int) string {
	if i < 0 || i >= len(r.Cells) || r.Cells[i] == nil {
		return ""
	}
	if s, ok := r.Cells[i].(string); ok {
		return s
	}
	return fmt.Sprint(r.Cells[i])
}

// Table reads the server's table of a kind, every page of it under the row cap. In machine mode
// the cells and metadata are masked as the command masks them.
func (s *Session) Table(ctx context.Context, kind string, o ListOptions) (*Table, error) {
	r, ko, err := s.listOf(ctx, kind, o, "Metadata")
	if err != nil {
		return nil, err
	}
	t := &Table{}
	p := &tablePager{t: t}
	if err := s.client.ListTable(ctx, r, s.scope(r, o), ko, p); err != nil {
		return nil, err
	}
	s.maskTable(r, t)
	return t, nil
}

type tablePager struct{ t *Table }

func (p *tablePager) Page(kt *kube.Table) error {
	if p.t.Columns == nil {
		p.t.Columns = columnsOf(kt.Columns)
	}
	for _, row := range kt.Rows {
		p.t.Rows = append(p.t.Rows, Row{Cells: row.Cells, Object: Object{m: row.Object}})
	}
	return nil
}

func (p *tablePager) Reset() { p.t.Rows = nil }

// maskTable masks a table in machine mode by the rules the command's answers take, row by row
// (redact.MachineTableRow), in place: a Table of core secrets loses its name cells too.
func (s *Session) maskTable(r discovery.APIResource, t *Table) {
	if s.mode != Machine {
		return
	}
	secrets := apivalue.CoreSecrets(r.Group, r.Resource)
	var nameCols []int
	if secrets {
		names, formats := make([]string, len(t.Columns)), make([]string, len(t.Columns))
		for i, c := range t.Columns {
			names[i], formats[i] = c.Name, c.Format
		}
		nameCols = redact.NameColumns(names, formats)
	}
	for i := range t.Rows {
		redact.MachineTableRow(t.Rows[i].Cells, t.Rows[i].Object.m, secrets, nameCols)
	}
}

// LogOptions choose which part of a pod's log to read.
type LogOptions struct {
	// Container is the container's name; "" is the pod's only container (a pod with several
	// containers refuses it on the server).
	Container string
	// TailLines reads the last N lines; 0 reads the whole log (up to the 1 MiB cap).
	TailLines int64
	// SinceSeconds reads what was written in the last N seconds; 0 reads all.
	SinceSeconds int64
	// LimitBytes asks the server to stop after N bytes; 0 leaves it to the cap.
	LimitBytes int64
	// Timestamps prefixes each line with the time it was written.
	Timestamps bool
	// Previous reads the previous, terminated instance of the container.
	Previous bool
}

// Log is a pod's log, read whole under its cap: 1 MiB, after which Truncated is set and the rest
// is not read. It is an io.Reader over the bytes the server sent; log text is not masked in
// machine mode (it has no structure to follow), so treat it as the pod wrote it.
type Log struct {
	*bytes.Reader
	// Truncated is set when the log was longer than the cap.
	Truncated bool
}

// Logs reads one container's log of a pod; namespace "" is the connection's default.
func (s *Session) Logs(ctx context.Context, namespace, pod string, o LogOptions) (*Log, error) {
	if o.TailLines < 0 || o.SinceSeconds < 0 || o.LimitBytes < 0 {
		return nil, fault.Refusef(fault.CodeBadValue, sentenceLogNegative)
	}
	if namespace == "" {
		namespace = s.client.Endpoint().DefaultNamespace
	}
	// The allowlist admits pods/log as discovery lists it, so discovery is read first.
	if _, err := s.client.Discovery(ctx); err != nil {
		return nil, err
	}
	ls, err := s.client.PodLog(ctx, namespace, pod, kube.LogOptions{
		Container: o.Container, HasTail: o.TailLines > 0, TailLines: o.TailLines, SinceSeconds: o.SinceSeconds,
		LimitBytes: o.LimitBytes, Timestamps: o.Timestamps, Previous: o.Previous,
	})
	if err != nil {
		return nil, err
	}
	return &Log{Reader: bytes.NewReader(ls.Data), Truncated: ls.Truncated}, nil
}

// Event is one change seen by [Session.Watch]: ADDED, MODIFIED or DELETED with the object's table
// row.
type Event struct {
	Type    string
	Columns []Column
	Row     Row
}

// Watch watches a kind for a bounded window (0 is 10 seconds; at most 10 minutes) or 8 MiB,
// whichever ends first. It yields the current objects (as ADDED) and then their changes, in the
// caller's goroutine as they arrive, and ends when the window ends, ctx is done or the caller
// stops; a refusal or a read that fails ends it with a non-nil error (and a zero Event). It is
// not a live feed: to keep watching, call it again.
func (s *Session) Watch(ctx context.Context, kind string, o ListOptions, window time.Duration) iter.Seq2[Event, error] {
	return func(yield func(Event, error) bool) {
		if window == 0 {
			window = limits.DefaultWatchWindow
		}
		if window < limits.MinRequestTimeout || window > limits.MaxRequestTimeout {
			yield(Event{}, fault.Refusef(fault.CodeLimitValue, sentenceWatchWindow, limits.MaxRequestTimeout.String()))
			return
		}
		r, ko, err := s.listOf(ctx, kind, o, "Metadata")
		if err != nil {
			yield(Event{}, err)
			return
		}
		stop := errors.New("stopped")
		err = s.client.WatchTable(ctx, r, s.scope(r, o), ko, "", window, func(we kube.WatchEvent) error {
			t := &Table{}
			(&tablePager{t: t}).Page(we.Table)
			s.maskTable(r, t)
			for _, row := range t.Rows {
				if !yield(Event{Type: we.Type, Columns: t.Columns, Row: row}, nil) {
					return stop
				}
			}
			return nil
		})
		if err != nil && !errors.Is(err, stop) && ctx.Err() == nil {
			yield(Event{}, err)
		}
	}
}
