package redact

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMachineCountedCountsEachMaskedValueByRule(t *testing.T) {
	pod := decodeObj(t, `{"kind":"Pod","apiVersion":"v1","metadata":{"name":"web","annotations":{"a":"1","b":"2"}},
	 "spec":{"containers":[{"name":"c","command":["sh","-c","x"],"env":[{"name":"K","value":"v"},{"name":"R","valueFrom":{"configMapKeyRef":{"name":"cm","key":"k"}}}]}],
	 "volumes":[{"name":"v","secret":{"secretName":"db"}}],"imagePullSecrets":[{"name":"regcred"}]}}`)
	got := MachineCounted(pod)
	want := Receipt{Masked: 8, ByRule: map[string]int{RuleAnnotations: 2, RuleCommand: 3, RuleEnv: 1, RuleSecretNames: 2}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("receipt (-want +got):\n%s", diff)
	}
	if again := MachineCounted(pod); again.Masked != 0 {
		t.Errorf("a second pass counted %d values already masked", again.Masked)
	}
}

func TestMachineCountedSecretAndConfigMap(t *testing.T) {
	list := decodeObj(t, `{"kind":"List","items":[
	 {"kind":"Secret","apiVersion":"v1","metadata":{"name":"db"},"data":{"name":"eA==","password":"eQ=="}},
	 {"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"cm"},"data":{"name":"x"}},
	 {"kind":"ClusterRole","apiVersion":"rbac.authorization.k8s.io/v1","metadata":{"name":"r"},"rules":[{"apiGroups":[""],"resources":["secrets"],"resourceNames":["a","b"]}]}]}`)
	got := MachineCounted(list)
	want := Receipt{Masked: 6, ByRule: map[string]int{RuleData: 3, RuleSecretNames: 1, RuleResourceNames: 2}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("receipt (-want +got):\n%s", diff)
	}
}

func TestReceiptAddAndMerge(t *testing.T) {
	var r Receipt
	r.Add(RuleCells, 0)
	if r.ByRule != nil || r.Masked != 0 {
		t.Fatalf("adding nothing changed the receipt: %+v", r)
	}
	r.Add(RuleCells, 2)
	r.Merge(Receipt{Masked: 1, ByRule: map[string]int{RuleSecretNames: 1}})
	if r.Masked != 3 || r.ByRule[RuleCells] != 2 || r.ByRule[RuleSecretNames] != 1 {
		t.Errorf("receipt %+v", r)
	}
}

func FuzzMachineCounted(f *testing.F) {
	f.Add(`{"kind":"Secret","metadata":{"name":"x"},"data":{"a":"b"}}`)
	f.Add(`[{"env":[1,{"value":[2,{"x":null}]}]}]`)
	f.Fuzz(func(t *testing.T, s string) {
		d := json.NewDecoder(strings.NewReader(s))
		d.UseNumber()
		var v any
		if d.Decode(&v) != nil {
			return
		}
		r := MachineCounted(v)
		sum := 0
		for _, n := range r.ByRule {
			sum += n
		}
		if sum != r.Masked || r.Masked < 0 {
			t.Fatalf("receipt does not add up: %+v", r)
		}
	})
}
