package browse

import (
	"context"
	"strconv"
	"strings"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read"
	"github.com/studioctl/studioctl/read/describe"
	"github.com/studioctl/studioctl/read/get"
	"github.com/studioctl/studioctl/read/logs"
	"github.com/studioctl/studioctl/read/reader"
)

// Row action names.
const (
	ActionSource   = "source"   // the YAML view: the object, managedFields removed, Secret values gone
	ActionDescribe = "describe" // the describe reader
	ActionLogs     = "logs"     // a pod's last 50 log lines
	ActionList     = "list"     // a custom resource type's objects in the container (get TYPE)
)

// Action is one row action: its name and, for those the console's readers answer, the statement
// it runs as typed options, with the same statement as words for display.
type Action struct {
	Name    string
	Options reader.Options // nil for the YAML view, which is a library read
	Words   []string       // shown to the user, never parsed: Options is what runs
}

// Statement is the action's statement as one line, for display ("logs pod/web-0 -n shop --tail=50").
func (a Action) Statement() string { return strings.Join(a.Words, " ") }

// Actions lists a node's row actions: the YAML view and Describe on every object, Logs on a pod,
// List on a custom resource type.
func (n *Node) Actions() []Action {
	switch {
	case n.Kind == KindObject && n.Resource != nil:
		acts := []Action{{Name: ActionSource}, n.describeAction()}
		if n.Resource.Group == "" && n.Resource.Resource == "pods" {
			acts = append(acts, n.logsAction())
		}
		return acts
	case n.Kind == KindType && n.Resource != nil:
		return []Action{n.listAction()}
	}
	return nil
}

// Action returns the node's action of that name.
func (n *Node) Action(name string) (Action, bool) {
	for _, a := range n.Actions() {
		if a.Name == name {
			return a, true
		}
	}
	return Action{}, false
}

func (n *Node) describeAction() Action {
	target := n.Resource.StatementType() + "/" + n.Name
	return Action{Name: ActionDescribe,
		Options: &describe.Options{Args: []string{target}, Namespace: n.statementNamespace()},
		Words:   n.scoped("describe", target)}
}

func (n *Node) logsAction() Action {
	target := "pod/" + n.Name
	tail := int64(limits.RowActionLogLines)
	return Action{Name: ActionLogs,
		Options: &logs.Options{Args: []string{target}, Namespace: n.statementNamespace(), Tail: &tail},
		Words:   append(n.scoped("logs", target), "--tail="+strconv.FormatInt(tail, 10))}
}

func (n *Node) listAction() Action {
	return Action{Name: ActionList,
		Options: &get.Options{Args: []string{n.Ref}, Namespace: n.statementNamespace()},
		Words:   n.scoped("get", n.Ref)}
}

// statementNamespace is the namespace a row's statement names: the node's, when it lives in one;
// "" leaves the connection's default to the reader, as a statement without -n does.
func (n *Node) statementNamespace() string {
	if n.Namespace != "" && n.Resource != nil && n.Resource.Namespaced {
		return n.Namespace
	}
	return ""
}

// scoped builds a statement's display words, with -n when the statement names a namespace.
func (n *Node) scoped(words ...string) []string {
	if ns := n.statementNamespace(); ns != "" {
		words = append(words, "-n", ns)
	}
	return words
}

// ObjectNode builds an object's node from a resolved resource, a namespace and a name, for the
// row actions (the source command uses it).
func ObjectNode(r discovery.APIResource, namespace, name string) *Node {
	container := ClusterName
	if !r.Namespaced {
		namespace = ""
	} else {
		container = namespace
	}
	ref := r.Singular + "/" + name
	return &Node{Kind: KindObject, Path: join(container, ref), Label: name, Namespace: namespace, Resource: &r, Name: name, Ref: ref}
}

// Source reads an object's YAML view: the object as the server holds it, managedFields removed, and
// for a Secret every value already replaced by a marker at decode (people mode), its keys kept.
func (b *Browser) Source(ctx context.Context, n *Node) (map[string]any, error) {
	if n.Kind != KindObject || n.Resource == nil {
		return nil, fault.Refusef(CodeUsage, sentenceNoYAMLView)
	}
	if _, err := b.discovery(ctx); err != nil {
		return nil, err
	}
	b.acquire()
	obj, err := b.c.GetObject(ctx, *n.Resource, n.Namespace, n.Name)
	b.release()
	if err != nil {
		return nil, err
	}
	if md, ok := obj["metadata"].(map[string]any); ok {
		delete(md, "managedFields")
	}
	return obj, nil
}

// SourceResult is the YAML view as a console result (format "yaml" or "json"): printed by the
// console's Writer, so machine redaction masks it, and a Secret's name too.
func (b *Browser) SourceResult(ctx context.Context, n *Node, format string) (*printer.Result, error) {
	obj, err := b.Source(ctx, n)
	if err != nil {
		return nil, err
	}
	if format == "" {
		format = "yaml"
	}
	return &printer.Result{Docs: &printer.Docs{Format: format, Objects: []map[string]any{obj}, Single: true, SecretNames: n.IsSecretObject()}}, nil
}

// Run runs a row action through the console's readers (Source through SourceResult).
func (b *Browser) Run(ctx context.Context, n *Node, a Action) (*printer.Result, error) {
	if a.Name == ActionSource {
		return b.SourceResult(ctx, n, "yaml")
	}
	return read.RunOptions(ctx, b.s, a.Options)
}

// Describe runs the describe reader on an object.
func (b *Browser) Describe(ctx context.Context, n *Node) (*printer.Result, error) {
	return b.runNamed(ctx, n, ActionDescribe)
}

// Logs reads a pod's last 50 lines through the logs reader.
func (b *Browser) Logs(ctx context.Context, n *Node) (*printer.Result, error) {
	return b.runNamed(ctx, n, ActionLogs)
}

// List runs get on a custom resource type in its container.
func (b *Browser) List(ctx context.Context, n *Node) (*printer.Result, error) {
	return b.runNamed(ctx, n, ActionList)
}

func (b *Browser) runNamed(ctx context.Context, n *Node, name string) (*printer.Result, error) {
	a, ok := n.Action(name)
	if !ok {
		return nil, fault.Refusef(CodeUsage, sentenceNoRowAction, name)
	}
	return b.Run(ctx, n, a)
}
