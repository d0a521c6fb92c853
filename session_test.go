package studioctl_test

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/demo"
)

// errFacts are what a program reads from an error: its code, status and kind.
type errFacts struct {
	Code                                  string
	Status                                int
	Refusal, ServerError, Unreachable, As bool
}

func factsOf(err error) errFacts {
	var e *studioctl.Error
	if !errors.As(fmt.Errorf("wrapped: %w", err), &e) {
		return errFacts{}
	}
	return errFacts{Code: e.Code, Status: e.Status, Refusal: e.IsRefusal(), ServerError: e.IsServerError(), Unreachable: e.IsUnreachable(), As: true}
}

// A refusal (nothing sent, or a cap) and the server's own error are told apart by errors.As,
// through any wrapping, with a stable code and the HTTP status where the server answered.
func TestErrorsTellARefusalFromTheServer(t *testing.T) {
	ctx := context.Background()
	admin, err := demo.Open(studioctl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := studioctl.LoadRecording(filepath.Join("testdata", "replay", "v1.37.2", "none"))
	if err != nil {
		t.Fatal(err)
	}
	none, err := studioctl.OpenRecording(rec, studioctl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	firstErr := func(s *studioctl.Session, o studioctl.ListOptions) error {
		for _, err := range s.List(ctx, "pods", o) {
			if err != nil {
				return err
			}
		}
		return nil
	}
	_, notFound := admin.Get(ctx, "pods", "shop", "does-not-exist")
	_, badName := admin.Get(ctx, "pods", "shop", "a/b")
	got := map[string]errFacts{
		"forbidden": factsOf(firstErr(none, studioctl.ListOptions{Namespace: "shop"})),
		"not found": factsOf(notFound),
		"row cap":   factsOf(firstErr(admin, studioctl.ListOptions{Namespace: "shop", MaxRows: 3})),
		"bad max":   factsOf(firstErr(admin, studioctl.ListOptions{MaxRows: -1})),
		"bad name":  factsOf(badName),
	}
	want := map[string]errFacts{
		"forbidden": {Code: "http.forbidden", Status: 403, ServerError: true, As: true},
		"not found": {Code: "http.not_found", Status: 404, ServerError: true, As: true},
		"row cap":   {Code: "limit.rows", Refusal: true, As: true},
		"bad max":   {Code: "limit.value", Refusal: true, As: true},
		"bad name":  {Code: "refused.name", Refusal: true, As: true},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("error facts (-want +got):\n%s", d)
	}
}

// The redaction mode is chosen at open or raised later, never lowered; a mode that is neither
// People nor Machine is refused.
func TestRedactionIsRaisedNeverLowered(t *testing.T) {
	if _, err := demo.Open(studioctl.Options{Redact: studioctl.Mode(7)}); factsOf(err).Code != "refused.bad_value" {
		t.Fatalf("open in mode 7: %v", err)
	}
	s, err := demo.Open(studioctl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Mode() != studioctl.People {
		t.Fatalf("default mode %d", s.Mode())
	}
	var steps []string
	for _, m := range []studioctl.Mode{studioctl.People, studioctl.Machine, studioctl.Machine, studioctl.People, studioctl.Mode(2), studioctl.Mode(-1)} {
		err := s.Raise(m)
		steps = append(steps, fmt.Sprintf("%d→%d %s", m, s.Mode(), factsOf(err).Code))
	}
	want := []string{"0→0 ", "1→1 ", "1→1 ", "0→1 refused.redact_lower", "2→1 refused.bad_value", "-1→1 refused.redact_lower"}
	if d := cmp.Diff(want, steps); d != "" {
		t.Fatalf("raise steps (-want +got):\n%s", d)
	}
	cm, err := s.Get(context.Background(), "configmaps", "shop", "app-settings")
	if err != nil || cm.Name() != "app-settings" || cm.String("data", "FEATURE_FLAGS") != "<redacted>" {
		t.Fatalf("a raised session read a ConfigMap's value as %q (%v)", cm.String("data", "FEATURE_FLAGS"), err)
	}
}

// The row cap is lowered, never raised, and the lowered cap holds for a list that sets none.
func TestRowCapIsLoweredNeverRaised(t *testing.T) {
	s, err := demo.Open(studioctl.Options{MaxRows: 50})
	if err != nil {
		t.Fatal(err)
	}
	var steps []string
	for _, n := range []int{60, 0, 3, 4} {
		err := s.CapRows(n)
		steps = append(steps, strconv.Itoa(n)+"→"+strconv.Itoa(s.RowCap())+" "+factsOf(err).Code)
	}
	want := []string{"60→50 limit.value", "0→50 limit.value", "3→3 ", "4→3 limit.value"}
	if d := cmp.Diff(want, steps); d != "" {
		t.Fatalf("cap steps (-want +got):\n%s", d)
	}
	var last error
	for _, err := range s.List(context.Background(), "pods", studioctl.ListOptions{Namespace: "shop"}) {
		last = err
	}
	if factsOf(last).Code != "limit.rows" {
		t.Fatalf("a list past the lowered cap ended with %v", last)
	}
}

// The library and everything it links read no environment variable and no user folder: a
// session is opened from what the caller hands it. The typed reads link neither the statement
// machinery nor the demo, so an importer's binary carries neither.
func TestTheLibraryReadsNoEnvironment(t *testing.T) {
	all := libraryDeps(t, module, module+"/run", module+"/browse")
	typed := libraryDeps(t, module)
	for _, heavy := range []string{"read", "read/reader", "statement", "printer", "browse", "run", "demo"} {
		if typed[module+"/"+heavy] {
			t.Errorf("the typed reads link %s", heavy)
		}
	}
	if !all[module+"/read"] || !typed[module+"/kube"] {
		t.Fatalf("the walk missed packages: %d linked by run and browse, %d by the typed reads", len(all), len(typed))
	}
}

const module = "github.com/studioctl/studioctl"

// libraryDeps walks the module's packages that roots import, failing the test on any use of the
// environment or a user folder.
func libraryDeps(t *testing.T, roots ...string) map[string]bool {
	forbidden := map[string]bool{"Getenv": true, "LookupEnv": true, "Environ": true, "ExpandEnv": true,
		"UserHomeDir": true, "UserConfigDir": true, "UserCacheDir": true, "ProxyFromEnvironment": true}
	deps := map[string]bool{}
	var walk func(path string)
	walk = func(path string) {
		if deps[path] {
			return
		}
		deps[path] = true
		dir := filepath.FromSlash(strings.TrimPrefix(strings.TrimPrefix(path, module), "/"))
		if dir == "" {
			dir = "."
		}
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no sources (%v)", path, err)
		}
		fset := token.NewFileSet()
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok && forbidden[sel.Sel.Name] {
					t.Errorf("%s uses %s", fset.Position(sel.Pos()), sel.Sel.Name)
				}
				return true
			})
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if p == module || strings.HasPrefix(p, module+"/") {
					walk(p)
				}
			}
		}
	}
	for _, r := range roots {
		walk(r)
	}
	return deps
}

// Namespace is what a read that names none reads: the connection's default, else "default".
func TestNamespaceIsTheConnectionsDefault(t *testing.T) {
	for _, c := range []struct{ conn, want string }{{"shop", "shop"}, {"", "default"}} {
		s, err := studioctl.Open(studioctl.Connection{Host: "cluster.example", Token: "t", DefaultNamespace: c.conn}, studioctl.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Namespace(); got != c.want {
			t.Errorf("connection namespace %q: Namespace() = %q, want %q", c.conn, got, c.want)
		}
	}
}
