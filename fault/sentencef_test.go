package fault

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/sanitize"
)

// hostileValues are what a server or a user can put in a name: an OSC title change, a CSI that
// clears the screen, a C1 CSI, a bidi override and a zero-width space, each with a DEL and a
// NUL, and all of them at once.
var hostileValues = []string{
	"web\x1b]0;T\x07-0",
	"web\x1b[2J-0",
	"web\u009b2J-0",
	"web\u202egnp.exe",
	"we\u200bb",
	"a\x00b\x7fc\x1b]52;c;cGFzcw==\x1b\\",
	"\x1b]0;T\x07\x1b[2J\u009b31m\u202e\u200b\u2066\ufeff\x85\x08",
}

// TestEverySentenceTemplateSanitisesItsValues walks every sentence and notice template constant of
// the module's packages (read from the source with go/parser), formats it through Sentencef (the
// formatter Refusef, kube's errors, the console's sentences and check's use) with each hostile
// value in every string place, and finds no escape, control, bidi or zero-width character in it.
func TestEverySentenceTemplateSanitisesItsValues(t *testing.T) {
	templates := sentenceTemplates(t, "..")
	for _, pkg := range []string{"kube", "statement", "logs"} {
		n := 0
		for name := range templates {
			if strings.HasPrefix(name, pkg+".") {
				n++
			}
		}
		if n < 20 {
			t.Fatalf("found %d templates in %s; the walk no longer reads its sentences.go", n, pkg)
		}
	}
	for name, tmpl := range templates {
		for _, v := range hostileValues {
			got := Sentencef(tmpl, templateArgs(tmpl, v)...)
			if r, ok := sanitize.FirstUnsafe(got); !ok {
				t.Errorf("%s with %q holds %U: %q", name, v, r, got)
			}
			if strings.Contains(got, "%!") {
				t.Errorf("%s: the walk gave the wrong arguments: %q", name, got)
			}
		}
	}
}

// Two templates as the rooms write them: a name quoted in a refusal, an object not found.
const (
	sentenceBadName        = "studioctl cannot %s: a name must be a DNS name (lower-case letters, digits, '-' and '.'). Nothing was sent."
	sentenceObjectNotFound = "%s %q not found"
)

// A value over limits.MaxSentenceValue characters is cut; a legal name is not.
func TestSentencefCutsLongValues(t *testing.T) {
	long := strings.Repeat("x", 100<<10)
	got := Refusef(CodeRefusedName, sentenceBadName, "get pods "+long).Sentence
	if len(got) > limits.MaxSentenceValue+len(sentenceBadName)+8 || !strings.Contains(got, "x…") {
		t.Fatalf("a 100 KB value was not cut: %d bytes", len(got))
	}
	name := strings.Repeat("a", 253)
	if got := Sentencef(sentenceObjectNotFound, "pods", name); got != "pods \""+name+"\" not found" {
		t.Fatalf("a legal name changed: %q", got)
	}
	if got := Sentencef(sentenceObjectNotFound, "pods", "a\x07b"); got != `pods "a\x07b" not found` {
		t.Fatalf("%%q of a sanitised value: %q", got)
	}
	if got := Sentencef("%s %q", "\x1b]0;T\x07", "\u202e"); got != ` "\u202e"` {
		t.Fatalf("got %q", got)
	}
}

// sentenceTemplates reads every constant named sentence*, Sentence* or notice* in the module's
// non-test Go files (the e2e modules and the live suite aside), keyed "package.Name".
func sentenceTemplates(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	walkSources(t, root, token.NewFileSet(), func(_ string, f *ast.File) {
		consts := map[string]ast.Expr{}
		for _, decl := range f.Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, id := range vs.Names {
					if i < len(vs.Values) {
						consts[id.Name] = vs.Values[i]
					}
				}
			}
		}
		for name, e := range consts {
			lower := strings.ToLower(name)
			if !strings.HasPrefix(lower, "sentence") && !strings.HasPrefix(lower, "notice") {
				continue
			}
			if s, ok := constString(e, consts); ok {
				out[f.Name.Name+"."+name] = s
			}
		}
	})
	return out
}

// walkSources parses every non-test Go file under root (the e2e modules, test data and the live
// suite aside) and hands each to fn; it returns how many it read.
func walkSources(t *testing.T, root string, fset *token.FileSet, fn func(path string, f *ast.File)) int {
	t.Helper()
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "e2e", "testdata", "livetest", ".git":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		files++
		fn(path, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func constString(e ast.Expr, consts map[string]ast.Expr) (string, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(x.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		a, ok1 := constString(x.X, consts)
		b, ok2 := constString(x.Y, consts)
		return a + b, ok1 && ok2 && x.Op == token.ADD
	case *ast.ParenExpr:
		return constString(x.X, consts)
	case *ast.Ident:
		if v, ok := consts[x.Name]; ok {
			return constString(v, consts)
		}
	}
	return "", false
}

// templateArgs gives each verb of a template its argument: the hostile value for a text verb, a
// number for %d, honouring explicit indexes such as %[2]s.
func templateArgs(tmpl, hostile string) []any {
	verbs := map[int]byte{}
	next, most := 0, 0
	for i := 0; i < len(tmpl); i++ {
		if tmpl[i] != '%' {
			continue
		}
		i++
		if i < len(tmpl) && tmpl[i] == '%' {
			continue
		}
		for i < len(tmpl) && strings.IndexByte("+-# 0123456789.", tmpl[i]) >= 0 {
			i++
		}
		if i < len(tmpl) && tmpl[i] == '[' {
			end := strings.IndexByte(tmpl[i:], ']')
			n, _ := strconv.Atoi(tmpl[i+1 : i+end])
			next = n - 1
			i += end + 1
		}
		if i < len(tmpl) {
			verbs[next] = tmpl[i]
			next++
			most = max(most, next)
		}
	}
	args := make([]any, most)
	for k := range args {
		switch verbs[k] {
		case 'd', 'x', 'o':
			args[k] = 7
		default:
			args[k] = hostile
		}
	}
	return args
}

// Every sentence template lives in its room's sentences.go, beside its code, where a reviewer
// reads a room's words together: a sentence* constant declared elsewhere, or a Refusef given a
// literal template, fails here.
func TestSentencesLiveInSentencesFiles(t *testing.T) {
	fset := token.NewFileSet()
	files := walkSources(t, "..", fset, func(path string, f *ast.File) {
		inSentences := filepath.Base(path) == "sentences.go"
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.ValueSpec:
				for _, id := range x.Names {
					if lower := strings.ToLower(id.Name); strings.HasPrefix(lower, "sentence") && !inSentences {
						t.Errorf("%s: %s is declared outside the room's sentences.go", fset.Position(id.Pos()), id.Name)
					}
				}
			case *ast.CallExpr:
				if name := callName(x.Fun); name == "Refusef" && len(x.Args) > 1 {
					if lit, ok := x.Args[1].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						t.Errorf("%s: Refusef is given a literal sentence; name it in sentences.go", fset.Position(lit.Pos()))
					}
				}
			}
			return true
		})
	})
	if files < 200 {
		t.Fatalf("read %d files; the walk no longer reads the module", files)
	}
}

func callName(fun ast.Expr) string {
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}
