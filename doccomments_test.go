package studioctl_test

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestEveryExportedSymbolIsDocumented reads every public package of the module (every folder
// outside internal/, e2e/, testdata and cmd/, and not a main package) as go doc does, and fails
// naming each exported const, var, type, func and method of an exported type whose doc comment is
// missing or only repeats its name. Struct fields and interface methods are not counted.
func TestEveryExportedSymbolIsDocumented(t *testing.T) {
	syms, err := publicSymbols(".")
	if err != nil {
		t.Fatal(err)
	}
	if len(syms) < 100 {
		t.Fatalf("found only %d exported symbols: the walk missed the packages", len(syms))
	}
	var missing []string
	for _, s := range syms {
		if !saysWhatItIsFor(s.name, s.doc) {
			missing = append(missing, s.where+": "+s.name)
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("%s has no doc comment that says what it is for", m)
	}
	t.Logf("%d exported symbols, %d undocumented", len(syms), len(missing))
}

// The rule finds what it is meant to find: a package with one symbol of each shape documented and
// one of each not.
func TestDocCommentRuleFindsTheUndocumented(t *testing.T) {
	dir := t.TempDir()
	src := `// Package p is a sample.
package p

// Good is what a caller counts with.
const Good = 1

const Bad = 2

// The pair below shares this group comment, which says what both are for.
var (
	GroupedA = 1
	GroupedB = 2
)

var (
	// LoneA holds the first value a test reads.
	LoneA = 1
	LoneB = 2 // LoneB holds the second value a test reads.
	LoneC = 3
)

// T is.
type T struct{}

// Method tells a caller whether the sample holds.
func (T) Method() bool { return true }

func (T) Naked() {}

// F.
func F() {}

type hidden struct{}

// Exported on an unexported type is not in the package's documentation.
func (hidden) Exported() {}
`
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	syms, err := publicSymbols(dir)
	if err != nil {
		t.Fatal(err)
	}
	var bad []string
	for _, s := range syms {
		if !saysWhatItIsFor(s.name, s.doc) {
			bad = append(bad, s.name)
		}
	}
	sort.Strings(bad)
	want := []string{"Bad", "F", "LoneC", "T", "T.Naked"}
	if strings.Join(bad, " ") != strings.Join(want, " ") {
		t.Fatalf("undocumented: got %v, want %v", bad, want)
	}
}

type symbol struct {
	where, name, doc string
}

// publicSymbols lists the exported symbols of every public package under root, each with the doc
// comment go doc would show for it.
func publicSymbols(root string) ([]symbol, error) {
	var out []symbol
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if path != root {
			name := d.Name()
			if name == "internal" || name == "e2e" || name == "testdata" || name == "cmd" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
		}
		syms, err := packageSymbols(path)
		out = append(out, syms...)
		return err
	})
	return out, err
}

func packageSymbols(dir string) ([]symbol, error) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		if f.Name.Name == "main" || hasIgnoreTag(f) {
			continue
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil, nil
	}
	pkg, err := doc.NewFromFiles(fset, files, "example.invalid/"+filepath.ToSlash(dir))
	if err != nil {
		return nil, err
	}
	var out []symbol
	add := func(name, text string) {
		out = append(out, symbol{where: filepath.ToSlash(dir), name: name, doc: text})
	}
	values := func(vs []*doc.Value) {
		for _, v := range vs {
			for _, spec := range v.Decl.Specs {
				vs := spec.(*ast.ValueSpec)
				for _, n := range vs.Names {
					if !n.IsExported() {
						continue
					}
					// go doc shows a group's comment above the whole group and each entry's
					// own comments beside it: an entry is documented by either.
					text := strings.TrimSpace(v.Doc + " " + vs.Doc.Text() + " " + vs.Comment.Text())
					add(n.Name, text)
				}
			}
		}
	}
	values(pkg.Consts)
	values(pkg.Vars)
	for _, f := range pkg.Funcs {
		add(f.Name, f.Doc)
	}
	for _, ty := range pkg.Types {
		add(ty.Name, ty.Doc)
		values(ty.Consts)
		values(ty.Vars)
		for _, f := range ty.Funcs {
			add(f.Name, f.Doc)
		}
		for _, m := range ty.Methods {
			add(ty.Name+"."+m.Name, m.Doc)
		}
	}
	return out, nil
}

// hasIgnoreTag reports a file built only with the ignore tag (a go:generate program and the like).
func hasIgnoreTag(f *ast.File) bool {
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//go:build") && strings.Contains(c.Text, "ignore") {
				return true
			}
		}
	}
	return false
}

// saysWhatItIsFor wants a doc comment with at least two words beyond the symbol's own name, so
// "// T is." or "// F." (the name again) does not pass.
func saysWhatItIsFor(name, text string) bool {
	short := name
	if i := strings.LastIndex(name, "."); i >= 0 {
		short = name[i+1:]
	}
	words := 0
	for _, w := range strings.Fields(text) {
		if strings.Trim(w, ".,:;()`'\"") != short {
			words++
		}
	}
	return words >= 2
}
