package redact

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

func TestSecretObject(t *testing.T) {
	pw := "correct-horse-battery-st" // 24 bytes
	tests := []struct {
		name string
		in   string
		want string
	}{
		{
			name: "values, stringData, managedFields and last-applied go; keys and plain annotations stay",
			in: `{"apiVersion":"v1","kind":"Secret","type":"Opaque",
				"metadata":{"name":"db","namespace":"shop","labels":{"app":"db"},
					"managedFields":[{"manager":"kubectl","fieldsV1":{"f:data":{"f:password":{}}}}],
					"annotations":{
						"kubectl.kubernetes.io/last-applied-configuration":"{\"data\":{\"password\":\"` + b64(pw) + `\"}}",
						"kubernetes.io/service-account.name":"studio-reader",
						"kubernetes.io/service-account.uid":"3f2a1c4e-7b8d-4e9f-a0b1-c2d3e4f5a6b7",
						"note":"rotated monthly by the platform team"}},
				"data":{"password":"` + b64(pw) + `","empty":"","one":"` + b64("x") + `"},
				"stringData":{"extra":"plain-secret-value"}}`,
			want: `{"apiVersion":"v1","kind":"Secret","type":"Opaque",
				"metadata":{"name":"db","namespace":"shop","labels":{"app":"db"},
					"annotations":{
						"kubernetes.io/service-account.name":"studio-reader",
						"kubernetes.io/service-account.uid":"3f2a1c4e-7b8d-4e9f-a0b1-c2d3e4f5a6b7",
						"note":"rotated monthly by the platform team"}},
				"data":{"password":"(removed by studioctl: 24 bytes)","empty":"(removed by studioctl: 0 bytes)",
					"one":"(removed by studioctl: 1 byte)"}}`,
		},
		{
			name: "undecodable and wrong-typed data values say so without the value",
			in:   `{"apiVersion":"v1","kind":"Secret","data":{"bad":"not base64!!","num":42,"obj":{"k":"v"},"nil":null}}`,
			want: `{"apiVersion":"v1","kind":"Secret","data":{"bad":"(removed by studioctl: not valid base64)",
				"num":"(removed by studioctl: not valid base64)","obj":"(removed by studioctl: not valid base64)",
				"nil":"(removed by studioctl: not valid base64)"}}`,
		},
		{
			name: "a deploy tool's copy and other long or structured annotations become markers",
			in: `{"apiVersion":"v1","kind":"Secret","metadata":{"annotations":{
				"tool.example/applied":"{\"apiVersion\":\"v1\",\"kind\":\"Secret\"}",
				"flow":"[a, b]",
				"long":"` + strings.Repeat("a ", 40) + `",
				"multiline":"line one\nline two",
				"unicode":"caf\u00e9",
				"token":"ZXlKaGJHY2lPaUpJVXpJMU5pSjk",
				"hex":"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b",
				"camel":"ThisIsAVeryLongIdentifierName",
				"number":7,
				"kebab":"my-rather-long-service-account-name-for-the-shop",
				"kv":"app=web-frontend-production-v2"}}}`,
			want: `{"apiVersion":"v1","kind":"Secret","metadata":{"annotations":{
				"tool.example/applied":"(removed by studioctl: 35 bytes)",
				"flow":"(removed by studioctl: 6 bytes)",
				"long":"(removed by studioctl: 80 bytes)",
				"multiline":"(removed by studioctl: 17 bytes)",
				"unicode":"(removed by studioctl: 5 bytes)",
				"token":"(removed by studioctl: 27 bytes)",
				"hex":"(removed by studioctl: 40 bytes)",
				"camel":"(removed by studioctl: 29 bytes)",
				"number":"(removed by studioctl: not a string)",
				"kebab":"my-rather-long-service-account-name-for-the-shop",
				"kv":"app=web-frontend-production-v2"}}}`,
		},
		{
			name: "an annotation that names a key, repeats a value or encodes one becomes a marker",
			in: `{"apiVersion":"v1","kind":"Secret",
				"metadata":{"annotations":{
					"names-key":"copied from tls.crt",
					"not-a-key-word":"my-tls.crt-old",
					"equals":"hunter2",
					"contains":"old one was hunter2, new one soon",
					"encoded":"aHVudGVyMg==",
					"string-data":"see s3cr3t!",
					"short-value":"ok"}},
				"data":{"tls.crt":"` + b64("hunter2") + `","flag":"` + b64("ok") + `"},
				"stringData":{"sd":"s3cr3t!"}}`,
			want: `{"apiVersion":"v1","kind":"Secret",
				"metadata":{"annotations":{
					"names-key":"(removed by studioctl: 19 bytes)",
					"not-a-key-word":"my-tls.crt-old",
					"equals":"(removed by studioctl: 7 bytes)",
					"contains":"(removed by studioctl: 33 bytes)",
					"encoded":"(removed by studioctl: 12 bytes)",
					"string-data":"(removed by studioctl: 11 bytes)",
					"short-value":"(removed by studioctl: 2 bytes)"}},
				"data":{"tls.crt":"(removed by studioctl: 7 bytes)","flag":"(removed by studioctl: 2 bytes)"}}`,
		},
		{
			name: "fields of the wrong type are removed",
			in:   `{"apiVersion":"v1","kind":"Secret","data":"c2VjcmV0","stringData":["x"],"metadata":"db"}`,
			want: `{"apiVersion":"v1","kind":"Secret"}`,
		},
		{
			name: "annotations of the wrong type are removed",
			in:   `{"kind":"Secret","metadata":{"name":"x","annotations":"{\"password\":\"p\"}","managedFields":"junk"}}`,
			want: `{"kind":"Secret","metadata":{"name":"x"}}`,
		},
		{
			name: "null everywhere",
			in:   `{"kind":"Secret","data":null,"stringData":null,"metadata":{"annotations":null}}`,
			want: `{"kind":"Secret","metadata":{}}`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := decodeObj(t, tc.in)
			SecretObject(got)
			if diff := cmp.Diff(decode(t, tc.want), any(got)); diff != "" {
				t.Errorf("SecretObject (-want +got):\n%s", diff)
			}
			mustDocuments(t, got)
			again := deepCopy(got).(map[string]any)
			SecretObject(again)
			if diff := cmp.Diff(any(got), any(again)); diff != "" {
				t.Errorf("a second pass changed the Secret (-first +second):\n%s", diff)
			}
		})
	}
}

func TestSecretObjectNil(t *testing.T) {
	SecretObject(nil)
	SecretMetadata(nil, nil)
	SecretTableRows(nil)
	PeopleAny(nil)
	SecretAnswer(nil)
	if SecretKeys(nil) != nil {
		t.Error("SecretKeys(nil) is not nil")
	}
}

func TestSecretMetadata(t *testing.T) {
	meta := decodeObj(t, `{"name":"db","managedFields":[{}],"annotations":{
		"kubectl.kubernetes.io/last-applied-configuration":"{}",
		"owner":"team-a","mentions":"holds password","long":"`+strings.Repeat("x", 65)+`"}}`)
	SecretMetadata(meta, []string{"password"})
	want := decode(t, `{"name":"db","annotations":{"owner":"team-a",
		"mentions":"(removed by studioctl: 14 bytes)","long":"(removed by studioctl: 65 bytes)"}}`)
	if diff := cmp.Diff(want, any(meta)); diff != "" {
		t.Errorf("SecretMetadata (-want +got):\n%s", diff)
	}
}

func TestShortPlainText(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"", true},
		{"studio-reader", true},
		{"3f2a1c4e-7b8d-4e9f-a0b1-c2d3e4f5a6b7", true},
		{"cert-manager/selfsigned", true},
		{"example.com,www.example.com", true},
		{strings.Repeat("a b ", 16), true},        // 64 bytes
		{strings.Repeat("a b ", 16) + "c", false}, // 65 bytes
		{"{}", false},                                // JSON
		{"[x]", false},                               // flow YAML
		{"tab\there", false},                         // control character
		{"\u00e9t\u00e9", false},                     // not ASCII
		{"abcdefghijklmnopqrs", true},                // 19 lower-case: below the run
		{"abcdefghijklmnopqrst", false},              // 20 lower-case without a hyphen
		{"ABCDEFGHIJKLMNOPQRS", true},                // 19
		{"ABCDEFGHIJKLMNOPQRST", false},              // 20 mixed
		{"abc-def-ghi-jkl-mno-pqr-stu-vwx", true},    // kebab case
		{"c2VjcmV0LXZhbHVlLWhlcmU=", false},          // base64
		{"c2VjcmV0LXZhbHVl=LWhlcmU", true},           // '=' breaks the run
		{"abc_defghijklmnopqrstu", true},             // snake case
		{"abc_Defghijklmnopqrstu", false},            // mixed case
		{"default/my-tls-secret-source", true},       // namespace/name
		{"abcdefghijklmnopqr+stu", false},            // '+' is base64
		{"key=value other=thing", true},              // short words
		{"sha256:9f86d081884c7d659a2feaa0c5", false}, // hex digest
	}
	for _, tc := range tests {
		if got := shortPlainText(tc.in); got != tc.want {
			t.Errorf("shortPlainText(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestParseMarker(t *testing.T) {
	for _, n := range []int{0, 1, 2, 24, 1 << 20} {
		got, ok := parseMarker(sizeMarker(n))
		if !ok || got != n {
			t.Errorf("parseMarker(sizeMarker(%d)) = %d, %v", n, got, ok)
		}
	}
	for _, s := range []string{markerNotBase64, markerNotString, markerTooDeep} {
		if got, ok := parseMarker(s); !ok || got != -1 {
			t.Errorf("parseMarker(%q) = %d, %v", s, got, ok)
		}
	}
	for _, s := range []string{"", "(removed by studioctl: )", "(removed by studioctl: 1 bytes)",
		"(removed by studioctl: 01 bytes)", "(removed by studioctl: -3 bytes)", "(removed by studioctl: x bytes)",
		"(removed by studioctl: 2 byte)", "(removed by studioctl: 99999999999999 bytes)", "removed", "(removed by studioctl)"} {
		if _, ok := parseMarker(s); ok {
			t.Errorf("parseMarker(%q) accepted a non-marker", s)
		}
	}
}

func TestSecretKeys(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []KeySize
	}{
		{"stripped", `{"data":{"b":"(removed by studioctl: 24 bytes)","a":"(removed by studioctl: 1 byte)",
			"c":"(removed by studioctl: not valid base64)"}}`,
			[]KeySize{{"a", 1}, {"b", 24}, {"c", -1}}},
		{"unstripped", `{"data":{"token":"` + b64("abc") + `","bad":"%%","num":3}}`,
			[]KeySize{{"bad", -1}, {"num", -1}, {"token", 3}}},
		{"no data", `{"kind":"Secret"}`, nil},
		{"data of the wrong type", `{"data":"x"}`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, SecretKeys(decodeObj(t, tc.in))); diff != "" {
				t.Errorf("SecretKeys (-want +got):\n%s", diff)
			}
		})
	}
	// Read back after SecretObject.
	s := decodeObj(t, `{"apiVersion":"v1","kind":"Secret","data":{"x":"`+b64("12345")+`"}}`)
	SecretObject(s)
	if diff := cmp.Diff([]KeySize{{"x", 5}}, SecretKeys(s)); diff != "" {
		t.Errorf("SecretKeys after SecretObject (-want +got):\n%s", diff)
	}
}

func TestIsSecret(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{`{"apiVersion":"v1","kind":"Secret"}`, true},
		{`{"kind":"Secret"}`, true},
		{`{"apiVersion":7,"kind":"Secret"}`, true},
		{`{"apiVersion":"example.com/v1","kind":"Secret"}`, false},
		{`{"apiVersion":"v1","kind":"ConfigMap"}`, false},
		// Any case (issue 25): an embedded manifest's tools read "secret" as a Secret.
		{`{"apiVersion":"v1","kind":"secret"}`, true},
		{`{"kind":"SECRET"}`, true},
		{`{"apiVersion":"example.com/v1","kind":"secret"}`, false},
		{`{"apiVersion":"v1","kind":["Secret"]}`, false},
		{`{}`, false},
	}
	for _, tc := range tests {
		if got := IsSecret(decodeObj(t, tc.in)); got != tc.want {
			t.Errorf("IsSecret(%s) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestPeopleAny(t *testing.T) {
	secretIn := `{"apiVersion":"v1","kind":"Secret","metadata":{"name":"s"},"data":{"k":"` + b64("value") + `"},"stringData":{"k2":"v"}}`
	secretOut := `{"apiVersion":"v1","kind":"Secret","metadata":{"name":"s"},"data":{"k":"(removed by studioctl: 5 bytes)"}}`
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"a single Secret", secretIn, secretOut},
		{"a List of Secrets", `{"apiVersion":"v1","kind":"List","items":[` + secretIn + `,` + secretIn + `]}`,
			`{"apiVersion":"v1","kind":"List","items":[` + secretOut + `,` + secretOut + `]}`},
		{"a SecretList, whose items carry no kind",
			`{"apiVersion":"v1","kind":"SecretList","items":[{"metadata":{"name":"a"},"data":{"k":"` + b64("abc") + `"}}]}`,
			`{"apiVersion":"v1","kind":"SecretList","items":[{"metadata":{"name":"a"},"data":{"k":"(removed by studioctl: 3 bytes)"}}]}`},
		{"a watch event", `{"type":"ADDED","object":` + secretIn + `}`, `{"type":"ADDED","object":` + secretOut + `}`},
		{"a Table with whole objects",
			`{"kind":"Table","apiVersion":"meta.k8s.io/v1","rows":[{"cells":["s","Opaque",1,"1d"],"object":` + secretIn + `}]}`,
			`{"kind":"Table","apiVersion":"meta.k8s.io/v1","rows":[{"cells":["s","Opaque",1,"1d"],"object":` + secretOut + `}]}`},
		{"a Crossplane Object's manifest",
			`{"apiVersion":"kubernetes.crossplane.io/v1alpha2","kind":"Object","metadata":{"name":"o"},
				"spec":{"forProvider":{"manifest":` + secretIn + `}}}`,
			`{"apiVersion":"kubernetes.crossplane.io/v1alpha2","kind":"Object","metadata":{"name":"o"},
				"spec":{"forProvider":{"manifest":` + secretOut + `}}}`},
		{"a Kyverno generate block",
			`{"kind":"ClusterPolicy","spec":{"rules":[{"generate":{"apiVersion":"v1","kind":"Secret","name":"g",
				"data":{"data":{"k":"dg=="}}}}]}}`,
			`{"kind":"ClusterPolicy","spec":{"rules":[{"generate":{"apiVersion":"v1","kind":"Secret","name":"g",
				"data":{"data":"(removed by studioctl: not valid base64)"}}}]}}`},
		{"a manifest of kind secret, in lower case, in a Kyverno generate block",
			`{"kind":"ClusterPolicy","spec":{"rules":[{"generate":{"apiVersion":"v1","kind":"secret","name":"g",
				"data":{"apiVersion":"v1","kind":"SECRET","metadata":{"name":"g"},"data":{"token":"` + b64("value") + `"}}}}]}}`,
			`{"kind":"ClusterPolicy","spec":{"rules":[{"generate":{"apiVersion":"v1","kind":"secret","name":"g",
				"data":{"apiVersion":"(removed by studioctl: not valid base64)","kind":"(removed by studioctl: not valid base64)",
				"metadata":"(removed by studioctl: not valid base64)","data":"(removed by studioctl: not valid base64)"}}}]}}`},
		{"a Secret kind of another group is left",
			`{"apiVersion":"example.com/v1","kind":"Secret","data":{"k":"v"}}`,
			`{"apiVersion":"example.com/v1","kind":"Secret","data":{"k":"v"}}`},
		{"a ConfigMap is left",
			`{"apiVersion":"v1","kind":"ConfigMap","data":{"k":"v"},"metadata":{"annotations":{"a":"{}"}}}`,
			`{"apiVersion":"v1","kind":"ConfigMap","data":{"k":"v"},"metadata":{"annotations":{"a":"{}"}}}`},
		{"scalars and odd shapes", `[1,"x",null,true,[[{"kind":"Secret","data":{"a":"YQ=="}}]]]`,
			`[1,"x",null,true,[[{"kind":"Secret","data":{"a":"(removed by studioctl: 1 byte)"}}]]]`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := decode(t, tc.in)
			PeopleAny(got)
			if diff := cmp.Diff(decode(t, tc.want), got); diff != "" {
				t.Errorf("PeopleAny (-want +got):\n%s", diff)
			}
			mustDocuments(t, got)
		})
	}
}

func TestSecretTableRowsAndAnswer(t *testing.T) {
	pom := `{"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1","metadata":{"name":"db","managedFields":[{}],
		"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"data\":{}}","owner":"team-a"}}}`
	pomOut := `{"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1","metadata":{"name":"db","annotations":{"owner":"team-a"}}}`
	table := `{"kind":"Table","apiVersion":"meta.k8s.io/v1","columnDefinitions":[{"name":"Name","format":"name"}],
		"rows":[{"cells":["db"],"object":` + pom + `},{"cells":["x"],"object":"junk"},"junk",{"cells":["y"]}]}`
	tableOut := `{"kind":"Table","apiVersion":"meta.k8s.io/v1","columnDefinitions":[{"name":"Name","format":"name"}],
		"rows":[{"cells":["db"],"object":` + pomOut + `},{"cells":["x"]},"junk",{"cells":["y"]}]}`

	got := decodeObj(t, table)
	SecretTableRows(got)
	if diff := cmp.Diff(decode(t, tableOut), any(got)); diff != "" {
		t.Errorf("SecretTableRows (-want +got):\n%s", diff)
	}

	tests := []struct {
		name, in, want string
	}{
		{"table", table, tableOut},
		{"list without item kinds",
			`{"kind":"SecretList","apiVersion":"v1","items":[{"metadata":{"name":"a"},"data":{"k":"YWI="},"stringData":{"x":"y"}}]}`,
			`{"kind":"SecretList","apiVersion":"v1","items":[{"metadata":{"name":"a"},"data":{"k":"(removed by studioctl: 2 bytes)"}}]}`},
		{"watch event of a table", `{"type":"ADDED","object":` + table + `}`, `{"type":"ADDED","object":` + tableOut + `}`},
		{"single object without a kind", `{"metadata":{"name":"a"},"data":{"k":"YWI="}}`,
			`{"metadata":{"name":"a"},"data":{"k":"(removed by studioctl: 2 bytes)"}}`},
		{"status is left", `{"kind":"Status","status":"Failure","details":{"name":"db","kind":"secrets"}}`,
			`{"kind":"Status","status":"Failure","details":{"name":"db","kind":"secrets"}}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := decode(t, tc.in)
			SecretAnswer(got)
			if diff := cmp.Diff(decode(t, tc.want), got); diff != "" {
				t.Errorf("SecretAnswer (-want +got):\n%s", diff)
			}
			mustDocuments(t, got)
		})
	}
}

func TestPeopleCycleDoesNotHang(t *testing.T) {
	m := map[string]any{"kind": "List"}
	m["items"] = []any{m}
	PeopleAny(m)
	c := map[string]any{}
	c["self"] = c
	Machine(c)
}

// A custom resource applied with kubectl keeps a copy of itself in the last-applied annotation; a
// Secret it embeds is stripped in that copy as in the object (the owner rule and the Secret rule
// are one rule set, walked by one walker, in the copy too).
func TestSecretInsideALastAppliedCopy(t *testing.T) {
	const value = "c3VwZXItc2VjcmV0LXZhbHVl" // base64 of super-secret-value
	manifest := map[string]any{"apiVersion": "v1", "kind": "Secret", "metadata": map[string]any{"name": "db"},
		"data": map[string]any{"password": value}}
	cr := map[string]any{"apiVersion": "kubernetes.crossplane.io/v1alpha2", "kind": "Object",
		"metadata": map[string]any{"name": "db"},
		"spec":     map[string]any{"forProvider": map[string]any{"manifest": manifest}}}
	obj := map[string]any{"apiVersion": "kubernetes.crossplane.io/v1alpha2", "kind": "Object",
		"metadata": map[string]any{"name": "db", "annotations": map[string]any{LastAppliedAnnotation: lastApplied(t, cr)}},
		"spec":     map[string]any{"forProvider": map[string]any{"manifest": deepCopy(manifest)}}}
	PeopleAny(obj)
	out := marshalPlain(t, obj)
	if strings.Contains(out, value) {
		t.Fatalf("a Secret's value survived in the object or its last-applied copy: %s", out)
	}
	if got := strings.Count(out, sizeMarker(len("super-secret-value"))); got != 2 {
		t.Fatalf("want the size marker in the object and in the copy, found it %d times: %s", got, out)
	}
}
