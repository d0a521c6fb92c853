// Package events answers events as kubectl events prints them: sorted by time, filtered by --for
// and --types. A person sees every event, as kubectl shows them, under the statement's row cap
// (--max-rows); an agent (machine mode) sees the newest 1,000 of at most 5,000 read.
package events

import (
	"context"
	"encoding/json"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/statement"
)

// Options are events' options, filled once from the statement.
type Options struct {
	reader.Common
	Namespace     string   `flag:"namespace"`
	AllNamespaces bool     `flag:"all-namespaces"`
	For           *string  `flag:"for"` // nil: events about every object
	Types         []string `flag:"types"`
	NoHeaders     bool     `flag:"no-headers"`
	Watch         bool     `flag:"watch"`
	Output        string   `flag:"output"` // json or yaml: the events as kubectl events prints an EventList
	MaxRows       int      // the row cap, from the session (Complete)
	Machine       bool     // machine mode: the grid's caps (limits.MaxEventsRead, limits.MaxEventsShown)
}

// Validate checks --types and --for before anything is sent.
func (o *Options) Validate() error {
	if o.Watch && o.Output != "" {
		return fault.Refusef(statement.CodeUsage, sentenceEventsWatchOutput, o.Output)
	}
	if _, err := eventTypes(o.Types); err != nil {
		return err
	}
	if o.For != nil {
		if _, _, err := forTarget(*o.For); err != nil {
			return err
		}
	}
	return nil
}

// Complete fills the namespace, the row cap and the mode the session supplies.
func (o *Options) Complete(s *reader.Session) {
	o.Namespace = s.Namespace(o.Namespace)
	o.MaxRows = s.RowCap()
	o.Machine = s.Machine
}

// caps are how many events a statement reads and shows: in machine mode the grid's caps, where
// more events than are read is a notice; for a person the row cap, past which the statement fails
// with the row cap's sentence, as a table does, and every event read is shown. shown 0 shows all.
func (o *Options) caps() (read, shown int, capped bool) {
	if o.Machine {
		return limits.MaxEventsRead, limits.MaxEventsShown, true
	}
	if o.MaxRows > 0 {
		return o.MaxRows, 0, false
	}
	return limits.DefaultMaxRows, 0, false
}

// eventTypes reads --types as kubectl does (Normal or Warning, any case), deduplicated and
// sorted, each in its canonical spelling.
func eventTypes(given []string) ([]string, error) {
	set := map[string]bool{}
	for _, t := range given {
		switch {
		case strings.EqualFold(t, "Normal"):
			set["Normal"] = true
		case strings.EqualFold(t, "Warning"):
			set["Warning"] = true
		default:
			return nil, fault.Refusef(statement.CodeBadValue, SentenceEventsTypes, t)
		}
	}
	return slices.Sorted(maps.Keys(set)), nil
}

func forTarget(v string) (typ, name string, err error) {
	typ, name, ok := strings.Cut(v, "/")
	if !ok || typ == "" || name == "" || strings.Contains(name, "/") {
		return "", "", fault.Refusef(statement.CodeUsage, SentenceEventsFor)
	}
	return typ, name, nil
}

// coreEvent is the part of a core/v1 Event that kubectl events prints and sorts by.
type coreEvent struct {
	Metadata struct {
		Namespace       string `json:"namespace"`
		ResourceVersion string `json:"resourceVersion"`
	} `json:"metadata"`
	InvolvedObject struct {
		Kind string `json:"kind"`
		Name string `json:"name"`
	} `json:"involvedObject"`
	Reason         string `json:"reason"`
	Message        string `json:"message"`
	Type           string `json:"type"`
	Count          int64  `json:"count"`
	FirstTimestamp string `json:"firstTimestamp"`
	LastTimestamp  string `json:"lastTimestamp"`
	EventTime      string `json:"eventTime"`
	Series         *struct {
		Count            int64  `json:"count"`
		LastObservedTime string `json:"lastObservedTime"`
	} `json:"series"`
	obj map[string]any // the event as read, for -o json and -o yaml
}

// sortTime is kubectl events' sort key: the series' last observation, else lastTimestamp, else
// eventTime (firstTimestamp is not consulted).
func (e *coreEvent) sortTime() time.Time {
	if e.Series != nil {
		return apivalue.Time(e.Series.LastObservedTime)
	}
	if t := apivalue.Time(e.LastTimestamp); !t.IsZero() {
		return t
	}
	return apivalue.Time(e.EventTime)
}

// byEventTime is kubectl's SortableEvents, sorted with sort.Sort as kubectl does, so events with
// equal times come out in the same order.
type byEventTime []*coreEvent

func (l byEventTime) Len() int           { return len(l) }
func (l byEventTime) Swap(i, j int)      { l[i], l[j] = l[j], l[i] }
func (l byEventTime) Less(i, j int) bool { return l[i].sortTime().Before(l[j].sortTime()) }

// since is kubectl's translateTimestampSince: <unknown> for a missing time.
func eventSince(now time.Time, s string) string {
	t := apivalue.Time(s)
	if t.IsZero() {
		return "<unknown>"
	}
	return printer.HumanDuration(now.Sub(t))
}

// lastSeen is kubectl events' LAST SEEN cell.
func (e *coreEvent) lastSeen(now time.Time) string {
	first := eventSince(now, e.EventTime)
	if apivalue.Time(e.EventTime).IsZero() {
		first = eventSince(now, e.FirstTimestamp)
	}
	switch {
	case e.Series != nil:
		return eventSince(now, e.Series.LastObservedTime) + " (x" + strconv.FormatInt(e.Series.Count, 10) + " over " + first + ")"
	case e.Count > 1:
		return eventSince(now, e.LastTimestamp) + " (x" + strconv.FormatInt(e.Count, 10) + " over " + first + ")"
	}
	return first
}

// eventFieldValue is fields.EscapeValue: a backslash, a comma and an equals sign are escaped.
func eventFieldValue(s string) string {
	return strings.NewReplacer(`\`, `\\`, `,`, `\,`, `=`, `\=`).Replace(s)
}

// Run reads the events, keeps the newest and prints them oldest first.
func (o *Options) Run(ctx context.Context, s *reader.Session) (*printer.Result, error) {
	if o.Watch && s.Live == nil {
		return nil, fault.Refusef(statement.CodeUsage, sentenceEventsWatchHere)
	}
	q, err := o.query(ctx, s)
	if err != nil {
		return nil, err
	}
	events, unread, err := q.list(ctx)
	if err != nil {
		return nil, err
	}
	res := o.result(q, events, unread, s.Client.Now())
	if o.Watch {
		return o.live(ctx, s, q, res, events)
	}
	return res, nil
}

// query is what an events statement reads: the kind, the scope, the server-side field selector
// and the types kept.
type query struct {
	c      *kube.Client
	r      discovery.APIResource
	scope  kube.Scope
	fields string
	types  []string
	// maxRead and maxShown are the caps (caps); capped says more than maxRead is a notice.
	maxRead, maxShown int
	capped            bool
	// documents: the events print whole (-o json|yaml); a table needs only the fields decoded,
	// so each event's object is dropped as it is read and memory holds rows, not objects.
	documents bool
}

func (o *Options) query(ctx context.Context, s *reader.Session) (*query, error) {
	types, err := eventTypes(o.Types)
	if err != nil {
		return nil, err
	}
	c := s.Client
	r, err := c.Resolve(ctx, "events.v1")
	if err != nil {
		return nil, err
	}
	q := &query{c: c, r: r, scope: kube.Scope{Namespace: o.Namespace, AllNamespaces: o.AllNamespaces}, types: types,
		documents: o.Output != ""}
	q.maxRead, q.maxShown, q.capped = o.caps()
	var fields []string
	if o.For != nil {
		typ, name, err := forTarget(*o.For)
		if err != nil {
			return nil, err
		}
		fr, err := c.Resolve(ctx, typ)
		if err != nil {
			return nil, err
		}
		fields = append(fields, "involvedObject.kind="+eventFieldValue(fr.Kind),
			"involvedObject.apiVersion="+eventFieldValue(fr.GroupVersion()),
			"involvedObject.name="+eventFieldValue(name))
	}
	if len(types) == 1 {
		// One type narrows on the server, so the read cap counts only the events asked for.
		fields = append(fields, "type="+types[0])
	}
	q.fields = strings.Join(fields, ",")
	return q, nil
}

// list reads the events (at most q.maxRead; unread says more exist) of the types kept.
func (q *query) list(ctx context.Context) (events []*coreEvent, unread bool, err error) {
	err = q.c.ListObjects(ctx, q.r, q.scope, kube.ListOptions{FieldSelector: q.fields, MaxRows: q.maxRead},
		func(obj map[string]any) error {
			if len(events) >= q.maxRead {
				unread = true
				return nil
			}
			e, err := decodeEvent(obj)
			if err == nil && eventTypeWanted(q.types, e.Type) {
				if !q.documents {
					e.obj = nil
				}
				events = append(events, e)
			}
			return err
		}, func() { events, unread = nil, false })
	if e, ok := fault.As(err); ok && e.Code == fault.CodeLimitRows && q.capped {
		unread, err = true, nil
	}
	return events, unread, err
}

func decodeEvent(obj map[string]any) (*coreEvent, error) {
	data, err := json.Marshal(obj)
	if err != nil {
		return nil, err
	}
	e := coreEvent{obj: obj}
	return &e, json.Unmarshal(data, &e)
}

// result is kubectl events' table of what was read: sorted by time, in machine mode the newest
// 1,000, with the notices that say what was left out.
func (o *Options) result(q *query, events []*coreEvent, unread bool, now time.Time) *printer.Result {
	res := &printer.Result{}
	if len(events) == 0 {
		if unread {
			res.Notices = append(res.Notices, fault.Sentencef(sentenceEventsUnread2, q.maxRead, q.maxRead))
		}
		if q.scope.AllNamespaces {
			res.Empty = sentenceEventsNone
		} else {
			res.Empty = fault.Sentencef(sentenceEventsNoneIn, q.scope.Namespace)
		}
		return res
	}
	sort.Sort(byEventTime(events))
	if shown := q.maxShown; shown > 0 {
		switch {
		case unread:
			res.Notices = append(res.Notices, fault.Sentencef(SentenceEventsUnread, q.maxRead, q.maxRead, min(len(events), shown)))
		case len(events) > shown:
			res.Notices = append(res.Notices, fault.Sentencef(SentenceEventsShown, len(events), shown))
		}
		if len(events) > shown {
			events = events[len(events)-shown:]
		}
	}
	if o.Output != "" {
		res.Docs = eventDocs(o.Output, events)
		return res
	}
	res.Table = o.table(q.scope.AllNamespaces, events, now)
	return res
}

// eventDocs is -o json and -o yaml: the events, oldest first, in an EventList as kubectl events
// prints it (a typed list: JSON keys in core/v1 Event's field order).
func eventDocs(format string, events []*coreEvent) *printer.Docs {
	d := &printer.Docs{Format: format, ListKind: "EventList", FieldOrder: eventFieldOrder}
	for _, e := range events {
		d.Objects = append(d.Objects, e.obj)
	}
	return d
}

func (o *Options) table(allNamespaces bool, events []*coreEvent, now time.Time) *printer.Table {
	t := &printer.Table{NoHeaders: o.NoHeaders}
	if allNamespaces {
		t.Columns = append(t.Columns, printer.Column{Header: "NAMESPACE", Role: printer.RoleNamespace})
	}
	t.Columns = append(t.Columns, printer.Column{Header: "LAST SEEN", Role: printer.RoleAge}, printer.Column{Header: "TYPE"},
		printer.Column{Header: "REASON"}, printer.Column{Header: "OBJECT", Role: printer.RoleObjectRef}, printer.Column{Header: "MESSAGE"})
	for _, e := range events {
		var row []string
		if allNamespaces {
			row = append(row, e.Metadata.Namespace)
		}
		row = append(row, e.lastSeen(now), e.Type, e.Reason, e.InvolvedObject.Kind+"/"+e.InvolvedObject.Name, strings.TrimSpace(e.Message))
		t.Rows = append(t.Rows, row)
	}
	return t
}

// eventTypeWanted is kubectl's filteredEventType: every type when --types is not given.
func eventTypeWanted(types []string, t string) bool {
	if len(types) == 0 {
		return true
	}
	for _, x := range types {
		if strings.EqualFold(x, t) {
			return true
		}
	}
	return false
}
