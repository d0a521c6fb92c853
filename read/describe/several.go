package describe

import (
	"context"
	"strconv"
	"strings"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/statement"
)

// describeTarget is what a describe names: one type and the object names, none for every object
// of the type (or those -l selects).
type describeTarget struct {
	typ   string
	names []string
	// prefix: TYPE NAME, where kubectl describes every object whose name starts with NAME when
	// no object is named NAME.
	prefix bool
}

// describeTargets reads `TYPE`, `TYPE NAME ...` or `TYPE/NAME ...` (one type), as kubectl does.
func describeTargets(args []string, selector string) (describeTarget, error) {
	var t describeTarget
	if len(args) == 0 {
		return t, fault.Refusef(statement.CodeUsage, sentenceDescribeNeedsType)
	}
	if strings.Contains(args[0], "/") {
		for _, a := range args {
			typ, name, ok := strings.Cut(a, "/")
			if !ok {
				return t, fault.Refusef(statement.CodeUsage, sentenceDescribeBothForms)
			}
			if typ == "" || name == "" || strings.Contains(name, "/") {
				return t, fault.Refusef(statement.CodeUsage, sentenceDescribeNeedsType)
			}
			if t.typ != "" && !strings.EqualFold(t.typ, typ) {
				return t, fault.Refusef(statement.CodeUsage, sentenceDescribeOneType)
			}
			t.typ = typ
			t.names = append(t.names, name)
		}
	} else {
		t.typ, t.names = args[0], args[1:]
		t.prefix = len(args) == 2
	}
	for _, n := range t.names {
		if n == "" || strings.Contains(n, "/") {
			return t, fault.Refusef(statement.CodeUsage, sentenceDescribeBothForms)
		}
	}
	if strings.Contains(t.typ, ",") {
		return t, fault.Refusef(statement.CodeUsage, sentenceDescribeOneType)
	}
	if len(t.names) > 0 && selector != "" {
		return t, fault.Refusef(statement.CodeUsage, sentenceDescribeNamesAndSelector)
	}
	if len(t.names) > limits.MaxDescribed {
		return t, fault.Refusef(fault.CodeLimitRows, sentenceDescribeCount, limits.MaxDescribed)
	}
	return t, nil
}

// Several is a describe of more than one object, printed as kubectl prints them: each object's
// text, with two blank lines between two (describe TYPE, -l, several names), or a blank line
// after each (the objects a name prefix found). Their events are not read, as kubectl shows
// events for one object only unless told otherwise.
type Several struct {
	Objects []*Described
	Prefix  bool
}

// Render prints each object in the mode given, with kubectl's separators.
func (s *Several) Render(mode printer.RedactMode) []string {
	var lines []string
	for i, d := range s.Objects {
		if i > 0 && !s.Prefix {
			lines = append(lines, "", "")
		}
		lines = append(lines, d.Render(mode)...)
		if s.Prefix {
			lines = append(lines, "")
		}
	}
	return lines
}

// describeAll reads what the statement names: named objects one by one (a name that is not found
// with TYPE NAME becomes every object whose name starts with it), or every object of the type in
// the namespace (-A: in every namespace) that -l selects, at most limits.MaxDescribed of them.
func (o *Options) describeAll(ctx context.Context, s *reader.Session) (*printer.Result, error) {
	t, err := describeTargets(o.Args, o.Selector)
	if err != nil {
		return nil, err
	}
	r, err := s.Client.Resolve(ctx, t.typ)
	if err != nil {
		return nil, err
	}
	ns := ""
	if r.Namespaced {
		ns = o.Namespace
	}
	res := &printer.Result{}
	several := &Several{}
	kv := &kubectlVersion{s: s}
	if len(t.names) > 0 {
		events := len(t.names) == 1 || kv.eventsForSeveral(ctx)
		for _, name := range t.names {
			obj, err := s.Client.GetObject(ctx, r, ns, name)
			// In machine mode a Secret's name is never told: a prefix search would answer "found"
			// or "not found" one character at a time, so a Secret not found by its exact name is
			// refused, the same whatever its name starts with.
			e, notFound := fault.As(err)
			notFound = notFound && e.Code == fault.CodeNotFound && t.prefix
			if notFound && s.Machine && apivalue.CoreSecrets(r.Group, r.Resource) {
				return nil, fault.Refusef(CodeSecretPrefix, sentenceSecretPrefix)
			}
			if notFound {
				return o.describePrefix(ctx, s, kv, r, ns, name, err)
			}
			if err != nil {
				if len(t.names) == 1 {
					return nil, err
				}
				if e, ok := fault.As(err); ok && e.Status != 0 {
					res.Errors = append(res.Errors, e)
					continue
				}
				return nil, err
			}
			several.Objects = append(several.Objects, describeOne(ctx, s, kv, o, r, ns, obj, events, res))
		}
		return severalResult(res, several), nil
	}
	objs, err := o.list(ctx, s, r)
	if err != nil {
		return nil, err
	}
	events := len(objs) == 1 || (len(objs) > 1 && kv.eventsForSeveral(ctx))
	for _, obj := range objs {
		several.Objects = append(several.Objects, describeOne(ctx, s, kv, o, r, o.objectNamespace(r, obj), obj, events, res))
	}
	if len(objs) == 0 {
		res.Empty = sentenceNoResources
		if !o.AllNamespaces {
			res.Empty = fault.Sentencef(reader.SentenceNoResourcesIn, o.Namespace)
		}
	}
	return severalResult(res, several), nil
}

// describePrefix is kubectl's answer to TYPE NAME when nothing is named NAME: every object of the
// type in the namespace whose name starts with NAME, or the original not-found error.
func (o *Options) describePrefix(ctx context.Context, s *reader.Session, kv *kubectlVersion, r discovery.APIResource, ns, prefix string, notFound error) (*printer.Result, error) {
	objs, err := o.list(ctx, s, r)
	if err != nil {
		return nil, err
	}
	res := &printer.Result{}
	several := &Several{Prefix: true}
	var matched []map[string]any
	for _, obj := range objs {
		if strings.HasPrefix(dstr(obj, "metadata", "name"), prefix) {
			matched = append(matched, obj)
		}
	}
	events := len(matched) > 0 && kv.eventsForSeveral(ctx)
	for _, obj := range matched {
		several.Objects = append(several.Objects, describeOne(ctx, s, kv, o, r, o.objectNamespace(r, obj), obj, events, res))
	}
	if len(several.Objects) == 0 {
		return nil, notFound
	}
	res.Describe = several
	return res, nil
}

// list reads every object of the type the statement's namespace and selector cover, whole, at
// most limits.MaxDescribed.
func (o *Options) list(ctx context.Context, s *reader.Session, r discovery.APIResource) ([]map[string]any, error) {
	scope := kube.Scope{Namespace: o.Namespace, AllNamespaces: o.AllNamespaces}
	var objs []map[string]any
	opts := kube.ListOptions{LabelSelector: o.Selector, MaxRows: limits.MaxDescribed}
	err := s.Client.ListObjects(ctx, r, scope, opts, func(obj map[string]any) error {
		objs = append(objs, obj)
		return nil
	}, func() { objs = nil })
	if e, ok := fault.As(err); ok && e.Code == fault.CodeLimitRows {
		return nil, fault.Refusef(fault.CodeLimitRows, sentenceDescribeCount, limits.MaxDescribed)
	}
	return objs, err
}

// objectNamespace is the namespace an object of a list was read in: the statement's, or under -A
// the object's own.
func (o *Options) objectNamespace(r discovery.APIResource, obj map[string]any) string {
	switch {
	case !r.Namespaced:
		return ""
	case o.AllNamespaces:
		return dstr(obj, "metadata", "namespace")
	}
	return o.Namespace
}

// severalResult puts one described object as itself, and several as a Several.
func severalResult(res *printer.Result, s *Several) *printer.Result {
	switch len(s.Objects) {
	case 0:
	case 1:
		res.Describe = s.Objects[0]
	default:
		res.Describe = s
	}
	return res
}

// kubectlVersion is the server's minor version, read from /version at most once per statement
// and only when a layout choice needs it: describe answers as kubectl of the server's version
// (1.35 and 1.36 were not compared). A version it cannot read is taken as the newest layout.
type kubectlVersion struct {
	s     *reader.Session
	read  bool
	minor int // -1 when /version could not be read or is not 1.x
}

// atMost reports whether the server is 1.minor or older.
func (kv *kubectlVersion) atMost(ctx context.Context, minor int) bool {
	if !kv.read {
		kv.read, kv.minor = true, serverMinor(ctx, kv.s)
	}
	return kv.minor >= 0 && kv.minor <= minor
}

// eventsForSeveral is kubectl's --show-events default when a statement describes several objects
// or a name prefix: kubectl 1.34 shows each object's events, kubectl 1.37 shows none.
func (kv *kubectlVersion) eventsForSeveral(ctx context.Context) bool {
	return kv.atMost(ctx, lastMinorWithSeveralEvents)
}

// serverMinor reads the server's 1.x minor version, -1 when it cannot.
func serverMinor(ctx context.Context, s *reader.Session) int {
	v, err := s.Client.ServerVersion(ctx)
	if err != nil {
		return -1
	}
	major, _ := v["major"].(string)
	m, _ := v["minor"].(string)
	n, err := strconv.Atoi(strings.TrimRight(m, "+"))
	if major != "1" || err != nil {
		return -1
	}
	return n
}

// lastMinorWithSeveralEvents is the newest kubectl minor version known to show events when
// describing several objects.
const lastMinorWithSeveralEvents = 34

// lastMinorWithKubeProxyVersion is the newest kubectl minor version known to print a node's
// Kube-Proxy Version (kubectl 1.37 leaves it out; 1.35 and 1.36 were not compared).
const lastMinorWithKubeProxyVersion = 34
