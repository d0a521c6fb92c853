package printer

import (
	"io"
	"strings"
	"text/tabwriter"
	"text/template"
	"text/template/parse"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/printer/jsonpath"
)

// The forms' item-by-item printing (DocStream): each answers false where its output over the
// List is not the concatenation of its output over each item.

// jsonPathStream is a JSONPath template run item by item (jsonpath.Stream says which may be).
type jsonPathStream struct{ s *jsonpath.Stream }

func (f *jsonPathForm) stream() (formStream, bool) {
	if f.asJSON {
		return nil, false // its arrays are of the whole List's values, not of each item's
	}
	s, ok := f.t.Streamer(f.allowMissing)
	if !ok {
		return nil, false
	}
	return &jsonPathStream{s: s}, true
}

func (j *jsonPathStream) begin(w io.Writer) error { return jsonPathRun(j.s.Begin(w)) }
func (j *jsonPathStream) item(w io.Writer, obj any) error {
	return jsonPathRun(j.s.Item(w, obj))
}
func (j *jsonPathStream) end(w io.Writer) error { return jsonPathRun(j.s.End(w)) }

// jsonPathRun is a template's failure as jsonPathForm.print says it.
func jsonPathRun(err error) error {
	if err == nil {
		return nil
	}
	return &fault.Error{Code: CodeForm, Class: fault.ServerError, Sentence: fault.Sentencef(sentenceTemplateRun, "JSONPath", err)}
}

// customColumnsStream prints each item's row as it comes; the tab writer keeps the printed cells
// (never the objects) until the end, where the columns are aligned over every row, as kubectl's.
type customColumnsStream struct {
	f   *customColumnsForm
	tw  *tabwriter.Writer
	out strings.Builder
}

func (f *customColumnsForm) stream() (formStream, bool) { return &customColumnsStream{f: f}, true }

func (c *customColumnsStream) begin(io.Writer) error {
	c.tw = NewTabWriter(&c.out)
	if !c.f.NoHeaders {
		cells := make([]string, len(c.f.headers))
		for i, h := range c.f.headers {
			cells[i] = cellText(h)
		}
		io.WriteString(c.tw, strings.Join(cells, "\t")+"\n")
	}
	return nil
}

func (c *customColumnsStream) item(_ io.Writer, obj any) error {
	row, err := c.f.row(obj)
	if err != nil {
		return err
	}
	_, err = io.WriteString(c.tw, row+"\n")
	return err
}

func (c *customColumnsStream) end(w io.Writer) error {
	if err := c.tw.Flush(); err != nil {
		return err
	}
	_, err := io.WriteString(w, c.out.String())
	return err
}

// goTemplateStream is a Go template of the form TEXT {{range .items}}BODY{{end}} TEXT: the text
// around the range printed once, the body run on each item as the range would run it.
type goTemplateStream struct {
	pre, post string
	body      *template.Template
}

func (f *goTemplateForm) stream() (formStream, bool) {
	pre, rng, post, ok := rangeOverItems(f.t.Root)
	if !ok {
		return nil, false
	}
	// The body runs as the template itself, on a clone: its name, functions, options and the
	// templates it may call stay those of the whole, and so do the positions its errors name.
	body, err := f.t.Clone()
	if err != nil {
		return nil, false
	}
	body.Tree = &parse.Tree{Name: f.t.Name(), ParseName: f.t.ParseName, Root: rng.List.CopyList()}
	return &goTemplateStream{pre: pre, post: post, body: body}, true
}

// rangeOverItems splits a template's root into the text before a range over .items, the range and
// the text after it. The range may have no else (it runs when there are no items), declare no
// variable, and its body may not read $ (the List) nor break or continue the range.
func rangeOverItems(root *parse.ListNode) (pre string, rng *parse.RangeNode, post string, ok bool) {
	if root == nil {
		return "", nil, "", false
	}
	for _, n := range root.Nodes {
		switch x := n.(type) {
		case *parse.TextNode:
			if rng == nil {
				pre += string(x.Text)
			} else {
				post += string(x.Text)
			}
		case *parse.RangeNode:
			if rng != nil || !overItems(x) {
				return "", nil, "", false
			}
			rng = x
		default:
			return "", nil, "", false
		}
	}
	return pre, rng, post, rng != nil
}

func overItems(r *parse.RangeNode) bool {
	p := r.Pipe
	if r.ElseList != nil || p == nil || len(p.Decl) > 0 || len(p.Cmds) != 1 || len(p.Cmds[0].Args) != 1 {
		return false
	}
	field, ok := p.Cmds[0].Args[0].(*parse.FieldNode)
	return ok && len(field.Ident) == 1 && field.Ident[0] == "items" && perItemBody(r.List)
}

// perItemBody reports whether a range body runs the same on one item alone: no $, which names
// the whole document, and no break or continue, which act on the range.
func perItemBody(n parse.Node) bool {
	switch x := n.(type) {
	case *parse.ListNode:
		if x == nil {
			return true
		}
		for _, c := range x.Nodes {
			if !perItemBody(c) {
				return false
			}
		}
		return true
	case *parse.BreakNode, *parse.ContinueNode:
		return false
	case *parse.VariableNode:
		return x.Ident[0] != "$"
	case *parse.ActionNode:
		return perItemBody(x.Pipe)
	case *parse.TemplateNode:
		return x.Pipe == nil || perItemBody(x.Pipe)
	case *parse.PipeNode:
		if x == nil {
			return true
		}
		for _, d := range x.Decl {
			if !perItemBody(d) {
				return false
			}
		}
		for _, c := range x.Cmds {
			if !perItemBody(c) {
				return false
			}
		}
		return true
	case *parse.CommandNode:
		for _, a := range x.Args {
			if !perItemBody(a) {
				return false
			}
		}
		return true
	case *parse.ChainNode:
		return perItemBody(x.Node)
	case *parse.IfNode:
		return perItemBody(x.Pipe) && perItemBody(x.List) && perItemBody(x.ElseList)
	case *parse.WithNode:
		return perItemBody(x.Pipe) && perItemBody(x.List) && perItemBody(x.ElseList)
	case *parse.RangeNode:
		return perItemBody(x.Pipe) && perItemBody(x.List) && perItemBody(x.ElseList)
	}
	return true
}

func (g *goTemplateStream) begin(w io.Writer) error {
	_, err := io.WriteString(&capped{w: w, left: jsonpath.MaxOutputBytes}, g.pre)
	return err
}

func (g *goTemplateStream) item(w io.Writer, obj any) error {
	cw := &capped{w: w, left: jsonpath.MaxOutputBytes}
	if err := g.body.Execute(cw, floats(obj)); err != nil {
		return &fault.Error{Code: CodeForm, Class: fault.ServerError, Sentence: fault.Sentencef(sentenceTemplateRun, "Go", err)}
	}
	return nil
}

func (g *goTemplateStream) end(w io.Writer) error {
	_, err := io.WriteString(&capped{w: w, left: jsonpath.MaxOutputBytes}, g.post)
	return err
}
