package audit

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/internal/golden"
	"github.com/studioctl/studioctl/internal/synth"
)

var hygieneKindsForTest = append(append([]synth.Resource{}, baseKinds...),
	rs("", "v1", "services", "Service", true), rs("networking.k8s.io", "v1", "ingresses", "Ingress", true),
	rs("networking.k8s.io", "v1", "networkpolicies", "NetworkPolicy", true), rs("", "v1", "persistentvolumeclaims", "PersistentVolumeClaim", true),
	rs("", "v1", "configmaps", "ConfigMap", true), rs("", "v1", "serviceaccounts", "ServiceAccount", true),
	rs("autoscaling", "v2", "horizontalpodautoscalers", "HorizontalPodAutoscaler", true),
	rs("", "v1", "nodes", "Node", false), rs("", "v1", "persistentvolumes", "PersistentVolume", false))

func object(kind, ns, name string, extra obj) obj {
	o := obj{"kind": kind, "metadata": obj{"name": name, "namespace": ns}}
	for k, v := range extra {
		o[k] = v
	}
	return o
}

// hygieneWorld plants one object that trips each hygiene check beside one that does not.
func hygieneWorld(t *testing.T) *world {
	w := newWorld(t, hygieneKindsForTest)
	w.list("/api/v1/namespaces", obj{"kind": "Namespace", "metadata": obj{"name": "shop"}})
	pod := func(name string, labels obj, spec obj) obj {
		return obj{"kind": "Pod", "metadata": obj{"name": name, "namespace": "shop", "labels": labels}, "spec": spec, "status": obj{"phase": "Running"}}
	}
	cpu := func(q string) []any {
		return []any{obj{"name": "c", "resources": obj{"requests": obj{"cpu": q, "memory": "1Gi"}}}}
	}
	w.list("/api/v1/pods",
		pod("web-1", obj{"app": "web"}, obj{"nodeName": "node-a", "serviceAccountName": "web", "containers": cpu("1500m"),
			"volumes": []any{obj{"name": "cfg", "configMap": obj{"name": "web-config"}}}}),
		pod("web-2", obj{"app": "web"}, obj{"nodeName": "node-a", "containers": cpu("1"), "imagePullSecrets": []any{obj{"name": "registry"}},
			"volumes": []any{obj{"name": "p", "projected": obj{"sources": []any{obj{"configMap": obj{"name": "projected-config"}}}}}}}))
	w.list("/api/v1/services",
		object("Service", "shop", "web", obj{"spec": obj{"selector": obj{"app": "web"}, "ports": []any{obj{"name": "http", "port": 80}}}}),
		object("Service", "shop", "old-api", obj{"spec": obj{"selector": obj{"app": "api"}, "ports": []any{obj{"port": 8080}}}}),
		object("Service", "shop", "external", obj{"spec": obj{"type": "ExternalName", "externalName": "db.example.com"}}))
	w.list("/apis/networking.k8s.io/v1/ingresses",
		object("Ingress", "shop", "front", obj{"spec": obj{"tls": []any{obj{"secretName": "tls-front"}}, "rules": []any{obj{"http": obj{"paths": []any{
			obj{"backend": obj{"service": obj{"name": "web", "port": obj{"name": "http"}}}},
			obj{"backend": obj{"service": obj{"name": "web", "port": obj{"number": 443}}}},
			obj{"backend": obj{"service": obj{"name": "gone", "port": obj{"number": 80}}}}}}}}}}))
	w.list("/apis/networking.k8s.io/v1/networkpolicies",
		object("NetworkPolicy", "shop", "web-only", obj{"spec": obj{"podSelector": obj{"matchLabels": obj{"app": "web"}}}}),
		object("NetworkPolicy", "shop", "stale", obj{"spec": obj{"podSelector": obj{"matchLabels": obj{"app": "api"}}}}),
		object("NetworkPolicy", "shop", "deny-all", obj{"spec": obj{"podSelector": obj{}}}))
	w.list("/api/v1/persistentvolumeclaims",
		object("PersistentVolumeClaim", "shop", "data", obj{"status": obj{"phase": "Bound"}}),
		object("PersistentVolumeClaim", "shop", "waiting", obj{"status": obj{"phase": "Pending"}}))
	w.list("/api/v1/configmaps", object("ConfigMap", "shop", "web-config", nil), object("ConfigMap", "shop", "projected-config", nil),
		object("ConfigMap", "shop", "kube-root-ca.crt", nil), object("ConfigMap", "shop", "leftover", nil),
		object("ConfigMap", "kube-system", "coredns", nil))
	w.list("/api/v1/secrets", object("Secret", "shop", "registry", nil), object("Secret", "shop", "tls-front", nil),
		object("Secret", "shop", "old-password", nil), object("Secret", "shop", "robot-token", obj{"type": "kubernetes.io/service-account-token"}))
	w.list("/api/v1/serviceaccounts", object("ServiceAccount", "shop", "default", nil), object("ServiceAccount", "shop", "web", nil),
		object("ServiceAccount", "shop", "robot", nil))
	w.list("/apis/autoscaling/v2/horizontalpodautoscalers",
		object("HorizontalPodAutoscaler", "shop", "web", obj{"spec": obj{"minReplicas": 2, "maxReplicas": 2, "scaleTargetRef": obj{"kind": "Deployment", "name": "web"}}}),
		object("HorizontalPodAutoscaler", "shop", "api", obj{"spec": obj{"maxReplicas": 5, "scaleTargetRef": obj{"kind": "Deployment", "name": "api"}}}))
	w.list("/apis/apps/v1/deployments", object("Deployment", "shop", "web", nil))
	for _, p := range []string{"/apis/apps/v1/statefulsets", "/apis/apps/v1/replicasets", "/apis/batch/v1/cronjobs"} {
		w.list(p)
	}
	node := func(name string, extra obj, conds ...obj) obj {
		cs := []any{}
		for _, c := range conds {
			cs = append(cs, c)
		}
		o := obj{"kind": "Node", "metadata": obj{"name": name}, "status": obj{"allocatable": obj{"cpu": "2", "memory": "8Gi"}, "conditions": cs}}
		for k, v := range extra {
			o[k] = v
		}
		return o
	}
	ready := obj{"type": "Ready", "status": "True"}
	w.list("/api/v1/nodes", node("node-a", nil, ready), node("node-b", obj{"spec": obj{"unschedulable": true}}, ready,
		obj{"type": "DiskPressure", "status": "True"}), node("node-c", nil, obj{"type": "Ready", "status": "Unknown"}))
	w.list("/api/v1/persistentvolumes", object("PersistentVolume", "", "pv-old", obj{"status": obj{"phase": "Released"}}),
		object("PersistentVolume", "", "pv-ok", obj{"status": obj{"phase": "Bound"}}))
	return w
}

// TestHygieneReading: each hygiene check fires on the object planted to trip it and on none of
// its healthy neighbours.
func TestHygieneReading(t *testing.T) {
	r, err := AuditHygiene(context.Background(), hygieneWorld(t).s, "", Options{AllNamespaces: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range r.Findings {
		got = append(got, f.Code+" "+f.Object())
	}
	want := []string{
		"audit.node_not_ready Node/node-c",
		"audit.node_overcommitted Node/node-a",
		"audit.node_pressure Node/node-b",
		"audit.node_cordoned Node/node-b",
		"audit.pv_released PersistentVolume/pv-old",
		"audit.hpa_target_missing HorizontalPodAutoscaler/shop/api",
		"audit.ingress_backend_missing Ingress/shop/front",
		"audit.ingress_backend_missing Ingress/shop/front",
		"audit.hpa_min_equals_max HorizontalPodAutoscaler/shop/web",
		"audit.pvc_unbound PersistentVolumeClaim/shop/waiting",
		"audit.service_selects_nothing Service/shop/old-api",
		"audit.configmap_unused ConfigMap/shop/leftover",
		"audit.networkpolicy_selects_nothing NetworkPolicy/shop/stale",
		"audit.secret_unused Secret/shop/old-password",
		"audit.serviceaccount_unused ServiceAccount/shop/robot",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
	golden.Check(t, "hygiene.txt", render(t, r, ""))
	golden.Check(t, "hygiene.junit.xml", render(t, r, "junit"))
}

// TestHygieneOneNamespace: with -n only that namespace's kinds are listed (no node or volume:
// a request for one would find no stub and fail), and a selector is refused before anything is sent.
func TestHygieneOneNamespace(t *testing.T) {
	w := newWorld(t, hygieneKindsForTest)
	for _, p := range []string{"/api/v1/namespaces/shop/services", "/apis/networking.k8s.io/v1/namespaces/shop/ingresses",
		"/apis/networking.k8s.io/v1/namespaces/shop/networkpolicies", "/api/v1/namespaces/shop/persistentvolumeclaims",
		"/api/v1/namespaces/shop/configmaps", "/api/v1/namespaces/shop/secrets", "/api/v1/namespaces/shop/serviceaccounts",
		"/apis/autoscaling/v2/namespaces/shop/horizontalpodautoscalers", "/apis/apps/v1/namespaces/shop/deployments",
		"/apis/apps/v1/namespaces/shop/statefulsets", "/apis/apps/v1/namespaces/shop/replicasets", "/apis/batch/v1/namespaces/shop/cronjobs"} {
		w.list(p)
	}
	w.list("/api/v1/namespaces/shop/pods", obj{"kind": "Pod", "metadata": obj{"name": "p", "namespace": "shop"}, "spec": obj{"nodeName": "node-a"}})
	r, err := AuditHygiene(context.Background(), w.s, "shop", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Findings) != 0 || r.Audited() != 1 {
		t.Errorf("findings %+v, %d audited", r.Findings, r.Audited())
	}
	if _, err := AuditHygiene(context.Background(), w.s, "shop", Options{Selector: "a=b"}); err == nil {
		t.Error("a selector must be refused")
	}
}

// TestUnusedSecretNameWithheldInMachineMode: an agent learns that an unused Secret exists, never
// its name, in the object or the message.
func TestUnusedSecretNameWithheldInMachineMode(t *testing.T) {
	in := &hygieneInput{names: map[string]map[string][]named{"secrets": {"shop": {{name: "secname-canary"}}}}, refs: map[string]map[string]bool{}}
	for _, machine := range []bool{false, true} {
		fs := in.unusedSecrets("shop", machine)
		if len(fs) != 1 {
			t.Fatalf("machine=%v: %d findings", machine, len(fs))
		}
		shown := strings.Contains(fs[0].Object()+fs[0].Message, "secname-canary")
		if shown == machine {
			t.Errorf("machine=%v: the name shown=%v: %s %s", machine, shown, fs[0].Object(), fs[0].Message)
		}
	}
}
