package get

import (
	"context"
	"strings"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/statement"
)

// getTarget is one type word a get names (a type, or a category such as all) with the object
// names that go with it.
type getTarget struct {
	typ   string
	names []string
}

// getTargets reads `TYPE[,TYPE ...] [NAME ...]` (every type with the same names) or
// `TYPE/NAME ...` (consecutive names of one type kept together, as kubectl prints them).
func getTargets(args []string) ([]getTarget, error) {
	var ts []getTarget
	if strings.Contains(args[0], "/") {
		for _, a := range args {
			typ, name, ok := strings.Cut(a, "/")
			if !ok || typ == "" || name == "" || strings.Contains(typ, ",") {
				return nil, fault.Refusef(statement.CodeUsage, sentenceTargets, a)
			}
			if n := len(ts); n > 0 && strings.EqualFold(ts[n-1].typ, typ) {
				ts[n-1].names = append(ts[n-1].names, name)
				continue
			}
			ts = append(ts, getTarget{typ: typ, names: []string{name}})
		}
		return ts, nil
	}
	for _, typ := range strings.Split(args[0], ",") {
		if typ == "" {
			return nil, fault.Refusef(statement.CodeUsage, sentenceTargets, args[0])
		}
		ts = append(ts, getTarget{typ: typ, names: args[1:]})
	}
	if len(ts) > limits.MaxKindsPerStatement {
		return nil, fault.Refusef(fault.CodeLimitKinds, sentenceKinds, len(ts), limits.MaxKindsPerStatement)
	}
	return ts, nil
}

// resolve turns the targets into one read per kind: a category becomes its kinds (discovery's
// categories, custom kinds that join them included); a kind named twice in a TYPE list is read
// once, as kubectl's builder does; TYPE/NAME arguments keep their order, consecutive names of one
// kind in one read.
func (o *Options) resolve(ctx context.Context, s *reader.Session, targets []getTarget, form printer.Form, sort *sorter) ([]*getRead, error) {
	var reads []*getRead
	seen := map[string]bool{}
	for _, t := range targets {
		rs, err := s.Client.ResolveTypes(ctx, t.typ)
		if err != nil {
			return nil, err
		}
		for _, r := range rs {
			key := r.GroupVersion() + "/" + r.Resource
			named := len(t.names) > 0 && strings.Contains(o.Args[0], "/")
			if named {
				if n := len(reads); n > 0 && reads[n-1].r.GroupVersion()+"/"+reads[n-1].r.Resource == key {
					reads[n-1].names = append(reads[n-1].names, t.names...)
					continue
				}
			} else if seen[key] {
				continue
			}
			seen[key] = true
			g := &getRead{s: s, o: o, r: r, names: append([]string(nil), t.names...), form: form, sort: sort}
			g.scope = kube.Scope{Namespace: o.Namespace, AllNamespaces: o.AllNamespaces && len(t.names) == 0}
			reads = append(reads, g)
		}
	}
	if len(reads) > limits.MaxKindsPerStatement {
		return nil, fault.Refusef(fault.CodeLimitKinds, sentenceKinds, len(reads), limits.MaxKindsPerStatement)
	}
	return reads, nil
}

// several answers a get of several kinds as kubectl's does: each kind's table in turn, the name
// column prefixed with kind.group/ when more than one kind answered; -o name lines kind by kind;
// documents and forms over one v1 List of every kind's objects. A kind the server refuses or
// lacks a named object of becomes an error printed after the rest, as kubectl's does.
func (o *Options) several(ctx context.Context, reads []*getRead) (*printer.Result, error) {
	out := &printer.Result{}
	answered := map[string]bool{}
	namespaced := false // a namespaced kind answered under -A: later cluster-scoped tables keep the column
	var docs *printer.Docs
	var lines *printer.Lines
	sortedNames := o.Output == "name" && reads[0].sort != nil
	switch {
	case o.Output == "name" && !sortedNames:
		lines = &printer.Lines{Names: true}
		out.Lines = lines
	case o.Output == "json" || o.Output == "yaml" || reads[0].form != nil || sortedNames:
		docs = &printer.Docs{Format: o.Output, Form: reads[0].form}
		out.Docs = docs
	}
	for _, g := range reads {
		var res *printer.Result
		var err error
		switch {
		case lines != nil:
			res, err = g.nameLines(ctx)
		case docs != nil:
			res, err = g.docs(ctx)
		default:
			res, err = g.table(ctx)
		}
		if err != nil {
			e, ok := fault.As(err)
			if !ok || e.Status == 0 {
				return nil, err
			}
			out.Errors = append(out.Errors, e)
			continue
		}
		out.Errors = append(out.Errors, res.Errors...)
		switch {
		case res.Table != nil:
			if len(g.names) == 0 || len(res.Table.Rows) > 0 {
				answered[nameOf(g.r)] = true
			}
			if g.scope.AllNamespaces && !g.r.Namespaced && namespaced {
				blankNamespaces(res.Table)
			}
			namespaced = namespaced || g.showNamespace()
			out.Groups = append(out.Groups, res.Table)
			res.Table.Heading = nameOf(g.r) // kept until the prefix is decided, then cleared
		case res.Lines != nil:
			lines.Text = append(lines.Text, res.Lines.Text...)
		case res.Docs != nil:
			secret := res.Docs.SecretNames
			for _, obj := range res.Docs.Objects {
				docs.Objects = append(docs.Objects, obj)
				docs.SecretItems = append(docs.SecretItems, secret)
			}
			if len(docs.Objects) > g.docCap() {
				return nil, g.docCapError()
			}
		}
	}
	prefixNames(out.Groups, len(answered) > 1)
	if docs != nil {
		if err := reads[0].sortDocs(docs); err != nil {
			return nil, err
		}
	}
	if sortedNames {
		out.Docs, out.Lines = nil, namesOf(docs)
	}
	// kubectl says there is nothing only under its tables, and only when nothing else was said.
	if lines == nil && docs == nil && !hasRows(out.Groups) && len(out.Errors) == 0 && !o.IgnoreNotFound {
		out.Empty = sentenceNoResources
		if !o.AllNamespaces {
			out.Empty = fault.Sentencef(reader.SentenceNoResourcesIn, o.Namespace)
		}
	}
	return out, nil
}

// blankNamespaces gives a cluster-scoped kind's table an empty NAMESPACE column, as kubectl's
// printer keeps the column for every kind after a namespaced one under -A.
func blankNamespaces(t *printer.Table) {
	t.Columns = append([]printer.Column{{Header: "NAMESPACE", Role: printer.RoleNamespace}}, t.Columns...)
	for i, row := range t.Rows {
		t.Rows[i] = append([]string{""}, row...)
	}
}

// prefixNames writes kind.group/ before each name cell when more than one kind answered.
func prefixNames(groups []*printer.Table, prefix bool) {
	for _, t := range groups {
		kind := t.Heading
		t.Heading = ""
		if !prefix {
			continue
		}
		for j, c := range t.Columns {
			if c.Role != printer.RoleName {
				continue
			}
			for _, row := range t.Rows {
				if j < len(row) {
					row[j] = kind + "/" + row[j]
				}
			}
		}
	}
}

func hasRows(groups []*printer.Table) bool {
	for _, t := range groups {
		if len(t.Rows) > 0 {
			return true
		}
	}
	return false
}

// namesOf is -o name over documents read whole, for --sort-by on any path: each object's
// kind.group/name, in the documents' order.
func namesOf(d *printer.Docs) *printer.Lines {
	lines := &printer.Lines{Names: true}
	for i, o := range d.Objects {
		if d.SecretNames || (i < len(d.SecretItems) && d.SecretItems[i]) {
			lines.SecretNames = true // every line of this answer then hides its name in machine mode
		}
		lines.Text = append(lines.Text, nameLine(o))
	}
	return lines
}

// nameLine is an object's -o name line: its kind.group/name.
func nameLine(o map[string]any) string {
	kind, _ := o["kind"].(string)
	group, _, grouped := strings.Cut(stringField(o, "apiVersion"), "/")
	prefix := strings.ToLower(kind)
	if grouped && group != "" {
		prefix += "." + group
	}
	return prefix + "/" + metaName(o)
}

func stringField(o map[string]any, key string) string {
	s, _ := o[key].(string)
	return s
}
