// Package kubeconfig reads a kubeconfig strictly and maps one of its contexts to a
// kube.Connection, with notices for every setting that is left out.
//
// The package takes the file's bytes and nothing else: it reads no file, no environment variable
// and runs no program, whatever the kubeconfig names. Every refusal is a *fault.Error whose
// sentence gives a line and column and never a key, a value or the YAML parser's message, because
// a kubeconfig carries credentials and a token can sit anywhere in it.
package kubeconfig

import (
	"bytes"
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	yaml "go.yaml.in/yaml/v3"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/limits"
)

// Parse reads a kubeconfig. It refuses, before decoding anything: a file over 1 MiB, text that is
// not UTF-8, a %YAML or %TAG directive, invalid YAML, more than one document, nesting deeper than
// 100 levels, an anchor or alias, a merge key, a tag other than the standard core ones, a
// duplicate key at any level and a key that is not a scalar. It then decodes the clusters, users,
// contexts and current-context, refusing a field of the wrong type, undecodable base64 and an
// entry without a name or with a name another entry of its list already has. Unknown fields are
// ignored, as kubectl ignores them, but they pass the same strict checks.
func Parse(data []byte) (*File, error) {
	if len(data) > limits.MaxKubeconfigBytes {
		return nil, refuse(CodeTooLarge, sentenceTooLarge)
	}
	src := newSource(data)
	if err := src.checkEncoding(); err != nil {
		return nil, err
	}
	if line, col, ok := src.leadingDirective(); ok {
		return nil, refuse(CodeDirective, sentenceDirective, line, col)
	}
	doc, next, err := readDocuments(data)
	if err != nil {
		return nil, err
	}
	if doc == nil {
		return nil, refuse(CodeEmpty, sentenceEmpty)
	}
	if next != nil {
		return nil, refuse(CodeMultipleDocuments, sentenceMultipleDocuments, next.Line, next.Column)
	}
	// A safety net: yaml.v3 refuses a directive anywhere but at the top, where leadingDirective
	// finds it; should it ever accept one elsewhere, the document's start points at it.
	if src.byteAt(doc.Line, doc.Column) == '%' {
		return nil, refuse(CodeDirective, sentenceDirective, doc.Line, doc.Column)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return nil, refuse(CodeSyntax, sentenceSyntax)
	}
	c := checker{src: src}
	if err := c.check(doc.Content[0], 0); err != nil {
		return nil, err
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode {
		return nil, refuse(CodeNotMapping, sentenceNotMapping, top.Line, top.Column)
	}
	return decodeFile(top)
}

// refuse builds a refusal: exit 2, nothing sent.
func refuse(code, format string, args ...any) *fault.Error {
	return &fault.Error{Code: code, Sentence: fault.Sentencef(format, args...), Class: fault.Refused}
}

var errorLine = regexp.MustCompile(`^yaml: line ([0-9]+):`)

// readDocuments parses the first document into a node tree and tries to parse a second one, which
// must not exist. yaml.v3 builds an alias as one node pointing at its anchor and never expands it
// in this mode, so a billion-laughs file costs its own size, and the checker refuses it.
func readDocuments(data []byte) (doc, next *yaml.Node, err error) {
	defer func() {
		// The parser is not ours: whatever it does with a hostile file ends as a refusal.
		if r := recover(); r != nil {
			doc, next, err = nil, nil, refuse(CodeSyntax, sentenceSyntax)
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var first yaml.Node
	if err := dec.Decode(&first); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil, nil
		}
		return nil, nil, parserRefusal(err)
	}
	var second yaml.Node
	switch err := dec.Decode(&second); {
	case errors.Is(err, io.EOF):
		return &first, nil, nil
	case err != nil:
		return nil, nil, parserRefusal(err)
	}
	return &first, &second, nil
}

// parserRefusal maps a parser error to a refusal. Only the line number is taken from the
// message; the rest of it can quote the file and is dropped.
func parserRefusal(err error) *fault.Error {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "exceeded max depth"):
		return refuse(CodeTooDeep, sentenceTooDeep)
	case strings.HasPrefix(msg, "yaml: unknown anchor"):
		return refuse(CodeAlias, sentenceAlias)
	}
	if m := errorLine.FindStringSubmatch(msg); m != nil {
		if line, convErr := strconv.Atoi(m[1]); convErr == nil && line > 0 {
			return refuse(CodeSyntax, sentenceSyntaxAt, line)
		}
	}
	return refuse(CodeSyntax, sentenceSyntax)
}

// standardTags are the tags a node may carry explicitly, each with the kind of node it fits.
var standardTags = map[string]yaml.Kind{
	"!!str":   yaml.ScalarNode,
	"!!int":   yaml.ScalarNode,
	"!!float": yaml.ScalarNode,
	"!!bool":  yaml.ScalarNode,
	"!!null":  yaml.ScalarNode,
	"!!map":   yaml.MappingNode,
	"!!seq":   yaml.SequenceNode,
}

// checker walks the node tree once, before anything is decoded. It never follows an alias.
type checker struct {
	src *source
}

func (c *checker) check(n *yaml.Node, depth int) error {
	if n.Kind == yaml.AliasNode || n.Anchor != "" {
		return refuse(CodeAlias, sentenceAliasAt, n.Line, n.Column)
	}
	if err := c.checkTag(n); err != nil {
		return err
	}
	switch n.Kind {
	case yaml.ScalarNode:
		return nil
	case yaml.SequenceNode:
		if depth+1 > limits.MaxKubeconfigNesting {
			return refuse(CodeTooDeep, sentenceTooDeepAt, n.Line, n.Column)
		}
		for _, item := range n.Content {
			if err := c.check(item, depth+1); err != nil {
				return err
			}
		}
		return nil
	case yaml.MappingNode:
		if depth+1 > limits.MaxKubeconfigNesting {
			return refuse(CodeTooDeep, sentenceTooDeepAt, n.Line, n.Column)
		}
		return c.checkMapping(n, depth+1)
	}
	return refuse(CodeSyntax, sentenceSyntax)
}

func (c *checker) checkMapping(n *yaml.Node, depth int) error {
	if len(n.Content)%2 != 0 {
		return refuse(CodeSyntax, sentenceSyntax)
	}
	seen := make(map[string]*yaml.Node, len(n.Content)/2)
	for i := 0; i < len(n.Content); i += 2 {
		key, value := n.Content[i], n.Content[i+1]
		if err := c.check(key, depth); err != nil {
			return err
		}
		if key.Kind != yaml.ScalarNode {
			return refuse(CodeComplexKey, sentenceComplexKey, key.Line, key.Column)
		}
		if key.Tag == "!!merge" || key.Value == "<<" {
			return refuse(CodeMergeKey, sentenceMergeKey, key.Line, key.Column)
		}
		id := keyIdentity(key)
		if first, dup := seen[id]; dup {
			return refuse(CodeDuplicateKey, sentenceDuplicateKey, first.Line, first.Column, key.Line, key.Column)
		}
		seen[id] = key
		if err := c.check(value, depth); err != nil {
			return err
		}
	}
	return nil
}

// checkTag refuses an explicit tag other than the standard core ones, a standard tag on a node of
// another kind, and the non-specific tag "!", which the node tree does not record: it is found at
// the node's start in the source.
func (c *checker) checkTag(n *yaml.Node) error {
	if n.Style&yaml.TaggedStyle != 0 {
		if kind, ok := standardTags[n.Tag]; !ok || kind != n.Kind {
			return refuse(CodeTag, sentenceTag, n.Line, n.Column)
		}
		return nil
	}
	if c.src.byteAt(n.Line, n.Column) == '!' {
		return refuse(CodeTag, sentenceTag, n.Line, n.Column)
	}
	return nil
}

// keyIdentity is what two keys of one mapping are compared by: their text, with the spellings of
// null and of a boolean folded together.
func keyIdentity(k *yaml.Node) string {
	switch k.Tag {
	case "!!null":
		return "\x00null"
	case "!!bool":
		return strings.ToLower(k.Value)
	}
	return k.Value
}

// source indexes the file's lines the way the YAML parser counts them, so a position the parser
// reports can be looked up in the bytes: lines break at \n, \r, \r\n, U+0085, U+2028 and U+2029,
// columns count characters from 1, and a leading UTF-8 byte order mark is not counted.
type source struct {
	data  []byte
	lines []int // byte offset where each line starts

	cacheLine, cacheCol, cacheOff int // where byteAt last stopped
}

func newSource(data []byte) *source {
	s := &source{data: data}
	start := 0
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		start = 3
	}
	s.lines = append(s.lines, start)
	for i := start; i < len(data); {
		switch {
		case data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n':
			i += 2
		case data[i] == '\r' || data[i] == '\n':
			i++
		case data[i] == 0xc2 && i+1 < len(data) && data[i+1] == 0x85:
			i += 2
		case data[i] == 0xe2 && i+2 < len(data) && data[i+1] == 0x80 && (data[i+2] == 0xa8 || data[i+2] == 0xa9):
			i += 3
		default:
			i++
			continue
		}
		s.lines = append(s.lines, i)
	}
	return s
}

// lineEnd is the offset where line (from 1) ends, its break excluded.
func (s *source) lineEnd(line int) int {
	end := len(s.data)
	if line < len(s.lines) {
		end = s.lines[line]
	}
	for end > s.lines[line-1] {
		switch b := s.data[end-1]; {
		case b == '\n' || b == '\r':
			end--
			continue
		case b == 0x85 && end-2 >= s.lines[line-1] && s.data[end-2] == 0xc2:
			end -= 2
			continue
		case (b == 0xa8 || b == 0xa9) && end-3 >= s.lines[line-1] && s.data[end-3] == 0xe2 && s.data[end-2] == 0x80:
			end -= 3
			continue
		}
		break
	}
	return end
}

// byteAt is the first byte of the character at line and column (both from 1), or 0. The checker
// asks in document order, so the walk along a line resumes where the last question left it, and
// a file written on one long line costs its length, not its length squared.
func (s *source) byteAt(line, col int) byte {
	if line < 1 || line > len(s.lines) || col < 1 {
		return 0
	}
	off, at := s.lines[line-1], 1
	if s.cacheLine == line && s.cacheCol <= col {
		off, at = s.cacheOff, s.cacheCol
	}
	end := s.lineEnd(line)
	for ; at < col; at++ {
		if off >= end {
			return 0
		}
		_, size := utf8.DecodeRune(s.data[off:end])
		off += size
	}
	s.cacheLine, s.cacheCol, s.cacheOff = line, col, off
	if off >= end {
		return 0
	}
	return s.data[off]
}

// position turns a byte offset into a line and a column.
func (s *source) position(off int) (line, col int) {
	line = 1
	for line < len(s.lines) && s.lines[line] <= off {
		line++
	}
	col = 1
	for i := s.lines[line-1]; i < off; {
		_, size := utf8.DecodeRune(s.data[i:off])
		i += size
		col++
	}
	return line, col
}

// checkEncoding refuses a UTF-16 or UTF-32 file, which the YAML parser would otherwise decode,
// and bytes that are not UTF-8.
func (s *source) checkEncoding() error {
	for _, bom := range [][]byte{{0xfe, 0xff}, {0xff, 0xfe}, {0x00, 0x00, 0xfe, 0xff}} {
		if bytes.HasPrefix(s.data, bom) {
			return refuse(CodeEncoding, sentenceEncodingBOM)
		}
	}
	if utf8.Valid(s.data) {
		return nil
	}
	for off := 0; off < len(s.data); {
		r, size := utf8.DecodeRune(s.data[off:])
		if r == utf8.RuneError && size == 1 {
			line, col := s.position(off)
			return refuse(CodeEncoding, sentenceEncodingAt, line, col)
		}
		off += size
	}
	return refuse(CodeEncoding, sentenceEncodingAt, 1, 1)
}

// leadingDirective finds a directive before the first document: the first line that is neither
// blank nor a comment starts with %, which the YAML scanner always reads as a directive there.
func (s *source) leadingDirective() (line, col int, ok bool) {
	for i := range s.lines {
		text := s.data[s.lines[i]:s.lineEnd(i+1)]
		trimmed := bytes.TrimLeft(text, " \t")
		if len(trimmed) == 0 || trimmed[0] == '#' {
			continue
		}
		if text[0] == '%' {
			return i + 1, 1, true
		}
		return 0, 0, false
	}
	return 0, 0, false
}
