package get

import (
	"context"
	"time"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/policy"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/statement"
)

// get --subresource: one named object's status or scale, as kubectl's get prints it (the server's
// Table for it; a plain object, which a custom resource's subresource may answer, as NAME and AGE).

// validateSubresource checks --subresource before anything is sent: status or scale, with one
// named object of one type and no list flags.
func (o *Options) validateSubresource(targets []getTarget) error {
	if o.Subresource == "" {
		return nil
	}
	if !policy.IsGetSubresource(o.Subresource) {
		return fault.Refusef(statement.CodeBadValue, sentenceSubresource, o.Subresource)
	}
	if len(targets) != 1 || len(targets[0].names) != 1 || o.watching() || o.Selector != "" || o.FieldSelector != "" || o.AllNamespaces {
		return fault.Refusef(statement.CodeUsage, sentenceSubresourceOne)
	}
	return nil
}

// subresource reads the one named object's subresource in the form asked for.
func (g *getRead) subresource(ctx context.Context) (*printer.Result, error) {
	sub, name := g.o.Subresource, g.names[0]
	if !g.r.HasSubresource(sub) {
		return nil, fault.Refusef(statement.CodeBadValue, sentenceSubresourceNone, g.r.GroupResource(), sub)
	}
	if g.o.Output == "" || g.o.Output == "wide" {
		return g.subresourceTable(ctx, sub, name)
	}
	res := &printer.Result{}
	obj, err := g.s.Client.GetSubresourceObject(ctx, g.r, g.scope.Namespace, name, sub)
	if err := g.collect(res, err); err != nil || obj == nil {
		return res, err
	}
	if err := checkDocumentSize(obj); err != nil {
		return nil, err
	}
	d := &printer.Docs{Format: g.o.Output, SecretNames: isCoreSecrets(g.r), Form: g.form, Single: true, Objects: []map[string]any{obj}}
	if g.o.Output == "name" {
		res.Lines = namesOf(d)
		return res, nil
	}
	res.Docs = d
	return res, nil
}

func (g *getRead) subresourceTable(ctx context.Context, sub, name string) (*printer.Result, error) {
	b := &tableBuilder{g: g, out: &printer.Table{NoHeaders: g.o.NoHeaders, SecretNames: isCoreSecrets(g.r)}}
	res := &printer.Result{Table: b.out}
	include := "None"
	if g.o.ShowLabels || len(g.o.LabelColumns) > 0 {
		include = "Metadata"
	}
	t, err := g.s.Client.GetSubresourceTable(ctx, g.r, g.scope.Namespace, name, sub, include)
	if err := g.collect(res, err); err != nil || t == nil {
		return res, err
	}
	if t.Plain {
		t = plainTable(t, g.s.Client.Now())
	}
	return res, b.Page(t)
}

// plainTable is kubectl's table for an object the server sent without one: NAME and AGE.
func plainTable(t *kube.Table, now time.Time) *kube.Table {
	out := &kube.Table{Columns: []kube.Column{{Name: "Name", Type: "string", Format: "name"}, {Name: "Age", Type: "string"}}}
	for _, row := range t.Rows {
		age := "<unknown>"
		if created := apivalue.Time(apivalue.MetaString(row.Object, "creationTimestamp")); !created.IsZero() {
			age = printer.HumanDuration(now.Sub(created))
		}
		out.Rows = append(out.Rows, kube.Row{Cells: []any{row.Name(), age}, Object: row.Object})
	}
	return out
}
