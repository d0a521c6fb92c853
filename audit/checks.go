package audit

import (
	"strconv"
	"strings"
)

// Severity is how much a finding weighs: error, warning or info.
type Severity string

// The severities, most severe first.
const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
	SeverityInfo    Severity = "info"
)

// rank orders severities: error 3, warning 2, info 1, anything else 0.
func (s Severity) rank() int {
	switch s {
	case SeverityError:
		return 3
	case SeverityWarning:
		return 2
	case SeverityInfo:
		return 1
	}
	return 0
}

// Check is one audit check: its stable code, severity, the reading that makes it, its threshold
// (Limit, when it has a number) and why it matters. Checks is the one table docs/audit.md renders.
type Check struct {
	Code      string
	Severity  Severity
	Reading   string // workloads, usage or both
	Title     string
	Threshold string
	Limit     float64
	// Category is what the check protects: security, reliability, efficiency, or coverage (what
	// the audit could not see); SARIF carries it as a rule's tag.
	Category string
	// SecuritySeverity is the CVSS-like score (0.1 to 10.0) GitHub code scanning ranks a security
	// alert by; "" for a check that is not about security.
	SecuritySeverity string
	Rationale        string
}

// The stable codes.
const (
	CodeNotAudited            = "audit.not_audited"
	CodeKindUnreadable        = "audit.kind_unreadable"
	CodeRequestsMissing       = "audit.requests_missing"
	CodeLimitsMissing         = "audit.limits_missing"
	CodeReadinessMissing      = "audit.readiness_probe_missing"
	CodeLivenessMissing       = "audit.liveness_probe_missing"
	CodeImageMutableTag       = "audit.image_latest"
	CodePullAlwaysMutable     = "audit.pull_always_mutable"
	CodePrivileged            = "audit.privileged"
	CodeHostPath              = "audit.host_path"
	CodeHostNetwork           = "audit.host_network"
	CodeHostPID               = "audit.host_pid"
	CodeRunsAsRoot            = "audit.runs_as_root"
	CodeHostIPC               = "audit.host_ipc"
	CodeHostPort              = "audit.host_port"
	CodePrivilegeEscalation   = "audit.privilege_escalation"
	CodeWritableRoot          = "audit.writable_root_filesystem"
	CodeDangerousCapability   = "audit.dangerous_capability"
	CodeCapabilitiesKept      = "audit.capabilities_not_dropped"
	CodeSeccompUnset          = "audit.seccomp_unset"
	CodeProcMountUnmasked     = "audit.proc_mount_unmasked"
	CodeTokenAutomount        = "audit.token_automount"
	CodeLiteralSecret         = "audit.literal_secret_env"
	CodeNoReadyReplicas       = "audit.no_ready_replicas"
	CodeSpreadMissing         = "audit.spread_missing"
	CodePriorityClassMissing  = "audit.priority_class_missing"
	CodeJobFailed             = "audit.job_failed"
	CodeCronJobSuspended      = "audit.cronjob_suspended"
	CodeCronJobLate           = "audit.cronjob_behind_schedule"
	CodeBudgetBlocks          = "audit.pdb_blocks_eviction"
	CodeSingleReplica         = "audit.single_replica_no_pdb"
	CodeRestarting            = "audit.restarting"
	CodeCrashLooping          = "audit.crash_looping"
	CodeSecretMissing         = "audit.secret_missing"
	CodeSecretKeyMissing      = "audit.secret_key_missing"
	CodeSecretNotChecked      = "audit.secret_not_checked"
	CodeRBACNotAudited        = "audit.rbac_not_audited"
	CodeRBACClusterAdmin      = "audit.rbac_cluster_admin"
	CodeRBACWildcard          = "audit.rbac_wildcard"
	CodeRBACSecrets           = "audit.rbac_secrets_read"
	CodeRBACExec              = "audit.rbac_exec"
	CodeRBACWorkloads         = "audit.rbac_create_workloads"
	CodeRBACEscalate          = "audit.rbac_escalate"
	CodeRBACImpersonate       = "audit.rbac_impersonate"
	CodeRBACNodesProxy        = "audit.rbac_nodes_proxy"
	CodeServiceNoPods         = "audit.service_selects_nothing"
	CodeIngressBackendMissing = "audit.ingress_backend_missing"
	CodeNetpolSelectsNothing  = "audit.networkpolicy_selects_nothing"
	CodePVCUnbound            = "audit.pvc_unbound"
	CodePVReleased            = "audit.pv_released"
	CodeConfigMapUnused       = "audit.configmap_unused"
	CodeSecretUnused          = "audit.secret_unused"
	CodeSAUnused              = "audit.serviceaccount_unused"
	CodeHPAFixed              = "audit.hpa_min_equals_max"
	CodeHPATargetMissing      = "audit.hpa_target_missing"
	CodeNodeNotReady          = "audit.node_not_ready"
	CodeNodePressure          = "audit.node_pressure"
	CodeNodeCordoned          = "audit.node_cordoned"
	CodeNodeOvercommitted     = "audit.node_overcommitted"
	CodeUsageNearLimit        = "audit.usage_near_limit"
	CodeRequestsAboveUse      = "audit.requests_above_usage"
	CodeUsageUnavailable      = "audit.usage_unavailable"
)

// Checks is every check, in the order reports list them.
var Checks = []Check{
	{CodeNotAudited, SeverityError, "both", "Namespace not audited", "the identity may not list pods there", 0, "coverage", "",
		"A namespace that could not be read is reported, never skipped: a clean report must mean clean."},
	{CodeKindUnreadable, SeverityInfo, "workloads", "Kind not read", "a list answered 403 in the namespace", 0, "coverage", "",
		"The checks that need the kind (controllers, PodDisruptionBudgets, events) were not made there."},
	{CodeRequestsMissing, SeverityWarning, "workloads", "Requests missing", "a container without a cpu or memory request", 0, "efficiency", "",
		"The scheduler places pods by their requests; without them a node can be overcommitted."},
	{CodeLimitsMissing, SeverityWarning, "workloads", "Memory limit missing", "a container without a memory limit", 0, "reliability", "",
		"Without a memory limit one container can take a node's memory; a CPU limit is not required."},
	{CodeReadinessMissing, SeverityWarning, "workloads", "Readiness probe missing", "a container of a long-running workload without one", 0, "reliability", "",
		"Without a readiness probe traffic reaches a pod before it can serve. Jobs and CronJobs are not checked."},
	{CodeLivenessMissing, SeverityInfo, "workloads", "Liveness probe missing", "a container of a long-running workload without one", 0, "reliability", "",
		"A hung process is only restarted when a liveness probe notices it. Jobs and CronJobs are not checked."},
	{CodeImageMutableTag, SeverityWarning, "workloads", "Untagged or :latest image", "an image with no tag or the tag latest, and no digest", 0, "reliability", "",
		"The same reference can start different code on each pull; a rollback cannot return to it."},
	{CodePullAlwaysMutable, SeverityInfo, "workloads", "Pulled Always from a mutable tag", "imagePullPolicy Always and no digest", 0, "reliability", "",
		"Every start pulls whatever the tag names now, and fails when the registry is unreachable."},
	{CodePrivileged, SeverityError, "workloads", "Privileged container", "securityContext.privileged true", 0, "security", "9.0",
		"A privileged container has the node's devices and capabilities; escaping it is escaping to the node."},
	{CodeHostPath, SeverityError, "workloads", "hostPath volume", "a volume of type hostPath", 0, "security", "8.0",
		"A hostPath volume reads or writes the node's file system."},
	{CodeHostNetwork, SeverityError, "workloads", "Host network", "spec.hostNetwork true", 0, "security", "7.5",
		"The pod shares the node's network namespace: its ports and every local service."},
	{CodeHostPID, SeverityError, "workloads", "Host PID namespace", "spec.hostPID true", 0, "security", "8.0",
		"The pod sees, and may signal, every process on the node."},
	{CodeRunsAsRoot, SeverityWarning, "workloads", "May run as root", "runAsUser 0, or neither runAsNonRoot true nor a non-zero runAsUser", 0, "security", "6.0",
		"A process running as root in a container is one kernel bug away from root on the node."},
	{CodeHostIPC, SeverityError, "workloads", "Host IPC namespace", "spec.hostIPC true", 0, "security", "8.0",
		"The pod shares the node's System V IPC and POSIX message queues with every process on it."},
	{CodeHostPort, SeverityWarning, "workloads", "Host port", "a container port with a hostPort", 0, "security", "5.0",
		"The pod takes a port on the node's own address, bypassing Services and NetworkPolicies that select by pod."},
	{CodePrivilegeEscalation, SeverityWarning, "workloads", "Privilege escalation allowed", "allowPrivilegeEscalation not false (unset allows it)", 0, "security", "6.5",
		"A process may gain more privileges than its parent (setuid binaries, file capabilities)."},
	{CodeWritableRoot, SeverityWarning, "workloads", "Writable root file system", "readOnlyRootFilesystem not true", 0, "security", "4.0",
		"An intruder can change the container's binaries and configuration; write to volumes instead."},
	{CodeDangerousCapability, SeverityError, "workloads", "Dangerous capability added", "capabilities.add names ALL or one of DangerousCapabilities", 0, "security", "8.5",
		"Each of these capabilities reaches the node or its neighbours: mounting, networking, tracing, kernel modules."},
	{CodeCapabilitiesKept, SeverityWarning, "workloads", "Capabilities not dropped", "capabilities.drop does not name ALL", 0, "security", "4.0",
		"The runtime's default capabilities (NET_RAW among them) stay unless dropped; drop ALL and add back what is needed."},
	{CodeSeccompUnset, SeverityWarning, "workloads", "No seccomp profile", "no seccompProfile on the container or the pod, or Unconfined", 0, "security", "4.0",
		"Without a profile every system call is open to the container (the restricted Pod Security Standard requires one)."},
	{CodeProcMountUnmasked, SeverityError, "workloads", "Unmasked /proc", "securityContext.procMount Unmasked", 0, "security", "7.0",
		"The container sees the node's /proc paths the runtime masks by default."},
	{CodeTokenAutomount, SeverityInfo, "workloads", "Default token mounted", "no serviceAccountName and automountServiceAccountToken not false", 0, "security", "3.0",
		"Pods of the default ServiceAccount rarely call the API, yet carry its token; set automountServiceAccountToken false."},
	{CodeLiteralSecret, SeverityWarning, "workloads", "Credential in a literal env value", "an env var with a literal value whose name holds one of SecretLikeNames", 0, "security", "5.5",
		"Whoever may read the workload reads the value; take it from a Secret with valueFrom. Only the name is reported."},
	{CodeSingleReplica, SeverityWarning, "workloads", "Single replica without a PodDisruptionBudget", "a Deployment or StatefulSet of 1 replica that no PodDisruptionBudget selects", 1, "reliability", "",
		"A node drain takes the only replica down with nothing to say it must wait."},
	{CodeNoReadyReplicas, SeverityError, "workloads", "No replica ready", "a Deployment, StatefulSet or DaemonSet that wants pods and has none ready", 0, "reliability", "",
		"The workload serves nothing: every replica is missing, starting or failing."},
	{CodeSpreadMissing, SeverityWarning, "workloads", "Replicas not spread", "a Deployment or StatefulSet of 2 or more replicas with no topologySpreadConstraints and no podAntiAffinity", 2, "reliability", "",
		"The scheduler may place every replica on one node, and that node's failure takes them all."},
	{CodePriorityClassMissing, SeverityInfo, "workloads", "No priority class", "no priorityClassName in the pod spec", 0, "reliability", "",
		"Under pressure the scheduler preempts and the kubelet evicts by priority; without a class the workload has the default."},
	{CodeJobFailed, SeverityWarning, "workloads", "Job failed", "a Job with the condition Failed", 0, "reliability", "",
		"The Job stopped retrying (backoff limit or deadline); its work was not done."},
	{CodeCronJobSuspended, SeverityInfo, "workloads", "CronJob suspended", "spec.suspend true", 0, "reliability", "",
		"No Job is started while it is suspended; a suspension left in place stops the schedule silently."},
	{CodeCronJobLate, SeverityWarning, "workloads", "CronJob behind schedule", "a run was due more than startingDeadlineSeconds (else 300 seconds) ago and none was scheduled since", 300, "reliability", "",
		"The controller could not start the Job (a quota, an admission webhook, a missed deadline): the schedule's work is silently not done."},
	{CodeBudgetBlocks, SeverityWarning, "workloads", "PodDisruptionBudget blocks every eviction", "no disruption allowed while every pod it guards is healthy", 0, "reliability", "",
		"A node drain waits for ever: maxUnavailable 0, or minAvailable equal to the pods there are."},
	{CodeRestarting, SeverityWarning, "workloads", "Restarting containers", "restart count at least 3 (cumulative, never a rate)", 3, "reliability", "",
		"Repeated restarts are a failing process or probe; the last termination reason says which."},
	{CodeCrashLooping, SeverityError, "workloads", "Crash-looping container", "a container waiting in CrashLoopBackOff", 0, "reliability", "",
		"The container exits as soon as it starts and the kubelet is backing off."},
	{CodeSecretMissing, SeverityError, "workloads", "Secret missing", "a secretKeyRef or envFrom secretRef, not optional, naming no Secret", 0, "reliability", "",
		"The container cannot start (CreateContainerConfigError) until the Secret exists."},
	{CodeSecretKeyMissing, SeverityError, "workloads", "Secret key missing", "a secretKeyRef, not optional, naming a key the Secret lacks", 0, "reliability", "",
		"The container cannot start until the key exists. Decided from key names only; values are never read."},
	{CodeSecretNotChecked, SeverityInfo, "workloads", "Secret references not checked", "the identity may not list Secrets in the namespace", 0, "coverage", "",
		"The Secret checks need to list Secrets (names and keys); with the view role they are reported as not checked."},
	{CodeRBACNotAudited, SeverityError, "rbac", "RBAC not audited", "the identity may not list the roles or bindings (cluster-wide or in a namespace)", 0, "coverage", "",
		"Rights that could not be read are reported, never assumed absent: a clean RBAC report must mean clean."},
	{CodeRBACClusterAdmin, SeverityError, "rbac", "Cluster admin", "bound to cluster-admin, or to a role with a rule of every group, resource and verb", 0, "security", "9.5",
		"The subject may do anything anywhere; the other rights follow and are not listed again."},
	{CodeRBACWildcard, SeverityWarning, "rbac", "Wildcard rule", "a rule whose verbs or resources are *", 0, "security", "6.0",
		"A wildcard also grants what the API adds later (new kinds, new subresources)."},
	{CodeRBACSecrets, SeverityWarning, "rbac", "Reads Secrets", "get, list or watch on secrets", 0, "security", "7.0",
		"Whoever may read Secrets holds every credential stored in them, ServiceAccount tokens included."},
	{CodeRBACExec, SeverityWarning, "rbac", "Exec or attach", "create or get on pods/exec or pods/attach", 0, "security", "7.5",
		"A shell in a pod is that pod's identity, its mounted Secrets and its network position."},
	{CodeRBACWorkloads, SeverityWarning, "rbac", "Creates workloads", "create on pods, Deployments, DaemonSets, StatefulSets, ReplicaSets, Jobs or CronJobs", 0, "security", "6.0",
		"A new pod can mount any Secret and run as any ServiceAccount of its namespace."},
	{CodeRBACEscalate, SeverityError, "rbac", "Escalate or bind", "escalate or bind on roles or clusterroles", 0, "security", "8.5",
		"The subject may grant rights it does not hold, itself included."},
	{CodeRBACImpersonate, SeverityError, "rbac", "Impersonate", "impersonate on users, groups, serviceaccounts or uids", 0, "security", "8.5",
		"The subject may act as any other identity, cluster-admin included."},
	{CodeRBACNodesProxy, SeverityError, "rbac", "Node proxy", "get or create on nodes/proxy", 0, "security", "8.0",
		"The kubelet's API through the proxy runs commands in any pod of the node, past admission and audit."},
	{CodeServiceNoPods, SeverityWarning, "hygiene", "Service selects no pod", "a selector that matches no pod of the namespace (ExternalName and selector-less Services aside)", 0, "reliability", "",
		"Traffic to the Service has nowhere to go: a typo in a label, or a workload gone."},
	{CodeIngressBackendMissing, SeverityError, "hygiene", "Ingress backend missing", "a backend naming a Service, or a port of it, that does not exist", 0, "reliability", "",
		"Requests for that host and path fail at the ingress controller (503)."},
	{CodeNetpolSelectsNothing, SeverityInfo, "hygiene", "NetworkPolicy selects no pod", "a non-empty pod selector that matches no pod", 0, "hygiene", "",
		"The policy protects nothing; the pods it was written for may be open."},
	{CodePVCUnbound, SeverityWarning, "hygiene", "Claim not bound", "a PersistentVolumeClaim Pending or Lost", 0, "reliability", "",
		"A pod that mounts the claim cannot start (Pending) or has lost its data's volume (Lost)."},
	{CodePVReleased, SeverityInfo, "hygiene", "Volume released or failed", "a PersistentVolume Released or Failed", 0, "hygiene", "",
		"Its claim is gone and the volume, still billed, is neither reused nor deleted."},
	{CodeConfigMapUnused, SeverityInfo, "hygiene", "ConfigMap unused", "no pod or CronJob mounts or reads it (system namespaces and kube-root-ca.crt aside)", 0, "hygiene", "",
		"Left-over configuration misleads whoever reads it. A program that reads it through the API is not seen."},
	{CodeSecretUnused, SeverityInfo, "hygiene", "Secret unused", "no pod, CronJob, ServiceAccount or Ingress uses it (token and Helm release types, system namespaces aside)", 0, "hygiene", "",
		"A credential nothing uses is one more to leak and rotate. By name only (values are never read); withheld in machine mode."},
	{CodeSAUnused, SeverityInfo, "hygiene", "ServiceAccount unused", "no pod or CronJob runs as it (default and system namespaces aside)", 0, "hygiene", "",
		"An account nothing runs as may still hold rights and tokens; remove it or its bindings."},
	{CodeHPAFixed, SeverityWarning, "hygiene", "Autoscaler cannot scale", "minReplicas equal to maxReplicas", 0, "reliability", "",
		"The autoscaler holds the count fixed: load above it is not absorbed."},
	{CodeHPATargetMissing, SeverityError, "hygiene", "Autoscaler target missing", "a scaleTargetRef naming a Deployment, StatefulSet or ReplicaSet that does not exist", 0, "reliability", "",
		"The autoscaler scales nothing; the workload it was written for runs unscaled."},
	{CodeNodeNotReady, SeverityError, "hygiene", "Node not ready", "a node whose Ready condition is not True (with -A)", 0, "reliability", "",
		"Its pods are evicted after the toleration period, and nothing new is placed there."},
	{CodeNodePressure, SeverityWarning, "hygiene", "Node under pressure", "MemoryPressure, DiskPressure or PIDPressure True (with -A)", 0, "reliability", "",
		"The kubelet is evicting pods to relieve it."},
	{CodeNodeCordoned, SeverityInfo, "hygiene", "Node cordoned", "spec.unschedulable true (with -A)", 0, "reliability", "",
		"No new pod is placed on it; a cordon left after maintenance shrinks the cluster."},
	{CodeNodeOvercommitted, SeverityWarning, "hygiene", "Node requests over allocatable", "its running pods request more cpu or memory than it can allocate (with -A)", 0, "reliability", "",
		"Requests are promises; past allocatable the scheduler's accounting no longer matches the node."},
	{CodeUsageNearLimit, SeverityWarning, "usage", "Usage near the limit", "usage above 90% of the limit (cpu or memory)", 0.9, "reliability", "",
		"Near a memory limit the container is killed (OOMKilled); near a CPU limit it is throttled."},
	{CodeRequestsAboveUse, SeverityInfo, "usage", "Requests far above usage", "usage below 25% of the request (cpu or memory)", 0.25, "efficiency", "",
		"Reserved and unused: the scheduler keeps the difference from every other pod."},
	{CodeUsageUnavailable, SeverityInfo, "usage", "Usage unavailable", "the server does not serve metrics.k8s.io", 0, "coverage", "",
		"Usage comes from metrics-server; without it only requests and limits can be shown."},
}

// CheckOf finds a check by code.
func CheckOf(code string) (Check, bool) {
	for _, c := range Checks {
		if c.Code == code {
			return c, true
		}
	}
	return Check{}, false
}

// limit is a check's numeric threshold.
func limit(code string) float64 {
	c, _ := CheckOf(code)
	return c.Limit
}

// ChecksMarkdown renders Checks as the table docs/audit.md holds (a test keeps them equal).
func ChecksMarkdown() []string {
	rows := [][]string{}
	for _, c := range Checks {
		category := c.Category
		if c.SecuritySeverity != "" {
			category += " (" + c.SecuritySeverity + ")"
		}
		rows = append(rows, []string{"`" + c.Code + "`", string(c.Severity), c.Reading, category, c.Title, c.Threshold, c.Rationale})
	}
	out := markdownTable([]string{"code", "severity", "reading", "category", "check", "threshold", "rationale"}, rows)
	return append(out, "", "DangerousCapabilities: "+strings.Join(DangerousCapabilities, ", ")+
		" (upper case, with or without the CAP_ prefix, as the runtime reads them).",
		"", "SecretLikeNames: "+strings.Join(SecretLikeNames, ", ")+" (in the name, without case, _ or -).")
}

// Score weights: a namespace starts at 100 and loses these per finding, never below 0.
var scoreWeights = map[Severity]int{SeverityError: 10, SeverityWarning: 3, SeverityInfo: 1}

func scoreOf(findings []Finding) int {
	s := 100
	for _, f := range findings {
		s -= scoreWeights[f.Severity]
	}
	return max(s, 0)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
