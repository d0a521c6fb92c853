package redact

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A pod spec with one of everything machine mode masks, and the same spec masked.
const podSpecIn = `{
	"serviceAccountName":"web",
	"imagePullSecrets":[{"name":"regcred"}],
	"containers":[{
		"name":"app","image":"shop/web:1.2",
		"command":["/bin/sh","-c","run --password=hunter2"],
		"args":["--token","abc"],
		"env":[
			{"name":"MODE","value":"prod"},
			{"name":"DB_PASSWORD","valueFrom":{"secretKeyRef":{"name":"db-creds","key":"password"}}},
			{"name":"LEVEL","valueFrom":{"configMapKeyRef":{"name":"app-config","key":"level"}}}],
		"envFrom":[{"secretRef":{"name":"app-env"}},{"configMapRef":{"name":"app-config"}}],
		"livenessProbe":{"exec":{"command":["cat","/tmp/healthy"]}},
		"readinessProbe":{"httpGet":{"path":"/ready","port":8080,"httpHeaders":[{"name":"Authorization","value":"Bearer abc"}]}},
		"startupProbe":{"exec":{"command":["check"]}},
		"lifecycle":{"postStart":{"exec":{"command":["warm","up"]}},"preStop":{"exec":{"command":["drain"]}}}}],
	"volumes":[
		{"name":"certs","secret":{"secretName":"tls-certs","items":[{"key":"tls.crt","path":"tls.crt"}]}},
		{"name":"all","projected":{"sources":[{"secret":{"name":"proj-secret"}},{"configMap":{"name":"cm"}}]}},
		{"name":"csi","csi":{"driver":"x","nodePublishSecretRef":{"name":"csi-secret"}}},
		{"name":"az","azureFile":{"secretName":"az-secret","shareName":"share"}}]
}`

const podSpecOut = `{
	"serviceAccountName":"web",
	"imagePullSecrets":[{"name":"<redacted>"}],
	"containers":[{
		"name":"app","image":"shop/web:1.2",
		"command":["<redacted>","<redacted>","<redacted>"],
		"args":["<redacted>","<redacted>"],
		"env":[
			{"name":"MODE","value":"<redacted>"},
			{"name":"DB_PASSWORD","valueFrom":{"secretKeyRef":{"name":"<redacted>","key":"password"}}},
			{"name":"LEVEL","valueFrom":{"configMapKeyRef":{"name":"app-config","key":"level"}}}],
		"envFrom":[{"secretRef":{"name":"<redacted>"}},{"configMapRef":{"name":"app-config"}}],
		"livenessProbe":{"exec":{"command":["<redacted>","<redacted>"]}},
		"readinessProbe":{"httpGet":{"path":"/ready","port":8080,"httpHeaders":[{"name":"Authorization","value":"<redacted>"}]}},
		"startupProbe":{"exec":{"command":["<redacted>"]}},
		"lifecycle":{"postStart":{"exec":{"command":["<redacted>","<redacted>"]}},"preStop":{"exec":{"command":["<redacted>"]}}}}],
	"volumes":[
		{"name":"certs","secret":{"secretName":"<redacted>","items":[{"key":"tls.crt","path":"tls.crt"}]}},
		{"name":"all","projected":{"sources":[{"secret":{"name":"<redacted>"}},{"configMap":{"name":"cm"}}]}},
		{"name":"csi","csi":{"driver":"x","nodePublishSecretRef":{"name":"<redacted>"}}},
		{"name":"az","azureFile":{"secretName":"<redacted>","shareName":"share"}}]
}`

const metaIn = `{"name":"web","labels":{"app":"web"},"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{}","note":"x"}}`
const metaOut = `{"name":"web","labels":{"app":"web"},"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"<redacted>","note":"<redacted>"}}`

func template(meta, spec string) string { return `{"metadata":` + meta + `,"spec":` + spec + `}` }

func TestMachine(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"a bare pod", `{"apiVersion":"v1","kind":"Pod","metadata":` + metaIn + `,"spec":` + podSpecIn + `,"status":{"message":"free text"}}`,
			`{"apiVersion":"v1","kind":"Pod","metadata":` + metaOut + `,"spec":` + podSpecOut + `,"status":{"message":"free text"}}`},
		{"a Deployment's pod template",
			`{"apiVersion":"apps/v1","kind":"Deployment","metadata":` + metaIn + `,"spec":{"replicas":2,"template":` + template(metaIn, podSpecIn) + `}}`,
			`{"apiVersion":"apps/v1","kind":"Deployment","metadata":` + metaOut + `,"spec":{"replicas":2,"template":` + template(metaOut, podSpecOut) + `}}`},
		{"a CronJob's jobTemplate",
			`{"apiVersion":"batch/v1","kind":"CronJob","metadata":{"name":"c"},"spec":{"schedule":"* * * * *","jobTemplate":{"metadata":` + metaIn + `,"spec":{"template":` + template(metaIn, podSpecIn) + `}}}}`,
			`{"apiVersion":"batch/v1","kind":"CronJob","metadata":{"name":"c"},"spec":{"schedule":"* * * * *","jobTemplate":{"metadata":` + metaOut + `,"spec":{"template":` + template(metaOut, podSpecOut) + `}}}}`},
		{"a ControllerRevision's data",
			`{"apiVersion":"apps/v1","kind":"ControllerRevision","metadata":{"name":"r"},"revision":3,"data":{"spec":{"template":{"$patch":"replace","metadata":` + metaIn + `,"spec":` + podSpecIn + `}}}}`,
			`{"apiVersion":"apps/v1","kind":"ControllerRevision","metadata":{"name":"r"},"revision":3,"data":{"spec":{"template":{"$patch":"replace","metadata":` + metaOut + `,"spec":` + podSpecOut + `}}}}`},
		{"a custom resource embedding a pod spec",
			`{"apiVersion":"argoproj.io/v1alpha1","kind":"Rollout","metadata":{"name":"x"},"spec":{"workload":{"podSpec":` + podSpecIn + `},"strategy":{"canary":{}}}}`,
			`{"apiVersion":"argoproj.io/v1alpha1","kind":"Rollout","metadata":{"name":"x"},"spec":{"workload":{"podSpec":` + podSpecOut + `},"strategy":{"canary":{}}}}`},
		{"ConfigMap data and binaryData",
			`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"app-config"},"data":{"level":"debug","n":"1"},"binaryData":{"blob":"AAE="},"immutable":true}`,
			`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"app-config"},"data":{"level":"<redacted>","n":"<redacted>"},"binaryData":{"blob":"<redacted>"},"immutable":true}`},
		{"a ConfigMap in a Kyverno generate template",
			`{"kind":"ClusterPolicy","spec":{"rules":[{"generate":{"apiVersion":"v1","kind":"ConfigMap","name":"zk","namespace":"x",
				"data":{"data":{"ZK_HOST":"zk:2181"},"metadata":{"labels":{"a":"b"}}}}}]}}`,
			`{"kind":"ClusterPolicy","spec":{"rules":[{"generate":{"apiVersion":"v1","kind":"ConfigMap","name":"zk","namespace":"x",
				"data":{"data":{"ZK_HOST":"<redacted>"},"metadata":{"labels":{"a":"<redacted>"}}}}}]}}`},
		{"a ConfigMapList's kind-less items",
			`{"apiVersion":"v1","kind":"ConfigMapList","items":[{"metadata":{"name":"a"},"data":{"k":"v"}}]}`,
			`{"apiVersion":"v1","kind":"ConfigMapList","items":[{"metadata":{"name":"a"},"data":{"k":"<redacted>"}}]}`},
		{"a Role rule naming Secrets beside another group and kind",
			`{"kind":"Role","rules":[{"apiGroups":["","apps"],"resources":["deployments","secrets"],"resourceNames":["rolesec-a"],"verbs":["get"]},
				{"apiGroups":["apps"],"resources":["deployments"],"resourceNames":["web"],"verbs":["get"]}]}`,
			`{"kind":"Role","rules":[{"apiGroups":["","apps"],"resources":["deployments","secrets"],"resourceNames":["<redacted>"],"verbs":["get"]},
				{"apiGroups":["apps"],"resources":["deployments"],"resourceNames":["web"],"verbs":["get"]}]}`},
		{"a rule naming Secrets in another case or through a subresource",
			`{"kind":"ClusterRole","rules":[{"apiGroups":["apps",""],"resources":["Secrets"],"resourceNames":["rolesec-b"]},{"apiGroups":[""],"resources":["SECRETS/status"],"resourceNames":["rolesec-c"]}]}`,
			`{"kind":"ClusterRole","rules":[{"apiGroups":["apps",""],"resources":["Secrets"],"resourceNames":["<redacted>"]},{"apiGroups":[""],"resources":["SECRETS/status"],"resourceNames":["<redacted>"]}]}`},
		{"an embedded manifest whose kind is written in lower case",
			`{"apiVersion":"example.io/v1","kind":"Bundle","spec":{"resources":[{"apiVersion":"v1","kind":"secret","metadata":{"name":"lowsec-a"},"data":{"k":"bG93dmFsdWU="}},
				{"kind":"SECRET","metadata":{"name":"lowsec-b"},"stringData":{"k":"v"}},{"apiVersion":"v1","kind":"configmap","metadata":{"name":"cm"},"data":{"k":"v"}}]}}`,
			`{"apiVersion":"example.io/v1","kind":"Bundle","spec":{"resources":[{"apiVersion":"v1","kind":"secret","metadata":{"name":"<redacted>"},"data":{"k":"<redacted>"}},
				{"kind":"SECRET","metadata":{"name":"<redacted>"},"stringData":{"k":"<redacted>"}},{"apiVersion":"v1","kind":"configmap","metadata":{"name":"cm"},"data":{"k":"<redacted>"}}]}}`},
		{"a Secret, wherever it is, loses values and name",
			`{"apiVersion":"v1","kind":"Secret","metadata":{"name":"db","namespace":"shop","annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{}"}},
				"type":"Opaque","data":{"password":"aHVudGVyMg=="},"stringData":{"user":"admin"}}`,
			`{"apiVersion":"v1","kind":"Secret","metadata":{"name":"<redacted>","namespace":"shop","annotations":{"kubectl.kubernetes.io/last-applied-configuration":"<redacted>"}},
				"type":"Opaque","data":{"password":"<redacted>"},"stringData":{"user":"<redacted>"}}`},
		{"a Secret embedded in a Crossplane Object",
			`{"apiVersion":"kubernetes.crossplane.io/v1alpha2","kind":"Object","metadata":{"name":"obj"},"spec":{"forProvider":{"manifest":
				{"apiVersion":"v1","kind":"Secret","metadata":{"name":"embedded","generateName":"emb-"},"data":{"k":"dg=="}}}}}`,
			`{"apiVersion":"kubernetes.crossplane.io/v1alpha2","kind":"Object","metadata":{"name":"obj"},"spec":{"forProvider":{"manifest":
				{"apiVersion":"v1","kind":"Secret","metadata":{"name":"<redacted>","generateName":"<redacted>"},"data":{"k":"<redacted>"}}}}}`},
		{"a List of Secrets and a SecretList",
			`[{"apiVersion":"v1","kind":"List","items":[{"apiVersion":"v1","kind":"Secret","metadata":{"name":"a"},"data":{"k":"dg=="}}]},
			  {"apiVersion":"v1","kind":"SecretList","items":[{"metadata":{"name":"b"},"data":{"k":"dg=="}}]}]`,
			`[{"apiVersion":"v1","kind":"List","items":[{"apiVersion":"v1","kind":"Secret","metadata":{"name":"<redacted>"},"data":{"k":"<redacted>"}}]},
			  {"apiVersion":"v1","kind":"SecretList","items":[{"metadata":{"name":"<redacted>"},"data":{"k":"<redacted>"}}]}]`},
		{"a watch event",
			`{"type":"MODIFIED","object":{"apiVersion":"v1","kind":"Secret","metadata":{"name":"a"},"data":{"k":"dg=="}}}`,
			`{"type":"MODIFIED","object":{"apiVersion":"v1","kind":"Secret","metadata":{"name":"<redacted>"},"data":{"k":"<redacted>"}}}`},
		{"Ingress tls",
			`{"apiVersion":"networking.k8s.io/v1","kind":"Ingress","spec":{"tls":[{"hosts":["shop.example"],"secretName":"shop-tls"}]}}`,
			`{"apiVersion":"networking.k8s.io/v1","kind":"Ingress","spec":{"tls":[{"hosts":["shop.example"],"secretName":"<redacted>"}]}}`},
		{"a ServiceAccount's secrets",
			`{"apiVersion":"v1","kind":"ServiceAccount","metadata":{"name":"sa"},"secrets":[{"name":"sa-token"}],"imagePullSecrets":[{"name":"reg"}]}`,
			`{"apiVersion":"v1","kind":"ServiceAccount","metadata":{"name":"sa"},"secrets":[{"name":"<redacted>"}],"imagePullSecrets":[{"name":"<redacted>"}]}`},
		{"owner references",
			`{"kind":"Pod","metadata":{"name":"p","ownerReferences":[{"kind":"Secret","name":"owner-secret","uid":"u"},{"kind":"ReplicaSet","name":"rs","uid":"v"}]}}`,
			`{"kind":"Pod","metadata":{"name":"p","ownerReferences":[{"kind":"Secret","name":"<redacted>","uid":"u"},{"kind":"ReplicaSet","name":"rs","uid":"v"}]}}`},
		{"a core Event about a Secret",
			`{"apiVersion":"v1","kind":"Event","metadata":{"name":"db.17a2b3c4d5"},"involvedObject":{"kind":"Secret","name":"db","namespace":"shop"},"message":"free text"}`,
			`{"apiVersion":"v1","kind":"Event","metadata":{"name":"<redacted>"},"involvedObject":{"kind":"Secret","name":"<redacted>","namespace":"shop"},"message":"free text"}`},
		{"an events.k8s.io Event about a Secret",
			`{"apiVersion":"events.k8s.io/v1","kind":"Event","metadata":{"name":"db.1"},"regarding":{"kind":"Secret","name":"db"},"note":"n"}`,
			`{"apiVersion":"events.k8s.io/v1","kind":"Event","metadata":{"name":"<redacted>"},"regarding":{"kind":"Secret","name":"<redacted>"},"note":"n"}`},
		{"an Event about a Pod keeps its names",
			`{"apiVersion":"v1","kind":"Event","metadata":{"name":"web.1"},"involvedObject":{"kind":"Pod","name":"web"}}`,
			`{"apiVersion":"v1","kind":"Event","metadata":{"name":"web.1"},"involvedObject":{"kind":"Pod","name":"web"}}`},
		{"every *SecretRef and *SecretName",
			`{"spec":{"csi":{"controllerExpandSecretRef":{"name":"a","namespace":"n"},"nodeStageSecretRef":{"name":"b"}},
				"acme":{"privateKeySecretRef":{"name":"c","key":"k"}},"vault":{"auth":{"tokenSecretRef":{"name":"d"}}},
				"caSecretName":"e","secretRefs":[{"name":"f"},"g"],"cephfs":{"secretRef":"h"}}}`,
			`{"spec":{"csi":{"controllerExpandSecretRef":{"name":"<redacted>","namespace":"n"},"nodeStageSecretRef":{"name":"<redacted>"}},
				"acme":{"privateKeySecretRef":{"name":"<redacted>","key":"k"}},"vault":{"auth":{"tokenSecretRef":{"name":"<redacted>"}}},
				"caSecretName":"<redacted>","secretRefs":[{"name":"<redacted>"},"<redacted>"],"cephfs":{"secretRef":"<redacted>"}}}`},
		{"a StorageClass's CSI secret parameters",
			`{"kind":"StorageClass","parameters":{"csi.storage.k8s.io/provisioner-secret-name":"p","csi.storage.k8s.io/provisioner-secret-namespace":"ns","type":"gp3"}}`,
			`{"kind":"StorageClass","parameters":{"csi.storage.k8s.io/provisioner-secret-name":"<redacted>","csi.storage.k8s.io/provisioner-secret-namespace":"ns","type":"gp3"}}`},
		{"Gateway API certificateRefs",
			`{"spec":{"listeners":[{"tls":{"certificateRefs":[{"name":"a"},{"kind":"Secret","name":"b"},{"kind":"ConfigMap","name":"c"}]}}]}}`,
			`{"spec":{"listeners":[{"tls":{"certificateRefs":[{"name":"<redacted>"},{"kind":"Secret","name":"<redacted>"},{"kind":"ConfigMap","name":"c"}]}}]}}`},
		{"RBAC rules",
			`{"kind":"Role","rules":[
				{"apiGroups":[""],"resources":["secrets"],"verbs":["get"],"resourceNames":["db","api"]},
				{"apiGroups":["*"],"resources":["*"],"verbs":["get"],"resourceNames":["x"]},
				{"apiGroups":[""],"resources":["configmaps"],"verbs":["get"],"resourceNames":["cm"]},
				{"apiGroups":["example.com"],"resources":["secrets"],"verbs":["get"],"resourceNames":["other-group"]},
				{"resources":["secrets"],"resourceNames":["no-groups"]},
				{"apiGroups":"","resources":["pods"],"resourceNames":["bad-groups"]}]}`,
			`{"kind":"Role","rules":[
				{"apiGroups":[""],"resources":["secrets"],"verbs":["get"],"resourceNames":["<redacted>","<redacted>"]},
				{"apiGroups":["*"],"resources":["*"],"verbs":["get"],"resourceNames":["<redacted>"]},
				{"apiGroups":[""],"resources":["configmaps"],"verbs":["get"],"resourceNames":["cm"]},
				{"apiGroups":["example.com"],"resources":["secrets"],"verbs":["get"],"resourceNames":["other-group"]},
				{"resources":["secrets"],"resourceNames":["<redacted>"]},
				{"apiGroups":"","resources":["pods"],"resourceNames":["bad-groups"]}]}`},
		{"a rules review and an access review",
			`[{"kind":"SelfSubjectRulesReview","status":{"resourceRules":[{"verbs":["get"],"apiGroups":[""],"resources":["secrets"],"resourceNames":["db"]}]}},
			  {"kind":"SelfSubjectAccessReview","spec":{"resourceAttributes":{"verb":"get","resource":"secrets","name":"db"}}}]`,
			`[{"kind":"SelfSubjectRulesReview","status":{"resourceRules":[{"verbs":["get"],"apiGroups":[""],"resources":["secrets"],"resourceNames":["<redacted>"]}]}},
			  {"kind":"SelfSubjectAccessReview","spec":{"resourceAttributes":{"verb":"get","resource":"secrets","name":"<redacted>"}}}]`},
		{"a Flux valuesFrom Secret reference",
			`{"kind":"HelmRelease","spec":{"valuesFrom":[{"kind":"Secret","name":"vals"},{"kind":"ConfigMap","name":"cm"}]}}`,
			`{"kind":"HelmRelease","spec":{"valuesFrom":[{"kind":"Secret","name":"<redacted>"},{"kind":"ConfigMap","name":"cm"}]}}`},
		{"a Table keeps cells and masks row annotations",
			`{"kind":"Table","apiVersion":"meta.k8s.io/v1","rows":[{"cells":["web"],"object":{"kind":"PartialObjectMetadata","metadata":` + metaIn + `}}]}`,
			`{"kind":"Table","apiVersion":"meta.k8s.io/v1","rows":[{"cells":["web"],"object":{"kind":"PartialObjectMetadata","metadata":` + metaOut + `}}]}`},
		{"a CRD's schema is left: maps where names and lists belong",
			`{"kind":"CustomResourceDefinition","spec":{"versions":[{"schema":{"openAPIV3Schema":{"properties":{
				"command":{"type":"array","items":{"type":"string"},"description":"Entrypoint array."},
				"env":{"type":"array","items":{"properties":{"value":{"type":"string"}}}},
				"secretName":{"type":"string","description":"Name of the secret."},
				"secretRef":{"properties":{"name":{"type":"string"}},"type":"object"}}}}}]}}`,
			`{"kind":"CustomResourceDefinition","spec":{"versions":[{"schema":{"openAPIV3Schema":{"properties":{
				"command":{"type":"array","items":{"type":"string"},"description":"Entrypoint array."},
				"env":{"type":"array","items":{"properties":{"value":{"type":"string"}}}},
				"secretName":{"type":"string","description":"Name of the secret."},
				"secretRef":{"properties":{"name":{"type":"string"}},"type":"object"}}}}}]}}`},
		{"wrong types are masked whole or left, never trusted",
			`{"metadata":{"annotations":"a=b"},"env":["FOO=bar",{"value":{"nested":["x",1,true,null]}}],"httpHeaders":[7],
				"command":"sh -c secret","args":42,"kind":"Secret","data":"c2VjcmV0","stringData":[["x"]]}`,
			`{"metadata":{"annotations":"<redacted>"},"env":["<redacted>",{"value":{"nested":["<redacted>","<redacted>","<redacted>",null]}}],"httpHeaders":["<redacted>"],
				"command":"<redacted>","args":"<redacted>","kind":"Secret","data":"<redacted>","stringData":[["<redacted>"]]}`},
		{"a Secret whose metadata and name are not what they should be",
			`{"kind":"Secret","metadata":"db","name":{"not":"scalar"}}`,
			`{"kind":"Secret","metadata":"<redacted>","name":{"not":"<redacted>"}}`},
		{"managedFields go, since their keys can spell a Secret's name",
			`{"kind":"Pod","metadata":{"name":"p","managedFields":[{"manager":"kubectl","fieldsV1":{"f:spec":{"f:imagePullSecrets":{"k:{\"name\":\"regcred\"}":{}}}}}]}}`,
			`{"kind":"Pod","metadata":{"name":"p"}}`},
		{"scalars at the top", `"x"`, `"x"`},
		{"null", `null`, `null`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := decode(t, tc.in)
			Machine(got)
			if diff := cmp.Diff(decode(t, tc.want), got); diff != "" {
				t.Errorf("Machine (-want +got):\n%s", diff)
			}
			mustDocuments(t, got)
			again := deepCopy(got)
			Machine(again)
			if diff := cmp.Diff(got, again); diff != "" {
				t.Errorf("a second pass changed the result (-first +second):\n%s", diff)
			}
		})
	}
}

func TestMachineAfterPeople(t *testing.T) {
	in := decode(t, `{"apiVersion":"v1","kind":"List","items":[
		{"apiVersion":"v1","kind":"Secret","metadata":{"name":"db","annotations":{"owner":"team-a",
			"kubectl.kubernetes.io/last-applied-configuration":"{}"},"managedFields":[{}]},"data":{"k":"dg=="},"stringData":{"a":"b"}},
		{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm"},"data":{"k":"v"}}]}`)
	PeopleAny(in)
	Machine(in)
	want := decode(t, `{"apiVersion":"v1","kind":"List","items":[
		{"apiVersion":"v1","kind":"Secret","metadata":{"name":"<redacted>","annotations":{"owner":"<redacted>"}},"data":{"k":"<redacted>"}},
		{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm"},"data":{"k":"<redacted>"}}]}`)
	if diff := cmp.Diff(want, in); diff != "" {
		t.Errorf("people then machine (-want +got):\n%s", diff)
	}
	mustDocuments(t, in)
}

func TestMachineSecretAnswer(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"a Table of secrets",
			`{"kind":"Table","apiVersion":"meta.k8s.io/v1","columnDefinitions":[{"name":"Name","type":"string","format":"name"},{"name":"Type","type":"string"},{"name":"Data","type":"integer"}],
				"rows":[{"cells":["db","Opaque",2],"object":{"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1","metadata":{"name":"db","namespace":"shop","annotations":{"a":"b"}}}},
					{"cells":["short"]},"junk",{"cells":"junk"}]}`,
			`{"kind":"Table","apiVersion":"meta.k8s.io/v1","columnDefinitions":[{"name":"Name","type":"string","format":"name"},{"name":"Type","type":"string"},{"name":"Data","type":"integer"}],
				"rows":[{"cells":["<redacted>","Opaque",2],"object":{"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1","metadata":{"name":"<redacted>","namespace":"shop","annotations":{"a":"<redacted>"}}}},
					{"cells":["<redacted>"]},"junk",{"cells":"junk"}]}`},
		{"a Table with no format uses the Name column",
			`{"kind":"Table","columnDefinitions":[{"name":"Age"},{"name":"NAME"}],"rows":[{"cells":["1d","db"]}]}`,
			`{"kind":"Table","columnDefinitions":[{"name":"Age"},{"name":"NAME"}],"rows":[{"cells":["1d","<redacted>"]}]}`},
		{"a list without item kinds",
			`{"kind":"List","apiVersion":"v1","items":[{"metadata":{"name":"a"},"data":{"k":"dg=="}}]}`,
			`{"kind":"List","apiVersion":"v1","items":[{"metadata":{"name":"<redacted>"},"data":{"k":"<redacted>"}}]}`},
		{"a watch event", `{"type":"ADDED","object":{"metadata":{"name":"a"},"data":{"k":"dg=="}}}`,
			`{"type":"ADDED","object":{"metadata":{"name":"<redacted>"},"data":{"k":"<redacted>"}}}`},
		{"a single object", `{"metadata":{"name":"a","selfLink":"/api/v1/namespaces/x/secrets/a"},"data":{"k":"dg=="}}`,
			`{"metadata":{"name":"<redacted>","selfLink":"<redacted>"},"data":{"k":"<redacted>"}}`},
		{"a Status is left", `{"kind":"Status","status":"Failure","reason":"NotFound"}`, `{"kind":"Status","status":"Failure","reason":"NotFound"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := decode(t, tc.in)
			MachineSecretAnswer(got)
			if diff := cmp.Diff(decode(t, tc.want), got); diff != "" {
				t.Errorf("MachineSecretAnswer (-want +got):\n%s", diff)
			}
			mustDocuments(t, got)
		})
	}
}

func TestMaskString(t *testing.T) {
	if MaskString() != Masked || Masked != "<redacted>" {
		t.Fatalf("MaskString() = %q", MaskString())
	}
}

func TestMachineKeepsNumbersExact(t *testing.T) {
	got := decode(t, `{"spec":{"replicas":12345678901234567890,"env":[{"name":"N","value":"1"}]}}`)
	Machine(got)
	// json.Marshal writes '<' as \u003c; a renderer turns HTML escaping off to print the marker.
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(got); err != nil {
		t.Fatal(err)
	}
	if want := `{"spec":{"env":[{"name":"N","value":"<redacted>"}],"replicas":12345678901234567890}}` + "\n"; b.String() != want {
		t.Errorf("got %s, want %s", b.String(), want)
	}
}

// An event row is about a Secret when its object says so, else when the server's Object cell does;
// a row that can tell neither way is taken as one about a Secret.
func TestEventRowAboutSecret(t *testing.T) {
	pod := map[string]any{"involvedObject": map[string]any{"kind": "Pod", "name": "web-0"}}
	secret := map[string]any{"regarding": map[string]any{"kind": "secret", "name": "db"}}
	cases := []struct {
		name    string
		obj     map[string]any
		cell    string
		hasCell bool
		want    bool
	}{
		{"the object names a Secret", secret, "pod/web-0", true, true},
		{"the object names a pod", pod, "", false, false},
		{"metadata only, the cell names a Secret", map[string]any{"metadata": map[string]any{}}, "Secret/db", true, true},
		{"metadata only, the cell names a pod", nil, "pod/web-0", true, false},
		{"nothing tells", map[string]any{"metadata": map[string]any{}}, "", false, true},
	}
	for _, c := range cases {
		if got := EventRowAboutSecret(c.obj, c.cell, c.hasCell); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
