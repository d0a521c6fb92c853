// Package explain answers explain from the server's OpenAPI v3 documents, in kubectl's layout.
package explain

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube/openapi"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/statement"
)

// Options are explain's options, filled once from the statement.
type Options struct {
	reader.Common
	Args       []string `args:""`
	Recursive  bool     `flag:"recursive"`
	APIVersion *string  `flag:"api-version"` // nil: the resource's preferred version
}

// Validate checks explain's argument and --api-version before anything is sent.
func (o *Options) Validate() error {
	if _, err := explainPath(o.Args[0]); err != nil {
		return err
	}
	if o.APIVersion != nil {
		if _, _, ok := explainAPIVersion(*o.APIVersion); !ok {
			return fault.Refusef(statement.CodeBadValue, sentenceExplainAPIVersion, *o.APIVersion)
		}
	}
	return nil
}

// Complete has nothing to fill: explain reads no namespace and no list.
func (o *Options) Complete(*reader.Session) {}

// Bounds of one explain: how deep its walk of the schema may go and how much text it may write.
// kubectl's template engine stops at 100,000 nested calls; real documents need a few dozen.
const (
	explainMaxDepth = limits.ExplainDepth
	explainMaxBytes = limits.ExplainBytes
)

// explainPath splits TYPE[.FIELD ...] into its words. A trailing dot is dropped as kubectl drops
// it; every word must be a plain field name (letters, digits, '-', '_', '$'), because kubectl reads
// the argument as a JSONPath of field names only.
func explainPath(arg string) ([]string, error) {
	words := strings.Split(strings.TrimSuffix(arg, "."), ".")
	for _, w := range words {
		if w == "" {
			return nil, fault.Refusef(statement.CodeUsage, sentenceExplainPath, arg)
		}
		for _, r := range w {
			if !(r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) || r == '-' || r == '_' || r == '$') {
				return nil, fault.Refusef(statement.CodeUsage, sentenceExplainPath, arg)
			}
		}
	}
	return words, nil
}

// explainAPIVersion reads --api-version: VERSION (the core group) or GROUP/VERSION.
func explainAPIVersion(s string) (group, version string, ok bool) {
	group, version, found := strings.Cut(s, "/")
	if !found {
		group, version = "", s
	} else if !explainGroupName(group) {
		return "", "", false
	}
	if !fault.IsDNS1123Label(version) || version == "" || version[0] != 'v' {
		return "", "", false
	}
	return group, version, true
}

// explainGroupName admits a DNS-1123 subdomain: labels joined by dots, at most 253 characters.
func explainGroupName(g string) bool {
	if g == "" || len(g) > 253 {
		return false
	}
	for _, l := range strings.Split(g, ".") {
		if !fault.IsDNS1123Label(l) || l == "" {
			return false
		}
	}
	return true
}

// Run reads the type's OpenAPI v3 document and prints its fields as kubectl explain does.
func (o *Options) Run(ctx context.Context, s *reader.Session) (*printer.Result, error) {
	arg := strings.TrimSuffix(o.Args[0], ".")
	words, err := explainPath(arg)
	if err != nil {
		return nil, err
	}
	r, err := s.Client.Resolve(ctx, words[0])
	if err != nil {
		return nil, err
	}
	fields := words[1:]
	group, version := r.Group, r.Version
	if o.APIVersion != nil {
		group, version, _ = explainAPIVersion(*o.APIVersion)
	} else {
		// kubectl reads TYPE.GROUP.FIELD when TYPE.GROUP names one of the resources TYPE may be:
		// explain deployments.apps.spec reads spec of apps' deployments.
		d, err := s.Client.Discovery(ctx)
		if err != nil {
			return nil, err
		}
		for _, c := range d.Resources {
			if !c.Preferred || c.Resource != r.Resource || c.Group == "" {
				continue
			}
			prefix := c.Resource + "." + c.Group
			if arg == prefix || strings.HasPrefix(arg, prefix+".") {
				group, version, fields = c.Group, c.Version, nil
				if rest := strings.TrimPrefix(arg[len(prefix):], "."); rest != "" {
					fields = strings.Split(rest, ".")
				}
				break
			}
		}
	}
	doc, err := s.Client.OpenAPIDocument(ctx, group, version)
	if err != nil {
		return nil, err
	}
	text, err := RenderExplain(doc, group, version, r.Resource, fields, o.Recursive)
	if e, ok := fault.As(err); ok && e.Code == CodeExplainNoField {
		// kubectl has printed the header by the time it finds the field missing.
		return &printer.Result{Lines: &printer.Lines{Text: explainLines(text)}, Errors: []*fault.Error{e}}, nil
	}
	if err != nil {
		return nil, err
	}
	return &printer.Result{Lines: &printer.Lines{Text: explainLines(text)}}, nil
}

// explainLines splits explain's text into the lines the Writer prints, each with its line break.
func explainLines(text string) []string {
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n")
}

// RenderExplain prints what kubectl explain prints from an OpenAPI v3 document (kubectl 1.27 and
// later, its plaintext template): the GROUP, KIND and VERSION header, the FIELD line when a field
// path is given, the DESCRIPTION and the FIELDS list, or with recursive every nested field's name.
// The walk follows kubectl's rules step by step, references and cycles included, so its text is
// the same; it stops with a sentence past its depth or size bounds.
func RenderExplain(doc *openapi.Document, group, version, resource string, fields []string, recursive bool) (string, error) {
	gv := version
	if group != "" {
		gv = group + "/" + version
	}
	gvk := doc.ResourceKind(group, version, resource)
	if gvk == nil {
		return "", &fault.Error{Code: CodeExplainNotFound, Class: fault.ServerError, Sentence: fault.Sentencef(sentenceExplainNoResource, resource, gv)}
	}
	e := &explainer{doc: doc, recursive: recursive}
	var b strings.Builder
	if explainTruthy(gvk["group"]) {
		b.WriteString("GROUP:      " + explainText(gvk["group"]) + "\n")
	}
	b.WriteString("KIND:       " + explainText(gvk["kind"]) + "\n")
	b.WriteString("VERSION:    " + explainText(gvk["version"]) + "\n")
	b.WriteString("\n")
	_, schema, ok := doc.SchemaFor(gvk)
	if !ok {
		return "", &fault.Error{Code: CodeExplainNotFound, Class: fault.ServerError, Sentence: fault.Sentencef(sentenceExplainNoSchema, explainText(gvk["kind"]), gv)}
	}
	var body strings.Builder
	e.output(&body, schema, nil, fields, 0)
	if e.err != nil {
		return "", e.err
	}
	if body.Len() == 0 {
		return b.String(), &fault.Error{Code: CodeExplainNoField, Class: fault.ServerError, Sentence: fault.Sentencef(sentenceExplainNoField, fields[len(fields)-1], explainText(gvk["kind"]))}
	}
	b.WriteString(body.String())
	b.WriteString("\n")
	return b.String(), nil
}

type explainer struct {
	doc       *openapi.Document
	recursive bool
	written   int
	err       error
}

// explainTrail is the references a walk has followed on its way down, for cycle detection.
type explainTrail struct {
	ref  string
	prev *explainTrail
}

func (t *explainTrail) has(ref string) bool {
	for ; t != nil; t = t.prev {
		if t.ref == ref {
			return true
		}
	}
	return false
}

func (t *explainTrail) with(ref string) *explainTrail { return &explainTrail{ref: ref, prev: t} }

// step checks the walk's bounds before each nested call; once exceeded, every call returns at once.
func (e *explainer) step(depth int) bool {
	if e.err != nil {
		return false
	}
	if depth > explainMaxDepth || e.written > explainMaxBytes {
		e.err = &fault.Error{Code: CodeExplainTooLarge, Class: fault.Refused, Sentence: sentenceExplainTooLarge}
		return false
	}
	return true
}

func (e *explainer) write(b *strings.Builder, s string) {
	e.written += len(s)
	b.WriteString(s)
}

// resolved is the schema a reference names, or the schema itself when it names nothing.
func (e *explainer) resolved(schema map[string]any) (string, map[string]any) {
	ref, _ := schema["$ref"].(string)
	if r := e.doc.Resolve(ref); len(r) > 0 {
		return ref, r
	}
	return ref, schema
}

// output follows the field path down the schema and prints the FIELD line, the description and
// the field list where it ends; it prints nothing when the path leads nowhere.
func (e *explainer) output(b *strings.Builder, schema map[string]any, trail *explainTrail, path []string, depth int) {
	if !e.step(depth) {
		return
	}
	ref, res := e.resolved(schema)
	next := trail.with(ref)
	if len(path) == 0 {
		e.write(b, "DESCRIPTION:\n")
		var d strings.Builder
		e.description(&d, res, depth+1)
		text := d.String()
		if text == "" {
			text = "<empty>"
		}
		e.write(b, explainIndent(4, ExplainWrap(76, text))+"\n")
		var list strings.Builder
		e.fieldList(&list, res, nil, 1, depth+1)
		if list.Len() > 0 {
			e.write(b, "FIELDS:\n")
			e.write(b, list.String())
		}
		return
	}
	if ref != "" && trail.has(ref) {
		return // a cycle: kubectl stops here too
	}
	props, _ := res["properties"].(map[string]any)
	if sub, ok := props[path[0]].(map[string]any); ok && len(sub) > 0 {
		if len(path) == 1 {
			e.write(b, "FIELD: "+path[0]+" <"+e.typeGuess(sub, depth+1)+">\n")
			e.write(b, e.enum(sub, true, -1, 0))
			e.write(b, "\n\n")
		}
		e.output(b, sub, nil, path[1:], depth+1)
		return
	}
	if items, ok := res["items"].(map[string]any); ok && len(items) > 0 {
		e.output(b, items, next, path, depth+1)
		return
	}
	if ap, ok := explainMapSchema(res["additionalProperties"]); ok {
		e.output(b, ap, next, path, depth+1)
		return
	}
	allOf, _ := res["allOf"].([]any)
	for _, el := range allOf {
		sub, _ := el.(map[string]any)
		var tmp strings.Builder
		e.output(&tmp, sub, next, path, depth+1)
		if tmp.Len() > 0 {
			b.WriteString(tmp.String())
			return
		}
	}
}

// explainMapSchema is kubectl's test for additionalProperties worth following: a non-empty schema
// object, never the booleans true or false.
func explainMapSchema(v any) (map[string]any, bool) {
	m, ok := v.(map[string]any)
	return m, ok && len(m) > 0
}

// fieldList prints the fields of a schema in name order (with recursive, their fields below them,
// indented), following references, allOf, items and additionalProperties; a reference already on
// the way down is a cycle and ends that branch.
func (e *explainer) fieldList(b *strings.Builder, schema map[string]any, trail *explainTrail, level, depth int) {
	if !e.step(depth) {
		return
	}
	ref, _ := schema["$ref"].(string)
	if ref != "" && trail.has(ref) {
		return
	}
	next := trail.with(ref)
	_, res := e.resolved(schema)
	props, _ := res["properties"].(map[string]any)
	names := slices.Sorted(maps.Keys(props))
	for _, name := range names {
		e.fieldDetail(b, name, res, level, depth+1)
		if e.recursive {
			sub, _ := props[name].(map[string]any)
			e.fieldList(b, sub, next, level+1, depth+1)
		}
	}
	allOf, _ := res["allOf"].([]any)
	for _, el := range allOf {
		sub, _ := el.(map[string]any)
		e.fieldList(b, sub, next, level, depth+1)
	}
	if items, ok := res["items"].(map[string]any); ok && len(items) > 0 {
		e.fieldList(b, items, next, level, depth+1)
	}
	if ap, ok := explainMapSchema(res["additionalProperties"]); ok {
		e.fieldList(b, ap, next, level, depth+1)
	}
}

// fieldDetail prints one field: its name, type, -required- and enum values, and (unless the list
// is recursive) its description wrapped below it.
func (e *explainer) fieldDetail(b *strings.Builder, name string, parent map[string]any, level, depth int) {
	if !e.step(depth) {
		return
	}
	indent := level * 2
	field, _ := parent["properties"].(map[string]any)[name].(map[string]any)
	line := strings.Repeat(" ", indent) + name + "\t<" + e.typeGuess(field, depth+1) + ">"
	if required, _ := parent["required"].([]any); explainRequired(required, name) {
		line += " -required-"
	}
	line += e.enum(field, false, 4, indent) + "\n"
	e.write(b, line)
	if e.recursive {
		return
	}
	desc := "<no description>"
	if v := field["description"]; explainTruthy(v) {
		desc = explainText(v)
	}
	e.write(b, explainIndent(indent+2, ExplainWrap(78-indent, desc))+"\n\n")
}

func explainRequired(list []any, s string) bool {
	for _, v := range list {
		if str, ok := v.(string); ok && str == s {
			return true
		}
	}
	return false
}

// description gathers a schema's description and those of what it refers to, through allOf,
// items and additionalProperties, one per line.
func (e *explainer) description(b *strings.Builder, schema map[string]any, depth int) {
	if !e.step(depth) {
		return
	}
	_, res := e.resolved(schema)
	if len(res) == 0 {
		return
	}
	if v := res["description"]; explainTruthy(v) {
		e.write(b, explainText(v)+"\n")
	}
	allOf, _ := res["allOf"].([]any)
	for _, el := range allOf {
		sub, _ := el.(map[string]any)
		e.description(b, sub, depth+1)
	}
	if items, ok := res["items"].(map[string]any); ok && len(items) > 0 {
		e.description(b, items, depth+1)
	}
	if ap, ok := explainMapSchema(res["additionalProperties"]); ok {
		e.description(b, ap, depth+1)
	}
}

// typeGuess is kubectl's short type of a schema: string, integer, Object, []Container,
// map[string]string, or the last dotted word of a referenced object schema's name.
func (e *explainer) typeGuess(s map[string]any, depth int) string {
	if !e.step(depth) {
		return ""
	}
	if items, ok := s["items"].(map[string]any); ok && len(items) > 0 {
		return "[]" + e.typeGuess(items, depth+1)
	}
	if ap, ok := explainMapSchema(s["additionalProperties"]); ok {
		return "map[string]" + e.typeGuess(ap, depth+1)
	}
	if allOf, _ := s["allOf"].([]any); len(allOf) == 1 && !explainTruthy(s["properties"]) {
		sub, _ := allOf[0].(map[string]any)
		return e.typeGuess(sub, depth+1)
	}
	if ref, _ := s["$ref"].(string); ref != "" {
		target := e.doc.Resolve(ref)
		if len(target) == 0 || !explainTruthy(target["type"]) || target["type"] == "object" {
			name := ref[strings.LastIndex(ref, "/")+1:]
			if short := name[strings.LastIndex(name, ".")+1:]; short != "" {
				return short
			}
			return "Object"
		}
		return explainText(target["type"])
	}
	if s["type"] == "object" || !explainTruthy(s["type"]) {
		return "Object"
	}
	return explainText(s["type"])
}

// enum prints a schema's enum values: in the field list on a line of their own ("enum: a, b"),
// at most limit of them; on a FIELD line (long) as ENUM: with one value a line.
func (e *explainer) enum(s map[string]any, long bool, limit, indent int) string {
	values, _ := s["enum"].([]any)
	if len(values) == 0 {
		return ""
	}
	var b strings.Builder
	if long {
		b.WriteString("ENUM:")
	} else {
		b.WriteString("\n" + strings.Repeat(" ", indent) + "enum: ")
	}
	for i, v := range values {
		if limit > -1 && i >= limit {
			b.WriteString(", ....")
			break
		}
		if long {
			b.WriteString("\n    ")
		} else if i > 0 {
			b.WriteString(", ")
		}
		if str, ok := v.(string); ok && str == "" {
			b.WriteString(`""`)
		} else {
			b.WriteString(explainText(v))
		}
	}
	return b.String()
}

// explainTruthy is Go templates' truth, which kubectl's explain template tests with: false, zero, nil
// and empty strings, maps and lists are false.
func explainTruthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case string:
		return x != ""
	case json.Number:
		f, err := x.Float64()
		return err != nil || f != 0
	case map[string]any:
		return len(x) > 0
	case []any:
		return len(x) > 0
	}
	return true
}

// explainText prints a value as kubectl's template prints it from a document decoded to float64
// numbers: numbers in Go's %v form, nothing as <no value>.
func explainText(v any) string {
	switch x := v.(type) {
	case nil:
		return "<no value>"
	case string:
		return x
	case json.Number:
		if f, err := x.Float64(); err == nil {
			return fmt.Sprint(f)
		}
		return x.String()
	}
	return fmt.Sprint(v)
}

// explainIndent puts n spaces before the text and after each of its line breaks, as kubectl's
// template does (so a blank line holds the spaces too).
func explainIndent(n int, s string) string {
	pad := strings.Repeat(" ", n)
	return pad + strings.ReplaceAll(s, "\n", "\n"+pad)
}

// ExplainWrap wraps text at white space so that lines stay within limit characters where words
// allow, the way kubectl's explain wraps descriptions: line breaks in the text are kept, a word
// longer than the limit stands on its own line, a no-break space binds, and white space at a
// wrap point is dropped. A limit below one leaves the text as it is.
func ExplainWrap(limit int, s string) string {
	if limit <= 0 {
		return s
	}
	lim := limit
	var out, word, space strings.Builder
	current, wordLen, spaceLen := 0, 0, 0
	flush := func() {
		current += spaceLen + wordLen
		out.WriteString(space.String())
		out.WriteString(word.String())
		space.Reset()
		word.Reset()
		spaceLen, wordLen = 0, 0
	}
	for _, r := range s {
		switch {
		case r == '\n':
			if word.Len() == 0 {
				if current+spaceLen <= lim {
					out.WriteString(space.String())
				}
				space.Reset()
				spaceLen = 0
			} else {
				flush()
			}
			out.WriteRune(r)
			current = 0
		case unicode.IsSpace(r) && r != '\u00a0':
			if space.Len() == 0 || word.Len() > 0 {
				flush()
			}
			space.WriteRune(r)
			spaceLen++
		default:
			word.WriteRune(r)
			wordLen++
			if current+spaceLen+wordLen > lim && wordLen < lim {
				out.WriteByte('\n')
				current = 0
				space.Reset()
				spaceLen = 0
			}
		}
	}
	if word.Len() == 0 {
		if current+spaceLen <= lim {
			out.WriteString(space.String())
		}
	} else {
		out.WriteString(space.String())
		out.WriteString(word.String())
	}
	return out.String()
}
