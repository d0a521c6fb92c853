package audit

import (
	"slices"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/redact"
)

// managedSecretTypes are Secrets other programs own and read through the API (tokens, Helm's
// release records): no pod mounts them, and that is not a sign they are unused.
var managedSecretTypes = []string{"kubernetes.io/service-account-token", "helm.sh/release.v1", "bootstrap.kubernetes.io/token"}

// addSecretRefs notes the Secrets a pod spec uses: volumes, projected sources, env, envFrom and
// image pull Secrets.
func (in *hygieneInput) addSecretRefs(ns string, spec studioctl.Object) {
	use := func(name string) {
		if name != "" {
			in.refs[ns]["Secret/"+name] = true
		}
	}
	for _, v := range spec.Slice("volumes") {
		use(v.String("secret", "secretName"))
		for _, src := range v.Slice("projected", "sources") {
			use(src.String("secret", "name"))
		}
	}
	for _, p := range spec.Slice("imagePullSecrets") {
		use(p.String("name"))
	}
	for _, list := range []string{"containers", "initContainers"} {
		for _, c := range spec.Slice(list) {
			for _, e := range c.Slice("env") {
				use(e.String("valueFrom", "secretKeyRef", "name"))
			}
			for _, e := range c.Slice("envFrom") {
				use(e.String("secretRef", "name"))
			}
		}
	}
}

// addAccountAndIngressSecrets notes the Secrets ServiceAccounts and Ingresses (TLS) name.
func (in *hygieneInput) addAccountAndIngressSecrets() {
	for ns, accounts := range in.kinds["serviceaccounts"].byNS {
		in.ensureRefs(ns)
		for _, a := range accounts {
			for _, list := range []string{"secrets", "imagePullSecrets"} {
				for _, s := range a.Slice(list) {
					in.refs[ns]["Secret/"+s.String("name")] = true
				}
			}
		}
	}
	for ns, ingresses := range in.kinds["ingresses.networking.k8s.io"].byNS {
		in.ensureRefs(ns)
		for _, ing := range ingresses {
			for _, t := range ing.Slice("spec", "tls") {
				in.refs[ns]["Secret/"+t.String("secretName")] = true
			}
		}
	}
}

func (in *hygieneInput) ensureRefs(ns string) {
	if in.refs[ns] == nil {
		in.refs[ns] = map[string]bool{}
	}
}

// unusedSecrets are namespace ns's Secrets nothing uses, by name only (their values were
// stripped where the list was decoded). In machine mode the name is withheld: an agent learns
// that an unused Secret exists, not what it is called.
func (in *hygieneInput) unusedSecrets(ns string, machine bool) []Finding {
	var fs []Finding
	for _, s := range in.names["secrets"][ns] {
		if slices.Contains(managedSecretTypes, s.typ) || in.refs[ns]["Secret/"+s.name] {
			continue
		}
		f := newFinding(CodeSecretUnused, "Secret", ns, s.name, "", SentenceSecretUnused, s.name)
		if machine {
			f = newFinding(CodeSecretUnused, "Secret", ns, redact.Masked, "", SentenceSecretUnused, redact.Masked)
		}
		fs = append(fs, f)
	}
	return fs
}
