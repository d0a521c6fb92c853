// Package examples holds small programs built on the studioctl library; this test builds each and
// runs it against the demo cluster.
package examples

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestExamplesRunAgainstTheDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two programs")
	}
	// The lines each program prints on the demo; a pod's generated suffix (its ReplicaSet's hash and
	// its own) is the seed's, so it is matched as such (<hash>).
	cases := []struct {
		dir  string
		want []string
	}{
		{"inventory", []string{
			"NAMESPACE         pods  deployments  statefulsets  services  configmaps",
			"shop              8     2            1             4         4",
		}},
		{"notready", []string{
			"NAMESPACE  POD                                READY  STATUS",
			"ops        report-generator-<hash>  0/1    CrashLoopBackOff",
			"1 of 42 pods not ready",
		}},
	}
	bin := t.TempDir()
	for _, c := range cases {
		exe := filepath.Join(bin, c.dir)
		if out, err := exec.Command("go", "build", "-o", exe, "./"+c.dir).CombinedOutput(); err != nil {
			t.Fatalf("build %s: %v\n%s", c.dir, err, out)
		}
		out, err := exec.Command(exe, "-replay", "demo").CombinedOutput()
		if err != nil {
			t.Fatalf("%s -replay demo: %v\n%s", c.dir, err, out)
		}
		for _, w := range c.want {
			re := regexp.MustCompile("(?m)^" + strings.ReplaceAll(regexp.QuoteMeta(w), "<hash>", "[a-z0-9]{8,10}-[a-z0-9]{5}") + "$")
			if !re.Match(out) {
				t.Errorf("%s: no line %q in:\n%s", c.dir, w, out)
			}
		}
	}
}
