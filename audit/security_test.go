package audit

import (
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	studioctl "github.com/studioctl/studioctl"
)

// hardened is a container that passes every security check.
func hardened(extra obj) obj {
	sc := obj{"allowPrivilegeEscalation": false, "readOnlyRootFilesystem": true, "runAsNonRoot": true,
		"capabilities": obj{"drop": []any{"ALL"}}}
	for k, v := range extra {
		sc[k] = v
	}
	return obj{"name": "app", "image": "web:1.0", "securityContext": sc}
}

// securityCodes are the security checks' codes a pod spec yields (the other checks' left out).
func securityCodes(spec obj) []string {
	w := &Workload{Kind: "Deployment", Namespace: "shop", Name: "web", spec: studioctl.NewObject(spec)}
	var out []string
	for _, f := range w.checks() {
		if c, _ := CheckOf(f.Code); c.Category == "security" && !slices.Contains(out, f.Code) {
			out = append(out, f.Code)
		}
	}
	sort.Strings(out)
	return out
}

// TestSecurityChecks: each pod-security check fires on the setting it names and on nothing else,
// starting from a pod that passes them all.
func TestSecurityChecks(t *testing.T) {
	base := func(c obj, extra obj) obj {
		spec := obj{"serviceAccountName": "web", "securityContext": obj{"seccompProfile": obj{"type": "RuntimeDefault"}},
			"containers": []any{c}}
		for k, v := range extra {
			spec[k] = v
		}
		return spec
	}
	cases := []struct {
		name string
		spec obj
		want []string
	}{
		{"hardened", base(hardened(nil), nil), nil},
		{"hostIPC", base(hardened(nil), obj{"hostIPC": true}), []string{CodeHostIPC}},
		{"hostPort", base(obj{"name": "app", "ports": []any{obj{"containerPort": 80, "hostPort": 8080}},
			"securityContext": hardened(nil)["securityContext"]}, nil), []string{CodeHostPort}},
		{"escalation unset", base(hardened(obj{"allowPrivilegeEscalation": nil}), nil), []string{CodePrivilegeEscalation}},
		{"escalation true", base(hardened(obj{"allowPrivilegeEscalation": true}), nil), []string{CodePrivilegeEscalation}},
		{"writable root", base(hardened(obj{"readOnlyRootFilesystem": false}), nil), []string{CodeWritableRoot}},
		{"SYS_ADMIN added", base(hardened(obj{"capabilities": obj{"drop": []any{"ALL"}, "add": []any{"sys_admin", "NET_BIND_SERVICE"}}}), nil),
			[]string{CodeDangerousCapability}},
		{"CAP_NET_ADMIN added", base(hardened(obj{"capabilities": obj{"drop": []any{"ALL"}, "add": []any{"CAP_NET_ADMIN"}}}), nil),
			[]string{CodeDangerousCapability}},
		{"NET_BIND_SERVICE only", base(hardened(obj{"capabilities": obj{"drop": []any{"ALL"}, "add": []any{"NET_BIND_SERVICE"}}}), nil), nil},
		{"nothing dropped", base(hardened(obj{"capabilities": obj{"drop": []any{"NET_RAW"}}}), nil), []string{CodeCapabilitiesKept}},
		{"no seccomp", obj{"serviceAccountName": "web", "containers": []any{hardened(nil)}}, []string{CodeSeccompUnset}},
		{"container Unconfined over pod", base(hardened(obj{"seccompProfile": obj{"type": "Unconfined"}}), nil), []string{CodeSeccompUnset}},
		{"container profile, pod none", obj{"serviceAccountName": "web", "containers": []any{hardened(obj{"seccompProfile": obj{"type": "Localhost"}})}}, nil},
		{"procMount", base(hardened(obj{"procMount": "Unmasked"}), nil), []string{CodeProcMountUnmasked}},
		{"default account", base(hardened(nil), obj{"serviceAccountName": ""}), []string{CodeTokenAutomount}},
		{"default account, no token", base(hardened(nil), obj{"serviceAccountName": "default", "automountServiceAccountToken": false}), nil},
		{"windows", obj{"serviceAccountName": "web", "os": obj{"name": "windows"}, "containers": []any{obj{"name": "app", "image": "web:1.0",
			"securityContext": obj{"runAsNonRoot": true}}}}, nil},
	}
	for _, c := range cases {
		want := c.want
		if want == nil {
			want = []string(nil)
		}
		if diff := cmp.Diff(want, securityCodes(c.spec)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
	}
}

// TestInitContainersAreCheckedForSecurity: an init container runs with the pod's privileges
// before the others, so its security context is checked as theirs is.
func TestInitContainersAreCheckedForSecurity(t *testing.T) {
	spec := obj{"serviceAccountName": "web", "securityContext": obj{"seccompProfile": obj{"type": "RuntimeDefault"}},
		"containers": []any{hardened(nil)}, "initContainers": []any{hardened(obj{"procMount": "Unmasked"})}}
	if got := securityCodes(spec); !slices.Contains(got, CodeProcMountUnmasked) {
		t.Errorf("an init container's unmasked /proc went unreported: %v", got)
	}
}

// TestLiteralSecretEnv: a literal value under a credential-like name is reported by its name,
// never its value; valueFrom and harmless names are not.
func TestLiteralSecretEnv(t *testing.T) {
	c := hardened(nil)
	c["env"] = []any{
		obj{"name": "DB_PASSWORD", "value": "hunter2-CANARY"}, obj{"name": "api-key", "value": "k-CANARY"},
		obj{"name": "GITHUB_TOKEN", "valueFrom": obj{"secretKeyRef": obj{"name": "gh", "key": "token"}}},
		obj{"name": "LOG_LEVEL", "value": "debug"}, obj{"name": "Stripe_Secret_Key", "value": "sk-CANARY"},
	}
	w := &Workload{Kind: "Deployment", Namespace: "shop", Name: "web", spec: studioctl.NewObject(obj{"containers": []any{c}})}
	var msgs []string
	for _, f := range w.checks() {
		if f.Code == CodeLiteralSecret {
			msgs = append(msgs, f.Message)
		}
	}
	want := []string{"Container app sets DB_PASSWORD, api-key, Stripe_Secret_Key to a literal value; take it from a Secret."}
	if diff := cmp.Diff(want, msgs); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	for _, m := range msgs {
		if strings.Contains(m, "CANARY") {
			t.Errorf("a value reached the finding: %q", m)
		}
	}
}
