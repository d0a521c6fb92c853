package fault

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// fault is the ground floor: every room may import it, so it imports nothing of studioctl's but
// the caps and the terminal sanitiser, and nothing that reads a file, the network or the
// environment.
func TestFaultImportsOnlyTheGroundFloor(t *testing.T) {
	allowed := map[string]bool{
		"errors": true, "fmt": true, "regexp": true, "strconv": true, "unicode/utf8": true,
		"github.com/studioctl/studioctl/limits": true, "github.com/studioctl/studioctl/sanitize": true,
	}
	sources, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, name := range sources {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			if path, _ := strconv.Unquote(imp.Path.Value); !allowed[path] {
				t.Errorf("%s imports %s", name, path)
			}
		}
		checked++
	}
	if checked < 4 {
		t.Fatalf("read %d files; the test no longer reads the package", checked)
	}
}
