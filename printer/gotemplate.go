package printer

import (
	"github.com/studioctl/studioctl/redact"

	"encoding/base64"
	"encoding/json"
	"io"
	"strconv"
	"text/template"
	"text/template/parse"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer/jsonpath"
)

// goTemplateForm is kubectl's -o go-template: text/template over the document as kubectl decodes
// it (numbers as float64), with kubectl's two extra functions, exists and base64decode. A Secret's
// values were stripped when it was read, so base64decode has nothing of a Secret's to decode.
type goTemplateForm struct{ t *template.Template }

func newGoTemplate(text string, allowMissing bool) (Form, error) {
	if len(text) > jsonpath.MaxTemplateBytes {
		return nil, fault.Refusef(CodeForm, sentenceTemplate, "Go", "it is longer than 16384 bytes")
	}
	t, err := template.New("output").Funcs(template.FuncMap{"exists": exists, "base64decode": base64decode}).Parse(text)
	if err != nil {
		return nil, fault.Refusef(CodeForm, sentenceTemplate, "Go", err)
	}
	if unbounded(t.Root) {
		return nil, fault.Refusef(CodeForm, sentenceTemplate, "Go", "a range over a number is not read")
	}
	if allowMissing {
		t.Option("missingkey=default")
	} else {
		t.Option("missingkey=error")
	}
	return &goTemplateForm{t: t}, nil
}

// unbounded finds a range over a number or a variable ({{range 1000000000}}), the one loop a
// template can make that the document does not bound.
func unbounded(n parse.Node) bool {
	switch x := n.(type) {
	case *parse.ListNode:
		if x == nil {
			return false
		}
		for _, c := range x.Nodes {
			if unbounded(c) {
				return true
			}
		}
	case *parse.RangeNode:
		for _, cmd := range x.Pipe.Cmds {
			for _, a := range cmd.Args {
				switch a.(type) {
				case *parse.NumberNode, *parse.VariableNode, *parse.PipeNode:
					return true
				}
			}
		}
		return unbounded(x.List) || unbounded(x.ElseList)
	case *parse.IfNode:
		return unbounded(x.List) || unbounded(x.ElseList)
	case *parse.WithNode:
		return unbounded(x.List) || unbounded(x.ElseList)
	}
	return false
}

func (f *goTemplateForm) print(w io.Writer, doc any) error {
	cw := &capped{w: w, left: jsonpath.MaxOutputBytes}
	if err := f.t.Execute(cw, floats(doc)); err != nil {
		return &fault.Error{Code: CodeForm, Class: fault.ServerError, Sentence: fault.Sentencef(sentenceTemplateRun, "Go", err)}
	}
	return nil
}

// floats copies a document with its numbers as float64, as kubectl's go-template printer reads
// the object back from JSON.
func floats(v any) any { return kube.Copy(v, numberAsFloat) }

func numberAsFloat(v any) any {
	n, ok := v.(json.Number)
	if !ok {
		return v
	}
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil {
		return string(n)
	}
	return f
}

// exists reports whether the path of keys and indexes names something in item.
func exists(item any, indices ...any) bool {
	cur := item
	for _, ix := range indices {
		switch c := cur.(type) {
		case map[string]any:
			k, ok := ix.(string)
			if !ok {
				return false
			}
			if cur, ok = c[k]; !ok {
				return false
			}
		case []any:
			i, ok := ix.(int)
			if !ok || i < 0 || i >= len(c) {
				return false
			}
			cur = c[i]
		default:
			return false
		}
	}
	return cur != nil
}

// base64decode is kubectl's; on a value studioctl removed (a Secret's, which is never read) it
// answers the marker itself, so a template written to print a Secret's values prints what was
// removed, and how much, instead of failing on text that was never base64.
func base64decode(s string) (string, error) {
	if redact.IsMarker(s) {
		return s, nil
	}
	data, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return "", err
	}
	return string(data), nil
}

type capped struct {
	w    io.Writer
	left int
}

func (c *capped) Write(p []byte) (int, error) {
	if len(p) > c.left {
		return 0, &fault.Error{Code: CodeForm, Class: fault.ServerError, Sentence: sentenceFormOutput}
	}
	c.left -= len(p)
	return c.w.Write(p)
}
