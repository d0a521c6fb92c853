package livetest

import (
	"bytes"
	"context"
	"os"
	"regexp"
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
	)
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
