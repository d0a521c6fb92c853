package printer

import (
	"io"
	"strings"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/printer/jsonpath"
)

// customColumnsForm is kubectl's -o custom-columns: a header line as written, then one row per
// object, each cell the values its path finds joined by commas, or <none>.
type customColumnsForm struct {
	headers   []string
	paths     []*jsonpath.Template
	NoHeaders bool
}

// customColumns reads NAME:PATH,NAME:PATH.
func customColumns(spec string) (Form, error) {
	f := &customColumnsForm{}
	for _, part := range strings.Split(spec, ",") {
		header, path, ok := strings.Cut(part, ":")
		if !ok {
			return nil, fault.Refusef(CodeForm, sentenceColumnSpec, part)
		}
		if err := f.add(header, path); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// customColumnsFile reads kubectl's column file: the headers on the first line, the paths on the
// second, separated by spaces.
func customColumnsFile(text string) (Form, error) {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if len(lines) != 2 {
		return nil, fault.Refusef(CodeForm, sentenceColumnFile)
	}
	headers, paths := strings.Fields(lines[0]), strings.Fields(lines[1])
	if len(headers) != len(paths) || len(headers) == 0 {
		return nil, fault.Refusef(CodeForm, sentenceColumnCount, len(headers), len(paths))
	}
	f := &customColumnsForm{}
	for i := range headers {
		if err := f.add(headers[i], paths[i]); err != nil {
			return nil, err
		}
	}
	return f, nil
}

func (f *customColumnsForm) add(header, path string) error {
	tmpl, err := jsonpath.Relaxed(path)
	if err == nil {
		var t *jsonpath.Template
		if t, err = jsonpath.Parse(tmpl); err == nil {
			f.headers, f.paths = append(f.headers, header), append(f.paths, t)
			return nil
		}
	}
	return fault.Refusef(CodeForm, sentenceColumnPath, path, err)
}

// SetNoHeaders drops the header line (get --no-headers).
func SetNoHeaders(f Form) {
	if c, ok := f.(*customColumnsForm); ok {
		c.NoHeaders = true
	}
}

func (f *customColumnsForm) print(w io.Writer, doc any) error {
	tw := NewTabWriter(w)
	if !f.NoHeaders {
		cells := make([]string, len(f.headers))
		for i, h := range f.headers {
			cells[i] = cellText(h)
		}
		io.WriteString(tw, strings.Join(cells, "\t")+"\n")
	}
	for _, obj := range listItems(doc) {
		row, err := f.row(obj)
		if err != nil {
			return err
		}
		io.WriteString(tw, row+"\n")
	}
	return tw.Flush()
}

func (f *customColumnsForm) row(obj any) (string, error) {
	cells := make([]string, len(f.paths))
	for i, p := range f.paths {
		vals, err := p.Find(obj)
		if err != nil {
			return "", &fault.Error{Code: CodeForm, Class: fault.ServerError, Sentence: fault.Sentencef(sentenceTemplateRun, "custom-columns", err)}
		}
		if len(vals) == 0 {
			cells[i] = "<none>"
			continue
		}
		parts := make([]string, len(vals))
		for j, v := range vals {
			parts[j] = goValue(v)
		}
		cells[i] = cellText(strings.Join(parts, ","))
	}
	return strings.Join(cells, "\t"), nil
}

// listItems is a List's items, or the one object.
func listItems(doc any) []any {
	m, _ := doc.(map[string]any)
	if m["kind"] == "List" {
		items, _ := m["items"].([]any)
		return items
	}
	return []any{doc}
}
