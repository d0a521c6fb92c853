package platform

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Every signal of the table, alone, and the conflicts between them.
func TestDetectEverySignal(t *testing.T) {
	for _, sig := range signals {
		n := nodeFacts{Name: "n1", Labels: map[string]string{}, Annotations: map[string]string{}}
		version, groups := "v1.30.0", []string(nil)
		switch sig.Kind {
		case sigVersion:
			version = "v1.30.0" + sig.Match + "synthetic"
		case sigGroup:
			groups = []string{sig.Match}
		case sigProviderID:
			n.ProviderID = sig.Match + "synthetic/1"
		case sigLabelKey:
			n.Labels[sig.Match+"synthetic"] = "x"
		case sigLabelValue:
			n.Labels[sig.Match] = sig.Value
		case sigAnnotation:
			n.Annotations[sig.Match+"synthetic"] = "x"
		}
		d := detect(version, []nodeFacts{n}, groups)
		if d.Name != sig.Dist || len(d.Evidence) != 1 || d.Evidence[0].Signal != signalName(sig) && sig.Kind != sigVersion && sig.Kind != sigGroup {
			t.Errorf("%s %q: got %+v", sig.Dist, sig.Match, d)
		}
		if want := strengthName(sig.Strength); d.Basis != want {
			t.Errorf("%s %q: basis %s, want %s", sig.Dist, sig.Match, d.Basis, want)
		}
		managed := sig.Dist == "eks" || sig.Dist == "gke" || sig.Dist == "aks"
		if (d.Mode == "managed") != managed {
			t.Errorf("%s: mode %s", sig.Dist, d.Mode)
		}
	}
}

func TestDetectVerdicts(t *testing.T) {
	node := func(provider string, labels, ann map[string]string) nodeFacts {
		return nodeFacts{Name: "n", ProviderID: provider, Labels: labels, Annotations: ann}
	}
	cases := []struct {
		name      string
		version   string
		nodes     []nodeFacts
		groups    []string
		want      string
		mode      string
		conflicts []string
	}{
		{"nothing", "v1.30.0", []nodeFacts{node("kind://docker/x", nil, nil)}, []string{"apps"}, "kubernetes", "byo", []string{}},
		{"aks by label", "v1.30.0", []nodeFacts{node("azure:///subscriptions/x", map[string]string{"kubernetes.azure.com/cluster": "c"}, nil)}, nil, "aks", "managed", []string{}},
		{"weak alone decides", "v1.30.0", []nodeFacts{node("gce://p/z/n", nil, nil)}, nil, "gke", "managed", []string{}},
		{"strong beats weak: k3s on EC2", "v1.30.0+k3s1", []nodeFacts{node("aws:///z/i-1", nil, nil)}, nil, "k3s", "byo", []string{"eks"}},
		{"openshift on AWS", "v1.30.0", []nodeFacts{node("aws:///z/i-1", map[string]string{"node.openshift.io/os_id": "rhcos"}, nil)}, []string{"config.openshift.io"}, "openshift", "byo", []string{"eks"}},
		{"rke2 by annotation and version", "v1.30.0+rke2r1", []nodeFacts{node("", nil, map[string]string{"rke2.io/node-args": "[]"})}, nil, "rke2", "byo", []string{}},
		{"more strong signals win a tie", "v1.30.0-gke.100", []nodeFacts{node("", map[string]string{"cloud.google.com/gke-nodepool": "p", "eks.amazonaws.com/nodegroup": "g"}, nil)}, nil, "gke", "managed", []string{"eks"}},
		{"equal ties go by the table's order", "v1.30.0", []nodeFacts{node("", map[string]string{"node.kubernetes.io/instance-type": "k3s", "kubernetes.azure.com/cluster": "c"}, nil)}, nil, "k3s", "byo", []string{"aks"}},
	}
	for _, c := range cases {
		d := detect(c.version, c.nodes, c.groups)
		if d.Name != c.want || d.Mode != c.mode || !cmp.Equal(d.Conflicts, c.conflicts) {
			t.Errorf("%s: got %s %s conflicts %v, want %s %s %v", c.name, d.Name, d.Mode, d.Conflicts, c.want, c.mode, c.conflicts)
		}
	}
}
