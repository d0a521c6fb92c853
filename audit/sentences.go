package audit

// Every sentence of the audits, with its stable code. They are studioctl's own words, composed
// through kube.Sentencef from what studioctl asked and what the objects say.
const (
	CodeUsage            = "refused.audit.usage"
	CodeFile             = "refused.audit.file"
	CodeNamespaceMissing = "refused.audit.namespace_missing"

	SentenceUnknownCode      = "%s is not an audit check code (docs/audit.md lists them). Nothing was sent."
	SentenceFailOn           = "--fail-on takes error, warning, info or none, not %s. Nothing was sent."
	SentenceFileUnreadable   = "The file %s could not be read. Nothing was sent."
	SentenceFileTooLarge     = "The file %s is larger than 16 MiB. Nothing was sent."
	SentenceBaselineSchema   = "The file %s is not a studioctl audit report (schema %s, from audit -o json). Nothing was sent."
	SentenceNamespace        = "The namespace must be a DNS-1123 label, not %s. Nothing was sent."
	SentenceNamespaceMissing = "The namespace %s does not exist on this server, so there is nothing to audit; check its name (studioctl get namespaces lists them)."
	SentenceNamespaceAll     = "-n and -A ask for different namespaces; give one. Nothing was sent."
	SentenceOutput           = "audit -o takes json, junit, sarif or markdown; without -o it prints tables. Nothing was sent."
	SentenceProfileSelector  = "The workload profile takes no selector: it profiles a whole namespace. Nothing was sent."

	SentenceAgentCapWorkloads = "The workload profile has %d rows, past the %d an agent may read: profile a smaller namespace, or read the workloads in question with run_kubectl_read."
	SentenceAgentCapUsage     = "The usage reading has %d rows, past the %d an agent may read: narrow it with a label selector, or ask for a smaller namespace."
	SentenceRowCap            = "The audit has %d rows, past the row cap of %d: raise --max-rows, narrow with -l (usage), or audit fewer namespaces."
	SentenceNothingAudited    = "Nothing could be audited: the identity may not list pods in any namespace asked for."

	sentenceProgressNamespaces = "audit: listing namespaces"
	sentenceProgressAll        = "audit: listing %s in every namespace"
	sentenceProgressNS         = "audit: listing %s in %s (%d of %d)"

	SentenceNotAudited       = "Namespace %s was not audited: the identity may not list its pods."
	SentenceKindUnreadable   = "The identity may not list %s in %s, so the checks needing them were not made there."
	SentenceRequestsMissing  = "Container %s has no cpu or no memory request."
	SentenceLimitsMissing    = "Container %s has no memory limit."
	SentenceReadinessMissing = "Container %s has no readiness probe."
	SentenceLivenessMissing  = "Container %s has no liveness probe."
	SentenceImageLatest      = "Container %s runs %s, untagged or :latest and without a digest."
	SentencePullAlways       = "Container %s pulls %s Always from a tag, not a digest."
	SentencePrivileged       = "Container %s is privileged."
	SentenceHostPath         = "Volume %s mounts the node's path %s (hostPath)."
	SentenceHostNetwork      = "The pods use the node's network (hostNetwork)."
	SentenceHostPID          = "The pods share the node's process namespace (hostPID)."
	SentenceRunsAsRoot       = "Container %s may run as root: runAsUser is 0, or neither runAsNonRoot nor a non-zero runAsUser is set."
	SentenceSingleReplica    = "%s %s has one replica and no PodDisruptionBudget selects its pods."
	SentenceRestarting       = "Containers restarted %d times in all (last termination: %s at %s)."
	SentenceCrashLooping     = "Container %s is in CrashLoopBackOff."
	SentenceSecretMissing    = "Container %s names Secret %s, which does not exist."
	SentenceSecretKeyMissing = "Container %s names key %s.%s, which the Secret does not hold."
	SentenceSecretNotChecked = "%d Secret references not checked: the identity may not list Secrets here."
	SentenceUsageNearLimit   = "Container %s uses %s at %s of its limit %s."
	SentenceRequestsAboveUse = "Container %s requests %s %s and uses %s."
	SentenceUsageUnavailable = "Usage is unavailable: this cluster does not serve metrics.k8s.io; install metrics-server to read it."
)
