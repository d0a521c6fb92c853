package livetest

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/internal/inner"
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

// volatileRereads is how many more times kubectl is asked for a Volatile statement's answer
// that differed from studioctl's both before and after it.
const volatileRereads = 5

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
	// The groups run in name order, the order a replay merges their files in.
	sort.SliceStable(cases, func(i, j int) bool { return cases[i].Group < cases[j].Group })
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
	s, _, err := studioctl.OpenKubeconfig(data, "", captureOptions(nil, true, studioctl.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	d, err := inner.Client(s).RefreshDiscovery(context.Background())
	return err == nil && d.Beta
}

// sessionGroup holds what a session asks before its first statement (the server's version,
// discovery), so a replay of any group finds it first.
const sessionGroup = "00-session"

// captureOptions is o for a session that records into rec (nil: none) and, with beta, asks
// discovery's v2beta1 form first.
func captureOptions(rec *record.Recorder, beta bool, o studioctl.Options) studioctl.Options {
	inner.Capture(&o, rec, beta)
	return o
}

// canaryGroup is the canary matrix's group, whose recordings keep managedFields when
// scripts/live.sh compacts the set (record.CompactSet).
const canaryGroup = record.CanaryGroup

// reports are the recorded readings that are not statements: each runs after the statements, in
// a group of its own, and writes its golden file next to the recording (internal/clitest's
// replayReports reads it back).
var reports = []struct {
	Group, File string
	Read        func(context.Context, *studioctl.Session) string
}{
	{"80-audit", "audit.txt", replaytest.AuditReport},
	{"84-platform", "platform.txt", replaytest.PlatformReport},
	{"90-check", "check.txt", replaytest.CheckReport},
	{"95-tree", "tree.txt", replaytest.TreeReport},
}

// onlyGroups is STUDIOCTL_LIVE_GROUPS: when set (comma-separated group names), the suite runs and
// records only those groups, on the clock of the recording already in testdata/replay, so the
// other groups' files stay as they are and the merged recording still reads as one capture. It is
// meant for the cluster the recording was made from (STUDIOCTL_KEEP_CLUSTER=1).
var onlyGroups = splitGroups(os.Getenv("STUDIOCTL_LIVE_GROUPS"))

func splitGroups(v string) map[string]bool {
	if v == "" {
		return nil
	}
	m := map[string]bool{}
	for _, g := range strings.Split(v, ",") {
		m[strings.TrimSpace(g)] = true
	}
	return m
}

func wanted(group string) bool { return onlyGroups == nil || onlyGroups[group] }

func runIdentity(t *testing.T, identity, label string, beta bool) {
	data, err := os.ReadFile(kubeconfigPath(identity))
	if err != nil {
		t.Fatal(err)
	}
	rec := &record.Recorder{}
	rec.SetGroup(sessionGroup)
	// The session's clock stands still at the capture instant, which is the clock a replay runs
	// at, so the ages studioctl computes itself replay exactly.
	captured := time.Now().UTC().Truncate(time.Second)
	s, notices, err := studioctl.OpenKubeconfig(data, "", captureOptions(rec, beta, studioctl.Options{Now: func() time.Time { return captured }}))
	if err != nil {
		t.Fatal(err)
	}
	if len(notices) > 0 {
		t.Logf("notices: %v", notices)
	}
	ctx := context.Background()
	version := serverVersion(t, s)
	t.Logf("server %s", version)
	// The session group is written unless chosen groups join a recording that already has one.
	newRecording := true
	if onlyGroups != nil {
		captured, newRecording = baseCaptureTime(t, version, label)
	}
	rec.Rec = record.Recording{Server: version, Identity: identity, CapturedAt: captured, DiscoveryBeta: beta}
	if _, err := inner.Client(s).RefreshDiscovery(ctx); err != nil {
		t.Fatalf("discovery: %v", err)
	}
	_, kubectlOK := os.Stat(kubectl)
	if kubectlOK != nil {
		t.Logf("kubectl is not at %s: comparisons skipped", kubectl)
	}
	golden := map[string][]replaytest.Case{}
	statements, compared, failed := 0, 0, 0
	for _, c := range identityCases(label) {
		if c.Group == "" {
			t.Fatalf("%s: the case names no recording group (addCases)", c.Statement)
		}
		if !wanted(c.Group) {
			continue
		}
		rec.SetGroup(c.Group)
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
		golden[c.Group] = append(golden[c.Group], replaytest.Case{Statement: c.Statement, Stdout: out.String(), Stderr: errOut.String(), Exit: code})
		statements++
		if c.Compare && kubectlOK == nil && *compare {
			compared++
			// order is each side's text as compared: as it is, or grouped by stream.
			order := func(text string) string { return text }
			if c.StreamsInAnyOrder {
				order = byStream
			}
			got := order(out.String())
			want, wantErr, wantCode := runKubectl(t, identity, words)
			d := Diff(order(want), got)
			if c.Volatile && (d != "" || (wantCode == 0) != (code == 0)) && before != nil {
				// The answer may have moved between the two reads: kubectl's read before
				// studioctl's counts as well (at most one move fits between the three reads).
				if bd := Diff(order(before.out), got); bd == "" && (before.code == 0) == (code == 0) {
					t.Logf("%s: kubectl's later read moved; its earlier read matches", c.Statement)
					d, want, wantErr, wantCode = "", before.out, before.err, before.code
				}
			}
			if c.Volatile && (d != "" || (wantCode == 0) != (code == 0)) {
				// Some answers alternate between values from one read to the next (the OpenAPI
				// index's hashes of aggregated groups): a few more kubectl reads, and any that
				// matches studioctl's counts.
				for i := 0; i < volatileRereads; i++ {
					o, e, k := runKubectl(t, identity, words)
					if Diff(order(o), got) == "" && (k == 0) == (code == 0) {
						t.Logf("%s: kubectl's read %d of %d more matches; the answer alternates", c.Statement, i+1, volatileRereads)
						d, want, wantErr, wantCode = "", o, e, k
						break
					}
				}
			}
			if d != "" || (wantCode == 0) != (code == 0) {
				failed++
				t.Errorf("%s: differs from kubectl (exit %d vs %d):\n%s\nkubectl stderr: %s\nstudioctl stderr: %s", c.Statement, wantCode, code, d, wantErr, errOut.String())
			}
		}
	}
	t.Logf("%s: %d statements, %d compared with kubectl, %d differ", identity, statements, compared, failed)
	texts := map[string]string{}
	for _, r := range reports {
		if !wanted(r.Group) {
			continue
		}
		rec.SetGroup(r.Group)
		texts[r.File] = r.Read(ctx, s)
	}
	if recordDir != "" {
		keep := func(g string) bool { return wanted(g) || (g == sessionGroup && newRecording) }
		saveRecording(t, filepath.Join(recordDir, label), rec, keep, golden, texts)
	}
}

// baseCaptureTime is the clock of the recording of label in testdata/replay/<version>, which
// STUDIOCTL_LIVE_GROUPS adds groups to: the other groups stay, so the new ones must read as part of
// the same capture.
// A server with no recording yet (a distribution's build, recorded for a few groups only) starts
// one: its clock is now, and fresh is true.
func baseCaptureTime(t *testing.T, version, label string) (at time.Time, fresh bool) {
	dir := filepath.Join("..", "..", "testdata", "replay", version, label)
	if _, err := os.Stat(dir); os.IsNotExist(err) {
		return time.Now().UTC().Truncate(time.Second), true
	}
	old, err := record.LoadDir(dir)
	if err != nil {
		t.Fatalf("STUDIOCTL_LIVE_GROUPS is set but the recording of %s on %s to add the groups to cannot be read: %v", label, version, err)
	}
	return old.CapturedAt, false
}

// saveRecording writes the groups' recording and golden files and the reports into dir.
// keep chooses the groups whose recording files are written.
func saveRecording(t *testing.T, dir string, rec *record.Recorder, keep func(string) bool, golden map[string][]replaytest.Case, texts map[string]string) {
	if err := rec.Rec.SaveGroups(dir, sessionGroup, keep); err != nil {
		t.Fatal(err)
	}
	for group, cases := range golden {
		if err := replaytest.WriteGolden(filepath.Join(dir, replaytest.GoldenFile(group)), cases); err != nil {
			t.Fatal(err)
		}
	}
	for file, text := range texts {
		if err := replaytest.WriteParts(filepath.Join(dir, file), []byte(text)); err != nil {
			t.Fatal(err)
		}
	}
	// The scenario's canary values travel with the recording, so the replay tests can prove
	// offline that none of them is ever printed where it must not be.
	if canaries, err := os.ReadFile(filepath.Join(stateDir, "canaries.txt")); err == nil {
		if err := os.WriteFile(filepath.Join(filepath.Dir(dir), "canaries.txt"), canaries, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("recorded %d exchanges into %s", len(rec.Rec.Exchanges), dir)
}

func serverVersion(t *testing.T, s *studioctl.Session) string {
	v, err := inner.Client(s).ServerVersion(context.Background())
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

// byStream groups the lines of logs read with --prefix by their [pod/NAME/CONTAINER] prefix,
// streams in name order and each stream's lines in their own order, for a side whose streams
// come in no fixed order (kubectl's, a Go map's).
func byStream(text string) string {
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	prefix := func(line string) string {
		if end := strings.Index(line, "] "); strings.HasPrefix(line, "[") && end > 0 {
			return line[:end+1]
		}
		return ""
	}
	sort.SliceStable(lines, func(i, j int) bool { return prefix(lines[i]) < prefix(lines[j]) })
	return strings.Join(lines, "")
}
