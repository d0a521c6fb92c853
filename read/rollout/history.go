package rollout

import (
	"context"
	"sort"
	"strconv"
	"strings"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/logs"
	"github.com/studioctl/studioctl/read/reader"
)

// HistoryOptions are rollout history's options, filled once from the statement.
type HistoryOptions struct {
	reader.Common
	Args      []string `args:""`
	Namespace string   `flag:"namespace"`
	MaxRows   int      // the row cap of the revisions' list, from the session
}

// Validate checks the target's form before anything is sent.
func (o *HistoryOptions) Validate() error {
	_, _, err := targetWords(o.Args)
	return err
}

// Complete fills the namespace and the row cap.
func (o *HistoryOptions) Complete(s *reader.Session) {
	o.Namespace = s.Namespace(o.Namespace)
	o.MaxRows = s.RowCap()
}

// revision is one recorded revision: its number and its change cause.
type revision struct {
	number int64
	cause  string
}

// changeCause is the annotation kubectl reads a revision's cause from.
const changeCause = "kubernetes.io/change-cause"

// Run lists the object's revisions as kubectl does: a deployment's from the replica sets it
// controls (their deployment.kubernetes.io/revision annotation), a stateful set's or a daemon
// set's from the controller revisions it owns.
func (o *HistoryOptions) Run(ctx context.Context, s *reader.Session) (*printer.Result, error) {
	t, err := resolve(ctx, s, o.Args)
	if err != nil {
		return nil, err
	}
	obj, err := s.Client.GetObject(ctx, t.r, o.Namespace, t.name)
	if err != nil {
		return nil, err
	}
	revs, err := o.revisions(ctx, s, t, obj)
	if err != nil {
		return nil, err
	}
	title := fault.Sentencef("%s.%s/%s", strings.ToLower(t.r.Kind), t.r.Group, t.name) // kubectl: deployment.apps/web
	if len(revs) == 0 {
		return &printer.Result{Empty: fault.Sentencef(sentenceNoRevisions, t.r.GroupResource(), t.name)}, nil
	}
	// A change cause is an annotation that may quote a command line: machine mode masks it.
	tab := &printer.Table{Heading: title + " ", Narrow: true,
		Columns: []printer.Column{{Header: "REVISION"}, {Header: "CHANGE-CAUSE", Role: printer.RoleServerCell}}}
	for _, r := range revs {
		cause := r.cause
		if cause == "" {
			cause = "<none>"
		}
		tab.Rows = append(tab.Rows, []string{strconv.FormatInt(r.number, 10), cause})
	}
	return &printer.Result{Table: tab}, nil
}

// revisions reads the owned objects that record the revisions, oldest first.
func (o *HistoryOptions) revisions(ctx context.Context, s *reader.Session, t target, obj map[string]any) ([]revision, error) {
	selector, ok := logs.LabelSelectorString(mapOf(field(obj, "spec", "selector")))
	if !ok {
		return nil, nil
	}
	kind, numberOf := "controllerrevisions.apps", func(m map[string]any) int64 { return number(m, "revision") }
	if t.r.Kind == "Deployment" {
		kind = "replicasets.apps"
		numberOf = func(m map[string]any) int64 {
			n, _ := strconv.ParseInt(text(m, "metadata", "annotations", "deployment.kubernetes.io/revision"), 10, 64)
			return n
		}
	}
	r, err := s.Client.Resolve(ctx, kind)
	if err != nil {
		return nil, err
	}
	uid := text(obj, "metadata", "uid")
	var revs []revision
	opts := kube.ListOptions{LabelSelector: selector, MaxRows: o.MaxRows}
	err = s.Client.ListObjects(ctx, r, kube.Scope{Namespace: o.Namespace}, opts, func(m map[string]any) error {
		if controlledBy(m, uid) {
			revs = append(revs, revision{number: numberOf(m), cause: text(m, "metadata", "annotations", changeCause)})
		}
		return nil
	}, func() { revs = nil })
	sort.Slice(revs, func(i, j int) bool { return revs[i].number < revs[j].number })
	return revs, err
}

// controlledBy reports whether the object's controller is the one with uid.
func controlledBy(m map[string]any, uid string) bool {
	refs, _ := field(m, "metadata", "ownerReferences").([]any)
	for _, ref := range refs {
		r := mapOf(ref)
		if text(r, "uid") == uid && field(r, "controller") == true {
			return true
		}
	}
	return false
}

func mapOf(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}
