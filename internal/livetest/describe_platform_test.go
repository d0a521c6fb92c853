package livetest

import (
	"bytes"
	"context"
	"encoding/base64"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/studioctl/studioctl/internal/cli"
)

// describe's statements about the scenario's ManagedComponents in the recorded suite: one with
// workloads, a last operation and a secret ref, one with two secret refs, the blocked stop.
func init() {
	addCases("20-describe", "all",
		Case{Statement: "describe managedcomponent search-indexer -n platform"},
		Case{Statement: "describe managedcomponents.platform.navin.ai/postgres-main -n platform"},
		Case{Statement: "describe mc kafka-events -n platform"},
	)
}

// TestDescribeManagedComponentLive describes every ManagedComponent of the cluster as the admin
// and checks the facts against the object kubectl reads: the four status dimensions, each
// workload the operator reports, each secret ref by name and key, the last operation, and every
// event kubectl lists; no value of a Secret a component refers to is printed, in either mode.
// The view identity, which may not read ManagedComponents, gets the 403 sentence.
func TestDescribeManagedComponentLive(t *testing.T) {
	needCluster(t)
	list := kubectlJSON[struct {
		Items []struct {
			Metadata struct{ Name, Namespace string }
			Spec     struct {
				Service, DesiredState string
				SecretRefs            []struct{ SecretName, Key string }
			}
			Status struct {
				State, Health, OperationState, SecurityState string
				LastOperation                                *struct{ ID, Action, State string }
				Workloads                                    []struct {
					Kind, Name                string
					Desired, Ready, Available int
				}
			}
		}
	}](t, "get", "managedcomponents.platform.navin.ai", "-A", "-o", "json")
	if len(list.Items) == 0 {
		t.Fatal("no ManagedComponent: is the scenario seeded?")
	}
	admin, view := liveSession(t, "admin"), liveSession(t, "view")
	facts, refs := 0, 0
	for _, mc := range list.Items {
		words := []string{"describe", "managedcomponent", mc.Metadata.Name, "-n", mc.Metadata.Namespace}
		where := strings.Join(words, " ")
		var out, errOut bytes.Buffer
		if code := cli.ExecWords(context.Background(), admin, words, &out, &errOut); code != 0 {
			t.Errorf("%s: exit %d: %s", where, code, errOut.String())
			continue
		}
		text := out.String()
		want := []string{"Service:\\s+" + mc.Spec.Service, "Desired State:\\s+" + mc.Spec.DesiredState}
		for label, v := range map[string]string{"State": mc.Status.State, "Health": mc.Status.Health,
			"Operation State": mc.Status.OperationState, "Security State": mc.Status.SecurityState} {
			if v != "" {
				want = append(want, "(?m)^"+label+":\\s+"+v+"$")
			}
		}
		for _, w := range mc.Status.Workloads {
			want = append(want, "(?m)^\\s+"+w.Kind+"\\s+"+w.Name+"\\s+"+strconv.Itoa(w.Desired)+"\\s+"+strconv.Itoa(w.Ready)+"\\s+"+strconv.Itoa(w.Available)+"$")
		}
		for _, r := range mc.Spec.SecretRefs {
			refs++
			want = append(want, "(?m)^\\s+"+r.SecretName+"\\s+"+r.Key+"$")
		}
		if op := mc.Status.LastOperation; op != nil {
			want = append(want, "Last Operation:\\s+"+op.Action+" \\("+op.State+"\\) "+op.ID)
		} else {
			want = append(want, "Last Operation:\\s+<none>")
		}
		kout, _, _ := runKubectl(t, "admin", words)
		_, reasons := describeFacts(kout)
		for _, r := range reasons {
			want = append(want, "(?m)^\\s+\\S+\\s+"+regexp.QuoteMeta(r)+"\\s")
		}
		for _, re := range want {
			facts++
			if !regexp.MustCompile(re).MatchString(text) {
				t.Errorf("%s: no line matches %s:\n%s", where, re, text)
			}
		}
		// No value of a Secret it refers to, in either mode.
		for _, r := range mc.Spec.SecretRefs {
			values := secretValues(t, mc.Metadata.Namespace, r.SecretName)
			for _, machine := range []bool{false, true} {
				var out bytes.Buffer
				s := admin
				if machine {
					s = liveSessionMode(t, "admin", true)
				}
				cli.ExecWords(context.Background(), s, words, &out, &out)
				for _, v := range values {
					if strings.Contains(out.String(), v) {
						t.Errorf("%s (machine %v) prints a value of Secret %s", where, machine, r.SecretName)
					}
				}
				if machine && strings.Contains(out.String(), r.SecretName) {
					t.Errorf("%s prints the Secret's name %s in machine mode", where, r.SecretName)
				}
			}
		}
		var vout, verr bytes.Buffer
		if code := cli.ExecWords(context.Background(), view, words, &vout, &verr); code != 1 || !strings.Contains(verr.String(), "403 Forbidden") {
			t.Errorf("%s as view: exit %d: %s", where, code, verr.String())
		}
	}
	if refs == 0 {
		t.Error("no ManagedComponent names a Secret: is the scenario seeded with this e2e/seed.sh?")
	}
	t.Logf("describe managedcomponent: %d components, %d facts checked, %d secret refs", len(list.Items), facts, refs)
}

// secretValues reads the values of a Secret as the admin, through kubectl (empty when it does not
// exist); values shorter than 6 bytes are left out, as they would match by chance.
func secretValues(t *testing.T, ns, name string) []string {
	out, _, code := runKubectl(t, "admin", []string{"get", "secret", name, "-n", ns, "-o", `jsonpath={range .data.*}{@}{"\n"}{end}`})
	if code != 0 {
		return nil
	}
	var values []string
	for _, b64 := range strings.Fields(out) {
		raw, err := base64.StdEncoding.DecodeString(b64)
		if err == nil && len(raw) >= 6 {
			values = append(values, string(raw))
		}
	}
	return values
}
