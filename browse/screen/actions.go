package screen

import (
	"context"
	"io"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/browse"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read"
	"github.com/studioctl/studioctl/read/describe"
	"github.com/studioctl/studioctl/read/events"
	"github.com/studioctl/studioctl/read/reader"
)

// target is the object under the cursor: its resolved kind, namespace and name.
type target struct {
	r         discovery.APIResource
	namespace string
	name      string
}

// ref is the object as a statement names it: deployment.apps/web.
func (t target) ref() string { return t.r.StatementType() + "/" + t.name }

// viewMsg is a row view's text, or the sentence of why it could not be read.
type viewMsg struct {
	seq   int
	title string
	lines []string
	err   error
}

// jumpMsg asks the list to show another kind (in a namespace), selecting a name or keeping only
// some names (owned objects).
type jumpMsg struct {
	r         discovery.APIResource
	namespace string
	selectRow string
	only      map[string]bool
	onlyLabel string
	err       error
}

// podMsg carries a pod's container names for the logs view.
type podMsg struct {
	seq        int
	containers []string
	err        error
}

// reads are the row actions' reads, each through the console's readers or the tree's YAML view,
// answered as text the printer's Writer made (masked in machine mode, made safe).
type reads struct {
	b    *browse.Browser
	s    *reader.Session
	mode printer.RedactMode
}

func (x reads) lines(res *printer.Result) ([]string, error) {
	return printer.NewWriter(io.Discard, io.Discard, x.mode).ScreenLines(res)
}

func (x reads) describe(ctx context.Context, seq int, t target) tea.Cmd {
	return func() tea.Msg {
		o := &describe.Options{Args: []string{t.ref()}, Namespace: t.namespace}
		return x.result(seq, "describe "+t.ref(), func() (*printer.Result, error) { return read.RunOptions(ctx, x.s, o) })
	}
}

func (x reads) yaml(ctx context.Context, seq int, t target) tea.Cmd {
	return func() tea.Msg {
		n := browse.ObjectNode(t.r, t.namespace, t.name)
		return x.result(seq, "yaml "+t.ref(), func() (*printer.Result, error) { return x.b.SourceResult(ctx, n, "yaml") })
	}
}

func (x reads) events(ctx context.Context, seq int, t target) tea.Cmd {
	return func() tea.Msg {
		ref := t.ref()
		o := &events.Options{For: &ref, Namespace: t.namespace}
		return x.result(seq, "events --for "+ref, func() (*printer.Result, error) { return read.RunOptions(ctx, x.s, o) })
	}
}

func (x reads) logs(ctx context.Context, seq int, q logQuery) tea.Cmd {
	return func() tea.Msg {
		return x.result(seq, "", func() (*printer.Result, error) { return read.RunOptions(ctx, x.s, q.options()) })
	}
}

func (x reads) result(seq int, title string, run func() (*printer.Result, error)) tea.Msg {
	res, err := run()
	if err != nil {
		return viewMsg{seq: seq, title: title, err: err}
	}
	lines, err := x.lines(res)
	return viewMsg{seq: seq, title: title, lines: lines, err: err}
}

// containers reads a pod's container names: the regular containers, then the init containers.
func (x reads) containers(ctx context.Context, seq int, t target) tea.Cmd {
	return func() tea.Msg {
		obj, err := x.b.Source(ctx, browse.ObjectNode(t.r, t.namespace, t.name))
		if err != nil {
			return podMsg{seq: seq, err: err}
		}
		spec, _ := obj["spec"].(map[string]any)
		var names []string
		for _, field := range []string{"containers", "initContainers"} {
			list, _ := spec[field].([]any)
			for _, c := range list {
				if m, ok := c.(map[string]any); ok {
					if name, ok := m["name"].(string); ok {
						names = append(names, name)
					}
				}
			}
		}
		return podMsg{seq: seq, containers: names}
	}
}

// owner reads the object's controlling owner (or its first owner) and jumps to it.
func (x reads) owner(ctx context.Context, t target) tea.Cmd {
	return func() tea.Msg {
		obj, err := x.b.Source(ctx, browse.ObjectNode(t.r, t.namespace, t.name))
		if err != nil {
			return jumpMsg{err: err}
		}
		refs := ownerRefs(obj)
		if len(refs) == 0 {
			return jumpMsg{err: fault.Refusef(codeBrowse, sentenceNoOwner)}
		}
		pick := refs[0]
		for _, r := range refs {
			if r.controller {
				pick = r
				break
			}
		}
		r, err := x.b.Client().Resolve(ctx, pick.typeName())
		if err != nil {
			return jumpMsg{err: err}
		}
		return jumpMsg{r: r, namespace: t.namespace, selectRow: pick.name}
	}
}

type ownerRef struct {
	apiVersion, kind, name, uid string
	controller                  bool
}

// typeName is the owner's kind as a statement names it: replicaset.apps.
func (o ownerRef) typeName() string {
	kind := strings.ToLower(o.kind)
	if group, _, ok := strings.Cut(o.apiVersion, "/"); ok {
		return kind + "." + group
	}
	return kind
}

func ownerRefs(obj map[string]any) []ownerRef {
	list, _ := apivalue.Meta(obj)["ownerReferences"].([]any)
	var out []ownerRef
	for _, v := range list {
		m, ok := v.(map[string]any)
		if !ok {
			continue
		}
		s := func(k string) string { x, _ := m[k].(string); return x }
		c, _ := m["controller"].(bool)
		out = append(out, ownerRef{apiVersion: s("apiVersion"), kind: s("kind"), name: s("name"), uid: s("uid"), controller: c})
	}
	return out
}

func uidOf(obj map[string]any) string {
	return apivalue.MetaString(obj, "uid")
}
