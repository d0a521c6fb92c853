package audit

import (
	"slices"
	"strings"

	studioctl "github.com/studioctl/studioctl"
)

// DangerousCapabilities are the Linux capabilities whose addition audit.dangerous_capability
// reports: each hands a container a power over the node or its neighbours (ALL adds them all).
// The one list the check, docs/audit.md's table and the tests read.
var DangerousCapabilities = []string{"ALL", "SYS_ADMIN", "NET_ADMIN", "SYS_PTRACE", "SYS_MODULE", "SYS_RAWIO",
	"SYS_BOOT", "SYS_TIME", "BPF", "PERFMON", "DAC_READ_SEARCH", "MAC_ADMIN", "MAC_OVERRIDE"}

// SecretLikeNames are the words that make an environment variable's name look like it holds a
// credential (compared without case, "_" and "-"): such a variable should come from a Secret, not
// a literal in the pod spec, which every reader of the workload sees. The one list the check, the
// docs and the tests read.
var SecretLikeNames = []string{"password", "passwd", "secret", "token", "apikey", "accesskey", "privatekey", "credential"}

// secretLike reports whether an environment variable's name looks like a credential's.
func secretLike(name string) bool {
	n := strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(name))
	for _, w := range SecretLikeNames {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// literalSecrets are the names of a container's environment variables that look like
// credentials and hold a literal value (not valueFrom). Only names are kept: the values are
// never read into a finding.
func literalSecrets(c studioctl.Object) []string {
	var out []string
	for _, e := range c.Slice("env") {
		if _, literal := e.Field("value"); literal && secretLike(e.String("name")) {
			out = append(out, e.String("name"))
		}
	}
	return out
}

// securitySpecChecks are the pod-level security findings: the host's IPC namespace and the
// default ServiceAccount's token mounted into pods that name no account of their own.
func (w *Workload) securitySpecChecks() []Finding {
	var fs []Finding
	if b, _ := w.spec.Field("hostIPC"); b == true {
		fs = append(fs, w.finding(CodeHostIPC, "", SentenceHostIPC))
	}
	account := w.spec.String("serviceAccountName")
	if v, ok := w.spec.Field("automountServiceAccountToken"); (!ok || v != false) && (account == "" || account == "default") {
		fs = append(fs, w.finding(CodeTokenAutomount, "", SentenceTokenAutomount))
	}
	return fs
}

// securityChecks are one container's security-context findings, its settings overriding the
// pod's where Kubernetes lets them (seccomp). A Windows pod has no capabilities, seccomp or
// procMount, so only its host ports are checked.
func (w *Workload) securityChecks(c studioctl.Object, name string) []Finding {
	var fs []Finding
	for _, p := range c.Slice("ports") {
		if port := intField(p, 0, "hostPort"); port != 0 {
			fs = append(fs, w.finding(CodeHostPort, name, SentenceHostPort, name, port))
		}
	}
	if w.spec.String("os", "name") == "windows" {
		return fs
	}
	if v, ok := c.Field("securityContext", "allowPrivilegeEscalation"); !ok || v != false {
		fs = append(fs, w.finding(CodePrivilegeEscalation, name, SentencePrivilegeEscalation, name))
	}
	if v, _ := c.Field("securityContext", "readOnlyRootFilesystem"); v != true {
		fs = append(fs, w.finding(CodeWritableRoot, name, SentenceWritableRoot, name))
	}
	added, dropped := capabilities(c, "add"), capabilities(c, "drop")
	if bad := dangerous(added); len(bad) > 0 {
		fs = append(fs, w.finding(CodeDangerousCapability, name, SentenceDangerousCapability, name, strings.Join(bad, ", ")))
	}
	if !slices.Contains(dropped, "ALL") {
		fs = append(fs, w.finding(CodeCapabilitiesKept, name, SentenceCapabilitiesKept, name))
	}
	if names := literalSecrets(c); len(names) > 0 {
		fs = append(fs, w.finding(CodeLiteralSecret, name, SentenceLiteralSecret, name, strings.Join(names, ", ")))
	}
	if seccompUnset(w.spec, c) {
		fs = append(fs, w.finding(CodeSeccompUnset, name, SentenceSeccompUnset, name))
	}
	if c.String("securityContext", "procMount") == "Unmasked" {
		fs = append(fs, w.finding(CodeProcMountUnmasked, name, SentenceProcMountUnmasked, name))
	}
	return fs
}

// capabilities are the capability names of a container's securityContext.capabilities.add or
// .drop, upper-cased and without a CAP_ prefix, as the runtime reads them.
func capabilities(c studioctl.Object, which string) []string {
	v, _ := c.Field("securityContext", "capabilities", which)
	list, _ := v.([]any)
	var out []string
	for _, x := range list {
		if s, ok := x.(string); ok {
			out = append(out, strings.TrimPrefix(strings.ToUpper(s), "CAP_"))
		}
	}
	return out
}

// dangerous are the added capabilities on the DangerousCapabilities list, in the order added.
func dangerous(added []string) []string {
	var out []string
	for _, c := range added {
		if slices.Contains(DangerousCapabilities, c) && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// seccompUnset: neither the container nor the pod names a seccomp profile, or the one in force is
// Unconfined (the container's overrides the pod's).
func seccompUnset(spec, c studioctl.Object) bool {
	kind := spec.String("securityContext", "seccompProfile", "type")
	if t := c.String("securityContext", "seccompProfile", "type"); t != "" {
		kind = t
	}
	return kind == "" || kind == "Unconfined"
}
