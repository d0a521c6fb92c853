package main

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/inner"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kubeconfig"
	"github.com/studioctl/studioctl/store"
)

// syntheticKubeconfig writes a kubeconfig (synthetic CA, canary token) at a path that is itself a
// canary, and returns the path.
func syntheticKubeconfig(t *testing.T, server string) string {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "synthetic-ca"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), IsCA: true, BasicConstraintsValid: true}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	ca := base64.StdEncoding.EncodeToString(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}))
	dir := filepath.Join(t.TempDir(), "pathcanary-d41e")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "kc-canary-88.yaml")
	body := fmt.Sprintf(`apiVersion: v1
kind: Config
clusters:
- name: c
  cluster:
    server: %s
    certificate-authority-data: %s
users:
- name: u
  user:
    token: cnryCMDTOKENxxxxxxxxxxxxxxxx
contexts:
- name: ctx
  context:
    cluster: c
    user: u
    namespace: shop
current-context: ctx
`, server, ca)
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

type testIO struct {
	IOStreams
	out, err *bytes.Buffer
	env      map[string]string
}

func newTestIO(t *testing.T, config string) *testIO {
	tio := &testIO{out: &bytes.Buffer{}, err: &bytes.Buffer{}, env: map[string]string{}}
	tio.IOStreams = IOStreams{In: strings.NewReader(""), Out: tio.out, Err: tio.err,
		Getenv:   func(k string) string { return tio.env[k] },
		HomeDirs: dirs{Config: config, Cache: "", State: t.TempDir()}}
	return tio
}

func (tio *testIO) run(args ...string) int {
	tio.out.Reset()
	tio.err.Reset()
	return run(args, &tio.IOStreams)
}

func TestConnectionAddListShowRemove(t *testing.T) {
	config := filepath.Join(t.TempDir(), "config", "studioctl")
	tio := newTestIO(t, config)
	kc := syntheticKubeconfig(t, "https://k8s.example.com:6443")

	if code := tio.run("connection", "add", "prod", "--from-kubeconfig", kc, "--server", "https://k8s.example.com:6443"); code != 0 {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
	if !strings.Contains(tio.out.String(), "Saved connection prod for https://k8s.example.com:6443") {
		t.Fatal(tio.out)
	}
	stored, err := os.ReadFile(filepath.Join(config, store.FileName))
	if err != nil {
		t.Fatal(err)
	}
	for _, canary := range []string{"pathcanary-d41e", "kc-canary-88", kc} {
		if strings.Contains(string(stored), canary) {
			t.Fatalf("the store holds the kubeconfig's path (%s)", canary)
		}
	}
	for path, want := range map[string]os.FileMode{config: 0o700, filepath.Join(config, store.FileName): 0o600} {
		fi, err := os.Stat(path)
		if err != nil || fi.Mode().Perm() != want {
			t.Fatalf("%s: %v %v", path, fi.Mode(), err)
		}
	}

	// The guard: a --server that is not the context's address, as written.
	if code := tio.run("connection", "add", "other", "--from-kubeconfig", kc, "--server", "https://k8s.example.com"); code != fault.ExitRefused ||
		!strings.Contains(tio.err.String(), "not at https://k8s.example.com as --server says") {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
	if code := tio.run("connection", "add", "prod", "--from-kubeconfig", kc); code != fault.ExitRefused || !strings.Contains(tio.err.String(), "already saved") {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
	if code := tio.run("connection", "add", "Prod", "--from-kubeconfig", kc); code != fault.ExitRefused || !strings.Contains(tio.err.String(), "DNS-1123") {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
	if code := tio.run("connection", "add", "x"); code != fault.ExitRefused || !strings.Contains(tio.err.String(), "--from-kubeconfig") {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
	if code := tio.run("--kubeconfig", kc, "connection", "list"); code != fault.ExitRefused {
		t.Fatalf("exit %d", code)
	}
	if code := tio.run("connection", "add", "shop", "--from-kubeconfig", kc, "--namespaces", "shop,payments"); code != 0 {
		t.Fatalf("exit %d: %s", code, tio.err)
	}

	if code := tio.run("connection", "list"); code != 0 {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
	wantList := "NAME   SERVER                         NAMESPACE   CREDENTIAL\n" +
		"prod   https://k8s.example.com:6443   shop        token\n" +
		"shop   https://k8s.example.com:6443   shop        token\n"
	if tio.out.String() != wantList {
		t.Fatalf("list:\n%s\nwant:\n%s", tio.out, wantList)
	}

	if code := tio.run("connection", "show", "shop"); code != 0 {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
	show := tio.out.String()
	for _, want := range []string{"Token:              set\n", "Client certificate: not set\n", "CA certificate:     set\n",
		"Namespaces:         shop,payments\n", "SSL mode:           verify-full\n", "Port:               6443\n"} {
		if !strings.Contains(show, want) {
			t.Fatalf("show lacks %q:\n%s", want, show)
		}
	}
	if code := tio.run("connection", "show", "shop", "-o", "json"); code != 0 {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
	var doc map[string]any
	if err := json.Unmarshal(tio.out.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc["token"] != "set" || doc["clientKey"] != "not set" || doc["name"] != "shop" {
		t.Fatalf("%v", doc)
	}
	for _, out := range []string{show, tio.out.String()} {
		if strings.Contains(out, "cnryCMDTOKEN") || strings.Contains(out, "BEGIN CERTIFICATE") {
			t.Fatal("a credential was printed")
		}
	}

	if code := tio.run("connection", "remove", "shop"); code != 0 {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
	if code := tio.run("connection", "show", "shop"); code != fault.ExitRefused || !strings.Contains(tio.err.String(), `no saved connection named "shop"`) {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
	if code := tio.run("connection", "remove", "shop"); code != fault.ExitRefused {
		t.Fatalf("exit %d", code)
	}

	// A wider mode is refused with its sentence.
	if err := os.Chmod(filepath.Join(config, store.FileName), 0o644); err != nil {
		t.Fatal(err)
	}
	if code := tio.run("connection", "list"); code != fault.ExitRefused || !strings.Contains(tio.err.String(), "chmod 600") {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
}

func TestSavedConnectionOpens(t *testing.T) {
	config := filepath.Join(t.TempDir(), "studioctl")
	tio := newTestIO(t, config)
	kc := syntheticKubeconfig(t, "https://k8s.example.com:6443")
	if code := tio.run("connection", "add", "prod", "--from-kubeconfig", kc); code != 0 {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
	// --connection, and STUDIOCTL_CONNECTION when no flag names a connection. Opening sends
	// nothing: the session only holds the endpoint.
	for _, g := range []*globals{{connection: "prod"}, {}} {
		tio.env["STUDIOCTL_CONNECTION"] = "prod"
		s, err := (&Factory{IO: &tio.IOStreams, flags: *g}).Session()
		if err != nil {
			t.Fatal(err)
		}
		ep := inner.Client(s).Endpoint()
		if ep.BaseURL() != "https://k8s.example.com:6443" || ep.DefaultNamespace != "shop" || ep.Token == "" {
			t.Fatalf("%s %s", ep.BaseURL(), ep.DefaultNamespace)
		}
	}
	// A flag beats the variable.
	tio.env["STUDIOCTL_CONNECTION"] = "prod"
	if _, err := (&Factory{IO: &tio.IOStreams, flags: globals{connection: "other"}}).Session(); err == nil || !strings.Contains(err.Error(), `"other"`) {
		t.Fatalf("%v", err)
	}
	// Fields moved away from the registered address are refused at open.
	path := filepath.Join(config, store.FileName)
	data, _ := os.ReadFile(path)
	moved := strings.Replace(string(data), `"host": "k8s.example.com"`, `"host": "evil.example.com"`, 1)
	if moved == string(data) {
		t.Fatal("the store's layout changed; update the test")
	}
	if err := os.WriteFile(path, []byte(moved), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := openSaved("prod", studioctl.Options{}, &tio.IOStreams)
	if e, ok := fault.As(err); !ok || e.Code != store.CodeServerMismatch || e.Class != fault.Refused {
		t.Fatalf("%v", err)
	}
	if code := tio.run("--connection", "prod", "get", "pods"); code != fault.ExitRefused || !strings.Contains(tio.err.String(), "registered for https://k8s.example.com:6443") {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
}

func TestSavedPlainHTTPNeedsTheSwitch(t *testing.T) {
	config := filepath.Join(t.TempDir(), "studioctl")
	tio := newTestIO(t, config)
	dir := t.TempDir()
	kc := filepath.Join(dir, "proxy.yaml")
	os.WriteFile(kc, []byte("apiVersion: v1\nkind: Config\nclusters:\n- name: p\n  cluster:\n    server: http://127.0.0.1:8001\ncontexts:\n- name: p\n  context:\n    cluster: p\ncurrent-context: p\n"), 0o600)
	if code := tio.run("connection", "add", "proxy", "--from-kubeconfig", kc); code != fault.ExitRefused || !strings.Contains(tio.err.String(), "KUBERNETES_ALLOW_LOOPBACK_PLAINTEXT") {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
	tio.env[kube.EnvAllowLoopbackPlaintext] = "true"
	if code := tio.run("connection", "add", "proxy", "--from-kubeconfig", kc); code != 0 {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
	if _, err := openSaved("proxy", studioctl.Options{}, &tio.IOStreams); err != nil {
		t.Fatal(err)
	}
	delete(tio.env, kube.EnvAllowLoopbackPlaintext)
	if _, err := openSaved("proxy", studioctl.Options{}, &tio.IOStreams); err == nil {
		t.Fatal("plain HTTP opened without the switch")
	}
}

func TestCheckRefusesAnotherOutput(t *testing.T) {
	tio := newTestIO(t, t.TempDir())
	if code := tio.run("check", "-o", "yaml"); code != fault.ExitRefused || !strings.Contains(tio.err.String(), `check -o takes json, not "yaml"`) {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
	// No connection at all: the sentence that says how to make one, as JSON with -o json.
	if code := tio.run("check", "-o", "json"); code != fault.ExitRefused || !strings.Contains(tio.err.String(), `"code":"`+fault.CodeConnNone+`"`) {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
}

// connection contexts lists a kubeconfig's contexts as they would import, never a credential,
// and sends nothing (the kubeconfig's server does not exist).
func TestConnectionContexts(t *testing.T) {
	tio := newTestIO(t, filepath.Join(t.TempDir(), "studioctl"))
	kc := syntheticKubeconfig(t, "https://k8s.example.com:6443")
	if code := tio.run("connection", "contexts", kc); code != 0 {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
	out := tio.out.String()
	for _, want := range []string{"CURRENT", "NAME", "ctx", "k8s.example.com:6443", "token", "yes"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q:\n%s", want, out)
		}
	}
	if strings.Contains(out+tio.err.String(), "cnryCMDTOKEN") || strings.Contains(out+tio.err.String(), "pathcanary") {
		t.Errorf("a credential or the file's path was printed:\n%s%s", out, tio.err)
	}
	if code := tio.run("connection", "contexts", filepath.Join(t.TempDir(), "missing.yaml")); code != fault.ExitRefused {
		t.Errorf("a missing file: exit %d", code)
	}
}

// --ssh and --ssh-known-host go together, and a tunnel's fields are checked before anything is
// saved: a far end that is a metadata address is refused even through a tunnel.
func TestConnectionAddSSHFlags(t *testing.T) {
	config := filepath.Join(t.TempDir(), "config", "studioctl")
	tio := newTestIO(t, config)
	kc := syntheticKubeconfig(t, "https://k8s.example.com:6443")
	known := "bastion.example.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl"
	for _, args := range [][]string{
		{"--ssh", "ops@bastion.example.com"},
		{"--ssh-known-host", known},
		{"--ssh", "bastion.example.com", "--ssh-known-host", known},
		{"--ssh", "ops@bastion.example.com:notaport", "--ssh-known-host", known},
		{"--ssh", "ops@bastion.example.com", "--ssh-known-host", "not a key"},
	} {
		code := tio.run(append([]string{"connection", "add", "edge", "--from-kubeconfig", kc}, args...)...)
		if code != fault.ExitRefused {
			t.Errorf("%q: exit %d: %s", args, code, tio.err)
		}
	}
	if code := tio.run("connection", "add", "edge", "--from-kubeconfig", kc, "--ssh", "ops@bastion.example.com:2222", "--ssh-known-host", known); code != 0 {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
	saved, err := store.New(config).Get("edge")
	if err != nil || saved.Connection.Tunnel == nil || saved.Connection.Tunnel.Port != 2222 || saved.Connection.Tunnel.User != "ops" {
		t.Fatalf("saved tunnel: %+v %v", saved, err)
	}
	// Opening it with no agent (SSH_AUTH_SOCK unset) says so; nothing is dialled.
	if code := tio.run("--connection", "edge", "get", "pods"); code != fault.ExitRefused || !strings.Contains(tio.err.String(), "ssh-agent") {
		t.Fatalf("no agent: exit %d: %s", code, tio.err)
	}
}

// The IMPORT column says what importing each context gives: yes with a credential (or through
// kubectl proxy, which signs in itself), the notice's code when the user signs in only through a
// credential plugin or gives no credential at all, and the refusal's code when the connection is
// refused. The token is never printed.
func TestConnectionContextsImportColumn(t *testing.T) {
	data := []byte(`apiVersion: v1
kind: Config
clusters:
- name: c
  cluster: {server: "https://k8s.example.com:6443"}
- name: proxy
  cluster: {server: "http://127.0.0.1:8001"}
- name: bad
  cluster: {server: "k8s.example.com:6443"}
users:
- name: token
  user: {token: cnryCMDTOKENxxxxxxxxxxxxxxxx}
- name: exec
  user: {exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: aws}}
- name: gcp
  user: {auth-provider: {name: gcp}}
- name: exec-and-token
  user: {token: cnryCMDTOKENxxxxxxxxxxxxxxxx, exec: {command: aws}}
- name: empty
  user: {}
contexts:
- {name: a-token, context: {cluster: c, user: token}}
- {name: b-exec, context: {cluster: c, user: exec}}
- {name: c-gcp, context: {cluster: c, user: gcp}}
- {name: d-no-user, context: {cluster: c}}
- {name: e-empty-user, context: {cluster: c, user: empty}}
- {name: f-exec-and-token, context: {cluster: c, user: exec-and-token}}
- {name: g-proxy, context: {cluster: proxy}}
- {name: h-bad-server, context: {cluster: bad, user: token}}
current-context: a-token
`)
	file, err := kubeconfig.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	const server = "k8s.example.com:6443"
	want := [][]string{
		{"*", "a-token", server, "default", "token", "yes"},
		{"", "b-exec", server, "default", "none", "no credential (kubeconfig.notice.credential_plugin)"},
		{"", "c-gcp", server, "default", "none", "no credential (kubeconfig.notice.credential_plugin)"},
		{"", "d-no-user", server, "default", "none", "no credential (kubeconfig.notice.anonymous)"},
		{"", "e-empty-user", server, "default", "none", "no credential (kubeconfig.notice.anonymous)"},
		{"", "f-exec-and-token", server, "default", "token", "yes"},
		{"", "g-proxy", "127.0.0.1:8001", "default", "none", "yes"},
		{"", "h-bad-server", "", "", "", "refused (kubeconfig.server_scheme)"},
	}
	if diff := cmp.Diff(want, contextTable(file, kube.Switches{AllowLoopbackPlaintext: true}).Rows); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}

	kc := filepath.Join(t.TempDir(), "kc.yaml")
	if err := os.WriteFile(kc, data, 0o600); err != nil {
		t.Fatal(err)
	}
	tio := newTestIO(t, filepath.Join(t.TempDir(), "studioctl"))
	if code := tio.run("connection", "contexts", kc); code != 0 || strings.Contains(tio.out.String()+tio.err.String(), "cnryCMDTOKEN") {
		t.Fatalf("exit %d, or the token was printed:\n%s%s", code, tio.out, tio.err)
	}
	if !strings.Contains(tio.out.String(), "b-exec             "+server+"   default     none         no credential (kubeconfig.notice.credential_plugin)\n") {
		t.Errorf("the exec context's row:\n%s", tio.out)
	}
}
