package audit

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
)

// A synthetic cluster: answers no real server was asked for, built here so that every check
// fires on a named object. Namespace shop holds the findings; namespace locked is one the
// identity may not read.

var testNow = time.Date(2031, 5, 1, 12, 0, 0, 0, time.UTC)

type obj = map[string]any

func rs(group, version, resource, kind string, namespaced bool) synth.Resource {
	return synth.Resource{Group: group, Version: version, Resource: resource, Kind: kind, Namespaced: namespaced, Verbs: []string{"get", "list"}}
}

var baseKinds = []synth.Resource{
	rs("", "v1", "pods", "Pod", true), rs("", "v1", "secrets", "Secret", true), rs("", "v1", "namespaces", "Namespace", false),
	rs("", "v1", "events", "Event", true), rs("apps", "v1", "deployments", "Deployment", true),
	rs("apps", "v1", "statefulsets", "StatefulSet", true), rs("apps", "v1", "daemonsets", "DaemonSet", true),
	rs("apps", "v1", "replicasets", "ReplicaSet", true), rs("batch", "v1", "jobs", "Job", true),
	rs("batch", "v1", "cronjobs", "CronJob", true), rs("policy", "v1", "poddisruptionbudgets", "PodDisruptionBudget", true),
}

var metricsKind = rs("metrics.k8s.io", "v1beta1", "pods", "PodMetrics", true)

// world is a stub registry and a session on it.
type world struct {
	t   *testing.T
	reg *httpstub.Registry
	s   *studioctl.Session
}

func newWorld(t *testing.T, kinds []synth.Resource) *world {
	t.Helper()
	reg := httpstub.New(t)
	api, apis := synth.Discovery(kinds)
	h := http.Header{"Content-Type": {synth.DiscoveryContentType}}
	reg.Add(&httpstub.Stub{Path: "/api", Body: api, Header: h})
	reg.Add(&httpstub.Stub{Path: "/apis", Body: apis, Header: h})
	s, err := studioctl.Open(studioctl.Connection{Host: "k8s.example.com", Token: "synthetic"},
		studioctl.Options{Transport: reg, Now: func() time.Time { return testNow }})
	if err != nil {
		t.Fatal(err)
	}
	return &world{t: t, reg: reg, s: s}
}

// list answers path with items.
func (w *world) list(path string, items ...obj) {
	if items == nil {
		items = []obj{}
	}
	data, err := json.Marshal(obj{"kind": "List", "apiVersion": "v1", "metadata": obj{}, "items": items})
	if err != nil {
		w.t.Fatal(err)
	}
	w.reg.Add(&httpstub.Stub{Path: path, Query: "*", Body: string(data), Header: http.Header{"Content-Type": {"application/json"}}})
}

func (w *world) forbid(path string) {
	w.reg.Add(&httpstub.Stub{Path: path, Query: "*", Status: 403, Header: http.Header{"Content-Type": {"application/json"}},
		Body: `{"kind":"Status","apiVersion":"v1","status":"Failure","reason":"Forbidden","code":403,"message":"synthetic"}`})
}

func meta(name, ns string, extra obj) obj {
	m := obj{"name": name, "namespace": ns, "uid": "uid-" + name, "creationTimestamp": "2031-05-01T11:00:00Z"}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

func owner(kind, name string) obj {
	return obj{"ownerReferences": []any{obj{"apiVersion": "v1", "kind": kind, "name": name, "uid": "uid-" + name, "controller": true}}}
}

// good is a container that passes every container check.
func good(name string) obj {
	return obj{"name": name, "image": "registry.example/" + name + "@sha256:0123", "imagePullPolicy": "IfNotPresent",
		"resources":       obj{"requests": obj{"cpu": "100m", "memory": "64Mi"}, "limits": obj{"cpu": "200m", "memory": "128Mi"}},
		"readinessProbe":  obj{"httpGet": obj{"path": "/ready", "port": 8080}},
		"livenessProbe":   obj{"httpGet": obj{"path": "/live", "port": 8080}},
		"securityContext": obj{"runAsNonRoot": true}}
}

// bad is a container that fails every container check.
func bad(name string) obj {
	return obj{"name": name, "image": "nginx:latest", "imagePullPolicy": "Always",
		"securityContext": obj{"privileged": true, "runAsUser": 0},
		"env": []any{
			obj{"name": "DB", "valueFrom": obj{"secretKeyRef": obj{"name": "db", "key": "password"}}},
			obj{"name": "TOKEN", "valueFrom": obj{"secretKeyRef": obj{"name": "api", "key": "token"}}},
			obj{"name": "OPT", "valueFrom": obj{"secretKeyRef": obj{"name": "gone", "key": "x", "optional": true}}},
		}}
}

func template(labels obj, spec obj) obj {
	return obj{"metadata": obj{"labels": labels}, "spec": spec}
}

func podSpec(containers ...obj) obj {
	list := []any{}
	for _, c := range containers {
		list = append(list, c)
	}
	return obj{"containers": list}
}

func readyPod(name, ns string, extraMeta obj, spec obj, restarts int, statusExtra obj) obj {
	cs := obj{"name": "web", "restartCount": restarts, "ready": true}
	for k, v := range statusExtra {
		cs[k] = v
	}
	return obj{"kind": "Pod", "apiVersion": "v1", "metadata": meta(name, ns, extraMeta), "spec": spec,
		"status": obj{"phase": "Running", "conditions": []any{obj{"type": "Ready", "status": "True"}}, "containerStatuses": []any{cs}}}
}

// shop plants namespace shop: one object per kind of row, and one per check.
func (w *world) shop(ns string) { w.shopExcept(ns) }

// shopExcept plants shop without the named kinds' lists (the test answers them itself).
func (w *world) shopExcept(ns string, skip ...string) {
	list := func(path string, items ...obj) {
		for _, k := range skip {
			if strings.HasSuffix(path, "/"+k) {
				return
			}
		}
		w.list(path, items...)
	}

	p := "/api/v1/namespaces/" + ns + "/"
	a := "/apis/apps/v1/namespaces/" + ns + "/"
	b := "/apis/batch/v1/namespaces/" + ns + "/"
	list(p+"pods",
		readyPod("web-abc-1", ns, owner("ReplicaSet", "web-abc"), podSpec(bad("web")), 5, obj{
			"lastState": obj{"terminated": obj{"reason": "Error", "finishedAt": "2031-05-01T11:50:00Z"}},
			"state":     obj{"waiting": obj{"reason": "CrashLoopBackOff"}}}),
		readyPod("db-0", ns, owner("StatefulSet", "db"), podSpec(good("db")), 0, nil),
		readyPod("canary-x", ns, owner("ReplicaSet", "canary-rs"), podSpec(good("canary")), 0, nil),
		readyPod("orphan-x", ns, owner("ReplicaSet", "orphan-rs"), podSpec(good("orphan")), 0, nil),
		readyPod("gizmo-0", ns, owner("Widget", "gizmo"), podSpec(good("gizmo")), 0, nil),
		readyPod("report-1-x", ns, owner("Job", "report-1"), podSpec(good("report")), 0, nil),
		readyPod("debug", ns, nil, podSpec(good("debug")), 0, nil),
	)
	list(a+"deployments", obj{"kind": "Deployment", "metadata": meta("web", ns, nil),
		"spec": obj{"replicas": 1, "template": template(obj{"app": "web"}, podSpec(bad("web")))}})
	list(a+"statefulsets", obj{"kind": "StatefulSet", "metadata": meta("db", ns, nil),
		"spec": obj{"replicas": 1, "template": template(obj{"app": "db"}, podSpec(good("db")))}})
	hostSpec := podSpec(good("agent"))
	hostSpec["hostNetwork"], hostSpec["hostPID"] = true, true
	hostSpec["volumes"] = []any{obj{"name": "root", "hostPath": obj{"path": "/"}}}
	list(a+"daemonsets", obj{"kind": "DaemonSet", "metadata": meta("agent", ns, nil),
		"spec": obj{"template": template(obj{"app": "agent"}, hostSpec)}, "status": obj{"desiredNumberScheduled": 2}})
	list(a+"replicasets",
		obj{"kind": "ReplicaSet", "metadata": meta("web-abc", ns, owner("Deployment", "web"))},
		obj{"kind": "ReplicaSet", "metadata": meta("canary-rs", ns, owner("Rollout", "canary"))},
		obj{"kind": "ReplicaSet", "metadata": meta("orphan-rs", ns, nil)})
	list(b+"jobs",
		obj{"kind": "Job", "metadata": meta("report-1", ns, owner("CronJob", "report"))},
		obj{"kind": "Job", "metadata": meta("migrate", ns, nil), "spec": obj{"completions": 1, "template": template(nil, podSpec(good("migrate")))}})
	list(b+"cronjobs", obj{"kind": "CronJob", "metadata": meta("report", ns, nil),
		"spec": obj{"jobTemplate": obj{"spec": obj{"template": template(nil, podSpec(good("report")))}}}})
	list("/apis/policy/v1/namespaces/"+ns+"/poddisruptionbudgets", obj{"kind": "PodDisruptionBudget", "metadata": meta("db", ns, nil),
		"spec": obj{"selector": obj{"matchExpressions": []any{obj{"key": "app", "operator": "In", "values": []any{"db"}}}}}})
	list(p+"secrets", obj{"kind": "Secret", "metadata": meta("api", ns, nil), "data": obj{"password": "c2VjcmV0"}})
	list(p+"events", obj{"kind": "Event", "metadata": meta("web-abc-1.1", ns, nil), "type": "Warning", "reason": "BackOff", "count": 7,
		"lastTimestamp": "2031-05-01T11:55:00Z", "involvedObject": obj{"kind": "Pod", "name": "web-abc-1", "namespace": ns}})
}
