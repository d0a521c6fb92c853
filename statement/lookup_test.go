package statement

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// lookupMethods are the names a lookup of a flag by name would have (Statement's own lookups are
// unexported, so only a re-exported one could be called from outside).
var lookupMethods = map[string]bool{"String": true, "Bool": true, "List": true, "Int": true, "Duration": true, "Has": true}

// Readers, browse, the command and every other package consume typed options: no call outside
// this package looks a statement flag up by name. The walk is syntactic, so it flags any call of a
// lookup-named method whose first argument is a flag's name written out; the one exception is
// Has with a verb, which is kube.APIResource.Has (the verb list is also a flag of auth can-i).
// TestStatementExportsNoLookupByName keeps Statement from exporting a Has that the exception
// could hide.
func TestNoFlagLookupByNameOutsideStatement(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if skipDir(path, d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, pos := range flagLookups(f) {
			t.Errorf("%s: a flag looked up by name; fill typed options instead", fset.Position(pos))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// skipDir leaves out this package, the e2e modules (their own go.mod), test data and hidden
// folders.
func skipDir(path, name string) bool {
	if path == ".." {
		return false
	}
	return path == filepath.Join("..", "statement") || path == filepath.Join("..", "e2e") ||
		name == "testdata" || strings.HasPrefix(name, ".")
}

func flagLookups(f *ast.File) []token.Pos {
	var found []token.Pos
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || !lookupMethods[sel.Sel.Name] {
			return true
		}
		name, ok := stringLiteral(call.Args[0])
		if !ok {
			return true
		}
		if _, isFlag := Flags[name]; isFlag && !(sel.Sel.Name == "Has" && isVerb(name)) {
			found = append(found, call.Pos())
		}
		return true
	})
	return found
}

func stringLiteral(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

func isVerb(s string) bool { return s == "get" || s == "list" || s == "watch" }

// The walk finds what it is meant to find.
func TestFlagLookupsFindsALookup(t *testing.T) {
	src := `package p
func f() { _ = st.String("selector"); _ = g.st.Bool("watch"); _ = r.Has("list"); _ = x.String(); _ = flag.Bool("update", false, "") }`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(flagLookups(f)); got != 2 {
		t.Fatalf("found %d lookups, want 2", got)
	}
}
