package store

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math/big"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
)

// testCA is a PEM certificate made for the test (synthetic), so verify-full validates.
func testCA(t testing.TB) []byte {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "synthetic-ca"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), IsCA: true,
		BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
}

// kubeconfigFor is a synthetic kubeconfig with two contexts: main (at server, with a token and the
// CA) and other (at https://other.example.com:6443).
func kubeconfigFor(t testing.TB, server string) []byte {
	ca := base64.StdEncoding.EncodeToString(testCA(t))
	return []byte(fmt.Sprintf(`apiVersion: v1
kind: Config
clusters:
- name: main
  cluster:
    server: %s
    certificate-authority-data: %s
- name: other
  cluster:
    server: https://other.example.com:6443
    certificate-authority-data: %s
users:
- name: u
  user:
    token: cnryTOKENxxxxxxxxxxxxxxxxxxxx
contexts:
- name: main
  context:
    cluster: main
    user: u
    namespace: shop
- name: other
  context:
    cluster: other
    user: u
current-context: main
`, server, ca, ca))
}

func codeOf(t *testing.T, err error) string {
	t.Helper()
	if err == nil {
		return ""
	}
	e, ok := fault.As(err)
	if !ok {
		t.Fatalf("not a studioctl error: %v", err)
	}
	return e.Code
}

func newStore(t *testing.T) *Store {
	return New(filepath.Join(t.TempDir(), "config", "studioctl"))
}

func mustImport(t *testing.T, name, server string, o ImportOptions) *Saved {
	t.Helper()
	s, _, err := FromKubeconfig(name, kubeconfigFor(t, server), o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func mode(t *testing.T, path string) os.FileMode {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode().Perm()
}

func TestAddWritesA0700DirectoryAnd0600File(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("modes are not Windows ACLs")
	}
	old := syscallUmask(0o022)
	defer syscallUmask(old)
	s := newStore(t)
	if err := s.Add(mustImport(t, "prod", "https://k8s.example.com:6443", ImportOptions{})); err != nil {
		t.Fatal(err)
	}
	if m := mode(t, filepath.Dir(s.Path())); m != 0o700 {
		t.Fatalf("directory mode %04o, want 0700", m)
	}
	if m := mode(t, s.Path()); m != 0o600 {
		t.Fatalf("file mode %04o, want 0600", m)
	}
	// An existing file keeps 0600 across a rewrite (the temporary file is made 0600 itself).
	if err := s.Add(mustImport(t, "stage", "https://k8s.example.com:6443", ImportOptions{})); err != nil {
		t.Fatal(err)
	}
	if m := mode(t, s.Path()); m != 0o600 {
		t.Fatalf("file mode after rewrite %04o, want 0600", m)
	}
}

func TestEveryFieldRoundTrips(t *testing.T) {
	s := newStore(t)
	ca := testCA(t)
	want := Saved{Name: "full", Server: "https://rancher.example.com/k8s/clusters/c-m-abc12", Connection: kube.Connection{
		Host: "rancher.example.com", Port: 443, APIPath: "/k8s/clusters/c-m-abc12", TLSServerName: "api.internal",
		CAData: ca, Token: "cnryTOKEN", ClientCertData: []byte("cert"), ClientKeyData: []byte("key"),
		DefaultNamespace: "shop", Namespaces: []string{"shop", "payments"}, SSLMode: kube.SSLVerifyFull,
		Tunnel: &kube.Tunnel{User: "ops", Host: "bastion.example.com", Port: 2222, KnownHost: "bastion.example.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl"},
	}, MCP: true, AgentToken: "cnryAGENT"}
	if err := s.Add(&want); err != nil {
		t.Fatal(err)
	}
	got, err := s.Get("full")
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, *got); d != "" {
		t.Fatal(d)
	}
	list, err := s.List()
	if err != nil || len(list) != 1 || list[0].Name != "full" {
		t.Fatalf("list %v %v", list, err)
	}
}

func TestImportKeepsTheFieldsAndTheRegisteredServer(t *testing.T) {
	got := mustImport(t, "prod", "https://k8s.example.com:6443", ImportOptions{Namespaces: []string{"shop", "payments"}})
	c := got.Connection
	if got.Server != "https://k8s.example.com:6443" || c.Host != "k8s.example.com" || c.Port != 6443 ||
		c.Token != "cnryTOKENxxxxxxxxxxxxxxxxxxxx" || c.DefaultNamespace != "shop" || c.SSLMode != kube.SSLVerifyFull ||
		len(c.CAData) == 0 || !cmp.Equal(c.Namespaces, []string{"shop", "payments"}) {
		t.Fatalf("%+v %+v", got.Server, c)
	}
	other, _, err := FromKubeconfig("o", kubeconfigFor(t, "https://k8s.example.com:6443"), ImportOptions{Context: "other"})
	if err != nil || other.Server != "https://other.example.com:6443" || other.Connection.Host != "other.example.com" {
		t.Fatalf("%v %v", other, err)
	}
}

// A crash after the temporary file is written and before it replaces the old one: the old
// connections are all still there, byte for byte, and no temporary file is left behind.
func TestCrashBeforeRenameKeepsTheOldFile(t *testing.T) {
	s := newStore(t)
	if err := s.Add(mustImport(t, "prod", "https://k8s.example.com:6443", ImportOptions{})); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	var tmpHeld []byte
	s.beforeRename = func(tmp string) error {
		tmpHeld, _ = os.ReadFile(tmp)
		return errors.New("synthetic crash before rename")
	}
	err = s.Add(mustImport(t, "stage", "https://k8s.example.com:6443", ImportOptions{}))
	if codeOf(t, err) != CodeStoreWrite {
		t.Fatalf("err %v", err)
	}
	if !strings.Contains(string(tmpHeld), `"stage"`) || !strings.Contains(string(tmpHeld), `"prod"`) {
		t.Fatalf("the temporary file did not hold the whole new state: %s", tmpHeld)
	}
	after, err := os.ReadFile(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	if string(after) != string(before) {
		t.Fatalf("the old file changed:\n%s\n---\n%s", before, after)
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(s.Path()), ".connections-*.tmp"))
	if len(left) != 0 {
		t.Fatalf("temporary files left: %v", left)
	}
	// A temporary file a real crash left behind (killed before its cleanup ran) changes nothing.
	if err := os.WriteFile(filepath.Join(filepath.Dir(s.Path()), ".connections-999.tmp"), []byte(`{"half`), 0o600); err != nil {
		t.Fatal(err)
	}
	s.beforeRename = nil
	if err := s.Add(mustImport(t, "stage", "https://k8s.example.com:6443", ImportOptions{})); err != nil {
		t.Fatal(err)
	}
	list, err := s.List()
	if err != nil || len(list) != 2 || list[0].Name != "prod" || list[1].Name != "stage" {
		t.Fatalf("%v %v", list, err)
	}
}

func TestWiderModesAreRefused(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("modes are not Windows ACLs")
	}
	s := newStore(t)
	if err := s.Add(mustImport(t, "prod", "https://k8s.example.com:6443", ImportOptions{})); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(s.Path())
	before, _ := os.ReadFile(s.Path())
	for _, c := range []struct {
		path string
		mode os.FileMode
		word string
	}{
		{s.Path(), 0o644, "chmod 600"},
		{s.Path(), 0o640, "chmod 600"},
		{s.Path(), 0o602, "chmod 600"},
		{dir, 0o755, "chmod 700"},
		{dir, 0o750, "chmod 700"},
		{dir, 0o701, "chmod 700"},
	} {
		if err := os.Chmod(c.path, c.mode); err != nil {
			t.Fatal(err)
		}
		_, errList := s.List()
		_, errGet := s.Get("prod")
		errAdd := s.Add(mustImport(t, "stage", "https://k8s.example.com:6443", ImportOptions{}))
		errRemove := s.Remove("prod")
		for _, err := range []error{errList, errGet, errAdd, errRemove} {
			if codeOf(t, err) != CodeStorePerm {
				t.Fatalf("mode %04o on %s: %v", c.mode, c.path, err)
			}
			e, _ := fault.As(err)
			if !strings.Contains(e.Sentence, c.word) || !strings.Contains(e.Sentence, fmt.Sprintf("%04o", c.mode)) || e.Class != fault.Refused {
				t.Fatalf("sentence %q", e.Sentence)
			}
		}
		after, _ := os.ReadFile(s.Path())
		if string(after) != string(before) {
			t.Fatal("a refused store was written")
		}
		restore := os.FileMode(0o600)
		if c.path == dir {
			restore = 0o700
		}
		if err := os.Chmod(c.path, restore); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.List(); err != nil {
		t.Fatal(err)
	}
}

func TestALinkIsRefused(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no symlinks without privileges")
	}
	s := newStore(t)
	if err := s.Add(mustImport(t, "prod", "https://k8s.example.com:6443", ImportOptions{})); err != nil {
		t.Fatal(err)
	}
	elsewhere := filepath.Join(t.TempDir(), "elsewhere.json")
	if err := os.Rename(s.Path(), elsewhere); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, s.Path()); err != nil {
		t.Fatal(err)
	}
	if _, err := s.List(); codeOf(t, err) != CodeStorePerm {
		t.Fatalf("%v", err)
	}
}

// The guard at registration: the context must point at exactly the --server address, compared
// as written.
func TestGuardRefusesAServerThatIsNotTheContexts(t *testing.T) {
	const server = "https://k8s.example.com:6443"
	for _, flag := range []string{
		"http://k8s.example.com:6443",      // scheme
		"https://k8s.example.org:6443",     // host
		"https://K8S.example.com:6443",     // host as written
		"https://k8s.example.com:443",      // port
		"https://k8s.example.com",          // port not written
		"https://k8s.example.com:6443/",    // path
		"https://k8s.example.com:6443/x",   // path
		"https://10.0.0.1:6443",            // an address for the same name is another address
		"HTTPS://k8s.example.com:6443",     // scheme as written
		" https://k8s.example.com:6443",    // as written
		"https://k8s.example.com:06443",    // as written
		"https://k8s.example.com:6443?x=1", // a query
	} {
		_, _, err := FromKubeconfig("prod", kubeconfigFor(t, server), ImportOptions{Server: flag})
		if codeOf(t, err) != CodeServerMismatch {
			t.Fatalf("--server %q: %v", flag, err)
		}
		if e, _ := fault.As(err); e.Class != fault.Refused || !strings.Contains(e.Sentence, server) {
			t.Fatalf("%+v", e)
		}
	}
	// The other context of the same file points elsewhere: refused too.
	_, _, err := FromKubeconfig("prod", kubeconfigFor(t, server), ImportOptions{Server: server, Context: "other"})
	if codeOf(t, err) != CodeServerMismatch {
		t.Fatal(err)
	}
	for _, srv := range []string{server, "https://k8s.example.com", "https://k8s.example.com/", "https://[::1]:6443",
		"https://rancher.example.com/k8s/clusters/c-m-abc12", "https://rancher.example.com:8443/k8s/clusters/c-m-abc12/"} {
		got, _, err := FromKubeconfig("prod", kubeconfigFor(t, srv), ImportOptions{Server: srv})
		if err != nil {
			t.Fatalf("%s: %v", srv, err)
		}
		if got.Server != srv {
			t.Fatalf("registered %q, want %q", got.Server, srv)
		}
	}
}

// The guard at every use: fields that no longer point at the registered address are refused.
func TestGuardRefusesAConnectionMovedAwayFromItsAddress(t *testing.T) {
	s := newStore(t)
	saved := mustImport(t, "prod", "https://k8s.example.com:6443", ImportOptions{Server: "https://k8s.example.com:6443"})
	if err := s.Add(saved); err != nil {
		t.Fatal(err)
	}
	got, err := s.Get("prod")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := got.Endpoint(kube.Switches{}); err != nil {
		t.Fatal(err)
	}
	for _, tamper := range []func(*Saved){
		func(c *Saved) { c.Connection.Host = "evil.example.com" },
		func(c *Saved) { c.Connection.Port = 443 },
		func(c *Saved) { c.Connection.APIPath = "/k8s/clusters/x" },
		func(c *Saved) { c.Server = "https://evil.example.com:6443" },
		func(c *Saved) { c.Server = "" },
		func(c *Saved) { c.Server = "ftp://k8s.example.com:6443" },
	} {
		c := *got
		tamper(&c)
		if _, err := c.Endpoint(kube.Switches{}); codeOf(t, err) != CodeServerMismatch {
			t.Fatalf("%+v: %v", c.Server, err)
		}
	}
	// Tampered on disk: the same refusal at open.
	data, _ := os.ReadFile(s.Path())
	data = []byte(strings.Replace(string(data), `"host": "k8s.example.com"`, `"host": "evil.example.com"`, 1))
	if err := os.WriteFile(s.Path(), data, 0o600); err != nil {
		t.Fatal(err)
	}
	got, err = s.Get("prod")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := got.Endpoint(kube.Switches{}); codeOf(t, err) != CodeServerMismatch {
		t.Fatal(err)
	}
}

func TestTheConnectionIsValidatedOnAddAndOnOpen(t *testing.T) {
	// A kubectl proxy context (plain HTTP) needs the operator's switch, at add as at open.
	data := []byte(`apiVersion: v1
kind: Config
clusters:
- name: p
  cluster:
    server: http://127.0.0.1:8001
contexts:
- name: p
  context:
    cluster: p
current-context: p
`)
	if _, _, err := FromKubeconfig("proxy", data, ImportOptions{}); codeOf(t, err) != fault.CodeConnPlaintextLoopback {
		t.Fatal(err)
	}
	saved, notices, err := FromKubeconfig("proxy", data, ImportOptions{Switches: kube.Switches{AllowLoopbackPlaintext: true}})
	if err != nil || len(notices) == 0 {
		t.Fatalf("%v %v", notices, err)
	}
	if _, err := saved.Endpoint(kube.Switches{}); codeOf(t, err) != fault.CodeConnPlaintextLoopback {
		t.Fatal(err)
	}
	// A namespace list that leaves out the default namespace fails Validate.
	_, _, err = FromKubeconfig("prod", kubeconfigFor(t, "https://k8s.example.com:6443"), ImportOptions{Namespaces: []string{"payments"}})
	if codeOf(t, err) != fault.CodeConnNamespace {
		t.Fatal(err)
	}
	_, _, err = FromKubeconfig("prod", kubeconfigFor(t, "https://k8s.example.com:6443"), ImportOptions{Namespaces: []string{"Bad_Name"}})
	if codeOf(t, err) != fault.CodeConnNamespace {
		t.Fatal(err)
	}
}

// The store keeps the imported fields and never the kubeconfig's path.
func TestThePathIsNeverStored(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "path-canary-7f3a")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "kubeconfig-canary-91c2.yaml")
	if err := os.WriteFile(file, kubeconfigFor(t, "https://k8s.example.com:6443"), 0o600); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	saved, _, err := FromKubeconfig("prod", data, ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s := newStore(t)
	if err := s.Add(saved); err != nil {
		t.Fatal(err)
	}
	stored, _ := os.ReadFile(s.Path())
	for _, canary := range []string{"path-canary-7f3a", "kubeconfig-canary-91c2", file} {
		if strings.Contains(string(stored), canary) {
			t.Fatalf("the store holds %q", canary)
		}
	}
	if !strings.Contains(string(stored), "cnryTOKEN") {
		t.Fatal("the credential was not stored")
	}
}

func TestNamesAreDNSLabels(t *testing.T) {
	s := newStore(t)
	for _, name := range []string{"", "Prod", "a_b", "-a", "a-", "a.b", strings.Repeat("a", 64), "a b", "../x"} {
		c := mustImport(t, "ok", "https://k8s.example.com:6443", ImportOptions{})
		c.Name = name
		if err := s.Add(c); codeOf(t, err) != CodeName {
			t.Fatalf("%q: %v", name, err)
		}
		if _, err := s.Get(name); codeOf(t, err) != CodeName {
			t.Fatalf("%q: %v", name, err)
		}
		if _, _, err := FromKubeconfig(name, kubeconfigFor(t, "https://k8s.example.com:6443"), ImportOptions{}); codeOf(t, err) != CodeName {
			t.Fatalf("%q: %v", name, err)
		}
	}
}

func TestAddRemoveAndUnknown(t *testing.T) {
	s := newStore(t)
	if list, err := s.List(); err != nil || len(list) != 0 {
		t.Fatalf("an absent store: %v %v", list, err)
	}
	if _, err := s.Get("prod"); codeOf(t, err) != CodeUnknown {
		t.Fatal(err)
	}
	c := mustImport(t, "prod", "https://k8s.example.com:6443", ImportOptions{})
	if err := s.Add(c); err != nil {
		t.Fatal(err)
	}
	if err := s.Add(c); codeOf(t, err) != CodeExists {
		t.Fatal(err)
	}
	if err := s.Remove("stage"); codeOf(t, err) != CodeUnknown {
		t.Fatal(err)
	}
	if err := s.Remove("prod"); err != nil {
		t.Fatal(err)
	}
	if list, err := s.List(); err != nil || len(list) != 0 {
		t.Fatalf("%v %v", list, err)
	}
}

func TestAFileStudioctlDidNotWriteIsRefused(t *testing.T) {
	for _, body := range []string{
		`not json`,
		`{"version":2,"connections":[]}`,
		`{"version":1,"connections":[],"extra":1}`,
		`{"version":1,"connections":[{"name":"a","server":"https://h:1","host":"h","kubeconfigPath":"/x"}]}`,
		`{"version":1,"connections":[{"name":"a"},{"name":"a"}]}`,
		`{"version":1,"connections":[{"name":"Bad"}]}`,
		`{"version":1,"connections":[]} {"version":1}`,
	} {
		s := newStore(t)
		if err := s.ensureDir(); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(s.Path(), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := s.List(); codeOf(t, err) != CodeStoreRead {
			t.Fatalf("%s: %v", body, err)
		}
	}
	s := newStore(t)
	if err := s.ensureDir(); err != nil {
		t.Fatal(err)
	}
	big := `{"version":1,"connections":[` + strings.Repeat(" ", MaxFileBytes) + `]}`
	if err := os.WriteFile(s.Path(), []byte(big), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := s.List(); codeOf(t, err) != CodeStoreRead {
		t.Fatal(err)
	}
}

func TestNoConfigDirectory(t *testing.T) {
	s := New("")
	if _, err := s.List(); codeOf(t, err) != CodeStoreNoDir {
		t.Fatal(err)
	}
	if err := s.Add(mustImport(t, "prod", "https://k8s.example.com:6443", ImportOptions{})); codeOf(t, err) != CodeStoreNoDir {
		t.Fatal(err)
	}
}

// Two studioctl processes saving at once lose nothing: the store's lock orders them.
func TestConcurrentAddsLoseNothing(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "studioctl")
	c := mustImport(t, "x", "https://k8s.example.com:6443", ImportOptions{})
	var wg sync.WaitGroup
	errs := make([]error, 16)
	for i := range errs {
		wg.Go(func() {
			cc := *c
			cc.Name = "c" + strconv.Itoa(i)
			errs[i] = New(dir).Add(&cc)
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	list, err := New(dir).List()
	if err != nil || len(list) != len(errs) {
		t.Fatalf("%d saved, want %d: %v", len(list), len(errs), err)
	}
}

func TestBaseURL(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"https://k8s.example.com:6443", "https://k8s.example.com:6443"},
		{"https://k8s.example.com", "https://k8s.example.com:443"},
		{"HTTPS://K8s.example.com/", "https://K8s.example.com:443"},
		{"http://127.0.0.1:8001", "http://127.0.0.1:8001"},
		{"http://localhost", "http://localhost:80"},
		{"https://[::1]:6443", "https://[::1]:6443"},
		{"https://[::1]", "https://[::1]:443"},
		{"https://r.example.com/k8s/clusters/c-1/", "https://r.example.com:443/k8s/clusters/c-1"},
		{"k8s.example.com:6443", ""},
		{"ftp://k8s.example.com", ""},
		{"https://u@k8s.example.com", ""},
		{"https://k8s.example.com?x", ""},
		{"https://k8s.example.com:0", ""},
		{"https://k8s.example.com:070", ""},
		{"https://:6443", ""},
		{"", ""},
	} {
		got, ok := BaseURL(c.in)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("BaseURL(%q) = %q %v, want %q", c.in, got, ok, c.want)
		}
	}
	// The form matches what a validated endpoint gives.
	for _, srv := range []string{"https://k8s.example.com", "https://[::1]:6443", "https://r.example.com/k8s/clusters/c-1/"} {
		saved, _, err := FromKubeconfig("a", kubeconfigFor(t, srv), ImportOptions{})
		if err != nil {
			t.Fatal(err)
		}
		ep, err := saved.Connection.Validate(kube.Switches{})
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := BaseURL(srv); ep.BaseURL() != want {
			t.Fatalf("%s: endpoint %s, BaseURL %s", srv, ep.BaseURL(), want)
		}
	}
}

// A saved connection is its fields and nothing else: the package reads no environment variable,
// no home directory, no kubeconfig default and no in-cluster service account.
func TestNoCredentialChain(t *testing.T) {
	forbidden := map[string]bool{"Getenv": true, "LookupEnv": true, "Environ": true, "UserHomeDir": true,
		"UserConfigDir": true, "InClusterConfig": true, "ExpandEnv": true}
	sources, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	for _, name := range sources {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if forbidden[n.Sel.Name] {
					t.Errorf("%s uses %s", name, n.Sel.Name)
				}
			case *ast.BasicLit:
				for _, s := range []string{"KUBECONFIG", "serviceaccount", ".kube", "KUBERNETES_SERVICE_HOST"} {
					if strings.Contains(n.Value, s) {
						t.Errorf("%s names %s", name, s)
					}
				}
			}
			return true
		})
	}
	t.Setenv("KUBECONFIG", "/nonexistent/kubeconfig")
	t.Setenv("KUBERNETES_SERVICE_HOST", "10.0.0.1")
	if list, err := newStore(t).List(); err != nil || len(list) != 0 {
		t.Fatalf("%v %v", list, err)
	}
}

func TestSavedPrintsNoCredential(t *testing.T) {
	c := mustImport(t, "prod", "https://k8s.example.com:6443", ImportOptions{})
	for _, s := range []string{fmt.Sprint(c), fmt.Sprintf("%v", *c), fmt.Sprintf("%+v", *c), fmt.Sprintf("%s", *c)} {
		if strings.Contains(s, "cnryTOKEN") {
			t.Fatalf("printed %s", s)
		}
	}
}

// A saved connection that names a user (written by hand: an import never keeps one) is refused
// when it is opened, with a sentence that names the user field; the file itself still reads, and
// the Go library's Connection.User is refused the same way. Nothing is sent either way.
func TestAUserNameIsRefusedByItsField(t *testing.T) {
	s := newStore(t)
	if err := s.Add(mustImport(t, "prod", "https://k8s.example.com:6443", ImportOptions{})); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(data), `"name": "prod",`, `"name": "prod", "user": "admin",`, 1)
	if edited == string(data) {
		t.Fatal("the store file's layout changed; the test cannot place the field")
	}
	if err := os.WriteFile(s.Path(), []byte(edited), 0o600); err != nil {
		t.Fatal(err)
	}
	saved, err := s.Get("prod")
	if err != nil {
		t.Fatalf("the file with a user field does not read: %v", err)
	}
	_, err = saved.Endpoint(kube.Switches{})
	if e, ok := fault.As(err); !ok || e.Code != "refused.connection.user" || !strings.Contains(e.Sentence, "user field") || e.Class != fault.Refused {
		t.Fatalf("opening it: %v", err)
	}
	_, err = kube.Connection{Host: "k8s.example.com", Token: "t", User: "admin"}.Validate(kube.Switches{})
	if e, ok := fault.As(err); !ok || !strings.Contains(e.Sentence, "user field") {
		t.Fatalf("the library's Connection.User: %v", err)
	}
}
