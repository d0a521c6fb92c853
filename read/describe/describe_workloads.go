package describe

import (
	"context"
	"reflect"
	"sort"
	"strings"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
)

// The controllers of pods: deployments, replica sets, stateful sets, daemon sets, jobs and cron
// jobs, with the pod and replica-set reads their describers make.

func (r *dRenderer) podsStatus() {
	x := r.d.extra
	if x.podsErr != "" {
		r.w.write(0, "Pods Status:\tnot read: %s\n", x.podsErr)
		return
	}
	r.w.write(0, "Pods Status:\t%d Running / %d Waiting / %d Succeeded / %d Failed\n", x.pods.running, x.pods.waiting, x.pods.succeeded, x.pods.failed)
}

// conditions prints the Type, Status and Reason table the workload describers print.
func (r *dRenderer) conditions() {
	conds := dlist(r.obj, "status", "conditions")
	if len(conds) == 0 {
		return
	}
	r.w.write(0, "Conditions:\n  Type\tStatus\tReason\n")
	r.w.write(1, "----\t------\t------\n")
	for _, c := range conds {
		r.w.write(1, "%s \t%s\t%s\n", dstr(c, "type"), dstr(c, "status"), dstr(c, "reason"))
	}
}

// podTemplate prints a workload's pod template as kubectl's DescribePodTemplate does.
func (r *dRenderer) podTemplate(t map[string]any) {
	w := r.w
	w.write(0, "Pod Template:\n")
	if t == nil {
		w.write(1, "<unset>")
		return
	}
	w.labels("", "  Labels", dStrMap(t, "metadata", "labels"))
	if ann := dStrMap(t, "metadata", "annotations"); len(ann) > 0 {
		w.annotations("  Annotations", ann)
	}
	w.optional("  Service Account", dstr(t, "spec", "serviceAccountName"))
	if ic := dlist(t, "spec", "initContainers"); len(ic) > 0 {
		r.containers("Init Containers", ic, nil, false, "  ")
	}
	r.containers("Containers", dlist(t, "spec", "containers"), nil, false, "  ")
	r.volumes(dlist(t, "spec", "volumes"), "  ")
	r.spreadConstraints(dlist(t, "spec", "topologySpreadConstraints"), "  ")
	w.optional("  Priority Class Name", dstr(t, "spec", "priorityClassName"))
	w.labels("", "  Node-Selectors", dStrMap(t, "spec", "nodeSelector"))
	r.tolerations("  Tolerations", dlist(t, "spec", "tolerations"))
}

func (r *dRenderer) deployment() {
	w, o := r.w, r.obj
	r.head(true)
	w.write(0, "CreationTimestamp:\t%s\n", w.date(dstr(o, "metadata", "creationTimestamp")))
	r.labelsAndAnnotations()
	w.write(0, "Selector:\t%s\n", dSelector(dmap(o, "spec", "selector")))
	w.write(0, "Replicas:\t%s desired | %s updated | %s total | %s available | %s unavailable\n", dint(o, "spec", "replicas"),
		dint(o, "status", "updatedReplicas"), dint(o, "status", "replicas"), dint(o, "status", "availableReplicas"), dint(o, "status", "unavailableReplicas"))
	w.write(0, "StrategyType:\t%s\n", dstr(o, "spec", "strategy", "type"))
	w.write(0, "MinReadySeconds:\t%s\n", dint(o, "spec", "minReadySeconds"))
	if ru := dmap(o, "spec", "strategy", "rollingUpdate"); ru != nil {
		w.write(0, "RollingUpdateStrategy:\t%s max unavailable, %s max surge\n", dstr(ru, "maxUnavailable"), dstr(ru, "maxSurge"))
	}
	r.podTemplate(dmap(o, "spec", "template"))
	r.conditions()
	x := r.d.extra
	if len(x.oldRS) > 0 || len(x.newRS) > 0 {
		w.write(0, "OldReplicaSets:\t%s\n", dReplicaSetList(x.oldRS))
		w.write(0, "NewReplicaSet:\t%s\n", dReplicaSetList(x.newRS))
	}
	r.events()
}

func dReplicaSetList(list []dRSSummary) string {
	var parts []string
	for _, rs := range list {
		parts = append(parts, rs.name+" ("+rs.current+"/"+rs.desired+" replicas created)")
	}
	return dOrNone(strings.Join(parts, ", "))
}

func (r *dRenderer) replicaSet() {
	w, o := r.w, r.obj
	r.head(true)
	w.write(0, "Selector:\t%s\n", dOrNone(dSelector(dmap(o, "spec", "selector"))))
	r.labelsAndAnnotations()
	r.controlledBy()
	w.write(0, "Replicas:\t%s current / %s desired\n", dint(o, "status", "replicas"), dint(o, "spec", "replicas"))
	r.podsStatus()
	r.podTemplate(dmap(o, "spec", "template"))
	r.conditions()
	r.events()
}

func (r *dRenderer) statefulSet() {
	w, o := r.w, r.obj
	r.head(true)
	w.write(0, "CreationTimestamp:\t%s\n", w.date(dstr(o, "metadata", "creationTimestamp")))
	w.write(0, "Selector:\t%s\n", dSelector(dmap(o, "spec", "selector")))
	r.labelsAndAnnotations()
	w.write(0, "Service Name:\t%s\n", dstr(o, "spec", "serviceName"))
	w.write(0, "Pod Management Policy:\t%s\n", dstr(o, "spec", "podManagementPolicy"))
	w.write(0, "Replicas:\t%s desired | %s total\n", dint(o, "spec", "replicas"), dint(o, "status", "replicas"))
	w.write(0, "Update Strategy:\t%s\n", dstr(o, "spec", "updateStrategy", "type"))
	if ru := dmap(o, "spec", "updateStrategy", "rollingUpdate"); ru != nil && dhas(ru, "partition") {
		w.write(1, "Partition:\t%s\n", dstr(ru, "partition"))
		if dhas(ru, "maxUnavailable") {
			w.write(1, "MaxUnavailable:\t%s\n", dstr(ru, "maxUnavailable"))
		}
	}
	if p := dmap(o, "spec", "persistentVolumeClaimRetentionPolicy"); p != nil {
		w.write(0, "Persistent Volume Claim Retention Policy:\n")
		w.write(1, "WhenDeleted:\t%s\n", dstr(p, "whenDeleted"))
		w.write(1, "WhenScaled:\t%s\n", dstr(p, "whenScaled"))
	}
	r.podsStatus()
	r.podTemplate(dmap(o, "spec", "template"))
	r.volumeClaimTemplates(dlist(o, "spec", "volumeClaimTemplates"))
	r.events()
}

// volumeClaimTemplates prints the claims a stateful set makes for each of its pods.
func (r *dRenderer) volumeClaimTemplates(claims []any) {
	w := r.w
	if len(claims) == 0 {
		w.write(0, "Volume Claims:\t<none>\n")
		return
	}
	w.write(0, "Volume Claims:\n")
	for _, c := range claims {
		w.write(1, "Name:\t%s\n", dstr(c, "metadata", "name"))
		w.write(1, "StorageClass:\t%s\n", dClaimClass(c))
		w.labels("  ", "Labels", dStrMap(c, "metadata", "labels"))
		w.labels("  ", "Annotations", dStrMap(c, "metadata", "annotations"))
		capacity := dstr(c, "spec", "resources", "requests", "storage")
		if capacity == "" {
			capacity = "<default>"
		}
		w.write(1, "Capacity:\t%s\n", capacity)
		w.write(1, "Access Modes:\t%s\n", dGoList(dStrList(c, "spec", "accessModes")))
	}
}

func (r *dRenderer) daemonSet() {
	w, o := r.w, r.obj
	r.head(true)
	w.write(0, "Selector:\t%s\n", dSelector(dmap(o, "spec", "selector")))
	w.write(0, "Node-Selector:\t%s\n", dLabelSet(dStrMap(o, "spec", "template", "spec", "nodeSelector")))
	r.labelsAndAnnotations()
	w.write(0, "Desired Number of Nodes Scheduled: %s\n", dint(o, "status", "desiredNumberScheduled"))
	w.write(0, "Current Number of Nodes Scheduled: %s\n", dint(o, "status", "currentNumberScheduled"))
	w.write(0, "Number of Nodes Scheduled with Up-to-date Pods: %s\n", dint(o, "status", "updatedNumberScheduled"))
	w.write(0, "Number of Nodes Scheduled with Available Pods: %s\n", dint(o, "status", "numberAvailable"))
	w.write(0, "Number of Nodes Misscheduled: %s\n", dint(o, "status", "numberMisscheduled"))
	r.podsStatus()
	r.podTemplate(dmap(o, "spec", "template"))
	r.events()
}

func (r *dRenderer) job() {
	w, o := r.w, r.obj
	r.head(true)
	w.write(0, "Selector:\t%s\n", dSelector(dmap(o, "spec", "selector")))
	r.labelsAndAnnotations()
	r.controlledBy()
	r.jobSpec()
	r.jobTimes()
	r.jobPods()
	r.podTemplate(dmap(o, "spec", "template"))
	r.events()
}

// jobSpec prints how a job runs its pods; fields left unset are left out.
func (r *dRenderer) jobSpec() {
	w, o := r.w, r.obj
	w.present("Parallelism", o, "spec", "parallelism")
	w.write(0, "Completions:\t%s\n", dOrUnset(o, "spec", "completions"))
	w.optional("Completion Mode", dstr(o, "spec", "completionMode"))
	w.present("Suspend", o, "spec", "suspend")
	w.present("Backoff Limit", o, "spec", "backoffLimit")
	w.present("TTL Seconds After Finished", o, "spec", "ttlSecondsAfterFinished")
}

// jobTimes prints when a job started and completed, how long it took and its deadline.
func (r *dRenderer) jobTimes() {
	w, o := r.w, r.obj
	start, done := dstr(o, "status", "startTime"), dstr(o, "status", "completionTime")
	if start != "" {
		w.write(0, "Start Time:\t%s\n", w.date(start))
	}
	if done != "" {
		w.write(0, "Completed At:\t%s\n", w.date(done))
	}
	if start != "" && done != "" {
		w.write(0, "Duration:\t%s\n", printer.HumanDuration(apivalue.Time(done).Sub(apivalue.Time(start))))
	}
	if dhas(o, "spec", "activeDeadlineSeconds") {
		w.write(0, "Active Deadline Seconds:\t%ss\n", dstr(o, "spec", "activeDeadlineSeconds"))
	}
}

// jobPods prints the job's counts of pods, and the indexes an indexed job has completed.
func (r *dRenderer) jobPods() {
	w, o := r.w, r.obj
	if dhas(o, "status", "ready") {
		w.write(0, "Pods Statuses:\t%s Active (%s Ready) / %s Succeeded / %s Failed\n", dint(o, "status", "active"), dint(o, "status", "ready"), dint(o, "status", "succeeded"), dint(o, "status", "failed"))
	} else {
		w.write(0, "Pods Statuses:\t%s Active / %s Succeeded / %s Failed\n", dint(o, "status", "active"), dint(o, "status", "succeeded"), dint(o, "status", "failed"))
	}
	if dstr(o, "spec", "completionMode") == "Indexed" {
		w.write(0, "Completed Indexes:\t%s\n", dCapIndexes(dstr(o, "status", "completedIndexes"), 50))
	}
}

func dCapIndexes(s string, soft int) string {
	if s == "" {
		return "<none>"
	}
	i := soft
	for ; i < len(s); i++ {
		if s[i] == ',' {
			break
		}
	}
	if i >= len(s) {
		return s
	}
	return s[:i+1] + "..."
}

func (r *dRenderer) cronJob() {
	w, o := r.w, r.obj
	r.headAndLabels(true)
	w.write(0, "Schedule:\t%s\n", dstr(o, "spec", "schedule"))
	w.write(0, "Concurrency Policy:\t%s\n", dstr(o, "spec", "concurrencyPolicy"))
	suspend := "<unset>"
	if dhas(o, "spec", "suspend") {
		suspend = dBool(dbool(o, "spec", "suspend"))
	}
	w.write(0, "Suspend:\t%s\n", suspend)
	w.write(0, "Time Zone:\t%s\n", dOrUnset(o, "spec", "timeZone"))
	w.write(0, "Successful Job History Limit:\t%s\n", dOrUnset(o, "spec", "successfulJobsHistoryLimit"))
	w.write(0, "Failed Job History Limit:\t%s\n", dOrUnset(o, "spec", "failedJobsHistoryLimit"))
	if dhas(o, "spec", "startingDeadlineSeconds") {
		w.write(0, "Starting Deadline Seconds:\t%ss\n", dstr(o, "spec", "startingDeadlineSeconds"))
	} else {
		w.write(0, "Starting Deadline Seconds:\t<unset>\n")
	}
	r.jobTemplate(dmap(o, "spec", "jobTemplate", "spec"))
	if v := dstr(o, "status", "lastScheduleTime"); v != "" {
		w.write(0, "Last Schedule Time:\t%s\n", w.date(v))
	} else {
		w.write(0, "Last Schedule Time:\t<unset>\n")
	}
	var active []string
	for _, a := range dlist(o, "status", "active") {
		active = append(active, dstr(a, "name"))
	}
	w.write(0, "Active Jobs:\t%s\n", dOrNone(strings.Join(active, ", ")))
	r.events()
}

// jobTemplate prints the spec of the jobs a cron job makes, its pod template included.
func (r *dRenderer) jobTemplate(jt map[string]any) {
	w := r.w
	if sel := dmap(jt, "selector"); sel != nil {
		w.write(0, "Selector:\t%s\n", dSelector(sel))
	} else {
		w.write(0, "Selector:\t<unset>\n")
	}
	w.write(0, "Parallelism:\t%s\n", dOrUnset(jt, "parallelism"))
	w.write(0, "Completions:\t%s\n", dOrUnset(jt, "completions"))
	if dhas(jt, "activeDeadlineSeconds") {
		w.write(0, "Active Deadline Seconds:\t%ss\n", dstr(jt, "activeDeadlineSeconds"))
	}
	r.podTemplate(dmap(jt, "template"))
}

// controllerPods counts by phase the pods the workload controls.
func (rd *describeRead) controllerPods(ctx context.Context) {
	obj := rd.d.Object
	sel := dSelector(dmap(obj, "spec", "selector"))
	pods, err := rd.list(ctx, "pods", kube.Scope{Namespace: rd.ns}, kube.ListOptions{LabelSelector: sel})
	if err != nil {
		rd.d.extra.podsErr = dwhy(err)
		rd.notice(noticeDescribeRelated, "Pods Status", dwhy(err))
		return
	}
	for _, p := range dControlledBy(pods, dstr(obj, "metadata", "uid")) {
		switch dstr(p, "status", "phase") {
		case "Running":
			rd.d.extra.pods.running++
		case "Pending":
			rd.d.extra.pods.waiting++
		case "Succeeded":
			rd.d.extra.pods.succeeded++
		case "Failed":
			rd.d.extra.pods.failed++
		}
	}
}

// dControlledBy keeps the objects whose controller owner reference has the uid; a label selector
// alone also finds objects some other controller owns.
func dControlledBy(list []map[string]any, uid string) []map[string]any {
	var out []map[string]any
	for _, o := range list {
		if ref := dControllerRef(o); ref != nil && dstr(ref, "uid") == uid {
			out = append(out, o)
		}
	}
	return out
}

// replicaSets finds a deployment's replica sets as kubectl does: those it controls, the new one
// being the oldest whose pod template equals the deployment's apart from the pod-template-hash
// label, the others old.
func (rd *describeRead) replicaSets(ctx context.Context) {
	obj := rd.d.Object
	sel := dSelector(dmap(obj, "spec", "selector"))
	list, err := rd.list(ctx, "replicasets.apps", kube.Scope{Namespace: rd.ns}, kube.ListOptions{LabelSelector: sel})
	if err != nil {
		rd.notice(noticeDescribeRelated, "OldReplicaSets and NewReplicaSet", dwhy(err))
		return
	}
	owned := dControlledBy(list, dstr(obj, "metadata", "uid"))
	newName := dNewReplicaSet(owned, dmap(obj, "spec", "template"))
	rd.d.extra.rsRead = true
	for _, rs := range owned {
		sum := dRSSummary{name: dstr(rs, "metadata", "name"), current: dint(rs, "status", "replicas"), desired: dint(rs, "spec", "replicas")}
		if sum.name == newName {
			rd.d.extra.newRS = append(rd.d.extra.newRS, sum)
		} else {
			rd.d.extra.oldRS = append(rd.d.extra.oldRS, sum)
		}
	}
}

// dNewReplicaSet names the oldest replica set whose pod template is the deployment's; "" when none
// is.
func dNewReplicaSet(owned []map[string]any, template map[string]any) string {
	byAge := append([]map[string]any(nil), owned...)
	sort.SliceStable(byAge, func(i, j int) bool {
		ti, tj := apivalue.Time(dstr(byAge[i], "metadata", "creationTimestamp")), apivalue.Time(dstr(byAge[j], "metadata", "creationTimestamp"))
		if ti.Equal(tj) {
			return dstr(byAge[i], "metadata", "name") < dstr(byAge[j], "metadata", "name")
		}
		return ti.Before(tj)
	})
	want := dTemplateNoHash(template)
	for _, rs := range byAge {
		if reflect.DeepEqual(dTemplateNoHash(dmap(rs, "spec", "template")), want) {
			return dstr(rs, "metadata", "name")
		}
	}
	return ""
}

func dTemplateNoHash(t map[string]any) any {
	c := dDeepCopy(t)
	if m, ok := c.(map[string]any); ok {
		if labels := dmap(m, "metadata", "labels"); labels != nil {
			delete(labels, "pod-template-hash")
			if len(labels) == 0 {
				delete(dmap(m, "metadata"), "labels")
			}
		}
	}
	return c
}
