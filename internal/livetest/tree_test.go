package livetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/studioctl/studioctl/browse"
	"github.com/studioctl/studioctl/limits"
)

// The tree, source and health commands against the live cluster, for the three identities. They
// run the built command (cmd/studioctl) with a fresh cache directory and -v 6, so each run's
// requests are counted from its trace; counts and names are checked against kubectl's.

var (
	treeBinOnce sync.Once
	treeBin     string
	treeBinErr  error
)

func treeBinary(t *testing.T) string {
	t.Helper()
	treeBinOnce.Do(func() {
		// One fixed place, rebuilt on every run, so no run leaves a directory behind.
		dir := filepath.Join(os.TempDir(), "studioctl-tree-live")
		if err := os.MkdirAll(dir, 0o700); err != nil {
			treeBinErr = err
			return
		}
		treeBin = filepath.Join(dir, "studioctl")
		out, err := exec.Command("go", "build", "-o", treeBin, "github.com/studioctl/studioctl/cmd/studioctl").CombinedOutput()
		if err != nil {
			treeBinErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if treeBinErr != nil {
		t.Fatal(treeBinErr)
	}
	return treeBin
}

type treeRun struct {
	out, err string
	code     int
	requests int
	elapsed  time.Duration
}

// runTree runs the command as identity with a cold discovery cache, -v 6 and the given words.
func runTree(t *testing.T, identity string, words ...string) treeRun {
	t.Helper()
	bin := treeBinary(t)
	home := t.TempDir()
	args := append([]string{"--kubeconfig", kubeconfigPath(identity), "-v", "6"}, words...)
	cmd := exec.Command(bin, args...)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "XDG_CACHE_HOME=" + filepath.Join(home, "cache")}
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	start := time.Now()
	err := cmd.Run()
	elapsed := time.Since(start)
	if _, isExit := err.(*exec.ExitError); err != nil && !isExit {
		t.Fatalf("%v: %v", words, err)
	}
	r := treeRun{out: out.String(), code: cmd.ProcessState.ExitCode(), elapsed: elapsed}
	var rest []string
	for _, l := range strings.Split(errOut.String(), "\n") {
		if strings.HasPrefix(l, "studioctl: GET ") || strings.HasPrefix(l, "studioctl: POST ") {
			r.requests++
		} else if l != "" {
			rest = append(rest, l)
		}
	}
	r.err = strings.Join(rest, "\n")
	t.Logf("%s: studioctl %s: exit %d, %d requests, %v", identity, strings.Join(words, " "), r.code, r.requests, elapsed.Round(time.Millisecond))
	return r
}

// kubectlNames lists names as kubectl sees them (as the admin), for comparison.
func kubectlNames(t *testing.T, words ...string) []string {
	t.Helper()
	args := append([]string{"--kubeconfig", kubeconfigPath("admin")}, words...)
	args = append(args, "-o", "name", "--chunk-size=500")
	cmd := exec.Command(kubectl, args...)
	cmd.Env = append(os.Environ(), "KUBECACHEDIR="+t.TempDir())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("kubectl %v: %v", words, err)
	}
	var names []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if l == "" {
			continue
		}
		_, n, _ := strings.Cut(l, "/")
		names = append(names, n)
	}
	return names
}

func needKubectl(t *testing.T) {
	if _, err := os.Stat(kubectl); err != nil {
		t.Skipf("kubectl is not at %s", kubectl)
	}
}

// folderLine finds a folder's line in the text tree below a container and returns what it says.
func folderLine(out, container, label string) string {
	in := false
	for _, l := range strings.Split(out, "\n") {
		if !strings.HasPrefix(l, " ") {
			in = strings.Fields(l + " x")[0] == container
			continue
		}
		if in && strings.HasPrefix(strings.TrimSpace(l), label+"  ") {
			return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), label))
		}
	}
	return ""
}

func countText(n int) string {
	if n > limits.TreeFolderCap {
		return browse.Thousands(limits.TreeFolderCap) + " or more"
	}
	return browse.Thousands(n)
}

func TestLiveTree(t *testing.T) {
	needCluster(t)
	needKubectl(t)
	namespaces := kubectlNames(t, "get", "namespaces")
	nodes := kubectlNames(t, "get", "nodes")

	t.Run("admin/cluster", func(t *testing.T) {
		r := runTree(t, "admin", "tree")
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.err)
		}
		if got, want := folderLine(r.out, "Cluster", "Nodes"), countText(len(nodes)); got != want {
			t.Errorf("Nodes %q, kubectl counts %q", got, want)
		}
		if got, want := folderLine(r.out, "Cluster", "Namespaces"), countText(len(namespaces)); got != want {
			t.Errorf("Namespaces %q, kubectl counts %q", got, want)
		}
		shown := 0
		for _, l := range strings.Split(r.out, "\n") {
			if l != "" && !strings.HasPrefix(l, " ") && l != "Cluster" {
				shown++
			}
		}
		if len(namespaces) > limits.MaxNamespacesListed {
			if shown != limits.MaxNamespacesListed || !strings.Contains(r.err, "more than 1,000 namespaces") {
				t.Errorf("%d namespaces listed by kubectl, %d shown; stderr %q", len(namespaces), shown, r.err)
			}
		} else if shown != len(namespaces) {
			t.Errorf("%d namespaces shown, kubectl lists %d", shown, len(namespaces))
		}
		// Discovery (2), the namespace list (1 or 2 pages), one list per served cluster kind but
		// Namespaces (at most 11): no per-namespace walk.
		if r.requests > 2+2+11 {
			t.Errorf("%d requests", r.requests)
		}
	})

	t.Run("admin/namespaces", func(t *testing.T) {
		r := runTree(t, "admin", "tree", "shop", "payments")
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.err)
		}
		for _, ns := range []string{"shop", "payments"} {
			for label, typ := range map[string]string{"Pods": "pods", "Deployments": "deployments", "Config Maps": "configmaps",
				"Secrets": "secrets", "Services": "services", "Service Accounts": "serviceaccounts"} {
				want := countText(len(kubectlNames(t, "get", typ, "-n", ns)))
				if got := folderLine(r.out, ns, label); got != want {
					t.Errorf("%s %s: %q, kubectl %q", ns, label, got, want)
				}
			}
		}
		// Discovery (2) and one list per served namespaced kind (25 at most), per namespace.
		if r.requests > 2+2*25 {
			t.Errorf("%d requests", r.requests)
		}
		if strings.Contains(r.out, "Cluster") {
			t.Error("tree NAMESPACE opened Cluster")
		}
	})

	t.Run("admin/objects", func(t *testing.T) {
		r := runTree(t, "admin", "tree", "shop", "--objects")
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.err)
		}
		for _, pod := range kubectlNames(t, "get", "pods", "-n", "shop") {
			if !strings.Contains(r.out, "\n      "+pod+"\n") {
				t.Errorf("pod %s not listed", pod)
			}
		}
		if !strings.Contains(r.out, "widgets.demo.studioctl.dev") {
			t.Error("the widgets custom resource type is not a row of Custom Resources")
		}
	})

	t.Run("admin/json", func(t *testing.T) {
		r := runTree(t, "admin", "tree", "shop", "-o", "json")
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.err)
		}
		var doc browse.JSONTree
		if err := json.Unmarshal([]byte(r.out), &doc); err != nil {
			t.Fatalf("%v\n%s", err, r.out)
		}
		if doc.APIVersion != browse.TreeSchema || doc.Kind != browse.TreeKind || len(doc.Containers) != 1 || doc.Containers[0].Path != "shop" || !doc.Containers[0].Opened {
			t.Fatalf("%+v", doc)
		}
		pods := findJSON(doc.Containers[0], "shop/pods")
		if pods == nil || pods.Count == nil || *pods.Count != len(kubectlNames(t, "get", "pods", "-n", "shop")) {
			t.Errorf("pods folder %+v", pods)
		}
	})

	t.Run("admin/machine", func(t *testing.T) {
		r := runTree(t, "admin", "--redact", "machine", "tree", "shop", "--objects")
		secrets := kubectlNames(t, "get", "secrets", "-n", "shop")
		for _, s := range secrets {
			if strings.Contains(r.out, s) {
				t.Errorf("machine mode printed the Secret name %s", s)
			}
		}
		if len(secrets) > 0 && !strings.Contains(r.out, "<redacted>") {
			t.Error("no masked name")
		}
	})

	t.Run("admin/caps", func(t *testing.T) {
		cms := kubectlNames(t, "get", "configmaps", "-n", "shop-big")
		if len(cms) <= limits.TreeFolderCap {
			t.Skipf("shop-big holds %d ConfigMaps: run e2e/seed.sh v1.37 --big for the cap", len(cms))
		}
		r := runTree(t, "admin", "tree", "shop-big")
		if got := folderLine(r.out, "shop-big", "Config Maps"); got != "1,000 or more" {
			t.Errorf("Config Maps %q with %d ConfigMaps", got, len(cms))
		}
	})

	t.Run("view", func(t *testing.T) {
		r := runTree(t, "view", "tree", "shop")
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.err)
		}
		for _, label := range []string{"Secrets", "Roles", "Role Bindings"} {
			if got := folderLine(r.out, "shop", label); !strings.HasPrefix(got, "locked: The API server does not let this identity list ") {
				t.Errorf("%s: %q", label, got)
			}
		}
		if got := folderLine(r.out, "shop", "Pods"); got != countText(len(kubectlNames(t, "get", "pods", "-n", "shop"))) {
			t.Errorf("Pods %q", got)
		}
	})

	t.Run("none", func(t *testing.T) {
		r := runTree(t, "none", "tree")
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.err)
		}
		if !strings.Contains(r.err, "may not list the cluster's namespaces") || !strings.Contains(r.out, "\ndefault  (default namespace)\n") {
			t.Errorf("stdout:\n%s\nstderr:\n%s", r.out, r.err)
		}
		if !strings.HasPrefix(folderLine(r.out, "Cluster", "Nodes"), "locked: ") {
			t.Error("Nodes not locked")
		}
	})
}

func findJSON(n *browse.JSONNode, path string) *browse.JSONNode {
	if n.Path == path {
		return n
	}
	for _, c := range n.Children {
		if f := findJSON(c, path); f != nil {
			return f
		}
	}
	return nil
}

func TestLiveSource(t *testing.T) {
	needCluster(t)
	canaries := readCanaries(t)
	r := runTree(t, "admin", "source", "secret/db-credentials", "-n", "shop")
	if r.code != 0 || !strings.Contains(r.out, "(removed by studioctl: ") || strings.Contains(r.out, "managedFields") {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.out, r.err)
	}
	for _, c := range canaries {
		if strings.Contains(r.out, c) {
			t.Errorf("canary %s printed", c)
		}
	}
	r = runTree(t, "admin", "source", "deployment", "web", "-n", "shop", "-o", "json")
	var obj map[string]any
	if r.code != 0 || json.Unmarshal([]byte(r.out), &obj) != nil || obj["kind"] != "Deployment" || strings.Contains(r.out, "managedFields") {
		t.Fatalf("exit %d\n%s", r.code, r.out)
	}
	if r.requests != 3 {
		t.Errorf("source: %d requests, want discovery (2) and the object", r.requests)
	}
	r = runTree(t, "view", "source", "secret/db-credentials", "-n", "shop")
	if r.code != 1 || !strings.Contains(r.err, "(403 Forbidden)") {
		t.Errorf("view: exit %d %s", r.code, r.err)
	}
	r = runTree(t, "none", "source", "deployment/web", "-n", "shop")
	if r.code != 1 {
		t.Errorf("none: exit %d %s", r.code, r.err)
	}
}

func readCanaries(t *testing.T) []string {
	data, err := os.ReadFile(filepath.Join(stateDir, "canaries.txt"))
	if err != nil {
		t.Skip("no canaries.txt: the cluster is not seeded")
	}
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

func TestLiveHealth(t *testing.T) {
	needCluster(t)
	needKubectl(t)
	nodes := len(kubectlNames(t, "get", "nodes"))
	r := runTree(t, "admin", "health")
	want := []string{"Readiness:    ok", "Nodes:        " + countText(nodes)}
	for _, w := range want {
		if !strings.Contains(r.out, w+"\n") {
			t.Errorf("missing %q in\n%s", w, r.out)
		}
	}
	if r.code != 0 {
		t.Errorf("exit %d", r.code)
	}
	r = runTree(t, "view", "health", "-o", "json")
	var h browse.JSONHealth
	if err := json.Unmarshal([]byte(r.out), &h); err != nil || !h.Ready || h.APIVersion != browse.HealthSchema || h.Kind != browse.HealthKind || h.Namespaces.Count == nil {
		t.Errorf("view: %v %+v", err, h)
	}
	r = runTree(t, "none", "health")
	if r.code != 0 || !strings.Contains(r.out, "Nodes:        not readable: ") || !strings.Contains(r.out, "Namespaces:   not readable: ") {
		t.Errorf("none: exit %d\n%s", r.code, r.out)
	}
}

// TestLiveTreeFigures prints the requests and time of the tree's main statements (for the
// report), as a table on stderr.
func TestLiveTreeFigures(t *testing.T) {
	needCluster(t)
	var lines []string
	for _, words := range [][]string{{"tree"}, {"tree", "shop"}, {"tree", "shop", "payments", "--objects"}, {"tree", "shop-big"}, {"health"}, {"source", "deployment/web", "-n", "shop"}} {
		r := runTree(t, "admin", words...)
		lines = append(lines, fmt.Sprintf("%-40s exit %d  %3d requests  %6s", strings.Join(words, " "), r.code, r.requests, strconv.FormatInt(r.elapsed.Milliseconds(), 10)+"ms"))
	}
	sort.Strings(lines)
	fmt.Fprintln(os.Stderr, strings.Join(lines, "\n"))
}
