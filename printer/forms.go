package printer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/printer/jsonpath"
	"github.com/studioctl/studioctl/sanitize"
)

// Form prints documents as text of the user's making: a JSONPath template, custom columns or a Go
// template. The Writer hands it the documents after masking them (machine mode), and sanitises
// every line it prints, so a form sees only what -o json would print.
type Form interface {
	print(w io.Writer, doc any) error
}

// FormNames are the -o forms that take a template or a column list, with and without a file.
var FormNames = []string{"jsonpath", "jsonpath-file", "jsonpath-as-json", "custom-columns", "custom-columns-file", "go-template", "go-template-file", "template", "templatefile"}

// NewForm reads an -o value that names a form (jsonpath=TEMPLATE, custom-columns=SPEC, ...);
// readFile reads a -file form's file. It answers nil for any other -o value.
func NewForm(output string, allowMissing bool, readFile func(string) ([]byte, error)) (Form, error) {
	name, arg, _ := strings.Cut(output, "=")
	if !isForm(name) {
		return nil, nil
	}
	if strings.HasSuffix(name, "-file") || name == "templatefile" {
		data, err := readFile(arg)
		if err != nil {
			return nil, fault.Refusef(CodeForm, sentenceFormFile, "-o "+name, arg)
		}
		name, arg = strings.TrimSuffix(strings.TrimSuffix(name, "-file"), "file"), string(data)
		if name == "custom-columns" {
			return customColumnsFile(arg)
		}
	}
	if arg == "" {
		return nil, fault.Refusef(CodeForm, sentenceFormEmpty, name)
	}
	switch name {
	case "jsonpath", "jsonpath-as-json":
		t, err := jsonpath.Parse(arg)
		if err != nil {
			return nil, fault.Refusef(CodeForm, sentenceTemplate, "JSONPath", err)
		}
		return &jsonPathForm{t: t, allowMissing: allowMissing, asJSON: name == "jsonpath-as-json"}, nil
	case "custom-columns":
		return customColumns(arg)
	}
	return newGoTemplate(arg, allowMissing)
}

func isForm(name string) bool {
	for _, f := range FormNames {
		if f == name {
			return true
		}
	}
	return false
}

type jsonPathForm struct {
	t            *jsonpath.Template
	allowMissing bool
	asJSON       bool // -o jsonpath-as-json: each piece's values as a JSON array
}

func (f *jsonPathForm) print(w io.Writer, doc any) error {
	run := f.t.Execute
	if f.asJSON {
		run = f.t.ExecuteJSON
	}
	if err := run(w, doc, f.allowMissing); err != nil {
		return &fault.Error{Code: CodeForm, Class: fault.ServerError, Sentence: fault.Sentencef(sentenceTemplateRun, "JSONPath", err)}
	}
	return nil
}

// writeForm prints documents through a form: the form writes to a buffer, and every line of it
// is sanitised on the way out (a newline the template asked for stays a line break).
func (w *Writer) writeForm(f Form, doc any) error {
	var buf bytes.Buffer
	err := f.print(&buf, doc)
	if err != nil {
		return err
	}
	_, err = w.Out.Write(sanitizeLines(buf.String()))
	return err
}

// sanitizeLines makes a form's output safe line by line, keeping the line breaks it printed.
func sanitizeLines(text string) []byte {
	var out bytes.Buffer
	for _, l := range strings.SplitAfter(text, "\n") {
		body, nl := strings.CutSuffix(l, "\n")
		out.WriteString(sanitize.String(body))
		if nl {
			out.WriteByte('\n')
		}
	}
	return out.Bytes()
}

// goValue prints a value as Go's %v prints kubectl's decoded objects, which is how custom
// columns print a map or a list: map[a:b c:d], [x y].
func goValue(v any) string {
	switch x := v.(type) {
	case map[string]any:
		parts := make([]string, 0, len(x))
		for _, k := range sortedKeys(x) {
			parts = append(parts, k+":"+goValue(x[k]))
		}
		return "map[" + strings.Join(parts, " ") + "]"
	case []any:
		parts := make([]string, 0, len(x))
		for _, it := range x {
			parts = append(parts, goValue(it))
		}
		return "[" + strings.Join(parts, " ") + "]"
	case nil:
		return "<nil>"
	case json.Number, string, bool:
		return jsonpath.Text(x)
	}
	return fmt.Sprint(v)
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
