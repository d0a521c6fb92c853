package livetest

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/check"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/inner"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kubeconfig"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/store"
)

// The six rights the admin holds through system:masters, in the order check names them.
var adminRights = []string{
	"create pods/exec in namespace default", "get pods/exec in namespace default", "get nodes/proxy (every node's kubelet)",
	"every verb on every resource (*/*)", "list secrets in namespace default", "list secrets in every namespace",
}

func readKubeconfigFile(t *testing.T, identity string) []byte {
	t.Helper()
	data, err := os.ReadFile(kubeconfigPath(identity))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// runCheck opens a kubeconfig with the given switches (nil: both off) and checks it.
func runCheck(t *testing.T, data []byte, sw *kube.Switches) (*check.Report, int, error) {
	t.Helper()
	var requests atomic.Int64 // the six reviews go at once
	o := studioctl.Options{Observe: func(string, string) { requests.Add(1) }}
	if sw != nil {
		o.Switches = studioctl.Switches(*sw)
	}
	s, _, err := studioctl.OpenKubeconfig(data, "", o)
	if err != nil {
		return nil, fault.ExitCode(err), err
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	start := time.Now()
	r, err := check.Run(ctx, inner.Client(s))
	t.Logf("check: %d requests in %v", requests.Load(), time.Since(start).Round(time.Millisecond))
	return r, check.ExitCode(r, err), err
}

func noticeCodes(r *check.Report) []string {
	var out []string
	for _, n := range r.Notices {
		out = append(out, n.Code)
	}
	return out
}

func TestCheckIdentities(t *testing.T) {
	needCluster(t)
	t.Run("admin", func(t *testing.T) {
		r, code, err := runCheck(t, readKubeconfigFile(t, "admin"), nil)
		if err != nil {
			t.Fatal(err)
		}
		if code != fault.ExitWarnings || len(r.Warnings) != 1 || strings.Join(r.Warnings[0].Rights, "|") != strings.Join(adminRights, "|") {
			t.Fatalf("exit %d, warnings %+v", code, r.Warnings)
		}
		if r.Identity.Username != "admin" || !strings.HasPrefix(r.Version, "v1.") {
			t.Fatalf("%+v", r)
		}
		t.Logf("admin: exit %d, %d rights, notices %v: %s", code, len(r.Warnings[0].Rights), noticeCodes(r), r.Sentence())
	})
	t.Run("view", func(t *testing.T) {
		r, code, err := runCheck(t, readKubeconfigFile(t, "view"), nil)
		if err != nil {
			t.Fatal(err)
		}
		// view holds none of the six and may list namespaces: no warning, no namespace notice (the
		// cap notice only if the cluster has been seeded past 1,000 namespaces).
		if code != fault.ExitOK || len(r.Warnings) != 0 {
			t.Fatalf("exit %d, warnings %+v", code, r.Warnings)
		}
		for _, n := range r.Notices {
			if n.Code == check.CodeNamespacesNotListed {
				t.Fatalf("view may list namespaces: %+v", n)
			}
		}
		t.Logf("view: exit %d, notices %v: %s", code, noticeCodes(r), r.Sentence())
	})
	t.Run("none", func(t *testing.T) {
		r, code, err := runCheck(t, readKubeconfigFile(t, "none"), nil)
		if err != nil {
			t.Fatal(err)
		}
		if code != fault.ExitOK || len(r.Warnings) != 0 || strings.Join(noticeCodes(r), ",") != check.CodeNamespacesNotListed {
			t.Fatalf("exit %d, %+v", code, r)
		}
		t.Logf("none: exit %d, notices %v: %s", code, noticeCodes(r), r.Sentence())
	})
}

// The cap notice agrees with what kubectl counts.
func TestCheckCapNoticeMatchesTheNamespaceCount(t *testing.T) {
	needCluster(t)
	if _, err := os.Stat(kubectl); err != nil {
		t.Skip("no kubectl")
	}
	out, err := exec.Command(kubectl, "--kubeconfig", kubeconfigPath("admin"), "get", "namespaces", "-o", "name").Output()
	if err != nil {
		t.Fatal(err)
	}
	count := strings.Count(string(out), "\n")
	r, _, err := runCheck(t, readKubeconfigFile(t, "view"), nil)
	if err != nil {
		t.Fatal(err)
	}
	capped := strings.Contains(strings.Join(noticeCodes(r), ","), check.CodeNamespacesCap)
	if capped != (count > limits.MaxNamespacesListed) {
		t.Fatalf("%d namespaces, cap notice %v", count, capped)
	}
	t.Logf("%d namespaces; cap notice %v", count, capped)
}

// kubectl proxy on this machine: plain HTTP, refused without the operator's switch, and with it
// read as the proxy's own user (the admin, so exit 4).
func TestCheckThroughKubectlProxy(t *testing.T) {
	needCluster(t)
	if _, err := os.Stat(kubectl); err != nil {
		t.Skip("no kubectl")
	}
	cmd := exec.Command(kubectl, "proxy", "--kubeconfig", kubeconfigPath("admin"), "--port=0")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	portCh := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		re := regexp.MustCompile(`Starting to serve on 127\.0\.0\.1:(\d+)`)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				portCh <- m[1]
				return
			}
		}
		close(portCh)
	}()
	var port string
	select {
	case p, ok := <-portCh:
		if !ok {
			t.Fatal("kubectl proxy ended without a port")
		}
		port = p
	case <-time.After(30 * time.Second):
		t.Fatal("kubectl proxy printed no port in 30 s")
	}
	proxyConfig := []byte(fmt.Sprintf("apiVersion: v1\nkind: Config\nclusters:\n- name: proxy\n  cluster:\n    server: http://127.0.0.1:%s\ncontexts:\n- name: proxy\n  context:\n    cluster: proxy\ncurrent-context: proxy\n", port))

	_, code, err := runCheck(t, proxyConfig, &kube.Switches{})
	if e, ok := fault.As(err); !ok || e.Code != fault.CodeConnPlaintextLoopback || code != fault.ExitRefused {
		t.Fatalf("without the switch: exit %d, %v", code, err)
	}
	r, code, err := runCheck(t, proxyConfig, &kube.Switches{AllowLoopbackPlaintext: true})
	if err != nil {
		t.Fatal(err)
	}
	if code != fault.ExitWarnings || r.Identity.Username != "admin" || r.Server != "http://127.0.0.1:"+port || len(r.Warnings[0].Rights) != len(adminRights) {
		t.Fatalf("exit %d, %+v", code, r)
	}
	t.Logf("proxy on port %s: without the switch exit 2; with it exit %d, %s", port, code, r.Sentence())
}

// A CA that did not sign the server's certificate: unreachable (exit 3), nothing sent over it.
func TestCheckWithAWrongCA(t *testing.T) {
	needCluster(t)
	data := string(readKubeconfigFile(t, "admin"))
	re := regexp.MustCompile(`(?m)^(\s*certificate-authority-data:\s*)\S+$`)
	if !re.MatchString(data) {
		t.Fatal("the admin kubeconfig holds no certificate-authority-data")
	}
	wrong := re.ReplaceAllString(data, "${1}"+base64.StdEncoding.EncodeToString(otherCA(t)))
	_, code, err := runCheck(t, []byte(wrong), nil)
	if e, ok := fault.As(err); !ok || e.Code != fault.CodeUnreachableTLS || code != fault.ExitUnreachable {
		t.Fatalf("exit %d, %v", code, err)
	}
	t.Logf("wrong CA: exit %d, %s", code, err)
}

func otherCA(t *testing.T) []byte {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(7), Subject: pkix.Name{CommonName: "not-the-cluster-ca"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
}

// A saved connection: imported with the guard, stored, read back, guarded again and checked.
func TestCheckASavedConnection(t *testing.T) {
	needCluster(t)
	data := readKubeconfigFile(t, "view")
	f, err := kubeconfig.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	imp, err := f.Import("")
	if err != nil {
		t.Fatal(err)
	}
	server := "https://" + imp.Connection.Host + ":" + strconv.Itoa(imp.Connection.Port)
	if _, _, err := store.FromKubeconfig("e2e", data, store.ImportOptions{Server: server + "/"}); err == nil {
		t.Fatal("a --server with a trailing slash passed the guard")
	}
	saved, _, err := store.FromKubeconfig("e2e", data, store.ImportOptions{Server: server, Namespaces: []string{"default", "shop"}})
	if err != nil {
		t.Fatal(err)
	}
	st := store.New(filepath.Join(t.TempDir(), "studioctl"))
	if err := st.Add(saved); err != nil {
		t.Fatal(err)
	}
	got, err := st.Get("e2e")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := got.Endpoint(kube.Switches{}); err != nil {
		t.Fatal(err)
	}
	s, err := studioctl.OpenSaved(st, "e2e", studioctl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := got.Guard(inner.Client(s).Endpoint()); err != nil {
		t.Fatal(err)
	}
	r, err := check.Run(context.Background(), inner.Client(s))
	if err != nil {
		t.Fatal(err)
	}
	// The connection names its namespaces, so check lists none and gives no namespace notice.
	if check.ExitCode(r, nil) != fault.ExitOK || len(r.Notices) != 0 || r.Identity.Username != "viewer" {
		t.Fatalf("%+v", r)
	}
	t.Logf("saved connection: %s", r.Sentence())
}
