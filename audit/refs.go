package audit

import (
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/apivalue"
)

// pdbFindings: a Deployment or StatefulSet of one replica that no PodDisruptionBudget selects.
// When the budgets could not be read the check is not made (kind_unreadable says so).
func pdbFindings(ws []*Workload, pdbs *objects, ns string) []Finding {
	if pdbs.forbidden(ns) || !pdbs.served {
		return nil
	}
	var fs []Finding
	for _, w := range ws {
		if (w.Kind != "Deployment" && w.Kind != "StatefulSet") || w.Desired == nil || *w.Desired != int64(limit(CodeSingleReplica)) {
			continue
		}
		if !anySelects(pdbs.byNS[ns], w.template) {
			fs = append(fs, w.finding(CodeSingleReplica, "", SentenceSingleReplica, w.Kind, w.Name))
		}
	}
	return fs
}

func anySelects(pdbs []studioctl.Object, labels map[string]string) bool {
	for _, p := range pdbs {
		v, ok := p.Field("spec", "selector")
		sel, _ := v.(map[string]any)
		if ok && sel != nil && selects(studioctl.NewObject(sel), labels) {
			return true
		}
	}
	return false
}

// selects evaluates a label selector object (matchLabels and matchExpressions) on labels. An
// empty selector selects every pod, as policy/v1 reads it; one with an entry that cannot be read
// selects none.
func selects(sel studioctl.Object, labels map[string]string) bool {
	s, ok := apivalue.LabelSelectorOf(sel.Map())
	return ok && s.Matches(labels)
}

// secretRef is one reference from a container to a Secret (key "" for envFrom).
type secretRef struct {
	container, name, key string
	optional             bool
}

func secretRefs(spec studioctl.Object) []secretRef {
	var refs []secretRef
	for _, list := range []string{"initContainers", "containers"} {
		for _, c := range spec.Slice(list) {
			name := c.String("name")
			for _, e := range c.Slice("env") {
				if r, ok := e.Field("valueFrom", "secretKeyRef"); ok && r != nil {
					o := studioctl.NewObject(r.(map[string]any))
					opt, _ := o.Field("optional")
					refs = append(refs, secretRef{name, o.String("name"), o.String("key"), opt == true})
				}
			}
			for _, e := range c.Slice("envFrom") {
				if r, ok := e.Field("secretRef"); ok && r != nil {
					o := studioctl.NewObject(r.(map[string]any))
					opt, _ := o.Field("optional")
					refs = append(refs, secretRef{name, o.String("name"), "", opt == true})
				}
			}
		}
	}
	return refs
}

// secretFindings decides from Secret names and key names only (values are stripped at decode).
// When the identity may not list Secrets, one not-checked finding says so.
func secretFindings(ws []*Workload, secrets *objects, ns string) []Finding {
	keys := map[string]map[string]bool{}
	for _, s := range secrets.byNS[ns] {
		keys[s.Name()] = secretKeys(s)
	}
	var fs []Finding
	for _, w := range ws {
		refs := secretRefs(w.spec)
		if len(refs) > 0 && secrets.forbidden(ns) {
			fs = append(fs, w.finding(CodeSecretNotChecked, "", SentenceSecretNotChecked, len(refs)))
			continue
		}
		for _, r := range refs {
			fs = append(fs, secretRefFinding(w, r, keys)...)
		}
	}
	return fs
}

func secretRefFinding(w *Workload, r secretRef, keys map[string]map[string]bool) []Finding {
	if r.optional {
		return nil
	}
	k, ok := keys[r.name]
	var f Finding
	switch {
	case !ok:
		f = w.finding(CodeSecretMissing, r.container, SentenceSecretMissing, r.container, r.name)
	case r.key != "" && !k[r.key]:
		f = w.finding(CodeSecretKeyMissing, r.container, SentenceSecretKeyMissing, r.container, r.name, r.key)
	default:
		return nil
	}
	f.secret = r.name
	return []Finding{f}
}

func secretKeys(s studioctl.Object) map[string]bool {
	out := map[string]bool{}
	for _, f := range []string{"data", "stringData"} {
		v, _ := s.Field(f)
		m, _ := v.(map[string]any)
		for k := range m {
			out[k] = true
		}
	}
	return out
}
