package studioctl_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// make test leaves -race off for PLAIN_PKGS and runs PLAIN_TESTS whole without it (the Makefile
// says why). This test keeps both lists true: a package in PLAIN_PKGS must start no goroutine and
// serve no HTTP in its code or its tests, and the tests that read race.Enabled must be exactly
// PLAIN_TESTS, so none of them is only ever run as a sample.
func TestMakeTestRunsEveryTestWhole(t *testing.T) {
	mk, err := os.ReadFile("Makefile")
	if err != nil {
		t.Fatal(err)
	}
	plainPkgs := makeList(t, mk, "PLAIN_PKGS")
	plainTests := makeList(t, mk, "PLAIN_TESTS")
	if len(plainPkgs) == 0 || len(plainTests) == 0 {
		t.Fatal("the Makefile's lists are empty")
	}
	for _, dir := range plainPkgs {
		for _, why := range concurrency(t, dir) {
			t.Errorf("%s is in PLAIN_PKGS but %s: take it out, so make test runs it under -race", dir, why)
		}
	}
	var readers []string
	fset := token.NewFileSet()
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "." && (path == "e2e" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok && fd.Body != nil && readsRaceEnabled(fd.Body) {
				readers = append(readers, filepath.ToSlash(filepath.Dir(path))+":"+fd.Name.Name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(readers)
	slices.Sort(plainTests)
	if !slices.Equal(readers, plainTests) {
		t.Errorf("tests that read race.Enabled:\n%s\nPLAIN_TESTS:\n%s", strings.Join(readers, "\n"), strings.Join(plainTests, "\n"))
	}
}

// makeList reads a Makefile variable assigned with :=, continuation lines included.
func makeList(t *testing.T, mk []byte, name string) []string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^` + name + `\s*:=((?:.*\\\n)*.*)$`).FindSubmatch(mk)
	if m == nil {
		t.Fatalf("the Makefile has no %s", name)
	}
	return strings.Fields(strings.ReplaceAll(string(m[1]), "\\", " "))
}

// opensClient are the calls that open a kube client or a library session.
var opensClient = map[string]bool{"NewClient": true, "Open": true, "OpenRecording": true, "OpenSnapshot": true,
	"OpenKubeconfig": true, "OpenKubeconfigList": true, "OpenSaved": true, "OpenSavedAsAgent": true}

// concurrency lists what in a folder's Go files (tests included) runs concurrently: a go
// statement, an import that serves HTTP (a server runs its handlers on goroutines of its own), or
// a client opened (kube reads the next page while the caller reads this one).
func concurrency(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	servers := map[string]bool{"net/http/httptest": true, "github.com/studioctl/studioctl/internal/httpstub": true,
		"github.com/studioctl/studioctl/internal/hostile": true}
	var out []string
	fset := token.NewFileSet()
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); servers[p] {
				out = append(out, path+" imports "+p)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.GoStmt:
				out = append(out, fset.Position(x.Pos()).String()+" starts a goroutine")
			case *ast.SelectorExpr:
				if opensClient[x.Sel.Name] {
					out = append(out, fset.Position(x.Pos()).String()+" opens a client (its reads prefetch pages on goroutines)")
				}
			}
			return true
		})
	}
	return out
}

func readsRaceEnabled(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "Enabled" {
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == "race" {
				found = true
			}
		}
		return !found
	})
	return found
}
