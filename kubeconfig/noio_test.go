package kubeconfig

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/studioctl/studioctl/kube"
)

// The package reads only the bytes it is given. Its own source imports nothing that can open a
// file, read the environment, dial, or run a program, and of the packages it does import it uses
// nothing that can.
func TestSourceCannotReachOutside(t *testing.T) {
	allowed := map[string]map[string]bool{ // import path -> the only names it may use (nil: any)
		"bytes": nil, "encoding/base64": nil, "errors": nil, "fmt": nil, "regexp": nil, "sort": nil,
		"strconv": nil, "strings": nil, "unicode": nil, "unicode/utf8": nil, "go.yaml.in/yaml/v3": nil,
		"io":                                    {"EOF": true},
		"encoding/json":                         {"Marshal": true, "NewDecoder": true}, // config view's values, in memory
		"net":                                   {"ParseIP": true},
		"github.com/studioctl/studioctl/kube":   nil, // checked below: never its environment reader
		"github.com/studioctl/studioctl/limits": nil, // data only
		"github.com/studioctl/studioctl/fault":  nil, // errors and sentences: no I/O (its own test holds it to that)
	}
	sources, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, name := range sources {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		checked++
		file, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		local := map[string]string{} // local name -> import path
		for _, imp := range file.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if _, ok := allowed[path]; !ok {
				t.Errorf("%s imports %s", name, path)
			}
			short := path[strings.LastIndex(path, "/")+1:]
			if path == "go.yaml.in/yaml/v3" {
				short = "yaml"
			}
			if imp.Name != nil {
				short = imp.Name.Name
			}
			local[short] = path
		}
		ast.Inspect(file, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			pkg, ok := sel.X.(*ast.Ident)
			if !ok {
				return true
			}
			path, ok := local[pkg.Name]
			if !ok {
				return true
			}
			if names := allowed[path]; names != nil && !names[sel.Sel.Name] {
				t.Errorf("%s uses %s.%s", name, pkg.Name, sel.Sel.Name)
			}
			if path == "github.com/studioctl/studioctl/kube" && strings.Contains(sel.Sel.Name, "Env") {
				t.Errorf("%s uses kube.%s, which reads the environment", name, sel.Sel.Name)
			}
			return true
		})
	}
	if checked == 0 {
		t.Fatal("no source file checked")
	}
}

// What the file names is never read: a certificate-authority path, a tokenFile that exists, a
// KUBECONFIG in the environment, a ~/.kube/config in HOME, and the operator switches.
func TestNothingOutsideTheBytesIsRead(t *testing.T) {
	home := t.TempDir()
	envToken := "cnryENVIRONMENTtokenxxxxxxxxxxxxxxx"
	homeToken := "cnryHOMEDIRECTORYtokenxxxxxxxxxxxxx"
	other := filepath.Join(home, "other-kubeconfig")
	if err := os.WriteFile(other, []byte(strings.Replace(small, "cnryGENERATEDxxxxxxxxxxxxxxxxxxxxxxxx", envToken, 1)), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(home, ".kube"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".kube", "config"), []byte(strings.Replace(small, "cnryGENERATEDxxxxxxxxxxxxxxxxxxxxxxxx", homeToken, 1)), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("KUBECONFIG", other)
	t.Setenv("HOME", home)
	t.Setenv(kube.EnvAllowInsecureTLS, "true")
	t.Setenv(kube.EnvAllowLoopbackPlaintext, "true")
	t.Setenv("HTTPS_PROXY", "http://proxy.example.com:3128")

	tokenFile := filepath.Join(corpusDir, "token-file.txt")
	tokenFileBytes, err := os.ReadFile(tokenFile)
	if err != nil {
		t.Fatalf("the token file the corpus names must exist for this test: %v", err)
	}
	passwd, _ := os.ReadFile("/etc/passwd")

	ca := readCorpusFile(t, "pki/ca.crt")
	for _, tt := range []struct {
		file      string
		mustNot   [][]byte
		notice    string
		wantToken bool // the file itself gives a token
		wantCA    bool // the file itself gives CA data
	}{
		{"token_file_existing.yaml", [][]byte{bytes.TrimSpace(tokenFileBytes)}, NoticeNotImported, false, true},
		{"token_file_dash.yaml", [][]byte{bytes.TrimSpace(tokenFileBytes)}, NoticeNotImported, false, true},
		{"ca_file_etc_passwd.yaml", [][]byte{passwd}, NoticeNotImported, true, false},
		{"user_empty_mapping.yaml", [][]byte{[]byte(envToken), []byte(homeToken)}, NoticeAnonymous, false, true},
		{"minikube.yaml", [][]byte{[]byte(envToken), []byte(homeToken)}, NoticeNotImported, false, false},
	} {
		t.Run(tt.file, func(t *testing.T) {
			f, err := Parse(readCorpusFile(t, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			imp, err := f.Import("")
			if err != nil {
				t.Fatal(err)
			}
			c := imp.Connection
			if (c.Token != "") != tt.wantToken {
				t.Errorf("token imported: %v, want %v", c.Token != "", tt.wantToken)
			}
			if tt.wantCA != bytes.Equal(c.CAData, ca) || (!tt.wantCA && len(c.CAData) > 0) {
				t.Errorf("CA data of %d bytes, want the file's own: %v", len(c.CAData), tt.wantCA)
			}
			if len(c.ClientCertData) > 0 || len(c.ClientKeyData) > 0 {
				t.Errorf("a client certificate was read from a file")
			}
			var all []byte
			for _, b := range [][]byte{[]byte(c.Token), c.CAData, c.ClientCertData, c.ClientKeyData} {
				all = append(all, b...)
			}
			for _, n := range imp.Notices {
				all = append(all, n.Sentence...)
			}
			for _, secret := range tt.mustNot {
				if len(secret) > 0 && bytes.Contains(all, secret) {
					t.Errorf("the import holds the content of a file or of the environment")
				}
			}
			found := false
			for _, n := range imp.Notices {
				found = found || n.Code == tt.notice
			}
			if !found {
				t.Errorf("no %s notice: %v", tt.notice, imp.Notices)
			}
		})
	}

	// The switches in the environment change nothing: an insecure or http:// context is imported
	// with its notice, and Validate decides with the switches its caller passes.
	for file, mode := range map[string]kube.SSLMode{"openshift_insecure.yaml": kube.SSLRequire, "kubectl_proxy.yaml": kube.SSLDisable} {
		f, err := Parse(readCorpusFile(t, file))
		if err != nil {
			t.Fatal(err)
		}
		imp, err := f.Import("")
		if err != nil {
			t.Fatal(err)
		}
		if imp.Connection.SSLMode != mode || len(imp.Notices) == 0 {
			t.Errorf("%s: mode %s, notices %v", file, imp.Connection.SSLMode, imp.Notices)
		}
		if _, err := imp.Connection.Validate(kube.Switches{}); err == nil {
			t.Errorf("%s validated with both switches off", file)
		}
	}
}
