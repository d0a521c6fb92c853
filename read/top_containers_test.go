package read

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// top pod --containers prints kubectl's POD NAME CPU MEMORY rows: a row per container, the pods
// in their order and each pod's containers by name (or by the --sort-by use, largest first).
func TestTopPodContainers(t *testing.T) {
	cases := []struct{ line, path, want string }{
		{"top pod --containers", "/apis/metrics.k8s.io/v1beta1/namespaces/shop/pods", "" +
			"POD     NAME          CPU(cores)   MEMORY(bytes)\n" +
			"api-0   api           250m         100Mi\n" +
			"db-0    db            1000m        1024Mi\n" +
			// 2.500001m rounds up to 3m; 4608Ki is 4.5Mi, cut to 4Mi.
			"web-1   log-shipper   3m           4Mi\n" +
			"web-1   web           2m           30Mi\n"},
		{"top pod -A --containers --sort-by memory --no-headers", "/apis/metrics.k8s.io/v1beta1/pods", "" +
			"payments   db-0    db            1000m   1024Mi\n" +
			"shop       api-0   api           250m    100Mi\n" +
			"shop       web-1   web           2m      30Mi\n" +
			"shop       web-1   log-shipper   3m      4Mi\n"},
	}
	for _, c := range cases {
		t.Run(c.line, func(t *testing.T) {
			s, reg := famSession(t, metricsDiscovery("v1beta1"))
			reg.JSON(c.path, "limit=500", podMetricsList)
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
