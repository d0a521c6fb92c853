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

// A flag looked up by its name written out, in any of the three ways this module could do it:
//
//   - a statement's flag read by name (Statement's own has, str, boolean, list, integer and
//     duration, or an exported String, Bool, List, Int, Duration or Has);
//   - a cobra or pflag flag read by name (GetString, GetBool and the other typed getters of a flag
//     set, Lookup, ShorthandLookup, Changed, Flag);
//   - the flag table indexed by a name written out (Flags["output"]).
//
// Every flag of every command is read through typed options instead: statements through Fill and
// the `flag:` tags, the command's own cobra flags through the variables they are bound to.

// statementLookups are the method names of a statement flag read by name.
var statementLookups = map[string]bool{
	"has": true, "str": true, "boolean": true, "list": true, "integer": true, "duration": true,
	"String": true, "Bool": true, "List": true, "Int": true, "Duration": true, "Has": true,
}

// flagSetLookups are the method names of a cobra or pflag flag read by name.
var flagSetLookups = map[string]bool{
	"Lookup": true, "ShorthandLookup": true, "Changed": true, "Flag": true,
	"GetString": true, "GetBool": true, "GetInt": true, "GetInt32": true, "GetInt64": true,
	"GetUint": true, "GetFloat64": true, "GetDuration": true, "GetCount": true,
	"GetStringSlice": true, "GetStringArray": true, "GetStringToString": true, "GetIntSlice": true,
	"GetBoolSlice": true, "GetIP": true,
}

// TestNoFlagLookupByName walks every Go file of the module (tests included, e2e's own modules and
// test data left out) and fails at each flag looked up by name.
func TestNoFlagLookupByName(t *testing.T) {
	fset := token.NewFileSet()
	count := 0
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
		for _, l := range flagLookups(f) {
			count++
			t.Errorf("%s: %s; fill typed options instead", fset.Position(l.pos), l.what)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d flags looked up by name", count)
}

// skipDir leaves out the e2e modules (their own go.mod), test data and hidden folders.
func skipDir(path, name string) bool {
	if path == ".." {
		return false
	}
	return path == filepath.Join("..", "e2e") || name == "testdata" || strings.HasPrefix(name, ".")
}

type lookup struct {
	pos  token.Pos
	what string
}

func flagLookups(f *ast.File) []lookup {
	var found []lookup
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.IndexExpr:
			if name, ok := stringLiteral(x.Index); ok && isFlagTable(x.X) {
				found = append(found, lookup{x.Pos(), "the flag table indexed by the name " + strconv.Quote(name)})
			}
		case *ast.CallExpr:
			if len(x.Args) == 0 {
				return true
			}
			sel, ok := x.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			name, ok := stringLiteral(x.Args[0])
			if !ok {
				return true
			}
			m := sel.Sel.Name
			switch {
			case statementLookups[m]:
				// Has with a verb is kube.APIResource.Has (the verb list is also a flag of
				// auth can-i); TestStatementExportsNoLookupByName keeps Statement from exporting
				// a Has this exception could hide.
				if _, isFlag := Flags[name]; isFlag && !(m == "Has" && isVerb(name)) {
					found = append(found, lookup{x.Pos(), "the statement flag " + strconv.Quote(name) + " read by name"})
				}
			case flagSetLookups[m] && len(x.Args) == 1 && !isStructTag(sel.X):
				found = append(found, lookup{x.Pos(), "the command flag " + strconv.Quote(name) + " read by name (" + m + ")"})
			}
		}
		return true
	})
	return found
}

// isFlagTable is true for Flags or statement.Flags.
func isFlagTable(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name == "Flags"
	case *ast.SelectorExpr:
		return x.Sel.Name == "Flags"
	}
	return false
}

// isStructTag is true for a receiver spelled ...Tag: reflect.StructTag.Lookup reads a field's tag,
// not a flag (Fill reads the `flag:` tags so).
func isStructTag(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name == "tag" || x.Name == "Tag"
	case *ast.SelectorExpr:
		return x.Sel.Name == "Tag"
	}
	return false
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

// The walk finds what it is meant to find, of each kind, and leaves what only looks like one.
func TestFlagLookupsFindsEachKind(t *testing.T) {
	src := `package p
func f() {
	_ = st.String("selector")        // found: a statement flag
	_ = g.st.Bool("watch")           // found
	_ = st.str("namespace")          // found: the parser's own lookup
	_ = r.Has("list")                // a verb: kube.APIResource.Has
	_ = x.String()                   // no name
	_ = flag.Bool("update", false, "") // not a flag of the table
	_, _ = cmd.Flags().GetString("output") // found: pflag
	_ = fs.Changed("namespace")      // found
	_ = cmd.Flag("kubeconfig")       // found
	_, _ = field.Tag.Lookup("flag")  // a struct tag
	_ = q.Get("watch")               // url.Values
	_ = Flags["output"]              // found: the table by name
	_ = Flags[long]                  // a name the code was handed
	_, _ = d.Lookup("", "v1", "pods", "") // discovery, not a flag set
}`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(flagLookups(f)); got != 7 {
		t.Fatalf("found %d lookups, want 7", got)
	}
}
