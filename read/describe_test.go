package read

import (
	"bytes"
	"context"
	"encoding/base64"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/describe"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/redact"
	"github.com/studioctl/studioctl/statement"
)

// Every object, list and event in these tests is synthetic, built here by hand and named as
// such; the live suite (internal/livetest/cases_describe_test.go) holds what a real server says
// and what kubectl prints from it.

var descNow = time.Date(2026, 1, 15, 10, 0, 0, 0, time.UTC)

// descResources is a synthetic discovery holding every kind describe has a layout for.
var descResources = func() []synth.Resource {
	read := []string{"get", "list", "watch"}
	r := func(group, resource, kind string, namespaced bool, short ...string) synth.Resource {
		return synth.Resource{Group: group, Version: "v1", Resource: resource, Kind: kind, Namespaced: namespaced, Verbs: read, ShortNames: short}
	}
	return []synth.Resource{
		r("", "pods", "Pod", true, "po"),
		r("", "services", "Service", true, "svc"),
		r("", "nodes", "Node", false, "no"),
		r("", "namespaces", "Namespace", false, "ns"),
		r("", "configmaps", "ConfigMap", true, "cm"),
		r("", "secrets", "Secret", true),
		r("", "serviceaccounts", "ServiceAccount", true, "sa"),
		r("", "persistentvolumeclaims", "PersistentVolumeClaim", true, "pvc"),
		r("", "persistentvolumes", "PersistentVolume", false, "pv"),
		r("", "events", "Event", true, "ev"),
		r("", "resourcequotas", "ResourceQuota", true, "quota"),
		r("", "limitranges", "LimitRange", true, "limits"),
		r("apps", "deployments", "Deployment", true, "deploy"),
		r("apps", "replicasets", "ReplicaSet", true, "rs"),
		r("apps", "statefulsets", "StatefulSet", true, "sts"),
		r("apps", "daemonsets", "DaemonSet", true, "ds"),
		r("batch", "jobs", "Job", true),
		r("batch", "cronjobs", "CronJob", true, "cj"),
		r("networking.k8s.io", "ingresses", "Ingress", true, "ing"),
		r("discovery.k8s.io", "endpointslices", "EndpointSlice", true),
		r("coordination.k8s.io", "leases", "Lease", true),
		r("rbac.authorization.k8s.io", "roles", "Role", true),
		r("rbac.authorization.k8s.io", "rolebindings", "RoleBinding", true),
		r("rbac.authorization.k8s.io", "clusterroles", "ClusterRole", false),
		r("rbac.authorization.k8s.io", "clusterrolebindings", "ClusterRoleBinding", false),
		r("events.k8s.io", "events", "Event", true, "ev"),
		r("demo.studioctl.dev", "widgets", "Widget", true, "wg"),
	}
}()

func descSession(t *testing.T) (*reader.Session, *httpstub.Registry) {
	t.Helper()
	reg := httpstub.New(t)
	api, apis := synth.Discovery(descResources)
	h := http.Header{"Content-Type": {synth.DiscoveryContentType}}
	reg.Add(&httpstub.Stub{Path: "/api", Body: api, Header: h})
	reg.Add(&httpstub.Stub{Path: "/apis", Body: apis, Header: h})
	ep, err := kube.Connection{Host: "cluster.example", Port: 6443, Token: "synthetic-token", DefaultNamespace: "shop"}.Validate(kube.Switches{})
	if err != nil {
		t.Fatal(err)
	}
	return &reader.Session{Client: kube.NewClient(ep, kube.Options{Transport: reg, Now: func() time.Time { return descNow }})}, reg
}

func descJSON(path, query, body string) *httpstub.Stub {
	return &httpstub.Stub{Path: path, Query: query, Body: body, Header: http.Header{"Content-Type": {"application/json"}}}
}

// descList is a synthetic list answer.
func descList(items ...string) string {
	return `{"kind":"List","apiVersion":"v1","metadata":{"resourceVersion":"1"},"items":[` + strings.Join(items, ",") + `]}`
}

// descListQuery is the query of a one-page list the reads below make.
func descListQuery(label, field string) string {
	q := "limit=500"
	if label != "" {
		q += "&labelSelector=" + url.QueryEscape(label)
	}
	if field != "" {
		q += "&fieldSelector=" + url.QueryEscape(field)
	}
	return q
}

// descEvent is a synthetic core event: seen three times, first ten minutes and last two minutes
// before the test's clock.
func descEvent(reason, message string) string {
	return `{"metadata":{"name":"e.` + strings.ToLower(reason) + `","namespace":"shop"},"type":"Warning","reason":"` + reason +
		`","message":"` + message + `","count":3,"firstTimestamp":"2026-01-15T09:50:00Z","lastTimestamp":"2026-01-15T09:58:00Z","source":{"component":"kubelet"}}`
}

// descLines runs a statement and returns its output lines with every run of spaces made one, so a
// fact reads "Label: value" whatever the column width.
func descLines(t *testing.T, s *reader.Session, line string, mode printer.RedactMode) (lines []string, stderr string) {
	t.Helper()
	st, err := ParseLine(line)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	res, err := Run(context.Background(), s, st)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	var out, errOut bytes.Buffer
	if err := printer.NewWriter(&out, &errOut, mode).Write(res); err != nil {
		t.Fatal(err)
	}
	space := regexp.MustCompile(` +`)
	for _, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		lines = append(lines, strings.TrimSpace(space.ReplaceAllString(l, " ")))
	}
	return lines, errOut.String()
}

func hasLine(lines []string, want string) bool {
	for _, l := range lines {
		if l == want {
			return true
		}
	}
	return false
}

// descCase is one kind: the statement, the synthetic object, the related reads kubectl's
// describer makes for it, its events (nil: no events read) and the facts kubectl prints for it.
type descCase struct {
	kind    string
	line    string
	path    string // the object's GET path
	object  string
	related []*httpstub.Stub
	// events are read from eventsPath with eventsSelectors (one read each); none when empty.
	eventsPath      string
	eventsSelectors []string
	events          []string
	facts           []string
}

const descPodTemplate = `{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"app","image":"nginx:1.27","ports":[{"containerPort":8080,"protocol":"TCP"}]}]}}`

func descCases() []descCase {
	ev := []string{descEvent("BackOff", "Back-off restarting failed container")}
	evFact := "Warning BackOff 2m (x3 over 10m) kubelet Back-off restarting failed container"
	pod := `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-0","namespace":"shop","uid":"uid-pod","creationTimestamp":"2026-01-15T09:00:00Z",
		"labels":{"app":"web"},"annotations":{"note":"synthetic"},
		"ownerReferences":[{"apiVersion":"apps/v1","kind":"ReplicaSet","name":"web-abc","uid":"uid-rs","controller":true}]},
	"spec":{"nodeName":"node-1","serviceAccountName":"web","priority":0,
		"containers":[{"name":"app","image":"nginx:1.27","ports":[{"containerPort":8080,"protocol":"TCP"}],"command":["sh","-c"],"args":["run"],
			"env":[{"name":"MODE","value":"prod"},{"name":"POD_NAME","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.name"}}},
				{"name":"DB_PASSWORD","valueFrom":{"secretKeyRef":{"name":"db","key":"password"}}}],
			"resources":{"limits":{"cpu":"500m","memory":"256Mi"},"requests":{"cpu":"100m","memory":"64Mi"}},
			"readinessProbe":{"httpGet":{"path":"/healthz","port":8080,"scheme":"HTTP"},"timeoutSeconds":1,"periodSeconds":10,"successThreshold":1,"failureThreshold":3},
			"volumeMounts":[{"name":"data","mountPath":"/data"},{"name":"creds","mountPath":"/creds","readOnly":true}]}],
		"volumes":[{"name":"data","persistentVolumeClaim":{"claimName":"uploads"}},{"name":"creds","secret":{"secretName":"db"}}],
		"tolerations":[{"key":"node.kubernetes.io/not-ready","operator":"Exists","effect":"NoExecute","tolerationSeconds":300}]},
	"status":{"phase":"Running","hostIP":"10.0.0.1","podIP":"10.244.0.5","podIPs":[{"ip":"10.244.0.5"}],"startTime":"2026-01-15T09:00:00Z","qosClass":"Burstable",
		"conditions":[{"type":"Ready","status":"True"}],
		"containerStatuses":[{"name":"app","ready":true,"restartCount":2,"image":"nginx:1.27","imageID":"docker.io/nginx@sha256:abc","containerID":"containerd://abc",
			"state":{"running":{"startedAt":"2026-01-15T09:01:00Z"}},
			"lastState":{"terminated":{"exitCode":1,"reason":"Error","startedAt":"2026-01-15T08:59:00Z","finishedAt":"2026-01-15T09:00:30Z"}}}]}}`

	deployTemplate := `{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"app","image":"nginx:1.27"}]}}`
	rs := func(name, hash, image string, replicas int) string {
		n := string(rune('0' + replicas))
		return `{"metadata":{"name":"` + name + `","namespace":"shop","uid":"uid-` + name + `","creationTimestamp":"2026-01-15T08:00:00Z",
			"ownerReferences":[{"kind":"Deployment","name":"web","uid":"uid-deploy","controller":true}]},
			"spec":{"replicas":` + n + `,"template":{"metadata":{"labels":{"app":"web","pod-template-hash":"` + hash + `"}},"spec":{"containers":[{"name":"app","image":"` + image + `"}]}}},
			"status":{"replicas":` + n + `}}`
	}
	ownedPod := func(name, owner, phase string) string {
		return `{"metadata":{"name":"` + name + `","namespace":"shop","uid":"uid-` + name + `","ownerReferences":[{"kind":"X","name":"o","uid":"` + owner + `","controller":true}]},"status":{"phase":"` + phase + `"}}`
	}
	slice := `{"metadata":{"name":"web-x","namespace":"shop"},"ports":[{"name":"http","port":8080,"protocol":"TCP"}],"endpoints":[
		{"addresses":["10.244.0.1"],"conditions":{"ready":true}},{"addresses":["10.244.0.2"],"conditions":{"ready":true}},
		{"addresses":["10.244.0.3"]},{"addresses":["10.244.0.4"],"conditions":{"ready":false}},{"addresses":["10.244.0.6"],"conditions":{"ready":true}}]}`
	service := `{"apiVersion":"v1","kind":"Service","metadata":{"name":"web","namespace":"shop","uid":"uid-svc","labels":{"app":"web"}},
		"spec":{"selector":{"app":"web"},"type":"ClusterIP","ipFamilyPolicy":"SingleStack","ipFamilies":["IPv4"],"clusterIP":"10.96.0.10","clusterIPs":["10.96.0.10"],
		"ports":[{"name":"http","port":80,"targetPort":8080,"protocol":"TCP"}],"sessionAffinity":"None","internalTrafficPolicy":"Cluster"}}`
	nodePod := func(name, requests, limits string) string {
		return `{"metadata":{"name":"` + name + `","namespace":"shop","creationTimestamp":"2026-01-15T09:00:00Z"},
			"spec":{"containers":[{"name":"c","resources":{"requests":` + requests + `,"limits":` + limits + `}}]},"status":{"phase":"Running"}}`
	}
	secretsTable := `{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{"resourceVersion":"1"},
		"columnDefinitions":[{"name":"Name","type":"string","format":"name"},{"name":"Type","type":"string"},{"name":"Data","type":"string"},{"name":"Age","type":"string"}],
		"rows":[{"cells":["web-token","kubernetes.io/service-account-token",3,"1h"],"object":{"kind":"PartialObjectMetadata","metadata":{"name":"web-token","namespace":"shop",
			"annotations":{"kubernetes.io/service-account.name":"web","kubernetes.io/service-account.uid":"uid-sa"}}}},
			{"cells":["regcred","kubernetes.io/dockerconfigjson",1,"1h"],"object":{"kind":"PartialObjectMetadata","metadata":{"name":"regcred","namespace":"shop"}}}]}`

	sel := func(name, ns, kind, uid string) string { return describe.EventSelector(name, ns, kind, uid) }

	return []descCase{
		{
			kind: "pod", line: "describe pod web-0", path: "/api/v1/namespaces/shop/pods/web-0", object: pod,
			eventsPath: "/api/v1/namespaces/shop/events", eventsSelectors: []string{"involvedObject.name=web-0,involvedObject.namespace=shop,involvedObject.uid=uid-pod"}, events: ev,
			facts: []string{"Name: web-0", "Namespace: shop", "Priority: 0", "Service Account: web", "Node: node-1/10.0.0.1",
				"Start Time: Thu, 15 Jan 2026 09:00:00 +0000", "Labels: app=web", "Annotations: note: synthetic", "Status: Running",
				"IP: 10.244.0.5", "IPs:", "Controlled By: ReplicaSet/web-abc", "Containers:", "app:", "Container ID: containerd://abc",
				"Image: nginx:1.27", "Image ID: docker.io/nginx@sha256:abc", "Port: 8080/TCP", "Host Port: 0/TCP", "Command:", "sh", "-c", "Args:", "run",
				"State: Running", "Started: Thu, 15 Jan 2026 09:01:00 +0000", "Last State: Terminated", "Reason: Error", "Exit Code: 1",
				"Finished: Thu, 15 Jan 2026 09:00:30 +0000", "Ready: True", "Restart Count: 2", "Limits:", "cpu: 500m", "memory: 256Mi", "Requests:", "memory: 64Mi",
				"Readiness: http-get http://:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3",
				"Environment:", "MODE: prod", "POD_NAME: web-0 (v1:metadata.name)",
				"DB_PASSWORD: <set to the key 'password' in secret 'db'> Optional: false",
				"Mounts:", "/creds from creds (ro)", "/data from data (rw)",
				"Conditions:", "Type Status", "Ready True", "Volumes:", "data:",
				"Type: PersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)", "ClaimName: uploads", "ReadOnly: false",
				"Type: Secret (a volume populated by a Secret)", "SecretName: db", "Optional: false",
				"QoS Class: Burstable", "Node-Selectors: <none>", "Tolerations: node.kubernetes.io/not-ready:NoExecute op=Exists for 300s",
				"Events:", "Type Reason Age From Message", "---- ------ ---- ---- -------", evFact},
		},
		{
			kind: "deployment", line: "describe deployment/web", path: "/apis/apps/v1/namespaces/shop/deployments/web",
			object: `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"shop","uid":"uid-deploy","creationTimestamp":"2026-01-15T08:00:00Z","labels":{"app":"web"}},
				"spec":{"replicas":3,"selector":{"matchLabels":{"app":"web"}},"strategy":{"type":"RollingUpdate","rollingUpdate":{"maxUnavailable":"25%","maxSurge":"25%"}},"template":` + deployTemplate + `},
				"status":{"replicas":3,"updatedReplicas":3,"availableReplicas":3,"conditions":[{"type":"Available","status":"True","reason":"MinimumReplicasAvailable"},{"type":"Progressing","status":"True","reason":"NewReplicaSetAvailable"}]}}`,
			related: []*httpstub.Stub{descJSON("/apis/apps/v1/namespaces/shop/replicasets", descListQuery("app=web", ""),
				descList(rs("web-old", "111", "nginx:1.26", 0), rs("web-new", "222", "nginx:1.27", 3)))},
			eventsPath: "/api/v1/namespaces/shop/events", eventsSelectors: []string{sel("web", "shop", "Deployment", "uid-deploy")}, events: ev,
			facts: []string{"Name: web", "Namespace: shop", "CreationTimestamp: Thu, 15 Jan 2026 08:00:00 +0000", "Labels: app=web", "Annotations: <none>",
				"Selector: app=web", "Replicas: 3 desired | 3 updated | 3 total | 3 available | 0 unavailable", "StrategyType: RollingUpdate",
				"MinReadySeconds: 0", "RollingUpdateStrategy: 25% max unavailable, 25% max surge", "Pod Template:", "Labels: app=web", "Containers:", "app:",
				"Image: nginx:1.27", "Port: <none>", "Environment: <none>", "Mounts: <none>", "Volumes: <none>", "Node-Selectors: <none>", "Tolerations: <none>",
				"Conditions:", "Type Status Reason", "Available True MinimumReplicasAvailable", "Progressing True NewReplicaSetAvailable",
				"OldReplicaSets: web-old (0/0 replicas created)", "NewReplicaSet: web-new (3/3 replicas created)", evFact},
		},
		{
			kind: "replicaset", line: "describe rs web-new", path: "/apis/apps/v1/namespaces/shop/replicasets/web-new",
			object: `{"apiVersion":"apps/v1","kind":"ReplicaSet","metadata":{"name":"web-new","namespace":"shop","uid":"uid-rs",
				"ownerReferences":[{"kind":"Deployment","name":"web","uid":"uid-deploy","controller":true}]},
				"spec":{"replicas":3,"selector":{"matchLabels":{"app":"web","pod-template-hash":"222"}},"template":` + descPodTemplate + `},
				"status":{"replicas":3,"conditions":[{"type":"ReplicaFailure","status":"True","reason":"FailedCreate"}]}}`,
			related: []*httpstub.Stub{descJSON("/api/v1/namespaces/shop/pods", descListQuery("app=web,pod-template-hash=222", ""),
				descList(ownedPod("p1", "uid-rs", "Running"), ownedPod("p2", "uid-rs", "Running"), ownedPod("p3", "uid-rs", "Pending"), ownedPod("p4", "uid-other", "Running")))},
			eventsPath: "/api/v1/namespaces/shop/events", eventsSelectors: []string{sel("web-new", "shop", "ReplicaSet", "uid-rs")}, events: ev,
			facts: []string{"Name: web-new", "Selector: app=web,pod-template-hash=222", "Controlled By: Deployment/web", "Replicas: 3 current / 3 desired",
				"Pods Status: 2 Running / 1 Waiting / 0 Succeeded / 0 Failed", "Pod Template:", "Port: 8080/TCP", "Host Port: 0/TCP",
				"Conditions:", "ReplicaFailure True FailedCreate", evFact},
		},
		{
			kind: "statefulset", line: "describe sts db", path: "/apis/apps/v1/namespaces/shop/statefulsets/db",
			object: `{"apiVersion":"apps/v1","kind":"StatefulSet","metadata":{"name":"db","namespace":"shop","uid":"uid-sts","creationTimestamp":"2026-01-15T08:00:00Z"},
				"spec":{"replicas":2,"selector":{"matchLabels":{"app":"db"}},"updateStrategy":{"type":"RollingUpdate","rollingUpdate":{"partition":0}},"template":` + descPodTemplate + `,
				"volumeClaimTemplates":[{"metadata":{"name":"data"},"spec":{"storageClassName":"standard","accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"1Gi"}}}}]},
				"status":{"replicas":2}}`,
			related: []*httpstub.Stub{descJSON("/api/v1/namespaces/shop/pods", descListQuery("app=db", ""),
				descList(ownedPod("db-0", "uid-sts", "Running"), ownedPod("db-1", "uid-sts", "Running")))},
			eventsPath: "/api/v1/namespaces/shop/events", eventsSelectors: []string{sel("db", "shop", "StatefulSet", "uid-sts")}, events: ev,
			facts: []string{"Name: db", "CreationTimestamp: Thu, 15 Jan 2026 08:00:00 +0000", "Selector: app=db", "Replicas: 2 desired | 2 total",
				"Update Strategy: RollingUpdate", "Partition: 0", "Pods Status: 2 Running / 0 Waiting / 0 Succeeded / 0 Failed", "Pod Template:",
				"Volume Claims:", "Name: data", "StorageClass: standard", "Labels: <none>", "Annotations: <none>", "Capacity: 1Gi",
				"Access Modes: [ReadWriteOnce]", evFact},
		},
		{
			kind: "daemonset", line: "describe ds node-exporter", path: "/apis/apps/v1/namespaces/shop/daemonsets/node-exporter",
			object: `{"apiVersion":"apps/v1","kind":"DaemonSet","metadata":{"name":"node-exporter","namespace":"shop","uid":"uid-ds"},
				"spec":{"selector":{"matchLabels":{"app":"node-exporter"}},"template":{"metadata":{"labels":{"app":"node-exporter"}},"spec":{"nodeSelector":{"kubernetes.io/os":"linux"},"containers":[{"name":"x","image":"prom/node-exporter"}]}}},
				"status":{"desiredNumberScheduled":3,"currentNumberScheduled":3,"updatedNumberScheduled":2,"numberAvailable":3,"numberMisscheduled":0}}`,
			related: []*httpstub.Stub{descJSON("/api/v1/namespaces/shop/pods", descListQuery("app=node-exporter", ""),
				descList(ownedPod("n1", "uid-ds", "Running"), ownedPod("n2", "uid-ds", "Failed"), ownedPod("n3", "uid-ds", "Succeeded")))},
			eventsPath: "/api/v1/namespaces/shop/events", eventsSelectors: []string{sel("node-exporter", "shop", "DaemonSet", "uid-ds")}, events: ev,
			facts: []string{"Name: node-exporter", "Selector: app=node-exporter", "Node-Selector: kubernetes.io/os=linux",
				"Desired Number of Nodes Scheduled: 3", "Current Number of Nodes Scheduled: 3", "Number of Nodes Scheduled with Up-to-date Pods: 2",
				"Number of Nodes Scheduled with Available Pods: 3", "Number of Nodes Misscheduled: 0",
				"Pods Status: 1 Running / 0 Waiting / 1 Succeeded / 1 Failed", "Node-Selectors: kubernetes.io/os=linux", evFact},
		},
		{
			kind: "job", line: "describe job migrate", path: "/apis/batch/v1/namespaces/shop/jobs/migrate",
			object: `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"migrate","namespace":"shop","uid":"uid-job",
				"ownerReferences":[{"kind":"CronJob","name":"nightly","uid":"uid-cj","controller":true}]},
				"spec":{"parallelism":1,"completions":1,"completionMode":"NonIndexed","suspend":false,"backoffLimit":6,
				"selector":{"matchLabels":{"batch.kubernetes.io/controller-uid":"uid-job"}},"template":` + descPodTemplate + `},
				"status":{"startTime":"2026-01-15T09:00:00Z","completionTime":"2026-01-15T09:00:45Z","succeeded":1,"ready":0}}`,
			eventsPath: "/api/v1/namespaces/shop/events", eventsSelectors: []string{sel("migrate", "shop", "Job", "uid-job")}, events: ev,
			facts: []string{"Name: migrate", "Selector: batch.kubernetes.io/controller-uid=uid-job", "Controlled By: CronJob/nightly", "Parallelism: 1",
				"Completions: 1", "Completion Mode: NonIndexed", "Suspend: false", "Backoff Limit: 6", "Start Time: Thu, 15 Jan 2026 09:00:00 +0000",
				"Completed At: Thu, 15 Jan 2026 09:00:45 +0000", "Duration: 45s", "Pods Statuses: 0 Active (0 Ready) / 1 Succeeded / 0 Failed", "Pod Template:", evFact},
		},
		{
			kind: "cronjob", line: "describe cronjob nightly", path: "/apis/batch/v1/namespaces/shop/cronjobs/nightly",
			object: `{"apiVersion":"batch/v1","kind":"CronJob","metadata":{"name":"nightly","namespace":"shop","uid":"uid-cj"},
				"spec":{"schedule":"0 2 * * *","concurrencyPolicy":"Forbid","suspend":false,"successfulJobsHistoryLimit":3,"failedJobsHistoryLimit":1,
				"jobTemplate":{"spec":{"template":` + descPodTemplate + `}}},
				"status":{"lastScheduleTime":"2026-01-15T02:00:00Z","active":[{"kind":"Job","name":"nightly-123","namespace":"shop"}]}}`,
			eventsPath: "/api/v1/namespaces/shop/events", eventsSelectors: []string{sel("nightly", "shop", "CronJob", "uid-cj")}, events: ev,
			facts: []string{"Name: nightly", "Schedule: 0 2 * * *", "Concurrency Policy: Forbid", "Suspend: False", "Successful Job History Limit: 3",
				"Failed Job History Limit: 1", "Starting Deadline Seconds: <unset>", "Selector: <unset>", "Parallelism: <unset>", "Completions: <unset>",
				"Pod Template:", "Last Schedule Time: Thu, 15 Jan 2026 02:00:00 +0000", "Active Jobs: nightly-123", evFact},
		},
		{
			kind: "service", line: "describe svc web", path: "/api/v1/namespaces/shop/services/web", object: service,
			related:    []*httpstub.Stub{descJSON("/apis/discovery.k8s.io/v1/namespaces/shop/endpointslices", descListQuery("kubernetes.io/service-name=web", ""), descList(slice))},
			eventsPath: "/api/v1/namespaces/shop/events", eventsSelectors: []string{sel("web", "shop", "Service", "uid-svc")}, events: ev,
			facts: []string{"Name: web", "Labels: app=web", "Selector: app=web", "Type: ClusterIP", "IP Family Policy: SingleStack", "IP Families: IPv4",
				"IP: 10.96.0.10", "IPs: 10.96.0.10", "Port: http 80/TCP", "TargetPort: 8080/TCP",
				"Endpoints: 10.244.0.1:8080,10.244.0.2:8080,10.244.0.3:8080 + 1 more...", "Session Affinity: None", "Internal Traffic Policy: Cluster", evFact},
		},
		{
			kind: "node", line: "describe node node-1", path: "/api/v1/nodes/node-1",
			object: `{"apiVersion":"v1","kind":"Node","metadata":{"name":"node-1","uid":"uid-node","creationTimestamp":"2026-01-15T08:00:00Z",
				"labels":{"node-role.kubernetes.io/control-plane":"","kubernetes.io/hostname":"node-1"}},
				"spec":{"taints":[{"key":"dedicated","value":"gpu","effect":"NoSchedule"}],"podCIDR":"10.244.0.0/24","podCIDRs":["10.244.0.0/24"]},
				"status":{"conditions":[{"type":"Ready","status":"True","lastHeartbeatTime":"2026-01-15T09:59:00Z","lastTransitionTime":"2026-01-15T08:00:00Z","reason":"KubeletReady","message":"kubelet is posting ready status"}],
				"addresses":[{"type":"InternalIP","address":"10.0.0.1"},{"type":"Hostname","address":"node-1"}],
				"capacity":{"cpu":"4","memory":"8Gi","pods":"110","ephemeral-storage":"100Gi"},"allocatable":{"cpu":"4","memory":"8Gi","pods":"110","ephemeral-storage":"100Gi"},
				"nodeInfo":{"machineID":"m","systemUUID":"s","bootID":"b","kernelVersion":"6.1","osImage":"Linux","operatingSystem":"linux","architecture":"amd64",
				"containerRuntimeVersion":"containerd://2.0","kubeletVersion":"v1.33.0","kubeProxyVersion":"v1.33.0"}}}`,
			related: []*httpstub.Stub{
				serverVersionStub("33"), // kubectl 1.33 prints Kube-Proxy Version
				descJSON("/api/v1/pods", descListQuery("", "spec.nodeName=node-1,status.phase!=Succeeded,status.phase!=Failed"),
					descList(nodePod("a", `{"cpu":"100m","memory":"64Mi"}`, `{"cpu":"500m","memory":"256Mi"}`), nodePod("b", `{"cpu":"250m","memory":"128Mi"}`, `{}`))),
				descJSON("/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/node-1", "",
					`{"apiVersion":"coordination.k8s.io/v1","kind":"Lease","metadata":{"name":"node-1","namespace":"kube-node-lease"},"spec":{"holderIdentity":"node-1","renewTime":"2026-01-15T09:59:50.000000Z"}}`),
			},
			eventsPath: "/api/v1/events", eventsSelectors: []string{
				"involvedObject.kind=Node,involvedObject.name=node-1,involvedObject.namespace=,involvedObject.uid=uid-node",
				"involvedObject.kind=Node,involvedObject.name=node-1,involvedObject.namespace=,involvedObject.uid=node-1"},
			events: ev,
			facts: []string{"Name: node-1", "Roles: control-plane", "Labels: kubernetes.io/hostname=node-1", "node-role.kubernetes.io/control-plane=",
				"CreationTimestamp: Thu, 15 Jan 2026 08:00:00 +0000", "Taints: dedicated=gpu:NoSchedule", "Unschedulable: false", "Lease:",
				"HolderIdentity: node-1", "AcquireTime: <unset>", "RenewTime: Thu, 15 Jan 2026 09:59:50 +0000",
				"Conditions:", "Type Status LastHeartbeatTime LastTransitionTime Reason Message",
				"Ready True Thu, 15 Jan 2026 09:59:00 +0000 Thu, 15 Jan 2026 08:00:00 +0000 KubeletReady kubelet is posting ready status",
				"Addresses:", "InternalIP: 10.0.0.1", "Hostname: node-1", "Capacity:", "cpu: 4", "memory: 8Gi", "pods: 110", "Allocatable:",
				"System Info:", "Machine ID: m", "Kubelet Version: v1.33.0", "Kube-Proxy Version: v1.33.0", "PodCIDR: 10.244.0.0/24", "PodCIDRs: 10.244.0.0/24",
				"Non-terminated Pods: (2 in total)", "Namespace Name CPU Requests CPU Limits Memory Requests Memory Limits Age",
				"shop a 100m (2%) 500m (12%) 64Mi (0%) 256Mi (3%) 60m", "shop b 250m (6%) 0 (0%) 128Mi (1%) 0 (0%) 60m",
				"Allocated resources:", "(Total limits may be over 100 percent, i.e., overcommitted.)", "Resource Requests Limits",
				"cpu 350m (8%) 500m (12%)", "memory 192Mi (2%) 256Mi (3%)", "ephemeral-storage 0 (0%) 0 (0%)", evFact},
		},
		{
			kind: "namespace", line: "describe ns shop", path: "/api/v1/namespaces/shop",
			object: `{"apiVersion":"v1","kind":"Namespace","metadata":{"name":"shop","uid":"uid-ns","labels":{"kubernetes.io/metadata.name":"shop"}},"status":{"phase":"Active"}}`,
			related: []*httpstub.Stub{
				descJSON("/api/v1/namespaces/shop/resourcequotas", descListQuery("", ""),
					descList(`{"metadata":{"name":"compute"},"spec":{"hard":{"cpu":"4","pods":"10"}},"status":{"hard":{"cpu":"4","pods":"10"},"used":{"cpu":"1","pods":"3"}}}`)),
				descJSON("/api/v1/namespaces/shop/limitranges", descListQuery("", ""),
					descList(`{"metadata":{"name":"defaults"},"spec":{"limits":[{"type":"Container","default":{"cpu":"500m"},"defaultRequest":{"cpu":"100m"},"max":{"cpu":"2"}}]}}`)),
			},
			facts: []string{"Name: shop", "Labels: kubernetes.io/metadata.name=shop", "Annotations: <none>", "Status: Active", "Resource Quotas", "Name: compute",
				"Resource Used Hard", "cpu 1 4", "pods 3 10", "Resource Limits",
				"Type Resource Min Max Default Request Default Limit Max Limit/Request Ratio", "Container cpu - 2 100m 500m -"},
		},
		{
			kind: "configmap", line: "describe cm web-config", path: "/api/v1/namespaces/shop/configmaps/web-config",
			object: `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"web-config","namespace":"shop","uid":"uid-cm"},
				"data":{"nginx.conf":"server {\n  listen 8080;\n}\n","mode":"prod"},"binaryData":{"logo.png":"AQIDBAU="}}`,
			eventsPath: "/api/v1/namespaces/shop/events", eventsSelectors: []string{sel("web-config", "shop", "ConfigMap", "uid-cm")},
			facts: []string{"Name: web-config", "Data", "====", "mode:", "----", "prod", "nginx.conf:", "server {", "listen 8080;", "}",
				"BinaryData", "logo.png: 5 bytes", "Events: <none>"},
		},
		{
			kind: "secret", line: "describe secret db-credentials", path: "/api/v1/namespaces/shop/secrets/db-credentials",
			object: `{"apiVersion":"v1","kind":"Secret","metadata":{"name":"db-credentials","namespace":"shop","uid":"uid-secret","labels":{"app":"db"}},"type":"Opaque",
				"data":{"password":"` + base64.StdEncoding.EncodeToString([]byte("correct-horse-battery")) + `","username":"YXBw"}}`,
			facts: []string{"Name: db-credentials", "Namespace: shop", "Labels: app=db", "Type: Opaque", "Data", "====", "password: 21 bytes", "username: 3 bytes"},
		},
		{
			kind: "serviceaccount", line: "describe sa web", path: "/api/v1/namespaces/shop/serviceaccounts/web",
			object: `{"apiVersion":"v1","kind":"ServiceAccount","metadata":{"name":"web","namespace":"shop","uid":"uid-sa"},
				"secrets":[{"name":"web-token"}],"imagePullSecrets":[{"name":"regcred"},{"name":"missing-pull"}]}`,
			related: []*httpstub.Stub{{Path: "/api/v1/namespaces/shop/secrets", Query: "limit=500&includeObject=Metadata", Body: secretsTable,
				Header: http.Header{"Content-Type": {"application/json"}}}},
			eventsPath: "/api/v1/namespaces/shop/events", eventsSelectors: []string{sel("web", "shop", "ServiceAccount", "uid-sa")}, events: ev,
			facts: []string{"Name: web", "Image pull secrets: regcred", "missing-pull (not found)", "Mountable secrets: web-token", "Tokens: web-token", evFact},
		},
		{
			kind: "ingress", line: "describe ingress web", path: "/apis/networking.k8s.io/v1/namespaces/shop/ingresses/web",
			object: `{"apiVersion":"networking.k8s.io/v1","kind":"Ingress","metadata":{"name":"web","namespace":"shop","uid":"uid-ing"},
				"spec":{"ingressClassName":"nginx","tls":[{"hosts":["shop.example.com"],"secretName":"shop-tls"}],
				"rules":[{"host":"shop.example.com","http":{"paths":[{"path":"/","pathType":"Prefix","backend":{"service":{"name":"web","port":{"number":80}}}}]}}]},
				"status":{"loadBalancer":{"ingress":[{"ip":"192.0.2.10"}]}}}`,
			related: []*httpstub.Stub{
				descJSON("/apis/discovery.k8s.io/v1/namespaces/shop/endpointslices", descListQuery("kubernetes.io/service-name=web", ""),
					descList(`{"metadata":{"name":"web-x"},"ports":[{"name":"http","port":8080}],"endpoints":[{"addresses":["10.244.0.1"]}]}`)),
				descJSON("/api/v1/namespaces/shop/services/web", "", service),
			},
			eventsPath: "/api/v1/namespaces/shop/events", eventsSelectors: []string{sel("web", "shop", "Ingress", "uid-ing")}, events: ev,
			facts: []string{"Name: web", "Labels: <none>", "Namespace: shop", "Address: 192.0.2.10", "Ingress Class: nginx", "Default backend: <default>",
				"TLS:", "shop-tls terminates shop.example.com", "Rules:", "Host Path Backends", "---- ---- --------", "shop.example.com",
				"/ web:80 (10.244.0.1:8080)", "Annotations: <none>", evFact},
		},
		{
			kind: "persistentvolumeclaim", line: "describe pvc uploads", path: "/api/v1/namespaces/shop/persistentvolumeclaims/uploads",
			object: `{"apiVersion":"v1","kind":"PersistentVolumeClaim","metadata":{"name":"uploads","namespace":"shop","uid":"uid-pvc","finalizers":["kubernetes.io/pvc-protection"]},
				"spec":{"storageClassName":"standard","volumeName":"pv-uploads","volumeMode":"Filesystem","accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"1Gi"}}},
				"status":{"phase":"Bound","accessModes":["ReadWriteOnce"],"capacity":{"storage":"1Gi"}}}`,
			related:    []*httpstub.Stub{descJSON("/api/v1/namespaces/shop/pods", descListQuery("", ""), descList(pod))},
			eventsPath: "/api/v1/namespaces/shop/events", eventsSelectors: []string{sel("uploads", "shop", "PersistentVolumeClaim", "uid-pvc")}, events: ev,
			facts: []string{"Name: uploads", "Namespace: shop", "StorageClass: standard", "Status: Bound", "Volume: pv-uploads",
				"Finalizers: [kubernetes.io/pvc-protection]", "Capacity: 1Gi", "Access Modes: RWO", "VolumeMode: Filesystem", "Used By: web-0", evFact},
		},
		{
			kind: "persistentvolume", line: "describe pv pv-uploads", path: "/api/v1/persistentvolumes/pv-uploads",
			object: `{"apiVersion":"v1","kind":"PersistentVolume","metadata":{"name":"pv-uploads","uid":"uid-pv","finalizers":["kubernetes.io/pv-protection"]},
				"spec":{"capacity":{"storage":"1Gi"},"accessModes":["ReadWriteOnce"],"persistentVolumeReclaimPolicy":"Retain","storageClassName":"standard",
				"claimRef":{"namespace":"shop","name":"uploads"},"hostPath":{"path":"/data/uploads","type":"DirectoryOrCreate"},"volumeMode":"Filesystem"},
				"status":{"phase":"Bound"}}`,
			eventsPath: "/api/v1/events", eventsSelectors: []string{sel("pv-uploads", "", "PersistentVolume", "uid-pv")}, events: ev,
			facts: []string{"Name: pv-uploads", "Finalizers: [kubernetes.io/pv-protection]", "StorageClass: standard", "Status: Bound", "Claim: shop/uploads",
				"Reclaim Policy: Retain", "Access Modes: RWO", "VolumeMode: Filesystem", "Capacity: 1Gi", "Node Affinity: <none>", "Message:", "Source:",
				"Type: HostPath (bare host directory volume)", "Path: /data/uploads", "HostPathType: DirectoryOrCreate", evFact},
		},
		{
			kind: "role", line: "describe role pod-reader", path: "/apis/rbac.authorization.k8s.io/v1/namespaces/shop/roles/pod-reader",
			object: `{"apiVersion":"rbac.authorization.k8s.io/v1","kind":"Role","metadata":{"name":"pod-reader","namespace":"shop","uid":"uid-role"},
				"rules":[{"apiGroups":[""],"resources":["pods","pods/log"],"verbs":["get","list"]},{"apiGroups":["apps"],"resources":["deployments"],"verbs":["get"],"resourceNames":["web"]}]}`,
			facts: []string{"Name: pod-reader", "Labels: <none>", "Annotations: <none>", "PolicyRule:", "Resources Non-Resource URLs Resource Names Verbs",
				"--------- ----------------- -------------- -----", "pods [] [] [get list]", "pods/log [] [] [get list]", "deployments.apps [] [web] [get]"},
		},
		{
			kind: "rolebinding", line: "describe rolebinding web-pod-reader", path: "/apis/rbac.authorization.k8s.io/v1/namespaces/shop/rolebindings/web-pod-reader",
			object: `{"apiVersion":"rbac.authorization.k8s.io/v1","kind":"RoleBinding","metadata":{"name":"web-pod-reader","namespace":"shop","uid":"uid-rb"},
				"roleRef":{"apiGroup":"rbac.authorization.k8s.io","kind":"Role","name":"pod-reader"},
				"subjects":[{"kind":"ServiceAccount","name":"web","namespace":"shop"},{"kind":"User","apiGroup":"rbac.authorization.k8s.io","name":"alice"}]}`,
			facts: []string{"Name: web-pod-reader", "Role:", "Kind: Role", "Name: pod-reader", "Subjects:", "Kind Name Namespace", "---- ---- ---------",
				"ServiceAccount web shop", "User alice"},
		},
		{
			kind: "clusterrole", line: "describe clusterrole health-reader", path: "/apis/rbac.authorization.k8s.io/v1/clusterroles/health-reader",
			object: `{"apiVersion":"rbac.authorization.k8s.io/v1","kind":"ClusterRole","metadata":{"name":"health-reader","uid":"uid-cr"},
				"rules":[{"nonResourceURLs":["/healthz","/readyz"],"verbs":["get"]},{"apiGroups":[""],"resources":["nodes"],"verbs":["get","list","watch"]}]}`,
			facts: []string{"Name: health-reader", "PolicyRule:", "nodes [] [] [get list watch]", "[/healthz] [] [get]", "[/readyz] [] [get]"},
		},
		{
			kind: "clusterrolebinding", line: "describe clusterrolebinding health-readers", path: "/apis/rbac.authorization.k8s.io/v1/clusterrolebindings/health-readers",
			object: `{"apiVersion":"rbac.authorization.k8s.io/v1","kind":"ClusterRoleBinding","metadata":{"name":"health-readers","uid":"uid-crb"},
				"roleRef":{"apiGroup":"rbac.authorization.k8s.io","kind":"ClusterRole","name":"health-reader"},"subjects":[{"kind":"Group","name":"devs"}]}`,
			facts: []string{"Name: health-readers", "Role:", "Kind: ClusterRole", "Name: health-reader", "Subjects:", "Group devs"},
		},
		{
			kind: "custom resource (generic)", line: "describe widget gizmo", path: "/apis/demo.studioctl.dev/v1/namespaces/shop/widgets/gizmo",
			object: `{"apiVersion":"demo.studioctl.dev/v1","kind":"Widget","metadata":{"name":"gizmo","namespace":"shop","uid":"uid-widget","generation":2,
				"creationTimestamp":"2026-01-15T08:00:00Z","managedFields":[{"manager":"kubectl"}]},
				"spec":{"size":3,"colour":"blue","maxReplicas":5,"ports":[{"name":"http","port":80}],"tags":["a","b"]},
				"status":{"conditions":[{"type":"Ready","status":"True","reason":"Reconciled"}]}}`,
			eventsPath: "/api/v1/namespaces/shop/events", eventsSelectors: []string{sel("gizmo", "shop", "Widget", "uid-widget")}, events: ev,
			facts: []string{"Name: gizmo", "Namespace: shop", "Labels: <none>", "Annotations: <none>", "API Version: demo.studioctl.dev/v1", "Kind: Widget",
				"Metadata:", "Creation Timestamp: 2026-01-15T08:00:00Z", "Generation: 2", "UID: uid-widget", "Spec:", "Colour: blue", "Max Replicas: 5",
				"Ports:", "Name: http", "Port: 80", "Size: 3", "Tags:", "a", "b", "Status:", "Conditions:", "Reason: Reconciled", "Type: Ready", evFact},
		},
	}
}

// TestDescribeEveryKind reads each kind from synthetic answers and checks that the facts kubectl
// describe prints for it are printed, that exactly the reads kubectl's describer makes were made
// (a stub never used fails the test), and that events are read with kubectl's field selector.
func TestDescribeEveryKind(t *testing.T) {
	for _, c := range descCases() {
		t.Run(c.kind, func(t *testing.T) {
			s, reg := descSession(t)
			reg.Add(descJSON(c.path, "", c.object))
			for _, r := range c.related {
				if r.Header == nil {
					r.Header = http.Header{"Content-Type": {"application/json"}}
				}
				reg.Add(r)
			}
			for _, sel := range c.eventsSelectors {
				reg.Add(descJSON(c.eventsPath, descListQuery("", sel), descList(c.events...)))
			}
			lines, stderr := descLines(t, s, c.line, printer.People)
			if stderr != "" {
				t.Errorf("stderr: %s", stderr)
			}
			for _, f := range c.facts {
				if !hasLine(lines, f) {
					t.Errorf("missing %q in:\n%s", f, strings.Join(lines, "\n"))
				}
			}
			if c.events == nil && c.eventsSelectors == nil && hasLine(lines, "Events:") {
				t.Errorf("kubectl prints no Events section for a %s", c.kind)
			}
			if strings.Count(strings.Join(lines, "\n"), "Events:") > 1 {
				t.Errorf("two Events sections")
			}
		})
	}
}

// TestDescribeSecretValuesNeverShown: neither a plain value nor its base64 form reaches the
// output, in either mode, a service-account token included, whatever the annotations hold.
func TestDescribeSecretValuesNeverShown(t *testing.T) {
	const plain = "Zq-CANARY-plain-value-7731"
	enc := base64.StdEncoding.EncodeToString([]byte(plain))
	for _, typ := range []string{"Opaque", "kubernetes.io/service-account-token"} {
		obj := `{"apiVersion":"v1","kind":"Secret","metadata":{"name":"db","namespace":"shop","uid":"u",
			"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"data\":{\"token\":\"` + enc + `\"}}","note":"` + plain + `"}},
			"type":"` + typ + `","data":{"token":"` + enc + `","ca.crt":"` + enc + `"},"stringData":{"token":"` + plain + `"}}`
		for _, mode := range []printer.RedactMode{printer.People, printer.Machine} {
			s, reg := descSession(t)
			reg.Add(descJSON("/api/v1/namespaces/shop/secrets/db", "", obj))
			lines, stderr := descLines(t, s, "describe secret db", mode)
			out := strings.Join(lines, "\n") + stderr
			for _, v := range []string{plain, enc, enc[:16], "CANARY"} {
				if strings.Contains(out, v) {
					t.Errorf("%s, mode %d: a value reached the output (%q):\n%s", typ, mode, v, out)
				}
			}
			want := "token: 26 bytes"
			if mode == printer.Machine {
				want = "token: " + redact.Masked
			}
			if !hasLine(lines, want) || !hasLine(lines, "Type: "+typ) {
				t.Errorf("%s, mode %d: keys and sizes not listed:\n%s", typ, mode, out)
			}
		}
	}
}

// TestDescribeMachineMasksAtPrint: the reads use the real object (the events are found by the
// real name and uid), and only the printed text is masked: a Secret's name, annotation values,
// env values, command and args, ConfigMap data, a volume's Secret name and a service account's
// token names.
func TestDescribeMachineMasksAtPrint(t *testing.T) {
	s, reg := descSession(t)
	pod := descCases()[0]
	reg.Add(descJSON(pod.path, "", pod.object))
	reg.Add(descJSON(pod.eventsPath, descListQuery("", pod.eventsSelectors[0]), descList(pod.events...)))
	lines, _ := descLines(t, s, "describe pod web-0", printer.Machine)
	for _, want := range []string{"Name: web-0", "Annotations: note: <redacted>", "MODE: <redacted>", "<redacted>", "SecretName: <redacted>",
		"DB_PASSWORD: <set to the key 'password' in secret '<redacted>'> Optional: false", "Image: nginx:1.27"} {
		if !hasLine(lines, want) {
			t.Errorf("machine mode: missing %q in:\n%s", want, strings.Join(lines, "\n"))
		}
	}
	for _, leak := range []string{"prod", "synthetic", "sh", "run"} {
		if hasLine(lines, leak) || hasLine(lines, "Annotations: note: "+leak) || hasLine(lines, "MODE: "+leak) {
			t.Errorf("machine mode printed %q", leak)
		}
	}

	s, reg = descSession(t)
	reg.Add(descJSON("/api/v1/namespaces/shop/secrets/db", "", `{"kind":"Secret","apiVersion":"v1","metadata":{"name":"db","namespace":"shop"},"type":"Opaque","data":{"k":"dg=="}}`))
	lines, _ = descLines(t, s, "describe secret db", printer.Machine)
	if !hasLine(lines, "Name: <redacted>") || hasLine(lines, "Name: db") {
		t.Errorf("machine mode keeps a Secret's name:\n%s", strings.Join(lines, "\n"))
	}

	s, reg = descSession(t)
	cm := descCases()[10]
	reg.Add(descJSON(cm.path, "", cm.object))
	reg.Add(descJSON(cm.eventsPath, descListQuery("", cm.eventsSelectors[0]), descList()))
	lines, _ = descLines(t, s, "describe cm web-config", printer.Machine)
	if hasLine(lines, "prod") || hasLine(lines, "listen 8080;") || !hasLine(lines, "logo.png: <redacted>") {
		t.Errorf("machine mode shows ConfigMap data:\n%s", strings.Join(lines, "\n"))
	}

	s, reg = descSession(t)
	sa := descCases()[12]
	reg.Add(descJSON(sa.path, "", sa.object))
	for _, r := range sa.related {
		reg.Add(r)
	}
	reg.Add(descJSON(sa.eventsPath, descListQuery("", sa.eventsSelectors[0]), descList()))
	lines, _ = descLines(t, s, "describe sa web", printer.Machine)
	out := strings.Join(lines, "\n")
	if strings.Contains(out, "web-token") || strings.Contains(out, "regcred") || !hasLine(lines, "Tokens: <redacted>") {
		t.Errorf("machine mode shows Secret names of a service account:\n%s", out)
	}
}

// TestDescribeEventsNotReadable: a 403 on the events leaves the section out and says so on stderr.
func TestDescribeEventsNotReadable(t *testing.T) {
	s, reg := descSession(t)
	c := descCases()[5]
	reg.Add(descJSON(c.path, "", c.object))
	reg.Add(&httpstub.Stub{Path: c.eventsPath, Query: descListQuery("", c.eventsSelectors[0]), Status: 403, Body: `{"kind":"Status","reason":"Forbidden","message":"synthetic"}`})
	lines, stderr := descLines(t, s, c.line, printer.People)
	if hasLine(lines, "Events: <none>") || hasLine(lines, "Events:") {
		t.Errorf("an Events section was printed though none were read")
	}
	if !strings.HasPrefix(stderr, "Events: not shown") || strings.Contains(stderr, "synthetic") {
		t.Errorf("stderr = %q", stderr)
	}
}

func TestDescribeRefusals(t *testing.T) {
	for line, want := range map[string]string{
		"describe pod/a b":          statement.CodeUsage,
		"describe pod,svc web":      statement.CodeUsage,
		"describe pod/":             statement.CodeUsage,
		"describe pod web -o yaml":  statement.CodeFlagNotInV1,
		"describe pod web -l app=x": statement.CodeUsage,
		"describe pod/a pod":        statement.CodeUsage,
		"describe pod/a svc/b":      statement.CodeUsage,
	} {
		_, err := ParseLine(line)
		if got := code(t, err); got != want {
			t.Errorf("%s: code %q, want %q", line, got, want)
		}
	}
}

func TestDescribeAge(t *testing.T) {
	for d, want := range map[time.Duration]string{
		-2 * time.Second: "<invalid>", -500 * time.Millisecond: "0s", 5 * time.Second: "5s", 119 * time.Second: "119s",
		2 * time.Minute: "2m", 200 * time.Second: "3m20s", 10 * time.Minute: "10m", 179 * time.Minute: "179m", 3 * time.Hour: "3h",
		3*time.Hour + 5*time.Minute: "3h5m", 8 * time.Hour: "8h", 47 * time.Hour: "47h", 51 * time.Hour: "2d3h", 48 * time.Hour: "2d",
		8 * 24 * time.Hour: "8d", 400 * 24 * time.Hour: "400d", 3 * 365 * 24 * time.Hour: "3y", (3*365 + 10) * 24 * time.Hour: "3y10d",
		9 * 365 * 24 * time.Hour: "9y",
	} {
		if got := printer.HumanDuration(d); got != want {
			t.Errorf("HumanDuration(%v) = %q, want %q", d, got, want)
		}
	}
}

// TestDescribeValuesCannotAddColumnsOrLines: a tab or a line break inside a value is escaped, so
// it neither shifts the aligned columns nor starts a line of its own.
func TestDescribeValuesCannotAddColumnsOrLines(t *testing.T) {
	s, reg := descSession(t)
	reg.Add(descJSON("/api/v1/namespaces/shop/secrets/x", "", `{"kind":"Secret","apiVersion":"v1","metadata":{"name":"x","namespace":"shop","labels":{"a":"b\tc\nName: forged"}},"type":"Opaque"}`))
	lines, _ := descLines(t, s, "describe secret x", printer.People)
	if hasLine(lines, "Name: forged") || !hasLine(lines, `Labels: a=b\tc\x0aName: forged`) {
		t.Errorf("a value laid out lines of its own:\n%s", strings.Join(lines, "\n"))
	}
}

// A rule that reaches Secrets keeps no resource names in machine mode, whatever else it lists
// (the core group beside apps), however it spells the resource (Secrets, secrets/status).
func TestDescribeRoleHidesSecretNamesInMachineMode(t *testing.T) {
	obj := `{"apiVersion":"rbac.authorization.k8s.io/v1","kind":"Role","metadata":{"name":"mixed","namespace":"shop","uid":"uid-mixed"},
		"rules":[{"apiGroups":["","apps"],"resources":["secrets","deployments"],"verbs":["get"],"resourceNames":["rolesec-one"]},
			{"apiGroups":[""],"resources":["Secrets/status"],"verbs":["get"],"resourceNames":["rolesec-two"]},
			{"apiGroups":["apps"],"resources":["deployments"],"verbs":["get"],"resourceNames":["web"]}]}`
	for _, mode := range []printer.RedactMode{printer.People, printer.Machine} {
		s, reg := descSession(t)
		reg.Add(descJSON("/apis/rbac.authorization.k8s.io/v1/namespaces/shop/roles/mixed", "", obj))
		lines, _ := descLines(t, s, "describe role mixed", mode)
		out := strings.Join(lines, "\n")
		leaked := strings.Contains(out, "rolesec-")
		if mode == printer.Machine && (leaked || !strings.Contains(out, "[web]")) {
			t.Errorf("machine mode: a Secret's name printed, or another kind's name hidden:\n%s", out)
		}
		if mode == printer.People && !leaked {
			t.Errorf("people mode hides the names:\n%s", out)
		}
	}
}

// In machine mode describe secrets PREFIX answers as a name that matches nothing does: a prefix
// would otherwise tell a Secret's masked name one character at a time. People mode keeps
// kubectl's prefix search.
func TestDescribeSecretPrefixIsNoOracleInMachineMode(t *testing.T) {
	list := `{"kind":"SecretList","apiVersion":"v1","metadata":{},"items":[{"kind":"Secret","apiVersion":"v1","metadata":{"name":"db-credentials","namespace":"shop","uid":"u"},"type":"Opaque","data":{"k":"dg=="}}]}`
	notFound := `{"kind":"Status","apiVersion":"v1","status":"Failure","reason":"NotFound","code":404}`
	for _, prefix := range []string{"db-", "zz"} {
		for _, mode := range []printer.RedactMode{printer.People, printer.Machine} {
			s, reg := descSession(t)
			s.Machine = mode == printer.Machine
			reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/secrets/" + prefix, Status: 404, Body: notFound, Header: http.Header{"Content-Type": {"application/json"}}})
			if mode == printer.People {
				reg.Add(descJSON("/api/v1/namespaces/shop/secrets", "limit=500", list))
				if prefix == "db-" {
					reg.JSON("/version", "", `{"gitVersion":"v1.37.2"}`)
				}
			}
			res, err := runLine(context.Background(), s, "describe secrets "+prefix)
			found := err == nil && res.Describe != nil
			if want := mode == printer.People && prefix == "db-"; found != want {
				t.Errorf("describe secrets %s, mode %d: found %v (err %v)", prefix, mode, found, err)
			}
			// Machine mode: the same refusal whether or not a name starts with the prefix.
			if e, ok := fault.As(err); mode == printer.Machine && (!ok || e.Code != describe.CodeSecretPrefix || e.Class != fault.Refused) {
				t.Errorf("describe secrets %s, machine mode: %v", prefix, err)
			}
		}
	}
}
