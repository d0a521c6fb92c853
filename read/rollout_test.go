package read

import (
	"testing"

	"github.com/studioctl/studioctl/internal/synth"
)

var withRollouts = append(append([]synth.Resource{}, synth.Basic...),
	synth.Resource{Group: "apps", Version: "v1", Resource: "replicasets", Kind: "ReplicaSet", Namespaced: true, Verbs: []string{"get", "list", "watch"}, ShortNames: []string{"rs"}},
	synth.Resource{Group: "apps", Version: "v1", Resource: "statefulsets", Kind: "StatefulSet", Namespaced: true, Verbs: []string{"get", "list", "watch"}, ShortNames: []string{"sts"}},
	synth.Resource{Group: "apps", Version: "v1", Resource: "controllerrevisions", Kind: "ControllerRevision", Namespaced: true, Verbs: []string{"get", "list", "watch"}})

// Outside the command line rollout status reports the state once, in kubectl's words (synthetic
// objects shaped as a 1.37 server answers them).
func TestRolloutStatusOnce(t *testing.T) {
	cases := []struct{ path, object, want string }{
		{"/apis/apps/v1/namespaces/shop/deployments/web",
			`{"kind":"Deployment","apiVersion":"apps/v1","metadata":{"name":"web","namespace":"shop","generation":3},"spec":{"replicas":3},"status":{"observedGeneration":3,"replicas":3,"updatedReplicas":3,"availableReplicas":1}}`,
			"Waiting for deployment \"web\" rollout to finish: 1 of 3 updated replicas are available...\n"},
		{"/apis/apps/v1/namespaces/shop/deployments/web",
			`{"kind":"Deployment","apiVersion":"apps/v1","metadata":{"name":"web","namespace":"shop","generation":3},"spec":{"replicas":3},"status":{"observedGeneration":3,"replicas":4,"updatedReplicas":3,"availableReplicas":3}}`,
			"Waiting for deployment \"web\" rollout to finish: 1 old replicas are pending termination...\n"},
		{"/apis/apps/v1/namespaces/shop/deployments/web",
			`{"kind":"Deployment","apiVersion":"apps/v1","metadata":{"name":"web","namespace":"shop","generation":4},"spec":{"replicas":3},"status":{"observedGeneration":3}}`,
			"Waiting for deployment spec update to be observed...\n"},
		{"/apis/apps/v1/namespaces/shop/deployments/web",
			`{"kind":"Deployment","apiVersion":"apps/v1","metadata":{"name":"web","namespace":"shop","generation":3},"spec":{"replicas":3},"status":{"observedGeneration":3,"replicas":3,"updatedReplicas":3,"availableReplicas":3}}`,
			"deployment \"web\" successfully rolled out\n"},
		{"/apis/apps/v1/namespaces/shop/statefulsets/db",
			`{"kind":"StatefulSet","apiVersion":"apps/v1","metadata":{"name":"db","namespace":"shop","generation":2},"spec":{"replicas":2,"updateStrategy":{"type":"RollingUpdate"}},"status":{"observedGeneration":2,"readyReplicas":2,"updatedReplicas":2,"currentReplicas":2,"currentRevision":"db-5d","updateRevision":"db-5d"}}`,
			"statefulset rolling update complete 2 pods at revision db-5d...\n"},
		{"/apis/apps/v1/namespaces/shop/statefulsets/db",
			`{"kind":"StatefulSet","apiVersion":"apps/v1","metadata":{"name":"db","namespace":"shop","generation":2},"spec":{"replicas":2,"updateStrategy":{"type":"RollingUpdate"}},"status":{"observedGeneration":2,"readyReplicas":1}}`,
			"Waiting for 1 pods to be ready...\n"},
	}
	for _, c := range cases {
		s, reg := famSession(t, withRollouts)
		reg.JSON(c.path, "", c.object)
		kind := "deployment/web"
		if c.path[len(c.path)-2:] == "db" {
			kind = "statefulset/db"
		}
		out, errOut, code := famRun(t, s, "rollout status "+kind+" -n shop")
		if out != c.want || errOut != "" || code != 0 {
			t.Errorf("%s: code %d, stderr %q, stdout %q, want %q", kind, code, errOut, out, c.want)
		}
	}
}

// A deployment's history comes from the replica sets it controls (not another's), oldest first,
// laid out as kubectl's.
func TestRolloutHistoryOfADeployment(t *testing.T) {
	s, reg := famSession(t, withRollouts)
	reg.JSON("/apis/apps/v1/namespaces/shop/deployments/web", "", `{"kind":"Deployment","apiVersion":"apps/v1","metadata":{"name":"web","namespace":"shop","uid":"uid-web"},"spec":{"selector":{"matchLabels":{"app":"web"}}}}`)
	reg.JSON("/apis/apps/v1/namespaces/shop/replicasets", "limit=500&labelSelector=app%3Dweb", `{"kind":"ReplicaSetList","apiVersion":"apps/v1","metadata":{},"items":[
		{"metadata":{"name":"web-b","annotations":{"deployment.kubernetes.io/revision":"2","kubernetes.io/change-cause":"image bumped"},"ownerReferences":[{"uid":"uid-web","controller":true}]}},
		{"metadata":{"name":"web-a","annotations":{"deployment.kubernetes.io/revision":"1"},"ownerReferences":[{"uid":"uid-web","controller":true}]}},
		{"metadata":{"name":"other","annotations":{"deployment.kubernetes.io/revision":"9"},"ownerReferences":[{"uid":"uid-other","controller":true}]}}]}`)
	out, errOut, code := famRun(t, s, "rollout history deploy/web -n shop")
	want := "deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>\n2         image bumped\n"
	if out != want || errOut != "" || code != 0 {
		t.Errorf("code %d, stderr %q, stdout:\n%q\nwant:\n%q", code, errOut, out, want)
	}
}

// rollout reads three kinds only, and rollout's writes stay refused.
func TestRolloutRefusals(t *testing.T) {
	s, reg := famSession(t, withRollouts)
	_ = reg
	if _, _, code := famRun(t, s, "rollout status pods/web-0"); code == 0 {
		t.Error("rollout status of a pod answered")
	}
	for _, line := range []string{"rollout undo deploy/web", "rollout restart deploy/web", "rollout status", "rollout history a/b c"} {
		if _, err := ParseLine(line); err == nil {
			t.Errorf("%q was not refused", line)
		}
	}
}
