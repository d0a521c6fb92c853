package redact

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The owner identity every test plants; it must never survive either mode.
const ownerIdentity = "ada.synthetic@example.com"

func fp(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])[:16]
}

func TestOwnerFingerprint(t *testing.T) {
	cases := map[string]string{
		ownerIdentity:      fp(ownerIdentity),
		"0123456789abcdef": "0123456789abcdef", // already a fingerprint: kept
		"0123456789ABCDEF": fp("0123456789ABCDEF"),
		"0123456789abcde":  fp("0123456789abcde"),
		"":                 fp(""),
	}
	for in, want := range cases {
		if got := OwnerFingerprint(in); got != want {
			t.Errorf("OwnerFingerprint(%q) = %q, want %q", in, got, want)
		}
		if again := OwnerFingerprint(OwnerFingerprint(in)); again != want {
			t.Errorf("not idempotent for %q", in)
		}
	}
}

func lastApplied(t *testing.T, obj map[string]any) string {
	t.Helper()
	b, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

func ownerObject(t *testing.T, kind string) map[string]any {
	copyOf := lastApplied(t, map[string]any{"apiVersion": "toolhive.stacklok.dev/v1beta1", "kind": "MCPServer",
		"metadata": map[string]any{"name": "inst", "labels": map[string]any{OwnerKey: ownerIdentity, "app": "x"},
			"annotations": map[string]any{OwnerKey: ownerIdentity}}})
	obj := map[string]any{
		"apiVersion": "toolhive.stacklok.dev/v1beta1", "kind": kind,
		"metadata": map[string]any{"name": "inst",
			"labels":      map[string]any{OwnerKey: ownerIdentity, "eai.io/tenant": "t1"},
			"annotations": map[string]any{OwnerKey: ownerIdentity, LastAppliedAnnotation: copyOf, "note": "plain"}},
		"spec": map[string]any{
			"selector": map[string]any{"matchLabels": map[string]any{OwnerKey: ownerIdentity},
				"matchExpressions": []any{map[string]any{"key": OwnerKey, "operator": "In", "values": []any{ownerIdentity, "0123456789abcdef"}}}},
			"template": map[string]any{"metadata": map[string]any{"labels": map[string]any{OwnerKey: ownerIdentity}}},
		},
	}
	return obj
}

func TestOwnerRulePeople(t *testing.T) {
	obj := ownerObject(t, "MCPServer")
	PeopleAny(obj)
	out := marshalPlain(t, obj)
	if strings.Contains(out, ownerIdentity) || strings.Contains(out, "ada.synthetic") {
		t.Fatalf("the owner survived people mode: %s", out)
	}
	md := obj["metadata"].(map[string]any)
	want := fp(ownerIdentity)
	if got := md["labels"].(map[string]any)[OwnerKey]; got != want {
		t.Errorf("label = %v, want %s", got, want)
	}
	if got := md["labels"].(map[string]any)["eai.io/tenant"]; got != "t1" {
		t.Errorf("other labels must stay: %v", got)
	}
	ann := md["annotations"].(map[string]any)
	if ann[OwnerKey] != want || ann["note"] != "plain" {
		t.Errorf("annotations = %v", ann)
	}
	la := ann[LastAppliedAnnotation].(string)
	if !strings.HasSuffix(la, "}\n") || !strings.Contains(la, `"eai.io/owner":"`+want+`"`) {
		t.Errorf("last-applied copy not rewritten: %s", la)
	}
	exprs := obj["spec"].(map[string]any)["selector"].(map[string]any)["matchExpressions"].([]any)
	if diff := cmp.Diff([]any{want, "0123456789abcdef"}, exprs[0].(map[string]any)["values"]); diff != "" {
		t.Errorf("matchExpressions values (-want +got):\n%s", diff)
	}
	// A second pass changes nothing, byte for byte.
	before := marshalPlain(t, obj)
	PeopleAny(obj)
	if after := marshalPlain(t, obj); after != before {
		t.Errorf("the owner rule is not idempotent:\n%s\n%s", before, after)
	}
}

func TestOwnerRuleBothModes(t *testing.T) {
	obj := ownerObject(t, "MCPServer")
	PeopleAny(obj)
	Machine(obj)
	if out := marshalPlain(t, obj); strings.Contains(out, ownerIdentity) {
		t.Fatalf("the owner survived people then machine: %s", out)
	}
	mustDocuments(t, obj)
}

func TestOwnerRuleSecretAndLists(t *testing.T) {
	secret := decodeObj(t, `{"kind":"SecretList","apiVersion":"v1","items":[{"metadata":{"name":"s","labels":{"eai.io/owner":"`+ownerIdentity+`"}},"data":{"k":"dg=="}}]}`)
	PeopleAny(secret)
	if out := marshalPlain(t, secret); strings.Contains(out, ownerIdentity) || !strings.Contains(out, fp(ownerIdentity)) {
		t.Fatalf("a Secret's owner label: %s", out)
	}
	direct := decodeObj(t, `{"metadata":{"name":"s","annotations":{"eai.io/owner":"`+ownerIdentity+`"}}}`)
	SecretObject(direct)
	if out := marshalPlain(t, direct); strings.Contains(out, ownerIdentity) {
		t.Fatalf("SecretObject kept the owner: %s", out)
	}
	meta := decodeObj(t, `{"labels":{"eai.io/owner":"`+ownerIdentity+`"}}`)
	SecretMetadata(meta, nil)
	if out := marshalPlain(t, meta); strings.Contains(out, ownerIdentity) {
		t.Fatalf("SecretMetadata kept the owner: %s", out)
	}
}

func TestOwnerInCopy(t *testing.T) {
	plain := `{"metadata":{"labels":{"app":"web"}},"x":1.50}` + "\n"
	if got := ownerInCopy(plain); got != plain {
		t.Errorf("a copy without an owner must stay byte for byte: %q", got)
	}
	escaped := `{"metadata":{"labels":{"eai.io\/owner":"` + ownerIdentity + `"}}}`
	if got := ownerInCopy(escaped); strings.Contains(got, ownerIdentity) || !strings.Contains(got, fp(ownerIdentity)) {
		t.Errorf("an escaped key must still be found: %q", got)
	}
	broken := `{"eai.io/owner":"` + ownerIdentity + `"`
	if got := ownerInCopy(broken); got != markerOwner {
		t.Errorf("broken copy naming the owner = %q", got)
	}
	nested := lastApplied(t, map[string]any{"metadata": map[string]any{"annotations": map[string]any{
		LastAppliedAnnotation: lastApplied(t, map[string]any{"metadata": map[string]any{"labels": map[string]any{OwnerKey: ownerIdentity}}})}}})
	if got := ownerInCopy(nested); strings.Contains(got, ownerIdentity) {
		t.Errorf("a copy inside a copy kept the owner: %q", got)
	}
	if got := ownerInCopy("not json"); got != "not json" {
		t.Errorf("text without the key stays: %q", got)
	}
	obj := decodeObj(t, `{"metadata":{"labels":{"eai.io/owner":{"email":"`+ownerIdentity+`"}}}}`)
	PeopleAny(obj)
	if out := marshalPlain(t, obj); strings.Contains(out, ownerIdentity) {
		t.Errorf("an owner that is an object: %s", out)
	}
}

func TestSelectsOwner(t *testing.T) {
	yes := []string{"eai.io/owner=x", "app=web,eai.io/owner==x", "eai.io/owner!=x", "eai.io/owner in (a,b)",
		"eai.io/owner notin (a)", "!eai.io/owner", "eai.io/owner", " eai.io/owner = x", "tier in (a,b),eai.io/owner", "EAI.IO/OWNER=x", "eai.io/owner>1", "eai.io/owner<9", "app=web,eai.io/owner>0"}
	no := []string{"", "app=web", "eai.io/tenant=t", "eai.io/owner-team=x", "x in (eai.io/owner)", "eai.io/ownerx=1"}
	for _, s := range yes {
		if !SelectsOwner(s) {
			t.Errorf("SelectsOwner(%q) = false", s)
		}
	}
	for _, s := range no {
		if SelectsOwner(s) {
			t.Errorf("SelectsOwner(%q) = true", s)
		}
	}
}

// The owner in another tool's copy of the labels and in free text is fingerprinted too: every
// occurrence in any annotation of an object whose label or annotation names the owner.
func TestOwnerInOtherAnnotations(t *testing.T) {
	obj := map[string]any{"kind": "MCPServer", "metadata": map[string]any{
		"name":   "fetch",
		"labels": map[string]any{OwnerKey: ownerIdentity},
		"annotations": map[string]any{
			"kopf.zalando.org/last-handled-configuration": `{"metadata":{"labels":{"` + OwnerKey + `":"` + ownerIdentity + `"}}}`,
			"example.com/contact":                         "ask " + ownerIdentity + " before scaling",
			"example.com/unrelated":                       "plain",
		},
	}}
	PeopleAny(obj)
	out := marshalPlain(t, obj)
	if strings.Contains(out, ownerIdentity) {
		t.Fatalf("the owner survived in an annotation: %s", out)
	}
	ann := obj["metadata"].(map[string]any)["annotations"].(map[string]any)
	if ann["example.com/contact"] != "ask "+fp(ownerIdentity)+" before scaling" || ann["example.com/unrelated"] != "plain" {
		t.Errorf("annotations = %v", ann)
	}
	var copied map[string]any
	if err := json.Unmarshal([]byte(ann["kopf.zalando.org/last-handled-configuration"].(string)), &copied); err != nil {
		t.Errorf("the copy no longer reads as JSON: %v", err)
	}
}
