package describe

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
)

// describeRead makes the reads around the object: its events and what kubectl's describer for
// its kind also reads. A related read that fails leaves its part out with a notice rather than
// failing the statement, since the object itself was read.
type describeRead struct {
	s       *reader.Session
	kv      *kubectlVersion
	d       *Described
	res     *printer.Result
	ns      string
	maxRows int
}

func (rd *describeRead) notice(format string, args ...any) {
	rd.res.Notices = append(rd.res.Notices, fault.Sentencef(format, args...))
}

// dwhy is the sentence of a failed related read.
func dwhy(err error) string {
	if e, ok := fault.As(err); ok {
		return e.Sentence
	}
	return sentenceDescribeUnknownFailure
}

func (rd *describeRead) resolve(ctx context.Context, typ string) (discovery.APIResource, error) {
	return rd.s.Client.Resolve(ctx, typ)
}

// list reads every object of a related type, under the statement's row cap.
func (rd *describeRead) list(ctx context.Context, typ string, scope kube.Scope, opts kube.ListOptions) ([]map[string]any, error) {
	r, err := rd.resolve(ctx, typ)
	if err != nil {
		return nil, err
	}
	if opts.MaxRows == 0 {
		opts.MaxRows = rd.maxRows
	}
	var out []map[string]any
	err = rd.s.Client.ListObjects(ctx, r, scope, opts, func(o map[string]any) error {
		out = append(out, o)
		return nil
	}, func() { out = nil })
	return out, err
}

// events reads the core v1 events about the object with kubectl's field selector: the involved
// object's name, namespace, kind and uid (a pod's without the kind, and with its mirror uid when
// it is a static pod's mirror). A node's events are read twice, by uid and by name as uid, since
// the kubelet names a node by its name.
func (rd *describeRead) events(ctx context.Context) {
	obj := rd.d.Object
	name, ns := dstr(obj, "metadata", "name"), dstr(obj, "metadata", "namespace")
	refKind, uids := dEventRefs(groupKindOf(rd.d.Resource), obj)
	scope := kube.Scope{Namespace: ns}
	if ns == "" {
		scope = kube.Scope{AllNamespaces: true}
	} else if !fault.IsDNS1123Label(ns) {
		return
	}
	events := []map[string]any{}
	for _, u := range uids {
		sel := EventSelector(name, ns, refKind, u)
		got, err := rd.list(ctx, "events.v1", scope, kube.ListOptions{FieldSelector: sel, MaxRows: limits.MaxEventsRead})
		if e, ok := fault.As(err); ok && e.Code == fault.CodeLimitRows {
			rd.notice(noticeDescribeEventsCapped, limits.MaxEventsRead)
			err = nil
		}
		if err != nil {
			rd.notice(noticeDescribeEvents, dwhy(err))
			return
		}
		events = append(events, got...)
	}
	dSortEvents(events)
	if len(events) > limits.MaxEventsShown {
		events = events[len(events)-limits.MaxEventsShown:]
	}
	rd.d.Events = events
}

// dEventRefs is the kind and the uids the events about obj name it by: a pod's events leave the
// kind out and a mirror pod's name its static pod's uid; a node's name it by uid or by name.
func dEventRefs(kind groupKind, obj map[string]any) (refKind string, uids []string) {
	refKind, uid := dstr(obj, "kind"), dstr(obj, "metadata", "uid")
	switch kind {
	case gkPod:
		refKind = ""
		if mirror := dstr(obj, "metadata", "annotations", "kubernetes.io/config.mirror"); mirror != "" {
			uid = mirror
		}
	case gkNode:
		return refKind, []string{uid, dstr(obj, "metadata", "name")}
	}
	return refKind, []string{uid}
}

// EventSelector is kubectl's field selector for the events about an object, its terms sorted.
func EventSelector(name, ns, kind, uid string) string {
	terms := []string{"involvedObject.name=" + dEscapeField(name), "involvedObject.namespace=" + dEscapeField(ns)}
	if kind != "" {
		terms = append(terms, "involvedObject.kind="+dEscapeField(kind))
	}
	if uid != "" {
		terms = append(terms, "involvedObject.uid="+dEscapeField(uid))
	}
	sort.Strings(terms)
	return strings.Join(terms, ",")
}

func dEscapeField(s string) string {
	return strings.NewReplacer(`\`, `\\`, `,`, `\,`, `=`, `\=`).Replace(s)
}

// dSortEvents orders events by time, oldest first: the last time each was seen (lastTimestamp,
// else its series' last observation, else eventTime, else firstTimestamp).
func dSortEvents(events []map[string]any) {
	at := func(e map[string]any) int64 {
		for _, p := range [][]string{{"lastTimestamp"}, {"series", "lastObservedTime"}, {"eventTime"}, {"firstTimestamp"}} {
			if t := apivalue.Time(dstr(e, p...)); !t.IsZero() {
				return t.UnixNano()
			}
		}
		return 0
	}
	sort.SliceStable(events, func(i, j int) bool { return at(events[i]) < at(events[j]) })
}

// dControllerRef is the owner reference marked controller, or nil.
func dControllerRef(obj any) map[string]any {
	for _, ref := range dlist(obj, "metadata", "ownerReferences") {
		if m, ok := ref.(map[string]any); ok && m["controller"] == true {
			return m
		}
	}
	return nil
}

// dSelector prints a LabelSelector object as kubectl does (apivalue.LabelSelectorOf):
// requirements sorted by key, an entry kubectl cannot read left out. A missing or empty selector
// prints "".
func dSelector(sel map[string]any) string {
	s, _ := apivalue.LabelSelectorOf(sel)
	return s.String()
}
