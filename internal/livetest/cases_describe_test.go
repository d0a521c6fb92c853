package livetest

import (
	"bytes"
	"context"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/internal/cli"
)

// describe's statements in the recorded suite. kubectl describe is not compared column by column
// (ages move, and kubectl prints a ConfigMap's keys in map order); TestDescribeFactsLive below
// checks its facts instead.
func init() {
	addCases("20-describe", "all",
		Case{Statement: "describe pod postgres-0 -n shop"},
		Case{Statement: "describe deployment/web -n shop"},
		Case{Statement: "describe secret db-credentials -n shop"},
		Case{Statement: "describe serviceaccount web -n shop"},
		Case{Statement: "describe node kwok-node-0"},
		Case{Statement: "describe namespace shop"},
		Case{Statement: "describe widget gizmo -n shop"},
		Case{Statement: "describe pod does-not-exist -n shop"},
	)
	addCases("20-describe", "admin",
		Case{Statement: "describe service web -n shop"},
		Case{Statement: "describe ingress web -n shop"},
		Case{Statement: "describe pvc uploads -n shop"},
		Case{Statement: "describe pv pv-shop-uploads"},
		Case{Statement: "describe statefulset postgres -n shop"},
		Case{Statement: "describe role pod-reader -n shop"},
		Case{Statement: "describe rolebinding web-pod-reader -n shop"},
		Case{Statement: "describe clusterrole view"},
		Case{Statement: "describe configmap web-config -n shop"},
		Case{Statement: "describe hpa report-archiver -n ops"},
		Case{Statement: "describe pdb web -n shop"},
		Case{Statement: "describe ep web -n shop"},
		Case{Statement: "describe endpointslice -l kubernetes.io/service-name=web -n shop"},
		Case{Statement: "describe sc standard"},
		Case{Statement: "describe pc business-critical"},
		Case{Statement: "describe limits defaults -n payments"},
		Case{Statement: "describe quota compute -n payments"},
		Case{Statement: "describe netpol -n payments"},
	)
	// A cluster-scoped kind the view identity may not read: its answer is studioctl's sentence.
	addCases("20-describe", "all", Case{Statement: "describe ingressclass nginx"})
}

// describeKinds are the kinds describe lays out as kubectl does, and a custom resource for the
// generic layout; cluster marks the cluster-scoped ones.
var describeKinds = []struct {
	kind    string
	cluster bool
}{
	{"pods", false}, {"deployments", false}, {"replicasets", false}, {"statefulsets", false}, {"daemonsets", false},
	{"jobs", false}, {"cronjobs", false}, {"services", false}, {"nodes", true}, {"namespaces", true},
	{"configmaps", false}, {"secrets", false}, {"serviceaccounts", false}, {"ingresses", false},
	{"persistentvolumeclaims", false}, {"persistentvolumes", true}, {"roles", false}, {"rolebindings", false},
	{"clusterroles", true}, {"clusterrolebindings", true}, {"widgets", false},
	{"horizontalpodautoscalers", false}, {"poddisruptionbudgets", false}, {"endpoints", false},
	{"endpointslices", false}, {"storageclasses", true}, {"priorityclasses", true}, {"ingressclasses", true},
	{"limitranges", false}, {"resourcequotas", false}, {"networkpolicies", false},
}

// describePerKind bounds how many objects of one kind are described.
const describePerKind = 12

var (
	topLabel   = regexp.MustCompile(`^([A-Z][A-Za-z -]*):`)
	eventsHead = regexp.MustCompile(`^\s+Type\s+Reason\s+Age\s+From\s+Message\s*$`)
)

// describeFacts reads a describe output's top-level "Label:" names and the reasons of its events
// table.
func describeFacts(out string) (labels, reasons []string) {
	inEvents := false
	for _, line := range strings.Split(out, "\n") {
		if m := topLabel.FindStringSubmatch(line); m != nil {
			labels = append(labels, m[1]+":")
		}
		switch {
		case strings.HasPrefix(line, "Events:"):
			inEvents = true
		case inEvents && eventsHead.MatchString(line):
		case inEvents && strings.HasPrefix(line, "  ") && !strings.HasPrefix(strings.TrimSpace(line), "----"):
			if f := strings.Fields(line); len(f) > 1 {
				reasons = append(reasons, f[1])
			}
		case inEvents && !strings.HasPrefix(line, "  "):
			inEvents = false
		}
	}
	return labels, reasons
}

// describeTargets lists up to describePerKind objects of a kind, as "kind/name" and a namespace:
// the shop namespace's, or for a kind shop does not hold, any namespace's.
func describeTargets(t *testing.T, kind string, cluster bool) [][2]string {
	var out [][2]string
	if cluster {
		stdout, _, _ := runKubectl(t, "admin", []string{"get", kind, "-o", "name"})
		for _, n := range strings.Fields(stdout) {
			out = append(out, [2]string{n, ""})
		}
	} else {
		stdout, _, _ := runKubectl(t, "admin", []string{"get", kind, "-n", "shop", "-o", "name"})
		for _, n := range strings.Fields(stdout) {
			out = append(out, [2]string{n, "shop"})
		}
		if len(out) == 0 {
			stdout, _, _ = runKubectl(t, "admin", []string{"get", kind, "-A", "-o",
				`jsonpath={range .items[*]}{.metadata.namespace}{" "}{.metadata.name}{"\n"}{end}`})
			for _, l := range strings.Split(strings.TrimSpace(stdout), "\n") {
				if f := strings.Fields(l); len(f) == 2 {
					out = append(out, [2]string{kind + "/" + f[1], f[0]})
				}
			}
		}
	}
	if len(out) > describePerKind {
		out = out[:describePerKind]
	}
	return out
}

// TestDescribeFactsLive describes real objects of every kind with kubectl and with studioctl and
// checks that each top-level label kubectl prints, and each event reason it lists, is in
// studioctl's answer too.
func TestDescribeFactsLive(t *testing.T) {
	needCluster(t)
	if _, err := os.Stat(kubectl); err != nil {
		t.Skipf("kubectl is not at %s", kubectl)
	}
	data, err := os.ReadFile(kubeconfigPath("admin"))
	if err != nil {
		t.Fatal(err)
	}
	s, _, err := studioctl.OpenKubeconfig(data, "", studioctl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	totalObjects, totalPassed := 0, 0
	for _, k := range describeKinds {
		objects, passed, labels, labelsFound, reasons, reasonsFound := 0, 0, 0, 0, 0, 0
		for _, target := range describeTargets(t, k.kind, k.cluster) {
			words := []string{"describe", target[0]}
			if target[1] != "" {
				words = append(words, "-n", target[1])
			}
			want, _, code := runKubectl(t, "admin", words)
			if code != 0 {
				continue
			}
			objects++
			var out, errOut bytes.Buffer
			if c := cli.ExecWords(context.Background(), s, words, &out, &errOut); c != 0 {
				t.Errorf("%s: exit %d: %s", strings.Join(words, " "), c, errOut.String())
				continue
			}
			wantLabels, wantReasons := describeFacts(want)
			gotLabels, gotReasons := describeFacts(out.String())
			ok := true
			for _, l := range wantLabels {
				labels++
				if describeHas(gotLabels, l) {
					labelsFound++
				} else {
					ok = false
					t.Errorf("%s: kubectl prints %q, studioctl does not", strings.Join(words, " "), l)
				}
			}
			for _, r := range wantReasons {
				reasons++
				if describeHas(gotReasons, r) {
					reasonsFound++
				} else {
					ok = false
					t.Errorf("%s: kubectl lists an event %s, studioctl does not", strings.Join(words, " "), r)
				}
			}
			if ok {
				passed++
			}
		}
		totalObjects += objects
		totalPassed += passed
		t.Logf("describe %s: %d/%d objects pass; labels %d/%d, event reasons %d/%d", k.kind, passed, objects, labelsFound, labels, reasonsFound, reasons)
	}
	t.Logf("describe: %d/%d objects pass", totalPassed, totalObjects)
}

func describeHas(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// layoutKinds are the kinds whose whole describe output TestDescribeLayoutsLive compares with
// kubectl's, by the short name a person types and by a fully qualified one (for the autoscaler,
// its v1 spelling: kubectl still prints the v2 object); unordered marks a kind whose table rows
// kubectl prints in map order (a limit range's resources), which the comparison sorts on both
// sides.
var layoutKinds = []struct {
	short, kind, full  string
	cluster, unordered bool
}{
	{"hpa", "horizontalpodautoscalers", "horizontalpodautoscalers.v1.autoscaling", false, false},
	{"pdb", "poddisruptionbudgets", "poddisruptionbudgets.v1.policy", false, false},
	{"ep", "endpoints", "endpoints.v1.", false, false},
	{"endpointslice", "endpointslices", "endpointslices.discovery.k8s.io", false, false},
	{"sc", "storageclasses", "storageclasses.storage.k8s.io", true, false},
	{"pc", "priorityclasses", "priorityclasses.scheduling.k8s.io", true, false},
	{"ingressclass", "ingressclasses", "ingressclasses.networking.k8s.io", true, false},
	{"limits", "limitranges", "limitranges", false, true},
	{"quota", "resourcequotas", "resourcequotas.v1.", false, false},
	{"netpol", "networkpolicies", "networkpolicies.v1.networking.k8s.io", false, false},
}

// serverForbidden matches the API server's own words in a 403, which studioctl never prints.
var serverForbidden = regexp.MustCompile(`cannot (get|list) resource|is forbidden: User`)

// layoutPerKind bounds how many objects of one kind TestDescribeLayoutsLive describes one by one.
const layoutPerKind = 24

// describeLayoutText is a describe output made comparable across two runs seconds apart: in the
// Events table each line's cells (split where kubectl's columns are) with every age masked, as
// the width of the age column moves with the ages; and, for an unordered kind, each table's rows
// sorted. Every other byte is kept.
func describeLayoutText(text string, unordered bool) string {
	lines := strings.Split(text, "\n")
	inEvents, inRows := false, false
	rowsFrom := 0
	sortRows := func(end int) {
		if inRows {
			sort.Strings(lines[rowsFrom:end])
		}
		inRows = false
	}
	for i, line := range lines {
		trimmed := strings.TrimSpace(line)
		switch {
		case line == "Events:":
			inEvents = true
		case inEvents && strings.HasPrefix(line, "  "):
			cells := cellSplit.Split(trimmed, -1)
			for j, c := range cells {
				if ageCell.MatchString(c) || repeatedCell.MatchString(c) {
					cells[j] = "AGE"
				}
			}
			lines[i] = "  " + strings.Join(cells, " | ")
		default:
			inEvents = false
		}
		if !unordered {
			continue
		}
		switch {
		case strings.HasPrefix(trimmed, "----"):
			sortRows(i)
			inRows, rowsFrom = true, i+1
		case inRows && (trimmed == "" || strings.HasPrefix(line, "Name:")):
			sortRows(i)
		}
	}
	sortRows(len(lines))
	return strings.Join(lines, "\n")
}

// describeBoth runs one describe statement with kubectl and with studioctl as identity and tells
// whether the outputs agree (describeLayoutText), with both exit codes and studioctl's stderr.
// Outputs that differ are read once more: an autoscaler's current metrics move between two reads.
func describeBoth(t *testing.T, s *studioctl.Session, identity string, words []string, unordered bool) (same bool, want, got string, kcode, code int, stderr string) {
	for try := 0; try < 2; try++ {
		want, _, kcode = runKubectl(t, identity, words)
		var out, errOut bytes.Buffer
		code = cli.ExecWords(context.Background(), s, words, &out, &errOut)
		got, stderr = out.String(), errOut.String()
		if kcode == code && describeLayoutText(want, unordered) == describeLayoutText(got, unordered) {
			return true, want, got, kcode, code, stderr
		}
	}
	return false, want, got, kcode, code, stderr
}

// layoutTargets lists the objects of a kind in every namespace, "" for a cluster-scoped one's.
func layoutTargets(t *testing.T, kind string) [][2]string {
	stdout, _, code := runKubectl(t, "admin", []string{"get", kind, "-A", "-o",
		`jsonpath={range .items[*]}{.metadata.name}{" "}{.metadata.namespace}{"\n"}{end}`})
	if code != 0 {
		t.Fatalf("kubectl get %s -A: exit %d", kind, code)
	}
	var out [][2]string
	for _, l := range strings.Split(strings.TrimSpace(stdout), "\n") {
		if f := strings.Fields(l); len(f) == 2 {
			out = append(out, [2]string{f[0], f[1]})
		} else if len(f) == 1 {
			out = append(out, [2]string{f[0], ""})
		}
	}
	if len(out) > layoutPerKind {
		out = out[:layoutPerKind]
	}
	return out
}

// TestDescribeLayoutsLive holds the ten describers of issue 30 to kubectl's whole text: every
// object of each kind (up to layoutPerKind) described alone, with its events, and the list forms
// (-A, and -n of a namespace that holds one), must print what kubectl prints apart from ages. As
// the view identity, a kind it may list compares the same way, and one it may not is refused
// with studioctl's 403 sentence, exit 1, and none of the server's words.
func TestDescribeLayoutsLive(t *testing.T) {
	needCluster(t)
	if _, err := os.Stat(kubectl); err != nil {
		t.Skipf("kubectl is not at %s", kubectl)
	}
	admin, view := liveSession(t, "admin"), liveSession(t, "view")
	diff := func(words []string, identity, want, got string, kcode, code int, stderr string) {
		t.Errorf("%s as %s: kubectl exit %d, studioctl exit %d %s\n--- kubectl\n%s\n--- studioctl\n%s",
			strings.Join(words, " "), identity, kcode, code, stderr, want, got)
	}
	total, identical := 0, 0
	for _, k := range layoutKinds {
		targets := layoutTargets(t, k.kind)
		if len(targets) == 0 {
			t.Errorf("no %s in the cluster: is the scenario seeded?", k.kind)
			continue
		}
		objects, same := 0, 0
		var singles [][]string
		for _, target := range targets {
			words := []string{"describe", k.short, target[0]}
			if target[1] != "" {
				words = append(words, "-n", target[1])
			}
			singles = append(singles, words)
			objects++
			if ok, want, got, kcode, code, stderr := describeBoth(t, admin, "admin", words, k.unordered); ok {
				same++
			} else {
				diff(words, "admin", want, got, kcode, code, stderr)
			}
		}
		lists := [][]string{{"describe", k.short, "-A"}, {"describe", k.full, "-A"}}
		if !k.cluster {
			lists = append(lists, []string{"describe", k.short, "-n", targets[0][1]})
		}
		listsSame := 0
		for _, words := range lists {
			if ok, want, got, kcode, code, stderr := describeBoth(t, admin, "admin", words, k.unordered); ok && code == 0 {
				listsSame++
			} else {
				diff(words, "admin", want, got, kcode, code, stderr)
			}
		}
		// As view: the -A list and each object, the same text where kubectl may read them and
		// studioctl's 403 sentence alone where it may not.
		viewSame, viewForbidden := 0, 0
		for _, words := range append([][]string{lists[0]}, singles...) {
			ok, want, got, kcode, code, stderr := describeBoth(t, view, "view", words, k.unordered)
			switch {
			case kcode != 0:
				viewForbidden++
				if code != 1 || !strings.Contains(stderr, "403 Forbidden") || serverForbidden.MatchString(stderr) || got != "" {
					t.Errorf("%s as view: exit %d, stdout %q, stderr %q; want exit 1 and studioctl's 403 sentence alone",
						strings.Join(words, " "), code, got, stderr)
				}
			case ok:
				viewSame++
			default:
				diff(words, "view", want, got, kcode, code, stderr)
			}
		}
		total += objects
		identical += same
		t.Logf("describe %s: %d/%d objects identical to kubectl; list forms %d/%d; as view: %d identical, %d forbidden with studioctl's sentence, of %d",
			k.short, same, objects, listsSame, len(lists), viewSame, viewForbidden, len(singles)+1)
	}
	t.Logf("describe layouts: %d/%d objects identical to kubectl", identical, total)
}
