package livetest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// A kubectl user's first hour, on the live cluster, through the real command: flags where kubectl
// takes them, version --client's JSON shape, a live watch that sees a pod come and go, and logs -f
// that sees lines appended to the log the node serves.

var built struct {
	once sync.Once
	bin  string
	err  error
	dir  string
}

// studioctlBinary builds cmd/studioctl once for the package's tests.
func studioctlBinary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "studioctl-livetest-")
		if built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "studioctl")
		out, err := exec.Command("go", "build", "-o", built.bin, "github.com/studioctl/studioctl/cmd/studioctl").CombinedOutput()
		if err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.bin
}

// command prepares studioctl or kubectl with argv exactly as given, each with its own home and
// cache folders, so neither reads the user's files.
func command(t *testing.T, program string, argv ...string) *exec.Cmd {
	home := t.TempDir()
	cmd := exec.Command(program, argv...)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "KUBECACHEDIR=" + filepath.Join(home, "kube-cache"),
		"XDG_CACHE_HOME=" + filepath.Join(home, "cache"), "XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_STATE_HOME=" + filepath.Join(home, "state")}
	return cmd
}

// runArgv runs a program to its end and returns stdout, stderr and the exit code.
func runArgv(t *testing.T, program string, argv ...string) (string, string, int) {
	t.Helper()
	cmd := command(t, program, argv...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return out.String(), errOut.String(), ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", program, err)
	}
	return out.String(), errOut.String(), 0
}

// needClusterAndKubectl skips without a live cluster or the reference kubectl.
func needClusterAndKubectl(t *testing.T) {
	t.Helper()
	needCluster(t)
	needKubectl(t)
}

// placements are argv spellings a kubectl user types, K standing for the kubeconfig: flags before
// the verb, after the statement, glued and with =; a switch before the verb is one kubectl refuses.
var placements = []string{
	"--kubeconfig K -n shop get pods",
	"--kubeconfig K -o wide get pods -n shop",
	"--kubeconfig K -l app=web get pods -n shop",
	"--kubeconfig K --namespace=shop get deploy",
	"--kubeconfig K -n shop -o name get svc",
	"--kubeconfig K -A get pods",
	"get pods -n shop --kubeconfig K",
	"-n shop get pods --kubeconfig K",
	"--kubeconfig K -nshop get pods -owide",
	"--kubeconfig K --show-labels get pods -n shop",
	"--kubeconfig K --selector=app=web -o name get pods -A",
}

// Each spelling answers as kubectl answers it (the same table after ages are normalised), or both
// refuse it.
func TestLiveFlagPlacementsAsKubectl(t *testing.T) {
	needClusterAndKubectl(t)
	bin := studioctlBinary(t)
	compared, equal, refused := 0, 0, 0
	for _, p := range placements {
		argv := strings.Fields(strings.ReplaceAll(p, "K", kubeconfigPath("admin")))
		want, wantErr, wantCode := runArgv(t, kubectl, argv...)
		got, gotErr, code := runArgv(t, bin, argv...)
		compared++
		switch {
		case wantCode != 0 && code != 0:
			refused++
			equal++
		case wantCode != 0 || code != 0:
			t.Errorf("%s: kubectl exit %d, studioctl exit %d\nkubectl: %s\nstudioctl: %s", p, wantCode, code, wantErr, gotErr)
		case want == "":
			t.Errorf("%s: kubectl printed nothing; the spelling proves nothing", p)
		default:
			if d := Diff(want, got); d != "" {
				t.Errorf("%s: differs from kubectl:\n%s", p, d)
				continue
			}
			equal++
		}
	}
	if refused == 0 || refused == compared {
		t.Errorf("%d of %d spellings refused: the list must hold both kinds", refused, compared)
	}
	t.Logf("placements: %d compared, %d equal to kubectl (%d of them refused by both)", compared, equal, refused)
}

// version --client -o json has kubectl's clientVersion keys, each a string as kubectl's, and needs
// no server. studioctl adds "program"; it has no kustomize to name.
func TestLiveVersionClientJSONKeysAsKubectl(t *testing.T) {
	needClusterAndKubectl(t)
	want, _, code := runArgv(t, kubectl, "version", "--client", "-o", "json")
	if code != 0 {
		t.Fatalf("kubectl version --client: exit %d", code)
	}
	got, gotErr, code := runArgv(t, studioctlBinary(t), "version", "--client", "-o", "json")
	if code != 0 {
		t.Fatalf("studioctl version --client: exit %d: %s", code, gotErr)
	}
	shape := func(text string) (top []string, client map[string]string) {
		var doc map[string]any
		if err := json.Unmarshal([]byte(text), &doc); err != nil {
			t.Fatalf("%v:\n%s", err, text)
		}
		client = map[string]string{}
		for k, v := range doc {
			top = append(top, k)
			if k == "clientVersion" {
				for ck, cv := range v.(map[string]any) {
					client[ck] = fmt.Sprintf("%T", cv)
				}
			}
		}
		slices.Sort(top)
		return top, client
	}
	wantTop, wantClient := shape(want)
	gotTop, gotClient := shape(got)
	wantTop = slices.DeleteFunc(wantTop, func(k string) bool { return k == "kustomizeVersion" })
	if d := cmp.Diff(wantTop, gotTop); d != "" {
		t.Errorf("top-level keys (-kubectl +studioctl, kustomizeVersion aside):\n%s", d)
	}
	delete(gotClient, "program")
	if d := cmp.Diff(wantClient, gotClient); d != "" {
		t.Errorf("clientVersion keys and types (-kubectl +studioctl, program aside):\n%s", d)
	}
	t.Logf("version --client -o json: %d clientVersion keys as kubectl's", len(wantClient))
}

// stream is a live studioctl statement: its stdout lines arrive on a channel until it ends.
type stream struct {
	t     *testing.T
	cmd   *exec.Cmd
	lines chan string
	mu    sync.Mutex // seen, once wait reads the rest
	seen  []string
	err   bytes.Buffer
}

func startStream(t *testing.T, program string, argv ...string) *stream {
	t.Helper()
	s := &stream{t: t, cmd: command(t, program, argv...), lines: make(chan string, 1024)}
	out, err := s.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	s.cmd.Stderr = &s.err
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	t.Cleanup(func() { _ = s.cmd.Process.Kill(); _ = s.cmd.Wait() })
	return s
}

// waitFor reads lines until one satisfies ok, failing the test after d.
func (s *stream) waitFor(what string, d time.Duration, ok func(string) bool) string {
	s.t.Helper()
	deadline := time.After(d)
	for {
		select {
		case l, open := <-s.lines:
			if !open {
				s.t.Fatalf("the stream ended before %s; seen %q; stderr %s", what, s.seen, s.err.String())
			}
			s.mu.Lock()
			s.seen = append(s.seen, l)
			s.mu.Unlock()
			if ok(l) {
				return l
			}
		case <-deadline:
			s.t.Fatalf("no %s within %s; seen %q", what, d, s.seen)
		}
	}
}

// interrupt is Ctrl-C: the live statement ends promptly with exit 0.
func (s *stream) interrupt() {
	s.t.Helper()
	if err := s.cmd.Process.Signal(os.Interrupt); err != nil {
		s.t.Fatal(err)
	}
	if err := s.wait(10 * time.Second); err != nil {
		s.t.Errorf("after Ctrl-C: %v; stderr %s", err, s.err.String())
	}
}

// wait reads the rest of stdout and waits for the program's exit within d.
func (s *stream) wait(d time.Duration) error {
	done := make(chan error, 1)
	go func() {
		var rest []string
		for l := range s.lines {
			rest = append(rest, l)
		}
		err := s.cmd.Wait()
		s.mu.Lock()
		s.seen = append(s.seen, rest...)
		s.mu.Unlock()
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(d):
		return fmt.Errorf("it did not end within %s", d)
	}
}

// kubectlAdmin changes the test's own namespace as the admin (studioctl cannot: it is read-only).
func kubectlAdmin(t *testing.T, stdin string, argv ...string) {
	t.Helper()
	cmd := command(t, kubectl, append([]string{"--kubeconfig", kubeconfigPath("admin")}, argv...)...)
	cmd.Stdin = strings.NewReader(stdin)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("kubectl %q: %v\n%s", argv, err, out)
	}
}

const (
	fhNamespace = "firsthour"
	fhPod       = "firsthour-web"
)

// fhPodYAML lands on a kwok node, whose stages make it Running; every pod's log is the file the
// state's ClusterLogs names.
var fhPodYAML = `apiVersion: v1
kind: Pod
metadata:
  name: ` + fhPod + `
  namespace: ` + fhNamespace + `
  labels: {app: firsthour}
spec:
  nodeSelector: {type: kwok}
  tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]
  containers: [{name: app, image: registry.example/firsthour:1}]
`

// A watch on the command line sees a pod created and then deleted, event for event as kubectl's
// own watch sees it; --watch-only and events -w see it too; logs -f, by name and by selector, sees
// lines appended to the log kwok serves, sanitised, as they are written.
func TestLiveWatchAndFollowSeeChanges(t *testing.T) {
	needClusterAndKubectl(t)
	logFile := stateEnv("KWOK_LOG_FILE")
	if logFile == "" {
		t.Skip("the state's env names no KWOK_LOG_FILE")
	}
	kc := kubeconfigPath("admin")
	ownNamespace(t, fhNamespace)

	watchArgs := []string{"--kubeconfig", kc, "get", "pods", "-n", fhNamespace, "-w", "--output-watch-events", "--request-timeout", "1m"}
	watch := startStream(t, studioctlBinary(t), watchArgs...)
	reference := startStream(t, kubectl, watchArgs...)
	watchOnly := startStream(t, studioctlBinary(t), "--kubeconfig", kc, "get", "pods", "-n", fhNamespace, "--watch-only")
	events := startStream(t, studioctlBinary(t), "--kubeconfig", kc, "events", "-n", fhNamespace, "-w")
	time.Sleep(2 * time.Second) // every watch is established before the pod exists
	kubectlAdmin(t, fhPodYAML, "apply", "-f", "-")
	event := func(typ string) func(string) bool {
		return func(l string) bool { f := strings.Fields(l); return len(f) > 1 && f[0] == typ && f[1] == fhPod }
	}
	watch.waitFor("ADDED "+fhPod, 30*time.Second, event("ADDED"))
	watch.waitFor(fhPod+" Running", 60*time.Second, func(l string) bool { return event("MODIFIED")(l) && strings.Contains(l, "Running") })
	watchOnly.waitFor(fhPod+" Running", 30*time.Second, func(l string) bool {
		return strings.HasPrefix(l, fhPod+" ") && strings.Contains(l, "Running")
	})
	events.waitFor("the pod's Scheduled event", 30*time.Second, func(l string) bool {
		return strings.Contains(l, "Scheduled") && strings.Contains(l, "Pod/"+fhPod)
	})

	byName := startStream(t, studioctlBinary(t), "--kubeconfig", kc, "logs", "-f", fhPod, "-n", fhNamespace, "--tail", "1")
	bySelector := startStream(t, studioctlBinary(t), "--kubeconfig", kc, "logs", "-f", "-l", "app=firsthour", "-n", fhNamespace, "--tail", "1", "--max-log-requests", "2")
	for _, s := range []*stream{byName, bySelector} {
		s.waitFor("the log's last line", 30*time.Second, func(string) bool { return true })
	}
	appended := appendLog(t, logFile, 3)
	for _, s := range []*stream{byName, bySelector} {
		for _, want := range appended {
			s.waitFor(fmt.Sprintf("%q", want), 30*time.Second, func(l string) bool {
				if strings.ContainsRune(l, '\x1b') {
					t.Errorf("an escape reached stdout: %q", l)
				}
				return strings.HasSuffix(l, want)
			})
		}
		s.interrupt()
	}

	kubectlAdmin(t, "", "delete", "pod", fhPod, "-n", fhNamespace, "--wait=false")
	for _, s := range []*stream{watch, reference} {
		s.waitFor("DELETED "+fhPod, 60*time.Second, event("DELETED"))
	}
	watch.interrupt()
	_ = reference.cmd.Process.Signal(os.Interrupt) // kubectl ends by the signal itself
	_ = reference.wait(10 * time.Second)
	for _, s := range []*stream{watchOnly, events} {
		s.interrupt()
	}
	// The same events in the same order with the same cells as kubectl's watch (ages aside).
	if d := Diff(podLines(reference.seen), podLines(watch.seen)); d != "" {
		t.Errorf("the watch differs from kubectl's:\n%s\nkubectl:\n%s\nstudioctl:\n%s", d, podLines(reference.seen), podLines(watch.seen))
	}
	n := strings.Count(podLines(watch.seen), "\n")
	t.Logf("the watch printed:\n%s", strings.Join(watch.seen, "\n"))
	t.Logf("watch: %d events of %s seen (ADDED … DELETED), as kubectl's; --watch-only %d lines; events -w %d lines; logs -f: %d appended lines seen by name and by selector",
		n, fhPod, len(watchOnly.seen), len(events.seen), len(appended))
}

// podLines keeps a watch's lines about the test's pod.
func podLines(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		if f := strings.Fields(l); len(f) > 1 && f[1] == fhPod {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// ownNamespace creates a namespace named after the branch for the test's objects, and deletes it
// when the test ends.
func ownNamespace(t *testing.T, name string) {
	t.Helper()
	kubectlAdmin(t, "", "create", "namespace", name)
	// The namespace must be gone before the next test reads the cluster (get pods -A).
	t.Cleanup(func() { kubectlAdmin(t, "", "delete", "namespace", name, "--timeout=120s") })
}

// rollout status on the command line follows a deployment until it is rolled out, and ends by
// itself with kubectl's last line. The deployment's pods first ask for a node none is, so the
// statement is waiting when the selector is lifted.
func TestLiveRolloutStatusFollowsARollout(t *testing.T) {
	needClusterAndKubectl(t)
	const ns, name = fhNamespace + "-rollout", "firsthour-roll"
	ownNamespace(t, ns)
	kubectlAdmin(t, `apiVersion: apps/v1
kind: Deployment
metadata: {name: `+name+`, namespace: `+ns+`}
spec:
  replicas: 3
  selector: {matchLabels: {app: `+name+`}}
  template:
    metadata: {labels: {app: `+name+`}}
    spec:
      nodeSelector: {type: kwok, firsthour: hold}
      tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]
      containers: [{name: app, image: registry.example/firsthour:1}]
`, "apply", "-f", "-")
	s := startStream(t, studioctlBinary(t), "--kubeconfig", kubeconfigPath("admin"), "rollout", "status", "deployment/"+name, "-n", ns, "--timeout", "90s")
	s.waitFor("a waiting line", 30*time.Second, func(l string) bool { return strings.HasPrefix(l, "Waiting for deployment") })
	kubectlAdmin(t, "", "patch", "deployment", name, "-n", ns, "--type=json", "-p", `[{"op":"remove","path":"/spec/template/spec/nodeSelector/firsthour"}]`)
	done := fmt.Sprintf("deployment %q successfully rolled out", name)
	s.waitFor(done, 100*time.Second, func(l string) bool { return l == done })
	if err := s.wait(10 * time.Second); err != nil {
		t.Errorf("rollout status did not end by itself with exit 0: %v; stderr %s", err, s.err.String())
	}
	want, _, code := runArgv(t, kubectl, "--kubeconfig", kubeconfigPath("admin"), "rollout", "status", "deployment/"+name, "-n", ns)
	if code != 0 || strings.TrimSpace(want) != done {
		t.Errorf("kubectl after the rollout: exit %d, %q; studioctl's last line %q", code, want, done)
	}
	t.Logf("rollout status printed %d lines, the last as kubectl's:\n%s", len(s.seen), strings.Join(s.seen, "\n"))
}

// appendLog appends n CRI lines, each with a colour escape, to the file kwok serves every pod's log
// from, and puts the file back as it was when the test ends (the seeded log is shared). It returns
// the text each line must print as.
func appendLog(t *testing.T, path string, n int) []string {
	t.Helper()
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := os.Truncate(path, int64(len(orig))); err != nil {
			t.Errorf("restoring %s: %v", path, err)
		}
		if now, err := os.ReadFile(path); err != nil || !bytes.Equal(now, orig) {
			t.Errorf("%s is not as it was (%v)", path, err)
		}
	})
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var want []string
	stamp := time.Now().UTC()
	for i := range n {
		text := fmt.Sprintf("firsthour appended line %d at %d", i+1, stamp.UnixNano())
		line := fmt.Sprintf("%s stdout F \x1b[32m%s\x1b[0m\n", stamp.Add(time.Duration(i)*time.Millisecond).Format(time.RFC3339Nano), text)
		if _, err := f.WriteString(line); err != nil {
			t.Fatal(err)
		}
		want = append(want, text)
		time.Sleep(200 * time.Millisecond) // separate writes, as a program logs
	}
	return want
}
