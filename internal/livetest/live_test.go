package livetest

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/record"
	"github.com/studioctl/studioctl/replaytest"
	"github.com/studioctl/studioctl/statement"
)

// The live suite runs only when STUDIOCTL_LIVE_STATE names a running cluster's state directory
// (e2e/cluster.sh up writes it). STUDIOCTL_LIVE_RECORD names where to write the recordings
// (testdata/replay/<version>). The reference kubectl is $KUBECTL, else the one the state's env file
// names: cluster.sh builds it from the control plane's own k8s.io/kubernetes module, so it is of
// the server's version.
var (
	stateDir  = os.Getenv("STUDIOCTL_LIVE_STATE")
	recordDir = os.Getenv("STUDIOCTL_LIVE_RECORD")
	kubectl   = envOr("KUBECTL", stateEnv("KUBECTL"))
	compare   = flag.Bool("compare", true, "compare with kubectl")
)

// stateEnv reads one NAME='value' line of the state dir's env file ("" when absent).
func stateEnv(name string) string {
	if stateDir == "" {
		return ""
	}
	data, err := os.ReadFile(filepath.Join(stateDir, "env"))
	if err != nil {
		return ""
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, name+"="); ok {
			return strings.Trim(v, "'")
		}
	}
	return ""
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func needCluster(t *testing.T) {
	if stateDir == "" {
		t.Skip("STUDIOCTL_LIVE_STATE is not set: no live cluster (run make e2e)")
	}
}

func kubeconfigPath(identity string) string { return filepath.Join(stateDir, identity+".kubeconfig") }

// identityCases are the statements each identity runs. The admin runs the whole get matrix
// (compared with kubectl); the others run what shows their limits.
func identityCases(identity string) []Case {
	var cases []Case
	if identity == "admin" {
		cases = append(cases, GetMatrix("shop", "app=web", "app")...)
	}
	if identity == "admin-v2beta1" {
		return extraCases(identity)
	}
	cases = append(cases, extraCases(identity)...)
	cases = append(cases, familyCases["all"]...)
	cases = append(cases, familyCases[identity]...)
	return cases
}

// familyCases are the statements each command family adds to the suite, by identity ("all" for
// every identity); each family registers its own in its cases_*.go file, under its recording
// group (see Case.Group).
var familyCases = map[string][]Case{}

func addCases(group, identity string, cases ...Case) {
	for i := range cases {
		cases[i].Group = group
	}
	familyCases[identity] = append(familyCases[identity], cases...)
}

func extraCases(identity string) []Case {
	common := grouped("15-get-forms", []Case{
		{Statement: "version"},
		{Statement: "get pods -n shop --show-labels", Compare: true},
		{Statement: "get pods -n shop --no-headers", Compare: true},
		{Statement: "get pods -A -o wide -L app -L tier", Compare: true},
		{Statement: "get deploy -n shop -o name", Compare: true},
		{Statement: "get deployments.apps -n shop", Compare: true},
		{Statement: "get deploy.v1.apps -n payments", Compare: true},
		{Statement: "get po -n monitoring", Compare: true},
		{Statement: "get pods -n shop --field-selector status.phase=Running", Compare: true},
		{Statement: "get pods -n shop -l 'tier in (frontend,backend)'", Compare: true},
		{Statement: "get nodes -L topology.kubernetes.io/zone -L node.kubernetes.io/instance-type", Compare: true},
		{Statement: "get namespaces --show-labels", Compare: true},
		{Statement: "get pod does-not-exist -n shop"},
		{Statement: "get pod does-not-exist -n shop --ignore-not-found"},
		{Statement: "get pods -n empty-namespace-xyz"},
		{Statement: "get foo"},
		{Statement: "get widgets -A -o wide", Compare: true},
		{Statement: "get mcpservers -A", Compare: true},
		{Statement: "get configmaps -n shop -o yaml"},
		{Statement: "get secrets -n shop -o yaml"},
		{Statement: "get secrets -n shop -o json"},
		{Statement: "get secrets -A --show-labels"},
		{Statement: "get deploy -n shop -o json"},
		{Statement: "get cronjobs -n shop -o yaml"},
		{Statement: "get widgets -n shop -o yaml"},
		{Statement: "get nodes -o json"},
		{Statement: "get pods -n shop -o yaml"},
		{Statement: "get events -n shop -o name"},
		{Statement: "get serviceaccounts -n shop -o yaml"},
	})
	return common
}

// TestLive runs the matrix for the three identities, compares with kubectl, and records.
func TestLive(t *testing.T) {
	needCluster(t)
	for _, identity := range []string{"admin", "view", "none"} {
		t.Run(identity, func(t *testing.T) { runIdentity(t, identity, identity, false) })
	}
	// A server that still serves apidiscovery v2beta1 (1.34 with AggregatedDiscoveryRemoveBetaType
	// off) is also read through that form, as a 1.28 or 1.29 server answers, and recorded apart.
	if betaServed(t) {
		t.Run("admin-v2beta1", func(t *testing.T) { runIdentity(t, "admin", "admin-v2beta1", true) })
	}
}

// betaServed asks the server for discovery in its v2beta1 form only.
func betaServed(t *testing.T) bool {
	data, err := os.ReadFile(kubeconfigPath("admin"))
	if err != nil {
		t.Fatal(err)
	}
	s, _, err := studioctl.OpenKubeconfig(data, "", studioctl.Options{DiscoveryBeta: true})
	if err != nil {
		t.Fatal(err)
	}
	d, err := s.Client().RefreshDiscovery(context.Background())
	return err == nil && d.Beta
}

func runIdentity(t *testing.T, identity, label string, beta bool) {
	data, err := os.ReadFile(kubeconfigPath(identity))
	if err != nil {
		t.Fatal(err)
	}
	rec := &record.Recorder{}
	// The session's clock stands still at the capture instant, which is the clock a replay runs
	// at, so the ages studioctl computes itself replay exactly.
	captured := time.Now().UTC().Truncate(time.Second)
	s, notices, err := studioctl.OpenKubeconfig(data, "", studioctl.Options{Recorder: rec, DiscoveryBeta: beta, Now: func() time.Time { return captured }})
	if err != nil {
		t.Fatal(err)
	}
	if len(notices) > 0 {
		t.Logf("notices: %v", notices)
	}
	ctx := context.Background()
	version := serverVersion(t, s)
	t.Logf("server %s", version)
	rec.Rec = record.Recording{Server: version, Identity: identity, CapturedAt: captured, DiscoveryBeta: beta}
	_, kubectlOK := os.Stat(kubectl)
	if kubectlOK != nil {
		t.Logf("kubectl is not at %s: comparisons skipped", kubectl)
	}
	var golden []replaytest.Case
	compared, failed := 0, 0
	for _, c := range identityCases(label) {
		words, err := statement.Split(c.Statement)
		if err != nil {
			t.Fatalf("%s: %v", c.Statement, err)
		}
		var before *kubectlRun
		if c.Compare && c.Volatile && kubectlOK == nil && *compare {
			o, e, k := runKubectl(t, identity, words)
			before = &kubectlRun{o, e, k}
		}
		var out, errOut bytes.Buffer
		code := cli.ExecWords(ctx, s, words, &out, &errOut)
		golden = append(golden, replaytest.Case{Statement: c.Statement, Stdout: out.String(), Stderr: errOut.String(), Exit: code})
		if c.Compare && kubectlOK == nil && *compare {
			compared++
			want, wantErr, wantCode := runKubectl(t, identity, words)
			d := Diff(want, out.String())
			if c.Volatile && (d != "" || (wantCode == 0) != (code == 0)) && before != nil {
				// The answer may have moved between the two reads: kubectl's read before
				// studioctl's counts as well (at most one move fits between the three reads).
				if bd := Diff(before.out, out.String()); bd == "" && (before.code == 0) == (code == 0) {
					t.Logf("%s: kubectl's later read moved; its earlier read matches", c.Statement)
					d, want, wantErr, wantCode = "", before.out, before.err, before.code
				}
			}
			if d != "" || (wantCode == 0) != (code == 0) {
				failed++
				t.Errorf("%s: differs from kubectl (exit %d vs %d):\n%s\nkubectl stderr: %s\nstudioctl stderr: %s", c.Statement, wantCode, code, d, wantErr, errOut.String())
			}
		}
	}
	t.Logf("%s: %d statements, %d compared with kubectl, %d differ", identity, len(golden), compared, failed)
	// studioctl check (Test Connection) is recorded too, with its report as its golden file.
	report := checkReport(t, s)
	tree := replaytest.TreeReport(context.Background(), s)
	if recordDir != "" {
		dir := filepath.Join(recordDir, label)
		if err := rec.Rec.Save(filepath.Join(dir, "recording.json")); err != nil {
			t.Fatal(err)
		}
		if err := replaytest.WriteGolden(filepath.Join(dir, "golden.txt"), golden); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "check.txt"), []byte(report), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "tree.txt"), []byte(tree), 0o644); err != nil {
			t.Fatal(err)
		}
		// The scenario's canary values travel with the recording, so the replay tests can prove
		// offline that none of them is ever printed where it must not be.
		if canaries, err := os.ReadFile(filepath.Join(stateDir, "canaries.txt")); err == nil {
			if err := os.WriteFile(filepath.Join(recordDir, "canaries.txt"), canaries, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("recorded %d exchanges into %s", len(rec.Rec.Exchanges), dir)
	}
}

// checkReport runs studioctl check on the session and returns what it prints with -o json and
// its exit code.
func checkReport(t *testing.T, s *studioctl.Session) string {
	return replaytest.CheckReport(context.Background(), s)
}

func serverVersion(t *testing.T, s *studioctl.Session) string {
	v, err := s.Client().ServerVersion(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	gv, _ := v["gitVersion"].(string)
	return gv
}

type kubectlRun struct {
	out, err string
	code     int
}

func runKubectl(t *testing.T, identity string, words []string) (string, string, int) {
	args := append([]string{"--kubeconfig", kubeconfigPath(identity)}, words...)
	cmd := exec.Command(kubectl, args...)
	cmd.Env = append(os.Environ(), "KUBECACHEDIR="+t.TempDir())
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("kubectl: %v", err)
	}
	return out.String(), errOut.String(), code
}

// TestRequestsAtTheFloor: a cold get makes the two discovery requests and one per page; a warm
// one (discovery from the disk cache) makes one per page.
func TestRequestsAtTheFloor(t *testing.T) {
	needCluster(t)
	data, err := os.ReadFile(kubeconfigPath("admin"))
	if err != nil {
		t.Fatal(err)
	}
	cache := t.TempDir()
	for _, want := range []int{3, 1} {
		var n int
		s, _, err := studioctl.OpenKubeconfig(data, "", studioctl.Options{CacheDir: cache, Observe: func(string, string) { n++ }})
		if err != nil {
			t.Fatal(err)
		}
		var out, errOut bytes.Buffer
		if code := cli.ExecWords(context.Background(), s, []string{"get", "pods", "-n", "shop"}, &out, &errOut); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		if n != want {
			t.Fatalf("requests = %d, want %d", n, want)
		}
	}
	fmt.Fprintln(os.Stderr, "requests: cold 3, warm 1")
	_ = strings.TrimSpace
}
