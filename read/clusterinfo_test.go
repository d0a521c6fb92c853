package read

import (
	"testing"

	"github.com/studioctl/studioctl/internal/synth"
)

var withServices = append(append([]synth.Resource{}, synth.Basic...),
	synth.Resource{Version: "v1", Resource: "services", Kind: "Service", Namespaced: true, Verbs: []string{"get", "list", "watch"}, ShortNames: []string{"svc"}})

func TestClusterInfoPrintsTheServerAndClusterServices(t *testing.T) {
	s, reg := famSession(t, withServices)
	reg.JSON("/api/v1/namespaces/kube-system/services", "limit=500&labelSelector=kubernetes.io%2Fcluster-service%3Dtrue", `{"kind":"ServiceList","apiVersion":"v1","metadata":{},"items":[
		{"metadata":{"name":"kube-dns","namespace":"kube-system","labels":{"kubernetes.io/name":"CoreDNS","kubernetes.io/cluster-service":"true"}},
		 "spec":{"ports":[{"name":"dns","port":53,"protocol":"UDP"},{"name":"dns-tcp","port":53}]}},
		{"metadata":{"name":"metrics","namespace":"kube-system","labels":{"kubernetes.io/cluster-service":"true"}},"spec":{"ports":[{"port":443}]}},
		{"metadata":{"name":"edge","namespace":"kube-system","labels":{"kubernetes.io/cluster-service":"true"}},"spec":{"ports":[{"port":80}]},
		 "status":{"loadBalancer":{"ingress":[{"ip":"203.0.113.9"}]}}}]}`)
	out, errOut, code := famRun(t, s, "cluster-info")
	want := "Kubernetes control plane is running at https://cluster.example:6443\n" +
		"CoreDNS is running at https://cluster.example:6443/api/v1/namespaces/kube-system/services/kube-dns:dns/proxy\n" +
		"metrics is running at https://cluster.example:6443/api/v1/namespaces/kube-system/services/metrics:443/proxy\n" +
		"edge is running at http://203.0.113.9:80\n"
	if out != want || errOut != "" || code != 0 {
		t.Errorf("code %d, stderr %q, stdout:\n%s", code, errOut, out)
	}
}
