package livetest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/record"
	"github.com/studioctl/studioctl/replaytest"
	"github.com/studioctl/studioctl/statement"
	"sigs.k8s.io/yaml"
)

// TestCanaryLive proves against a real server that no Secret value leaves studioctl. e2e/seed.sh plants CANARY-* strings in
// Secrets (data, stringData, the last-applied copy, a long annotation, a dockerconfigjson) and in
// places only machine mode masks (env, args, annotations, ConfigMap data). For each identity and
// each redaction mode it runs every statement of the canary matrix (cases_canary_test.go, plus the
// objects the seed names at random) and asserts:
//
//   - no Secret's canary, no Secret's value (a service-account token included, read here with
//     kubectl) and no identity's bearer token is ever printed, on stdout or stderr, plain, in
//     base64 or in base64 of base64, in either mode;
//   - in machine mode no canary at all is printed;
//   - every key name (env names, ConfigMap and Secret keys, annotation keys) still is, in both;
//   - -o json and -o yaml print documents that parse, in both modes;
//   - no owner identity (an eai.io/owner value the seed planted) is ever printed, in either mode;
//   - what a recording of the session would hold carries no Secret's canary or value, and no owner.
//
// Besides the statements, every audit format and every platform reading runs through the library
// (canaryReadings), and the commands that are not statements run through the command too.
//
// A few statements also run through the command itself with -v 6, so the request trace on stderr
// is checked too. The total of runs (statement × identity × mode) is printed at the end.
// refusalWords are words of a refusal's sentence, for a form that prints no JSON error (describe):
// the code itself is in the sentence only with -o json.
var refusalWords = map[string]string{"refused.describe.secret_prefix": "described only by its exact name"}

func TestCanaryLive(t *testing.T) {
	needCluster(t)
	if _, err := os.Stat(kubectl); err != nil {
		t.Skipf("kubectl is not at %s: the Secrets' real values cannot be read", kubectl)
	}
	f := liveNeedles(t)
	cases := append(canaryStatements(false), randomNamedCases(t)...)
	var runs, leaks atomic.Int64
	t.Run("matrix", func(t *testing.T) {
		for _, identity := range []string{"admin", "view", "none"} {
			for _, mode := range []studioctl.Mode{studioctl.People, studioctl.Machine} {
				t.Run(identity+"/"+modeName(mode), func(t *testing.T) {
					t.Parallel()
					n, l := canaryIdentity(t, f, identity, mode, cases)
					runs.Add(int64(n))
					leaks.Add(int64(l))
				})
			}
		}
	})
	t.Run("trace", func(t *testing.T) {
		n, l := canaryTrace(t, f)
		runs.Add(int64(n))
		leaks.Add(int64(l))
	})
	msg := fmt.Sprintf("canary matrix: %d statements; %d runs (statement × identity × mode, -v 6 traces included); %d needles; %d leaks",
		len(cases), runs.Load(), f.Len(), leaks.Load())
	t.Log(msg)
	fmt.Fprintln(os.Stderr, msg)
}

func modeName(m studioctl.Mode) string {
	if m == studioctl.Machine {
		return "machine"
	}
	return "people"
}

// canaryIdentity runs every case as one identity in one mode and returns the number of runs and
// of leaks found.
func canaryIdentity(t *testing.T, f *replaytest.Finder, identity string, mode studioctl.Mode, cases []canaryCase) (runs, leaks int) {
	data, err := os.ReadFile(kubeconfigPath(identity))
	if err != nil {
		t.Fatal(err)
	}
	rec := &record.Recorder{}
	// Reads over every namespace of a cluster seeded with --big pass the default row cap; the
	// matrix raises it so those tables are printed, and checked, too.
	s, _, err := studioctl.OpenKubeconfig(data, "", captureOptions(rec, false, studioctl.Options{Redact: mode, MaxRows: limits.MaxMaxRows}))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	failed, capped, keysMissed, badDocs := 0, 0, 0, 0
	seen := map[string]bool{} // the canaries people mode printed, which proves the matrix reaches them
	for _, c := range cases {
		words, err := statement.Split(c.Statement)
		if err != nil {
			t.Fatalf("%s: %v", c.Statement, err)
		}
		var out, errOut bytes.Buffer
		code := cli.ExecWords(ctx, s, words, &out, &errOut)
		runs++
		where := fmt.Sprintf("%s [%s, %s]", c.Statement, identity, modeName(mode))
		leaks += f.Report(t, where, "stdout", out.String(), mode == studioctl.Machine)
		leaks += f.Report(t, where, "stderr", errOut.String(), mode == studioctl.Machine)
		for _, h := range f.Find(out.String()) {
			seen[h.Needle.What] = true
		}
		if c.MachineRefusal != "" && mode == studioctl.Machine {
			forbidden := c.RefusalAfterRead && code == fault.ExitServerError && strings.Contains(errOut.String(), "403 Forbidden")
			words, known := refusalWords[c.MachineRefusal]
			said := strings.Contains(errOut.String(), c.MachineRefusal) || known && strings.Contains(errOut.String(), words)
			if !forbidden && (code != fault.ExitRefused || !said) {
				t.Errorf("%s: want refusal %s, got exit %d: %s", where, c.MachineRefusal, code, strings.TrimSpace(errOut.String()))
			}
			continue
		}
		if code != 0 {
			failed++
			if c.MayCap && code == fault.ExitRefused {
				capped++
				continue
			}
			if identity == "admin" {
				t.Errorf("%s: exit %d (the admin reads everything): %s", where, code, strings.TrimSpace(errOut.String()))
			}
			continue
		}
		for _, k := range c.Keys {
			if !strings.Contains(out.String(), k) {
				keysMissed++
				t.Errorf("%s: the key name %q is missing from stdout", where, k)
			}
		}
		if err := parseDocument(c.Statement, out.Bytes()); err != nil {
			badDocs++
			t.Errorf("%s: %v", where, err)
		}
	}
	newlineRefusals(t, s, rec, identity, mode)
	r, l := canaryReadings(t, ctx, f, s, identity, mode)
	runs += r
	leaks += l
	if identity == "admin" && mode == studioctl.People {
		for _, n := range f.Needles() {
			if !n.Secret && !seen[n.What] {
				seen[n.What] = true
				t.Errorf("people mode never printed %s as the admin: the matrix does not reach where it is planted", n.What)
			}
		}
	}
	// What the lead's recording of this session would hold: people mode strips every body
	// before it is kept, whatever the session's mode.
	recLeaks, size := 0, 0
	for _, ex := range rec.Rec.Exchanges {
		size += len(ex.Body) + len(ex.RequestBody)
		what := fmt.Sprintf("the recorded answer to %s %s?%s [%s, %s]", ex.Method, ex.Path, ex.Query, identity, modeName(mode))
		recLeaks += f.Report(t, what, "body", ex.Body, studioctl.People == studioctl.Machine)
		recLeaks += f.Report(t, what, "request body", string(ex.RequestBody), studioctl.People == studioctl.Machine)
	}
	t.Logf("%s/%s: %d outputs (%d statements, of which %d failed, %d of them over the -o json/yaml cap; %d audit and platform readings), %d leaks printed, %d key names missing, %d documents that do not parse; recording: %d exchanges, %d body bytes, %d leaks",
		identity, modeName(mode), runs, len(cases), failed, capped, runs-len(cases), leaks, keysMissed, badDocs, len(rec.Rec.Exchanges), size, recLeaks)
	return runs, leaks + recLeaks
}

// parseDocument checks that -o json and -o yaml print one document that parses.
func parseDocument(statement string, out []byte) error {
	if len(out) == 0 || strings.Contains(statement, " -w") {
		return nil
	}
	var v any
	switch {
	case strings.Contains(statement+" ", "-o json "): // not -o jsonpath=...
		if err := json.Unmarshal(out, &v); err != nil {
			return fmt.Errorf("-o json printed something that is not JSON: %v", err)
		}
	case strings.Contains(statement+" ", "-o yaml "):
		if err := yaml.Unmarshal(out, &v); err != nil {
			return fmt.Errorf("-o yaml printed something that is not YAML: %v", err)
		}
	}
	return nil
}

// randomNamedCases are the statements about objects whose names the cluster chose: the api
// Deployment's pods and ReplicaSet, whose templates hold the env and args canaries.
func randomNamedCases(t *testing.T) []canaryCase {
	var out []canaryCase
	keys := []string{"DB_PASSWORD", "DB_HOST", "DB_PASSWORD_FROM_SECRET"}
	for _, kind := range []string{"pods", "replicasets"} {
		stdout, errOut, code := runKubectl(t, "admin", []string{"get", kind, "-n", "shop", "-l", "app=api", "-o", "name"})
		if code != 0 {
			t.Fatalf("kubectl get %s: %s", kind, errOut)
		}
		for _, ref := range strings.Fields(stdout) {
			k, name, _ := strings.Cut(ref, "/")
			for _, form := range canaryObjectFormats {
				var ks []string
				if fullFormat(form) {
					ks = keys
				}
				out = append(out, canaryCase{Statement: strings.TrimSpace("get " + k + " " + name + " -n shop " + form), Keys: ks})
			}
			out = append(out, canaryCase{Statement: "describe " + k + " " + name + " -n shop", Keys: keys})
			if kind == "pods" {
				out = append(out, canaryCase{Statement: "logs " + name + " -n shop -c api --tail 20"})
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("the api Deployment has no pods: is the scenario seeded?")
	}
	return out
}

// traceStatements run through the command with -v 6, which prints every request line on stderr.
var traceStatements = []string{
	"get secrets -n payments -o yaml",
	"get secret regcred -n shop -o json",
	"describe secret stripe-keys -n payments",
	"get secrets -A -w --request-timeout 2s",
	"get deployment api -n shop -o yaml",
	"get configmap app-settings -n shop -o json",
	"describe cronjob settlement-report -n payments",
	"logs deploy/api -n shop --tail 5",
	"auth can-i --list -n payments",
	"auth whoami -o yaml",
}

// canaryTrace builds cmd/studioctl into a temporary directory and runs traceStatements with -v 6
// for each identity and mode, checking stdout and stderr (the trace) alike.
func canaryTrace(t *testing.T, f *replaytest.Finder) (runs, leaks int) {
	dir := t.TempDir()
	bin := buildStudioctl(t, dir)
	env := studioctlEnv(dir)
	for _, identity := range []string{"admin", "view", "none"} {
		for _, mode := range []studioctl.Mode{studioctl.People, studioctl.Machine} {
			for _, line := range traceStatements {
				words, err := statement.Split(line)
				if err != nil {
					t.Fatal(err)
				}
				args := append([]string{"--kubeconfig", kubeconfigPath(identity), "--redact", modeName(mode), "-v", "6"}, words...)
				cmd := exec.Command(bin, args...)
				cmd.Env = env
				var out, errOut bytes.Buffer
				cmd.Stdout, cmd.Stderr = &out, &errOut
				err = cmd.Run()
				if _, isExit := err.(*exec.ExitError); err != nil && !isExit {
					t.Fatalf("%s: %v", line, err)
				}
				runs++
				where := fmt.Sprintf("studioctl -v 6 %s [%s, %s]", line, identity, modeName(mode))
				leaks += f.Report(t, where, "stdout", out.String(), mode == studioctl.Machine)
				leaks += f.Report(t, where, "stderr", errOut.String(), mode == studioctl.Machine)
				if !strings.Contains(errOut.String(), "studioctl: GET ") && !strings.Contains(errOut.String(), "studioctl: POST ") {
					t.Errorf("%s: -v 6 traced no request on stderr", where)
				}
				if cmd.ProcessState.ExitCode() == 0 {
					if err := parseDocument(line, out.Bytes()); err != nil {
						t.Errorf("%s: %v", where, err)
					}
				}
			}
			// The commands that are not statements, through the command only.
			for _, line := range commandTraces {
				words := strings.Fields(line)
				args := append([]string{"--kubeconfig", kubeconfigPath(identity), "--redact", modeName(mode), "-v", "6"}, words...)
				cmd := exec.Command(bin, args...)
				cmd.Env = env
				var out, errOut bytes.Buffer
				cmd.Stdout, cmd.Stderr = &out, &errOut
				if err := cmd.Run(); err != nil {
					if _, isExit := err.(*exec.ExitError); !isExit {
						t.Fatalf("%s: %v", line, err)
					}
				}
				runs++
				where := fmt.Sprintf("studioctl -v 6 %s [%s, %s]", line, identity, modeName(mode))
				leaks += f.Report(t, where, "stdout", out.String(), mode == studioctl.Machine)
				leaks += f.Report(t, where, "stderr", errOut.String(), mode == studioctl.Machine)
				if !strings.Contains(errOut.String(), "studioctl: GET ") && !strings.Contains(errOut.String(), "studioctl: POST ") {
					t.Errorf("%s: -v 6 traced no request on stderr", where)
				}
				if code := cmd.ProcessState.ExitCode(); code == 0 || code == fault.ExitWarnings {
					if err := parseDocument(line, out.Bytes()); err != nil {
						t.Errorf("%s: %v", where, err)
					}
				}
			}
			// The same statements through the console, read from a pipe: another way out.
			cmd := exec.Command(bin, "--kubeconfig", kubeconfigPath(identity), "--redact", modeName(mode), "-v", "6", "console")
			cmd.Env = env
			cmd.Stdin = strings.NewReader(strings.Join(traceStatements, "\n") + "\n")
			var out, errOut bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errOut
			if err := cmd.Run(); err != nil {
				if _, isExit := err.(*exec.ExitError); !isExit {
					t.Fatalf("console: %v", err)
				}
			}
			runs += len(traceStatements)
			where := fmt.Sprintf("studioctl -v 6 console, the trace statements piped in [%s, %s]", identity, modeName(mode))
			leaks += f.Report(t, where, "stdout", out.String(), mode == studioctl.Machine)
			leaks += f.Report(t, where, "stderr", errOut.String(), mode == studioctl.Machine)
		}
	}
	t.Logf("-v 6: %d runs, %d leaks", runs, leaks)
	return runs, leaks
}

// buildStudioctl builds cmd/studioctl into dir and answers the binary's path.
func buildStudioctl(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "studioctl")
	build := exec.Command("go", "build", "-o", bin, "github.com/studioctl/studioctl/cmd/studioctl")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// studioctlEnv is the built command's environment: PATH, and a home, cache, config and state
// directory of its own under dir.
func studioctlEnv(dir string) []string {
	return []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "XDG_CACHE_HOME=" + filepath.Join(dir, "cache"),
		"XDG_CONFIG_HOME=" + filepath.Join(dir, "config"), "XDG_STATE_HOME=" + filepath.Join(dir, "state")}
}

// ---------------------------------------------------------------- what must not be printed

// liveNeedles gathers what must not be printed: the scenario's canaries by class, every value of
// every Secret (read with kubectl as the admin; a service-account token's ca.crt is left out,
// since the kube-root-ca.crt ConfigMap publishes the same certificate) and each identity's bearer
// token.
func liveNeedles(t *testing.T) *replaytest.Finder {
	classes, err := replaytest.ReadCanaryClasses(filepath.Join("..", "..", "testdata", "replay", "canary-classes.txt"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(stateDir, "canaries.txt"))
	if err != nil {
		t.Fatalf("the scenario's canaries: %v", err)
	}
	f := replaytest.NewFinder()
	nCanaries := 0
	for _, c := range strings.Fields(string(data)) {
		class, ok := classes[c]
		if !ok {
			t.Fatalf("%s is planted but has no class in testdata/replay/canary-classes.txt", c)
		}
		nCanaries++
		if class == "secret" {
			f.Add(c, c, true, 2)
		} else {
			f.Add(c, c, false, 1)
		}
	}
	stdout, errOut, code := runKubectl(t, "admin", []string{"get", "secrets", "-A", "-o", "json"})
	if code != 0 {
		t.Fatalf("kubectl get secrets: %s", errOut)
	}
	var list struct {
		Items []struct {
			Metadata struct{ Namespace, Name string }
			Type     string
			Data     map[string]string
		}
	}
	if err := json.Unmarshal([]byte(stdout), &list); err != nil {
		t.Fatal(err)
	}
	// Each Secret canary must really be in a Secret (in any encoding), or the proof proves nothing.
	inSecrets := map[string]bool{}
	for _, h := range f.Find(stdout) {
		inSecrets[h.Needle.What] = true
	}
	for _, n := range f.Needles() {
		if n.Secret && !inSecrets[n.What] {
			inSecrets[n.What] = true
			t.Errorf("%s is not in any Secret the admin reads: is the scenario seeded?", n.What)
		}
	}
	tokens, values := 0, 0
	for _, s := range list.Items {
		ref := s.Metadata.Namespace + "/" + s.Metadata.Name
		keys := make([]string, 0, len(s.Data))
		for k := range s.Data {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			raw, err := base64.StdEncoding.DecodeString(s.Data[k])
			if err != nil {
				t.Fatalf("Secret %s key %s is not base64", ref, k)
			}
			isToken := s.Type == "kubernetes.io/service-account-token"
			switch {
			case isToken && k == "ca.crt":
			case isToken && k == "token":
				tokens++
				f.Add(string(raw), "the token of Secret "+ref, true, 2)
			case len(raw) >= 12:
				values++
				f.Add(string(raw), fmt.Sprintf("the value of key %s of Secret %s", k, ref), true, 2)
			}
		}
	}
	if tokens == 0 {
		t.Fatal("no service-account token Secret holds a token: is the scenario seeded?")
	}
	bearer := regexp.MustCompile(`^\s*token:\s*"?([^"\s]+)"?\s*$`)
	for _, identity := range []string{"admin", "view", "none"} {
		file, err := os.Open(kubeconfigPath(identity))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(file)
		for sc.Scan() {
			if m := bearer.FindStringSubmatch(sc.Text()); m != nil {
				f.Add(m[1], "the bearer token of identity "+identity, true, 1)
			}
		}
		file.Close()
	}
	secretNames := addSecretNameNeedles(t, f)
	owners := addOwnerNeedles(t, f)
	t.Logf("needles: %d canaries, %d service-account tokens, %d other Secret values, 3 identities' tokens, %d Secret names, %d owners: %d texts in all",
		nCanaries, tokens, values, secretNames, owners, f.Len())
	return f
}

// addSecretNameNeedles adds the Secret names e2e/seed.sh planted (secret-names.txt): machine
// mode must print none of them, anywhere; people mode may, as kubectl does.
func addSecretNameNeedles(t *testing.T, f *replaytest.Finder) int {
	data, err := os.ReadFile(filepath.Join(stateDir, "secret-names.txt"))
	if err != nil {
		t.Fatalf("the scenario's Secret names: %v (is the scenario seeded by this checkout's e2e/seed.sh?)", err)
	}
	names := strings.Fields(string(data))
	for _, n := range names {
		f.Add(n, "the Secret name "+n, false, 1)
	}
	return len(names)
}

// newlineRefusals: a statement whose words hold a line break (or any control character) is
// refused before anything is sent, in every mode, as one line means one statement.
func newlineRefusals(t *testing.T, s *studioctl.Session, rec *record.Recorder, identity string, mode studioctl.Mode) {
	for _, words := range [][]string{
		{"get", "pods", "-n", "shop\ndelete", "pod", "web-1"},
		{"get pods -n shop\ndelete pod web-1"},
		{"get", "pods", "-n", "shop\r", "-o", "name"},
		{"get", "pods", "-n", "shop\u0085delete"},
	} {
		before := len(rec.Rec.Exchanges)
		var out, errOut bytes.Buffer
		code := cli.ExecWords(context.Background(), s, words, &out, &errOut)
		where := fmt.Sprintf("%q [%s, %s]", words, identity, modeName(mode))
		if code != fault.ExitRefused || out.Len() != 0 || !strings.Contains(errOut.String(), "control character") {
			t.Errorf("%s: want a refusal of the control character, got exit %d, stdout %q, stderr %q", where, code, out.String(), errOut.String())
		}
		if n := len(rec.Rec.Exchanges) - before; n != 0 {
			t.Errorf("%s: refused, but %d requests were sent", where, n)
		}
	}
}
