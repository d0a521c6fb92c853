package read

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// logs --prefix begins each line with [pod/NAME/CONTAINER], as kubectl does, for one container
// or every one; without it the lines are bare.
func TestLogsPrefixNamesPodAndContainer(t *testing.T) {
	cases := []struct{ line, want string }{
		{"logs web-0 --prefix -c proxy", "[pod/web-0/proxy] p1\n[pod/web-0/proxy] p2\n"},
		{"logs web-0 --all-containers --prefix", "[pod/web-0/web] w1\n[pod/web-0/proxy] p1\n[pod/web-0/proxy] p2\n"},
		{"logs web-0 --all-containers", "w1\np1\np2\n"},
		{"logs web-0 --prefix=false -c proxy", "p1\np2\n"},
	}
	for _, c := range cases {
		t.Run(c.line, func(t *testing.T) {
			s, reg := famSession(t, nil)
			reg.JSON("/api/v1/namespaces/shop/pods/web-0", "", synthPod{name: "web-0", node: "n", containers: []string{"web", "proxy"}}.json())
			if strings.Contains(c.line, "--all-containers") {
				reg.Add(logStub(t, "web-0", "container=web&tailLines=500", "w1\n"))
			}
			reg.Add(logStub(t, "web-0", "container=proxy&tailLines=500", "p1\np2\n"))
			out, errOut, code := famRun(t, s, c.line)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if d := cmp.Diff(c.want, out); d != "" {
				t.Errorf("stdout (-want +got):\n%s", d)
			}
		})
	}
}
