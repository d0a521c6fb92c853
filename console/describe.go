package console

import (
	"context"
	"strings"
	"time"

	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/redact"
)

// describe reads one object the way kubectl describe does: the object itself (people-mode Secret
// stripping already applied by kube's decoder), the core v1 events about it, and for some kinds
// the few related objects kubectl's describer also reads (a controller's pods, a deployment's
// replica sets, a service's endpoint slices, a node's pods and lease, a namespace's quotas).
// What was read is kept as a Described, rendered to text only when it is printed, so machine
// mode masks the object before any of it becomes a line.

func init() {
	register("describe", readDescribe)
	validators["describe"] = func(st *Statement) error {
		_, _, err := describeTarget(st.Args)
		return err
	}
}

// describeTarget reads `TYPE NAME` or `TYPE/NAME`.
func describeTarget(args []string) (typ, name string, err error) {
	switch len(args) {
	case 1:
		t, n, ok := strings.Cut(args[0], "/")
		if !ok {
			return "", "", kube.Refusef(CodeUsage, sentenceDescribeNeedsName)
		}
		typ, name = t, n
	case 2:
		if strings.Contains(args[0], "/") {
			return "", "", kube.Refusef(CodeUsage, sentenceDescribeBothForms)
		}
		typ, name = args[0], args[1]
	default:
		return "", "", kube.Refusef(CodeUsage, sentenceDescribeNeedsName)
	}
	if typ == "" || name == "" || strings.Contains(name, "/") {
		return "", "", kube.Refusef(CodeUsage, sentenceDescribeNeedsName)
	}
	if strings.Contains(typ, ",") {
		return "", "", kube.Refusef(CodeUsage, sentenceDescribeOneType)
	}
	return typ, name, nil
}

// Described is a describe answer kept as data until it is printed: the object as read, its events
// and what the related reads found. Render turns it into kubectl's text for a redaction mode.
type Described struct {
	Object map[string]any
	// Events about the object, as read and sorted by time; nil when they were not read (a kind
	// kubectl shows no events for, or a read that failed), which leaves the Events section out.
	Events []map[string]any
	// Now is the client's clock when the object was read (the capture time in replay); ages and
	// the time zone of printed dates come from it.
	Now      time.Time
	Resource kube.APIResource
	extra    describeExtra
}

// describeExtra is what the related reads found, reduced to what is printed.
type describeExtra struct {
	// Pods a controller owns, by phase; podsErr is set when they could not be read.
	pods    dPodCounts
	podsErr string
	// A deployment's replica sets.
	oldRS, newRS []dRSSummary
	rsRead       bool
	// A service's endpoint slices.
	slices []map[string]any
	// An ingress's backends: dBackendKey -> the endpoints text.
	backends    map[string]string
	lease       map[string]any // a node's lease
	leaseErr    string
	nodePods    []map[string]any // a node's non-terminated pods
	nodePodsErr bool             // they could not be listed
	quotas      []map[string]any // a namespace's quotas, shown when quotasRead
	quotasRead  bool
	limits      []map[string]any // a namespace's limit ranges, shown when limitsRead
	limitsRead  bool
	saTokens    []string        // a service account's token Secrets, by name
	saExisting  map[string]bool // every Secret name in the namespace; nil when not read
	usedBy      []string        // pods using a PVC
}

type dPodCounts struct{ running, waiting, succeeded, failed int }

type dRSSummary struct{ name, current, desired string }

func readDescribe(ctx context.Context, s *Session, st *Statement) (*Result, error) {
	d, res, err := describeObject(ctx, s, st)
	if err != nil {
		return nil, err
	}
	return describeResult(d, res), nil
}

// describeObject makes every read of a describe statement and keeps what it found; the notices
// about parts it could not read are in the Result.
func describeObject(ctx context.Context, s *Session, st *Statement) (*Described, *Result, error) {
	typ, name, err := describeTarget(st.Args)
	if err != nil {
		return nil, nil, err
	}
	r, err := s.Client.Resolve(ctx, typ)
	if err != nil {
		return nil, nil, err
	}
	ns := ""
	if r.Namespaced {
		ns = s.namespace(st)
	}
	obj, err := s.Client.GetObject(ctx, r, ns, name)
	if err != nil {
		return nil, nil, err
	}
	if redact.IsSecret(obj) {
		// kube's decoder has stripped it already and a second pass changes nothing; it keeps
		// the values out of this reader whatever happens upstream.
		redact.SecretObject(obj)
	}
	d := &Described{Object: obj, Now: s.Client.Now(), Resource: r}
	res := &Result{}
	rd := &describeRead{s: s, d: d, res: res, ns: ns}
	rd.related(ctx)
	rd.events(ctx)
	return d, res, nil
}

// describeResult puts a Described into a Result; the Writer renders it in its own mode.
func describeResult(d *Described, res *Result) *Result {
	res.Describe = d
	return res
}

// Render prints the object as kubectl describe does. In machine mode the object is masked first
// (describeMachine), on a copy, so the reads above used the real values; a core Secret's name is
// masked too.
func (d *Described) Render(mode RedactMode) []string {
	obj := d.Object
	if mode == Machine {
		obj = describeMachine(d.Object)
	}
	w := newDescribeWriter(d.Now)
	r := &dRenderer{w: w, d: d, obj: obj, machine: mode == Machine}
	r.render()
	return w.lines()
}

// describeMachine masks a deep copy of obj by the machine-mode rules; obj is left as it was.
func describeMachine(obj map[string]any) map[string]any {
	c, _ := dDeepCopy(obj).(map[string]any)
	if c == nil {
		c = map[string]any{}
	}
	redact.Machine(c)
	return c
}

func dDeepCopy(v any) any {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, c := range t {
			out[k] = dDeepCopy(c)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, c := range t {
			out[i] = dDeepCopy(c)
		}
		return out
	}
	return v
}
