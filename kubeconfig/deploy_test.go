package kubeconfig

import (
	"bytes"
	"errors"
	"io"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	yaml "go.yaml.in/yaml/v3"
)

// The objects of deploy/ as much as these tests read of them.
type object struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Metadata   struct {
		Name        string            `yaml:"name"`
		Namespace   string            `yaml:"namespace"`
		Annotations map[string]string `yaml:"annotations"`
	} `yaml:"metadata"`
	Type  string `yaml:"type"`
	Rules []struct {
		APIGroups []string `yaml:"apiGroups"`
		Resources []string `yaml:"resources"`
		Verbs     []string `yaml:"verbs"`
	} `yaml:"rules"`
	RoleRef struct {
		APIGroup string `yaml:"apiGroup"`
		Kind     string `yaml:"kind"`
		Name     string `yaml:"name"`
	} `yaml:"roleRef"`
	Subjects []struct {
		Kind      string `yaml:"kind"`
		Name      string `yaml:"name"`
		Namespace string `yaml:"namespace"`
	} `yaml:"subjects"`
}

func readObjects(t *testing.T, path string) []object {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var out []object
	for {
		var o object
		err := dec.Decode(&o)
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, o)
	}
}

// The reader identity reads and does nothing else: get and list, on the read-only kinds view
// leaves out that studioctl reads, never Secrets, never RBAC, never a subresource or a wildcard;
// and it is bound to view and to itself.
func TestDeployReader(t *testing.T) {
	var kinds []string
	rules := map[string][]string{}
	bindings := map[string]string{}
	for _, o := range readObjects(t, "../deploy/studioctl-reader.yaml") {
		kinds = append(kinds, o.Kind+"/"+o.Metadata.Name)
		switch o.Kind {
		case "ClusterRole":
			for _, r := range o.Rules {
				for _, res := range r.Resources {
					for _, g := range r.APIGroups {
						rules[g+"/"+res] = r.Verbs
					}
				}
			}
		case "ClusterRoleBinding":
			if len(o.Subjects) != 1 || o.Subjects[0].Kind != "ServiceAccount" || o.Subjects[0].Name != "studioctl-reader" || o.Subjects[0].Namespace != "studioctl" {
				t.Errorf("%s binds %+v", o.Metadata.Name, o.Subjects)
			}
			if o.RoleRef.APIGroup != "rbac.authorization.k8s.io" {
				t.Errorf("%s refers to a role of group %q", o.Metadata.Name, o.RoleRef.APIGroup)
			}
			bindings[o.Metadata.Name] = o.RoleRef.Kind + "/" + o.RoleRef.Name
		case "ServiceAccount":
			if o.Metadata.Namespace != "studioctl" {
				t.Errorf("the ServiceAccount is in %q", o.Metadata.Namespace)
			}
		}
	}
	sort.Strings(kinds)
	wantKinds := []string{"ClusterRole/studioctl-reader", "ClusterRoleBinding/studioctl-reader", "ClusterRoleBinding/studioctl-reader-view", "Namespace/studioctl", "ServiceAccount/studioctl-reader"}
	if diff := cmp.Diff(wantKinds, kinds); diff != "" {
		t.Errorf("objects (-want +got):\n%s", diff)
	}
	wantRules := map[string][]string{
		"/nodes":             {"get", "list"},
		"/persistentvolumes": {"get", "list"},
		"apiextensions.k8s.io/customresourcedefinitions":               {"get", "list"},
		"storage.k8s.io/storageclasses":                                {"get", "list"},
		"networking.k8s.io/ingressclasses":                             {"get", "list"},
		"scheduling.k8s.io/priorityclasses":                            {"get", "list"},
		"node.k8s.io/runtimeclasses":                                   {"get", "list"},
		"admissionregistration.k8s.io/mutatingwebhookconfigurations":   {"get", "list"},
		"admissionregistration.k8s.io/validatingwebhookconfigurations": {"get", "list"},
		"coordination.k8s.io/leases":                                   {"get", "list"},
		"platform.navin.ai/managedcomponents":                          {"get", "list"},
		"toolhive.stacklok.dev/mcpservers":                             {"get", "list"},
		"demo.studioctl.dev/widgets":                                   {"get", "list"},
	}
	if diff := cmp.Diff(wantRules, rules); diff != "" {
		t.Errorf("rules (-want +got):\n%s", diff)
	}
	for res := range rules {
		if strings.Contains(res, "secrets") || strings.Contains(res, "*") || strings.Count(res, "/") > 1 || strings.HasPrefix(res, "rbac.") {
			t.Errorf("the role reaches %s", res)
		}
	}
	wantBindings := map[string]string{"studioctl-reader-view": "ClusterRole/view", "studioctl-reader": "ClusterRole/studioctl-reader"}
	if diff := cmp.Diff(wantBindings, bindings); diff != "" {
		t.Errorf("bindings (-want +got):\n%s", diff)
	}
}

func TestDeployTokenSecret(t *testing.T) {
	objs := readObjects(t, "../deploy/studioctl-reader-token-secret.yaml")
	if len(objs) != 1 {
		t.Fatalf("%d objects, want the Secret alone", len(objs))
	}
	s := objs[0]
	got := []string{s.Kind, s.Metadata.Name, s.Metadata.Namespace, s.Type, s.Metadata.Annotations["kubernetes.io/service-account.name"]}
	want := []string{"Secret", "studioctl-reader-token", "studioctl", "kubernetes.io/service-account-token", "studioctl-reader"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
