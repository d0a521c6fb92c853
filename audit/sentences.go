package audit

// Every sentence of the audits, with its stable code. They are studioctl's own words, composed
// through fault.Sentencef from what studioctl asked and what the objects say.
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
	SentenceJUnitIgnored     = "The check was left out by --ignore or an ignore file."
	SentenceJUnitNotAudited  = "The namespace was not audited."
	SentenceInBaseline       = "The finding was in the baseline report this run was compared with."
	SentenceProfileSelector  = "The workload profile takes no selector: it profiles a whole namespace. Nothing was sent."

	SentenceAgentCapWorkloads = "The workload profile has %d rows, past the %d an agent may read: profile a smaller namespace, or read the workloads in question with run_kubectl_read."
	SentenceAgentCapUsage     = "The usage reading has %d rows, past the %d an agent may read: narrow it with a label selector, or ask for a smaller namespace."
	SentenceRowCap            = "The audit has %d rows, past the row cap of %d: raise --max-rows, narrow with -l (usage), or audit fewer namespaces."
	SentenceNothingAudited    = "Nothing could be audited: the identity may not list pods in any namespace asked for."

	sentenceProgressNamespaces = "audit: listing namespaces"
	sentenceProgressAll        = "audit: listing %s in every namespace"
	sentenceProgressCluster    = "audit: listing %s (cluster-wide)"
	sentenceProgressNS         = "audit: listing %s in %s (%d of %d)"

	SentenceNotAudited            = "Namespace %s was not audited: the identity may not list its pods."
	SentenceNoNamespaceAudited    = "No namespace was audited: the identity may list neither the namespaces nor the pods across them."
	SentenceKindUnreadable        = "The identity may not list %s in %s, so the checks needing them were not made there."
	SentenceRequestsMissing       = "Container %s has no cpu or no memory request."
	SentenceLimitsMissing         = "Container %s has no memory limit."
	SentenceReadinessMissing      = "Container %s has no readiness probe."
	SentenceLivenessMissing       = "Container %s has no liveness probe."
	SentenceImageLatest           = "Container %s runs %s, untagged or :latest and without a digest."
	SentencePullAlways            = "Container %s pulls %s Always from a tag, not a digest."
	SentencePrivileged            = "Container %s is privileged."
	SentenceHostPath              = "Volume %s mounts the node's path %s (hostPath)."
	SentenceHostNetwork           = "The pods use the node's network (hostNetwork)."
	SentenceHostPID               = "The pods share the node's process namespace (hostPID)."
	SentenceRunsAsRoot            = "Container %s may run as root: runAsUser is 0, or neither runAsNonRoot nor a non-zero runAsUser is set."
	SentenceHostIPC               = "The pods share the node's IPC namespace (hostIPC)."
	SentenceHostPort              = "Container %s takes port %d on the node (hostPort)."
	SentencePrivilegeEscalation   = "Container %s may gain privileges: allowPrivilegeEscalation is not false."
	SentenceWritableRoot          = "Container %s can write to its root file system: readOnlyRootFilesystem is not true."
	SentenceDangerousCapability   = "Container %s adds the capabilities %s."
	SentenceCapabilitiesKept      = "Container %s does not drop ALL capabilities."
	SentenceSeccompUnset          = "Container %s runs with no seccomp profile (or Unconfined)."
	SentenceProcMountUnmasked     = "Container %s sees an unmasked /proc (procMount Unmasked)."
	SentenceTokenAutomount        = "The pods mount the default ServiceAccount's token: no serviceAccountName and automountServiceAccountToken is not false."
	SentenceRBACSelector          = "The RBAC reading takes no selector: it reads every binding. Nothing was sent."
	SentenceRBACClusterNotAudited = "Cluster-wide RBAC was not audited: the identity may not list ClusterRoles or ClusterRoleBindings."
	SentenceRBACNotAudited        = "RBAC in namespace %s was not audited: the identity may not list its Roles or RoleBindings."
	SentenceRBACBuiltIn           = "%d ClusterRoleBindings the API server makes for itself (marked autoupdate) were read and not reported."
	SentenceRBACNothingAudited    = "Nothing could be audited: the identity may not list the roles and bindings asked for."
	SentenceHygieneSelector       = "The hygiene reading takes no selector: it reads whole namespaces. Nothing was sent."
	SentenceServiceNoPods         = "Service %s selects no pod."
	SentenceIngressNoService      = "Ingress %s routes to Service %s, which does not exist."
	SentenceIngressNoPort         = "Ingress %s routes to port %s of Service %s, which the Service does not define."
	SentenceNetpolSelectsNothing  = "NetworkPolicy %s selects no pod."
	SentencePVCUnbound            = "PersistentVolumeClaim %s is %s."
	SentencePVReleased            = "PersistentVolume %s is %s."
	SentenceConfigMapUnused       = "ConfigMap %s is used by no pod or CronJob."
	SentenceSecretUnused          = "Secret %s is used by no pod, CronJob, ServiceAccount or Ingress."
	SentenceSAUnused              = "ServiceAccount %s is used by no pod or CronJob."
	SentenceHPAFixed              = "HorizontalPodAutoscaler %s cannot scale: its minimum and maximum are both %d."
	SentenceHPATargetMissing      = "HorizontalPodAutoscaler %s scales %s %s, which does not exist."
	SentenceNodeNotReady          = "Node %s is not ready."
	SentenceNodePressure          = "Node %s reports %s."
	SentenceNodeCordoned          = "Node %s is cordoned (unschedulable)."
	SentenceNodeOvercommitted     = "Node %s's pods request %s %s, past its allocatable %s."
	SentenceLiteralSecret         = "Container %s sets %s to a literal value; take it from a Secret."
	SentenceNoReadyReplicas       = "%s %s has 0 of %d desired pods ready."
	SentenceSpreadMissing         = "%s %s has %d replicas and neither topology spread constraints nor a pod anti-affinity."
	SentencePriorityClassMissing  = "The pods have no priority class."
	SentenceJobFailed             = "Job %s failed (%s)."
	SentenceCronJobSuspended      = "CronJob %s is suspended."
	SentenceCronJobLate           = "CronJob %s was due at %s and no run was scheduled since %s."
	SentenceBudgetBlocks          = "PodDisruptionBudget %s allows no eviction while all %d of its pods are healthy."
	SentenceSingleReplica         = "%s %s has one replica and no PodDisruptionBudget selects its pods."
	SentenceRestarting            = "Containers restarted %d times in all (last termination: %s at %s)."
	SentenceCrashLooping          = "Container %s is in CrashLoopBackOff."
	SentenceSecretMissing         = "Container %s names Secret %s, which does not exist."
	SentenceSecretKeyMissing      = "Container %s names key %s.%s, which the Secret does not hold."
	SentenceSecretNotChecked      = "%d Secret references not checked: the identity may not list Secrets here."
	SentenceUsageNearLimit        = "Container %s uses %s at %s of its limit %s."
	SentenceRequestsAboveUse      = "Container %s requests %s %s and uses %s."
	SentenceUsageUnavailable      = "Usage is unavailable: this cluster does not serve metrics.k8s.io; install metrics-server to read it."
)

// rbacSentences are the RBAC findings' sentences, one per right: the subject, where, the role.
var rbacSentences = map[string]string{
	CodeRBACClusterAdmin: "%s is a cluster admin %s through %s.",
	CodeRBACWildcard:     "%s holds a wildcard rule %s through %s.",
	CodeRBACSecrets:      "%s may read Secrets %s through %s.",
	CodeRBACExec:         "%s may exec or attach into pods %s through %s.",
	CodeRBACWorkloads:    "%s may create pods or workloads %s through %s.",
	CodeRBACEscalate:     "%s may escalate or bind roles %s through %s.",
	CodeRBACImpersonate:  "%s may impersonate other identities %s through %s.",
	CodeRBACNodesProxy:   "%s may reach the kubelet through nodes/proxy %s through %s.",
}
