package redact

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"sigs.k8s.io/yaml"
)

// entropy turns fuzz input into choices; once the input runs out every choice is 0, so every
// input, however short, builds a finite value.
type entropy struct {
	b []byte
}

func (e *entropy) byte() byte {
	if len(e.b) == 0 {
		return 0
	}
	c := e.b[0]
	e.b = e.b[1:]
	return c
}

func (e *entropy) intn(n int) int {
	if n <= 1 {
		return 0
	}
	return int(e.byte()) % n
}

func (e *entropy) pick(choices ...string) string { return choices[e.intn(len(choices))] }

// word is a benign lower-case string: never a canary, never upper case.
func (e *entropy) word() string {
	n := 1 + e.intn(10)
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteByte("abcdefghijklmnopqrstuvwxyz0123456789-."[e.intn(38)])
	}
	return b.String()
}

const canary = "ZQXCANARYQZX"

// ---------------------------------------------------------------------------------------------
// The post-condition Machine promises, stated apart from machineMap: for every map, whatever
// a rule names is fully masked. Used on decoded fuzz input and on generated shapes alike.

func fullyMasked(v any) bool {
	switch t := v.(type) {
	case nil:
		return true
	case string:
		return t == Masked
	case map[string]any:
		for _, c := range t {
			if !fullyMasked(c) {
				return false
			}
		}
		return true
	case []any:
		for _, c := range t {
			if !fullyMasked(c) {
				return false
			}
		}
		return true
	}
	return false
}

// nameMasked: a name field holds Masked, or no scalar at all.
func nameMasked(m map[string]any, key string) bool {
	v, present := m[key]
	if !present {
		return true
	}
	switch v.(type) {
	case nil, map[string]any, []any:
		return true
	}
	return v == Masked
}

func refMasked(v any) bool {
	switch t := v.(type) {
	case map[string]any:
		return nameMasked(t, "name") && nameMasked(t, "secretName")
	case []any:
		for _, el := range t {
			if em, ok := el.(map[string]any); ok {
				if !nameMasked(em, "name") || !nameMasked(em, "secretName") {
					return false
				}
			} else if el != nil && !fullyMasked(el) {
				if _, container := el.([]any); !container {
					return false
				}
			}
		}
		return true
	case nil:
		return true
	}
	return v == Masked
}

func coversSecrets(rule map[string]any) bool {
	some := func(key string, match func(string) bool) bool {
		arr, ok := rule[key].([]any)
		if !ok {
			return true
		}
		for _, el := range arr {
			if s, ok := el.(string); !ok || match(s) {
				return true
			}
		}
		return false
	}
	return some("resources", func(s string) bool {
		return s == "secrets" || s == "*" || strings.HasPrefix(s, "secrets/") || strings.HasPrefix(s, "*/")
	}) && some("apiGroups", func(s string) bool { return s == "" || s == "*" })
}

func checkMachine(t testing.TB, v any, hint, path string) {
	t.Helper()
	switch n := v.(type) {
	case []any:
		for i, c := range n {
			checkMachine(t, c, hint, fmt.Sprintf("%s[%d]", path, i))
		}
		return
	case map[string]any:
		fail := func(rule string) { t.Errorf("%s: %s not masked: %v", path, rule, n) }
		kind, _ := n["kind"].(string)
		if _, present := n["kind"]; !present {
			kind = hint
		}
		for _, key := range []string{"env", "httpHeaders"} {
			if arr, ok := n[key].([]any); ok {
				for _, el := range arr {
					if em, ok := el.(map[string]any); ok {
						if !fullyMasked(em["value"]) {
							fail(key + "[].value")
						}
					} else if !fullyMasked(el) {
						fail(key + "[]")
					}
				}
			}
		}
		for _, key := range []string{"command", "args"} {
			if _, isMap := n[key].(map[string]any); !isMap && !fullyMasked(n[key]) {
				fail(key)
			}
		}
		if md, ok := n["metadata"].(map[string]any); ok {
			if !fullyMasked(md["annotations"]) {
				fail("metadata.annotations")
			}
			if _, still := md["managedFields"]; still {
				fail("metadata.managedFields removed")
			}
		}
		if kind == "ConfigMap" && !(fullyMasked(n["data"]) && fullyMasked(n["binaryData"])) {
			fail("ConfigMap data")
		}
		if kind == "Secret" {
			if !fullyMasked(n["data"]) || !fullyMasked(n["stringData"]) || !nameMasked(n, "name") {
				fail("Secret values")
			}
			switch md := n["metadata"].(type) {
			case map[string]any:
				if !nameMasked(md, "name") || !nameMasked(md, "generateName") {
					fail("Secret name")
				}
			default:
				if !fullyMasked(md) {
					fail("Secret metadata")
				}
			}
		}
		for _, key := range []string{"involvedObject", "regarding", "related"} {
			if ref, ok := n[key].(map[string]any); ok && ref["kind"] == "Secret" {
				if md, ok := n["metadata"].(map[string]any); ok && !nameMasked(md, "name") {
					fail("event name")
				}
			}
		}
		for k, c := range n {
			switch {
			case k == "secretName" || strings.HasSuffix(k, "SecretName") || strings.HasSuffix(k, "secret-name"):
				if !nameMasked(n, k) {
					fail(k)
				}
			case k == "secretRef" || k == "secretRefs" || k == "secretKeyRef" || k == "secret" || k == "secrets" ||
				k == "imagePullSecrets" || strings.HasSuffix(k, "SecretRef") || strings.HasSuffix(k, "SecretRefs"):
				if !refMasked(c) {
					fail(k)
				}
			}
		}
		if _, present := n["resourceNames"]; present && coversSecrets(n) && !fullyMasked(n["resourceNames"]) {
			fail("resourceNames")
		}
		items := ""
		if k, _ := n["kind"].(string); len(k) > 4 && strings.HasSuffix(k, "List") {
			items = strings.TrimSuffix(k, "List")
		}
		for k, c := range n {
			h := ""
			if k == "items" {
				h = items
			}
			checkMachine(t, c, h, path+"."+k)
		}
	}
}

// marshalPlain writes v as JSON without HTML escaping, so a canary is found as written.
func marshalPlain(t testing.TB, v any) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatalf("encode: %v", err)
	}
	return b.String()
}

// ---------------------------------------------------------------------------------------------
// The generator: a canary planted under a masked path, inside random nested shapes.

type gen struct {
	e *entropy
	n int // maps built, to bound the size
}

// secret is a value that must not survive: the canary, or a shape holding it.
func (g *gen) secret() any {
	switch g.e.intn(6) {
	case 0:
		return map[string]any{g.e.word(): canary, "n": []any{canary, json.Number("1")}}
	case 1:
		return []any{canary, g.e.word() + canary}
	default:
		return canary + g.e.word()
	}
}

// benign is a value that holds no canary.
func (g *gen) benign() any {
	switch g.e.intn(5) {
	case 0:
		return json.Number(fmt.Sprint(g.e.intn(1000)))
	case 1:
		return g.e.intn(2) == 0
	case 2:
		return nil
	default:
		return g.e.word()
	}
}

// siblings adds benign fields to m under keys it does not hold yet, never "kind".
func (g *gen) siblings(m map[string]any) map[string]any {
	for i := g.e.intn(3); i > 0; i-- {
		k := g.e.word()
		if _, taken := m[k]; !taken && k != "kind" {
			m[k] = g.benign()
		}
	}
	return m
}

func (g *gen) anyKind() string {
	return g.e.pick("Pod", "Deployment", "Widget", "Object", "Event", "ServiceAccount", "Role", "List", "")
}

// planted returns a map with the canary under one masked path.
func (g *gen) planted() map[string]any {
	s := g.secret
	switch g.e.intn(25) {
	case 23:
		// A Secret's name as a key, which only the removal of managedFields hides.
		return map[string]any{"metadata": map[string]any{"managedFields": []any{map[string]any{"fieldsV1": map[string]any{
			"f:imagePullSecrets": map[string]any{`k:{"name":"` + canary + `"}`: map[string]any{}}}}}}}
	case 0:
		return map[string]any{"env": []any{g.siblings(map[string]any{"name": "N", "value": s()})}}
	case 1:
		return map[string]any{"httpHeaders": []any{map[string]any{"name": "Authorization", "value": s()}}}
	case 2:
		return map[string]any{g.e.pick("command", "args"): []any{g.e.word(), s()}}
	case 3:
		probe := g.e.pick("livenessProbe", "readinessProbe", "startupProbe")
		return map[string]any{probe: map[string]any{"exec": map[string]any{"command": []any{s()}}}}
	case 4:
		hook := g.e.pick("postStart", "preStop")
		return map[string]any{"lifecycle": map[string]any{hook: map[string]any{"exec": map[string]any{"command": []any{s()}}}}}
	case 5:
		return map[string]any{"metadata": g.siblings(map[string]any{"annotations": map[string]any{g.e.word(): s()}})}
	case 6:
		return g.siblings(map[string]any{"apiVersion": "v1", "kind": "ConfigMap", g.e.pick("data", "binaryData"): map[string]any{g.e.word(): s()}})
	case 7:
		return g.siblings(map[string]any{"apiVersion": "v1", "kind": "Secret", g.e.pick("data", "stringData"): map[string]any{g.e.word(): s()}})
	case 8:
		return map[string]any{"apiVersion": "v1", "kind": "Secret", "metadata": g.siblings(map[string]any{g.e.pick("name", "generateName"): s(), "annotations": map[string]any{LastAppliedAnnotation: s()}})}
	case 9:
		return map[string]any{g.e.pick("secretName", "tlsSecretName", "csi.storage.k8s.io/node-stage-secret-name"): canary}
	case 10:
		return map[string]any{g.e.pick("secretRef", "tokenSecretRef", "nodePublishSecretRef", "controllerExpandSecretRef", "secretKeyRef"): g.siblings(map[string]any{"name": canary})}
	case 11:
		return map[string]any{"secret": map[string]any{g.e.pick("name", "secretName"): canary}}
	case 12:
		return map[string]any{"sources": []any{map[string]any{"secret": map[string]any{"name": canary}}}}
	case 13:
		return map[string]any{g.e.pick("imagePullSecrets", "secrets"): []any{map[string]any{"name": canary}}}
	case 14:
		return map[string]any{"ownerReferences": []any{map[string]any{"kind": "Secret", "name": canary, "uid": g.e.word()}}}
	case 15:
		ref := g.e.pick("involvedObject", "regarding")
		return map[string]any{"kind": "Event", "metadata": map[string]any{"name": canary + ".17a"}, ref: map[string]any{"kind": "Secret", "name": canary}}
	case 16:
		return g.siblings(map[string]any{
			"apiGroups":     []any{g.e.pick("", "*"), g.e.word()},
			"resources":     []any{g.e.word(), g.e.pick("secrets", "*")},
			"verbs":         []any{"get"},
			"resourceNames": []any{g.e.word(), canary},
		})
	case 17:
		return map[string]any{"kind": "SecretList", "items": []any{map[string]any{"metadata": map[string]any{"name": canary}, "data": map[string]any{"k": s()}}}}
	case 18:
		return map[string]any{"kind": "ConfigMapList", "items": []any{map[string]any{"data": map[string]any{"k": s()}}}}
	case 19:
		return map[string]any{"valueFrom": map[string]any{"secretKeyRef": map[string]any{"name": canary, "key": "k"}}}
	case 20:
		return map[string]any{"tls": []any{map[string]any{"hosts": []any{"h"}, "secretName": canary}}}
	case 21:
		return map[string]any{"certificateRefs": []any{map[string]any{"name": canary}}}
	case 22:
		return map[string]any{"resourceAttributes": map[string]any{"verb": "get", "resource": "secrets", "name": canary}}
	default:
		return map[string]any{"kind": "Secret", "name": canary, "namespace": g.e.word()}
	}
}

// shape wraps v in random nesting: real field names, Lists, watch events, Tables, arrays.
func (g *gen) shape(v any, depth int) any {
	if depth > 12 || g.n > 200 {
		return v
	}
	g.n++
	var out any
	switch g.e.intn(9) {
	case 0:
		return v
	case 1:
		out = []any{g.benign(), v}
	case 2:
		out = map[string]any{"apiVersion": "v1", "kind": "List", "items": []any{v}}
	case 3:
		out = map[string]any{"type": g.e.pick("ADDED", "MODIFIED", "DELETED"), "object": v}
	case 4:
		out = map[string]any{"kind": "Table", "rows": []any{map[string]any{"cells": []any{g.e.word()}, "object": v}}}
	case 5:
		out = map[string]any{"kind": g.anyKind(), "spec": map[string]any{"template": map[string]any{"spec": map[string]any{"containers": []any{v}}}}}
	default:
		key := g.e.pick("spec", "template", "data", "manifest", "forProvider", "jobTemplate", "containers",
			"initContainers", "volumes", "rules", "generate", "status", "object", "items", g.e.word())
		m := map[string]any{key: v}
		if g.e.intn(2) == 0 {
			m["kind"] = g.anyKind()
		}
		out = m
	}
	if m, ok := out.(map[string]any); ok {
		// Another planted canary beside this one, sometimes.
		if g.e.intn(3) == 0 {
			// Only whole: a planted ConfigMap's data beside another kind is no ConfigMap's data.
			p := g.planted()
			free := true
			for k := range p {
				if _, taken := m[k]; taken {
					free = false
				}
			}
			if free {
				for k, c := range p {
					m[k] = c
				}
			}
		}
		g.siblings(m)
	}
	return g.shape(out, depth+1)
}

func (g *gen) build() any {
	v := any(g.planted())
	return g.shape(v, 0)
}

// ---------------------------------------------------------------------------------------------

func machineSeeds(f *testing.F) {
	for _, s := range []string{
		`{"apiVersion":"v1","kind":"Pod","metadata":` + metaIn + `,"spec":` + podSpecIn + `}`,
		`{"kind":"SecretList","items":[{"metadata":{"name":"a"},"data":{"k":"dg=="}}]}`,
		`{"type":"ADDED","object":{"kind":"ConfigMap","data":{"a":"b"}}}`,
		`{"kind":"Role","rules":[{"apiGroups":[""],"resources":["secrets"],"resourceNames":["x"]}]}`,
		`[null,1,"x",{"env":["a"],"command":"c"}]`,
		`{"kind":"Secret","metadata":"x","data":[[{"a":1}]]}`,
		`{"kind":"Table","rows":[{"cells":["a"],"object":{"metadata":{"annotations":{"a":"b"}}}}]}`,
		"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f",
		"\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8\xf7\xf6\xf5\xf4\xf3\xf2\xf1\xf0\xef",
		"",
	} {
		f.Add([]byte(s))
	}
}

func FuzzMachine(f *testing.F) {
	machineSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) { machineOnce(t, data) })
}

// machineOnce is FuzzMachine's body: the input as a JSON document, then as generator choices.
func machineOnce(t testing.TB, data []byte) {
	// The input as a JSON document, when it is one.
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var doc any
	if d.Decode(&doc) == nil {
		// sigs.k8s.io/yaml refuses some strings (DEL, U+FFFE) whatever redaction does; the
		// promise is that redaction never turns a document that marshals into one that does not.
		_, yamlErr := yaml.Marshal(doc)
		documents := func(v any) {
			if yamlErr == nil {
				mustDocuments(t, v)
			} else if _, err := json.Marshal(v); err != nil {
				t.Fatalf("json.Marshal after redaction: %v", err)
			}
		}
		Machine(doc)
		checkMachine(t, doc, "", "$")
		documents(doc)
		again := deepCopy(doc)
		Machine(again)
		// reflect, not cmp: cmp's slice diff is exponential on deeply nested arrays.
		if !reflect.DeepEqual(doc, again) {
			t.Fatalf("Machine is not idempotent:\nfirst:  %s\nsecond: %s", marshalPlain(t, doc), marshalPlain(t, again))
		}
		// People first, as the decoder does, then machine: still valid, still masked.
		PeopleAny(again)
		Machine(again)
		checkMachine(t, again, "", "$")
		documents(again)
	}

	// The input as choices: canaries planted under masked paths in random shapes.
	g := &gen{e: &entropy{b: data}}
	v := g.build()
	before := marshalPlain(t, v)
	if !strings.Contains(before, canary) {
		t.Fatalf("the generator planted no canary: %s", before)
	}
	Machine(v)
	after := marshalPlain(t, v)
	if strings.Contains(after, canary) {
		t.Fatalf("a canary survived Machine:\nbefore: %s\nafter:  %s", before, after)
	}
	checkMachine(t, v, "", "$")
	mustDocuments(t, v)
}

// ---------------------------------------------------------------------------------------------

const peopleCanary = "PPLCANARYQ"

func encodings(s string) []string {
	return []string{
		base64.StdEncoding.EncodeToString([]byte(s)),
		base64.RawStdEncoding.EncodeToString([]byte(s)),
		base64.URLEncoding.EncodeToString([]byte(s)),
		base64.RawURLEncoding.EncodeToString([]byte(s)),
	}
}

// everyString collects every string in v, keys included.
func everyString(v any, out *[]string) {
	switch t := v.(type) {
	case string:
		*out = append(*out, t)
	case map[string]any:
		for k, c := range t {
			*out = append(*out, k)
			everyString(c, out)
		}
	case []any:
		for _, c := range t {
			everyString(c, out)
		}
	}
}

func FuzzPeople(f *testing.F) {
	for _, s := range []string{"", "\x01\x02\x03", "\xff\x10\x20\x30\x40\x50\x60\x70\x80\x90", "secret-data-seed-0123456789"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		e := &entropy{b: in}
		var planted []string // every value that must not survive, plain and encoded
		plant := func(s string) string {
			planted = append(planted, s)
			planted = append(planted, encodings(s)...)
			return s
		}

		data := map[string]any{}
		stringData := map[string]any{}
		sizes := map[string]int{}
		var keys []string
		nKeys := 1 + e.intn(5)
		for i := 0; i < nKeys; i++ {
			key := fmt.Sprintf("key-%d%s", i, strings.Trim(e.word(), "-."))
			keys = append(keys, key)
			raw := []byte(peopleCanary + fmt.Sprint(i) + e.word())
			for j := e.intn(6); j > 0; j-- {
				raw = append(raw, e.byte())
			}
			plant(string(raw))
			if i > 0 && e.intn(6) == 0 { // the first key stays valid: annotations below repeat its value
				data[key] = peopleCanary + "!! not base64 " + fmt.Sprint(i)
				planted = append(planted, data[key].(string))
				sizes[key] = -1
			} else {
				data[key] = base64.StdEncoding.EncodeToString(raw)
				sizes[key] = len(raw)
			}
			stringData["sd-"+key] = plant(peopleCanary + "sd" + e.word())
		}

		first := keys[0]
		firstValue := planted[0] // the decoded value of the first key
		lastApplied, _ := json.Marshal(map[string]any{"apiVersion": "v1", "kind": "Secret", "data": data, "stringData": stringData})
		annotations := map[string]any{
			LastAppliedAnnotation:    string(lastApplied),
			"tool.example/copy":      "{\"data\":{\"" + first + "\":\"" + data[first].(string) + "\"}}",
			"long":                   strings.Repeat("w"+e.word()+" ", 20) + peopleCanary + " long",
			"equals-value":           firstValue,
			"contains-value":         "was " + firstValue,
			"std-encoded":            base64.StdEncoding.EncodeToString([]byte(firstValue)),
			"url-encoded":            base64.RawURLEncoding.EncodeToString([]byte(firstValue)),
			"names-key":              peopleCanary + " " + first,
			"flow":                   "[" + peopleCanary + "]",
			"control":                peopleCanary + "\n",
			"team":                   "team-a",
			"uid":                    "3f2a1c4e-7b8d-4e9f-a0b1-c2d3e4f5a6b7",
			"kubernetes.io/sa":       "studio-reader",
			"random-" + e.word():     e.word(),
			"non-string-" + e.word(): map[string]any{"x": peopleCanary},
		}
		keep := map[string]string{"team": "team-a", "uid": "3f2a1c4e-7b8d-4e9f-a0b1-c2d3e4f5a6b7", "kubernetes.io/sa": "studio-reader"}
		secret := map[string]any{
			"apiVersion": "v1",
			"kind":       "Secret",
			"type":       "Opaque",
			"metadata": map[string]any{
				"name":          "db",
				"annotations":   annotations,
				"managedFields": []any{map[string]any{"fieldsV1": map[string]any{"f:data": peopleCanary}}},
			},
			"data":       data,
			"stringData": stringData,
		}
		annotationKeys := make([]string, 0, len(annotations))
		for k := range annotations {
			if k != LastAppliedAnnotation {
				annotationKeys = append(annotationKeys, k)
			}
		}

		// Sometimes the Secret arrives inside something else; PeopleAny must find it.
		var whole any = secret
		switch e.intn(4) {
		case 1:
			whole = map[string]any{"kind": "List", "apiVersion": "v1", "items": []any{secret}}
		case 2:
			whole = map[string]any{"type": "ADDED", "object": secret}
		case 3:
			whole = map[string]any{"kind": "Object", "spec": map[string]any{"forProvider": map[string]any{"manifest": secret}}}
		}
		if e.intn(2) == 0 {
			SecretObject(secret)
		} else {
			PeopleAny(whole)
		}

		out := marshalPlain(t, whole)
		if strings.Contains(out, peopleCanary) {
			t.Fatalf("a canary survived: %s", out)
		}
		for _, p := range planted {
			if len(p) >= 4 && strings.Contains(out, p) {
				t.Fatalf("a planted value %q survived: %s", p, out)
			}
		}
		var strs []string
		everyString(whole, &strs)
		for _, s := range strs {
			if d := decodeAnyBase64(s); d != nil && strings.Contains(*d, peopleCanary) {
				t.Fatalf("%q decodes to a canary", s)
			}
		}
		if _, still := secret["stringData"]; still {
			t.Fatal("stringData survived")
		}
		md := secret["metadata"].(map[string]any)
		if _, still := md["managedFields"]; still {
			t.Fatal("managedFields survived")
		}
		gotAnn := md["annotations"].(map[string]any)
		if _, still := gotAnn[LastAppliedAnnotation]; still {
			t.Fatal("the last-applied annotation survived")
		}
		for _, k := range annotationKeys {
			if _, ok := gotAnn[k]; !ok {
				t.Fatalf("annotation key %q was lost", k)
			}
		}
		for k, v := range keep {
			if gotAnn[k] != v {
				t.Fatalf("short plain annotation %q = %v, want %q", k, gotAnn[k], v)
			}
		}
		var wantKeys []KeySize
		for _, k := range keys {
			wantKeys = append(wantKeys, KeySize{k, sizes[k]})
		}
		if diff := cmp.Diff(wantKeys, SecretKeys(secret), cmpSortKeys); diff != "" {
			t.Fatalf("SecretKeys (-want +got):\n%s", diff)
		}
		mustDocuments(t, whole)
		Machine(whole)
		mustDocuments(t, whole)
	})
}

var cmpSortKeys = cmp.Transformer("sort", func(in []KeySize) []KeySize {
	out := append([]KeySize(nil), in...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Name < out[j-1].Name; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
})
