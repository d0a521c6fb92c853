package audit

import (
	"context"
	"sort"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/inner"
	"github.com/studioctl/studioctl/kube"
)

// gatherer reads kinds at the request floor: one cluster-wide list per kind with -A while the
// identity may list it cluster-wide, else one list per namespace (try, then fall back on 403).
type gatherer struct {
	s          *studioctl.Session
	all        bool
	namespaces []string // the namespaces asked for (-n), or every namespace listed (-A)
	listedNS   bool     // with -A: whether the namespace list could be read
	maxRows    int
	progress   func(string)
}

// objects is one kind's answer: objects per namespace, the namespaces where the identity may not
// list the kind, and whether the server serves it at all.
type objects struct {
	byNS      map[string][]studioctl.Object
	denied    map[string]bool
	deniedAll bool // -A, a 403 cluster-wide and no namespace list to fall back on
	served    bool
	// each, when set, takes each object as it is read, and byNS keeps none (listEach); seen
	// notes the namespaces they were in.
	each func(studioctl.Object)
	seen map[string]bool
}

func (o *objects) forbidden(ns string) bool { return o.deniedAll || o.denied[ns] }

// none reports whether nothing of the kind was read in ns, kept or streamed.
func (o *objects) none(ns string) bool { return len(o.byNS[ns]) == 0 && !o.seen[ns] }

func isCode(err error, code string) bool {
	e, ok := fault.As(err)
	return ok && e.Code == code
}

// start fills the namespace list with -A: namespaces the identity may not list are later found
// from the objects it reads.
func (g *gatherer) start(ctx context.Context) error {
	if !g.all {
		return nil
	}
	g.report(sentenceProgressNamespaces)
	var names []string
	for o, err := range g.s.List(ctx, "namespaces", studioctl.ListOptions{MaxRows: g.maxRows}) {
		if isCode(err, fault.CodeForbidden) {
			return nil
		}
		if err != nil {
			return err
		}
		names = append(names, o.Name())
	}
	g.namespaces, g.listedNS = names, true
	return nil
}

func (g *gatherer) report(format string, args ...any) {
	if g.progress != nil {
		g.progress(fault.Sentencef(format, args...))
	}
}

// list reads kind, narrowed by a label and a field selector.
func (g *gatherer) list(ctx context.Context, kind, label, field string) (*objects, error) {
	return g.listInto(ctx, kind, label, field, &objects{byNS: map[string][]studioctl.Object{}, denied: map[string]bool{}, served: true})
}

// listEach reads kind as list does, handing each object to each as it arrives and keeping none:
// memory stays flat in the number of objects. A list the server restarts (410 Gone) cannot take
// back what each was handed, so it fails with the server's answer instead.
func (g *gatherer) listEach(ctx context.Context, kind, label, field string, each func(studioctl.Object)) (*objects, error) {
	return g.listInto(ctx, kind, label, field, &objects{byNS: map[string][]studioctl.Object{}, denied: map[string]bool{}, served: true,
		each: each, seen: map[string]bool{}})
}

func (g *gatherer) listInto(ctx context.Context, kind, label, field string, out *objects) (*objects, error) {
	if g.all {
		g.report(sentenceProgressAll, kind)
		err := g.read(ctx, kind, studioctl.ListOptions{AllNamespaces: true, LabelSelector: label, FieldSelector: field}, out)
		if !isCode(err, fault.CodeForbidden) {
			return out, g.absent(err, out)
		}
		if !g.listedNS {
			out.deniedAll = true
			return out, nil
		}
	}
	for i, ns := range g.namespaces {
		g.report(sentenceProgressNS, kind, ns, i+1, len(g.namespaces))
		err := g.read(ctx, kind, studioctl.ListOptions{Namespace: ns, LabelSelector: label, FieldSelector: field}, out)
		if isCode(err, fault.CodeForbidden) {
			out.denied[ns] = true
			continue
		}
		if err = g.absent(err, out); err != nil || !out.served {
			return out, err
		}
	}
	return out, nil
}

// absent turns "the server does not serve this kind" into an empty, unserved answer.
func (g *gatherer) absent(err error, out *objects) error {
	if isCode(err, fault.CodeUnknownType) {
		out.served = false
		return nil
	}
	return err
}

// read lists kind into out. It reads through the session's client as people mode does (Secret
// values stripped at decode, as for every reader), not through Session.List, which in machine mode
// masks each object as it is read: the checks decide on what the server answered (a Secret
// reference masked to <redacted> would match any Secret, or none), and machine mode masks what the
// report prints, the Secret names its findings quote (maskSecretNames), and the printer masks the
// rest. A list the server restarts (410 Gone) drops what this read kept and reads it again.
func (g *gatherer) read(ctx context.Context, kind string, o studioctl.ListOptions, out *objects) error {
	r, err := inner.Client(g.s).Resolve(ctx, kind)
	if err != nil {
		return err
	}
	kept := map[string]int{}
	for ns, list := range out.byNS {
		kept[ns] = len(list)
	}
	scope := kube.Scope{Namespace: o.Namespace, AllNamespaces: o.AllNamespaces}
	ko := kube.ListOptions{LabelSelector: o.LabelSelector, FieldSelector: o.FieldSelector, MaxRows: g.maxRows, NoRestart: out.each != nil}
	return inner.Client(g.s).ListObjects(ctx, r, scope, ko, func(m map[string]any) error {
		obj := studioctl.NewObject(m)
		if out.each != nil {
			out.seen[obj.Namespace()] = true
			out.each(obj)
			return nil
		}
		out.byNS[obj.Namespace()] = append(out.byNS[obj.Namespace()], obj)
		return nil
	}, func() {
		for ns, list := range out.byNS {
			out.byNS[ns] = list[:kept[ns]]
		}
	})
}

// asked is the namespace asked for, "" for every namespace.
func (g *gatherer) asked() string {
	if g.all {
		return ""
	}
	return g.namespaces[0]
}

// scope is the namespaces a report covers: those asked for, plus, with -A, every namespace an
// object was seen in (when the namespace list could not be read).
// blind is the finding of a reading over every namespace that could see none: the identity may
// list neither the namespaces nor the pods across them. Without it the report would hold no
// namespace and no finding, which a SARIF or JUnit consumer reads as a clean cluster.
func blind(pods *objects) []Finding {
	if pods == nil || !pods.deniedAll {
		return nil
	}
	return []Finding{newFinding(CodeNotAudited, "Namespace", "", "*", "", SentenceNoNamespaceAudited)}
}

func (g *gatherer) scope(seen ...*objects) []string {
	set := map[string]bool{}
	for _, ns := range g.namespaces {
		set[ns] = true
	}
	if g.all {
		for _, o := range seen {
			for ns := range o.byNS {
				set[ns] = true
			}
			for ns := range o.seen {
				set[ns] = true
			}
		}
	}
	out := make([]string, 0, len(set))
	for ns := range set {
		out = append(out, ns)
	}
	sort.Strings(out)
	return out
}

// missingNamespace refuses an audit of -n NS when NS does not exist: a typo would otherwise be
// reported as a clean namespace, and a CI gate on the audit would pass. It asks the server only
// about a namespace in which nothing at all was read (one holding objects exists), and an answer
// other than "not found" (403, a recording without it) leaves the report as it was.
func (g *gatherer) missingNamespace(ctx context.Context, empty func(ns string) bool) error {
	if g.all {
		return nil
	}
	for _, ns := range g.namespaces {
		if !empty(ns) {
			continue
		}
		if _, err := g.s.Get(ctx, "namespaces", "", ns); isCode(err, fault.CodeNotFound) {
			return fault.Refusef(CodeNamespaceMissing, SentenceNamespaceMissing, ns)
		}
	}
	return nil
}

// listCluster reads a cluster-scoped kind into objects under namespace "": a 403 marks it
// denied there, an unserved kind leaves it empty.
func (g *gatherer) listCluster(ctx context.Context, kind string) (*objects, error) {
	out := &objects{byNS: map[string][]studioctl.Object{}, denied: map[string]bool{}, served: true}
	g.report(sentenceProgressCluster, kind)
	err := g.read(ctx, kind, studioctl.ListOptions{}, out)
	if isCode(err, fault.CodeForbidden) {
		out.denied[""] = true
		return out, nil
	}
	return out, g.absent(err, out)
}
