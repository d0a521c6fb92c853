package audit

import (
	"context"
	"sort"
	"time"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/internal/inner"
)

// Workload is one row of the profile. Desired is nil for a controller studioctl found only
// through a pod's owner reference (an operator's resource, a Rollout, an orphan ReplicaSet), for a
// bare Pod and for a CronJob.
type Workload struct {
	Kind      string
	Namespace string
	Name      string
	Desired   *int64
	Ready     int64
	Pods      int
	Restarts  int64
	// LastTermination is the latest lastState.terminated of the workload's containers.
	LastTermination string
	LastReason      string
	NoRequests      []string
	NoLimits        []string
	NoReadiness     []string
	NoLiveness      []string
	Warnings        []Warning
	spec            studioctl.Object // the pod template's spec (or a pod's)
	template        map[string]string
	batch           bool
	crash           []string // containers waiting in CrashLoopBackOff
}

// Warning is one Warning event about a workload, its pods or its ReplicaSets and Jobs.
type Warning struct {
	Reason string `json:"reason"`
	Object string `json:"object"` // kind/name
	Count  int64  `json:"count"`
	Last   string `json:"last"`
}

// workloadKinds is every kind the profile reads, in the order it reads them.
var workloadKinds = []string{"pods", "deployments.apps", "statefulsets.apps", "daemonsets.apps", "replicasets.apps",
	"jobs.batch", "cronjobs.batch", "poddisruptionbudgets.policy", "secrets", "events"}

type workloadInput struct {
	pods  *objects
	kinds map[string]*objects
	// profiles are the namespaces' profiles, built as pods and events stream in: a pod is added
	// to its namespace's profile as it is read and then dropped, so an audit of 20,000 pods
	// holds rows and per-pod aliases, not 20,000 objects.
	profiles map[string]*profile
	// now is the session's clock: a live server's time, or a snapshot's capture time, so a
	// replayed audit judges schedules as the live one did.
	now time.Time
}

// streamedKinds are read last, each object into its namespace's profile as it arrives: the
// controllers they are attributed to are read before them.
var streamedKinds = map[string]bool{"pods": true, "events": true}

func readWorkloadKinds(ctx context.Context, g *gatherer) (*workloadInput, error) {
	in := &workloadInput{kinds: map[string]*objects{}, profiles: map[string]*profile{}, now: inner.Client(g.s).Now()}
	for _, k := range workloadKinds {
		if streamedKinds[k] {
			continue
		}
		o, err := g.list(ctx, k, "", "")
		if err != nil {
			return nil, err
		}
		in.kinds[k] = o
	}
	pods, err := g.listEach(ctx, "pods", "", "", func(pod studioctl.Object) {
		in.profile(pod.Namespace()).addPod(pod)
	})
	if err != nil {
		return nil, err
	}
	in.kinds["pods"], in.pods = pods, pods
	events, err := g.listEach(ctx, "events", "", "type=Warning", func(e studioctl.Object) {
		in.profile(e.Namespace()).addEvent(e)
	})
	if err != nil {
		return nil, err
	}
	in.kinds["events"] = events
	for _, p := range in.profiles {
		p.sortWarnings()
	}
	return in, nil
}

// empty reports whether nothing at all was read in ns, and its pods were not denied (Secrets
// are denied to most readers, which says nothing of the namespace).
func (in *workloadInput) empty(ns string) bool {
	for _, o := range in.kinds {
		if !o.none(ns) {
			return false
		}
	}
	return !in.pods.forbidden(ns)
}

// profile is namespace ns's profile, begun with its controllers when first asked for.
func (in *workloadInput) profile(ns string) *profile {
	p := in.profiles[ns]
	if p == nil {
		p = &profile{ns: ns, rows: map[key]*Workload{}, aliases: map[key]key{}, rsOwner: map[string]key{}, jobOwn: map[string]key{}}
		p.addControllers(in.kinds, ns)
		in.profiles[ns] = p
	}
	return p
}

type key struct{ kind, name string }

// profile is one namespace's workloads being built.
type profile struct {
	ns      string
	rows    map[key]*Workload
	order   []key
	aliases map[key]key // a pod, ReplicaSet or Job → its workload, for events
	rsOwner map[string]key
	jobOwn  map[string]key
}

func profileNamespace(ns string, in *workloadInput) (*Namespace, []Finding) {
	if in.pods.forbidden(ns) {
		return &Namespace{Name: ns}, []Finding{newFinding(CodeNotAudited, "Namespace", "", ns, "", SentenceNotAudited, ns)}
	}
	p := in.profile(ns)
	var fs []Finding
	for _, k := range workloadKinds[1:] {
		if o := in.kinds[k]; o.forbidden(ns) && k != "secrets" {
			fs = append(fs, newFinding(CodeKindUnreadable, "Namespace", "", ns, "", SentenceKindUnreadable, k, ns))
		}
	}
	out := &Namespace{Name: ns, Audited: true}
	for _, k := range p.order {
		w := p.rows[k]
		fs = append(fs, w.checks()...)
		out.Workloads = append(out.Workloads, w)
	}
	fs = append(fs, pdbFindings(out.Workloads, in.kinds["poddisruptionbudgets.policy"], ns)...)
	fs = append(fs, blockingBudgets(in.kinds["poddisruptionbudgets.policy"], ns)...)
	fs = append(fs, batchFindings(in.kinds, ns)...)
	fs = append(fs, lateCronJobs(in.kinds["cronjobs.batch"], ns, in.now)...)
	fs = append(fs, secretFindings(out.Workloads, in.kinds["secrets"], ns)...)
	return out, fs
}

func (p *profile) add(w *Workload) {
	k := key{w.Kind, w.Name}
	if _, ok := p.rows[k]; ok {
		return
	}
	p.rows[k] = w
	p.order = append(p.order, k)
}

func desired(n int64) *int64 { return &n }

func intField(o studioctl.Object, def int64, path ...string) int64 {
	v, ok := o.Field(path...)
	if !ok {
		return def
	}
	n, err := numberOf(v)
	if err != nil {
		return def
	}
	return n
}

// addControllers adds a row per Deployment, StatefulSet, DaemonSet, CronJob and Job a CronJob
// does not own, and remembers which ReplicaSet and Job belongs to whom.
func (p *profile) addControllers(kinds map[string]*objects, ns string) {
	for _, o := range kinds["deployments.apps"].byNS[ns] {
		p.add(controller(o, desired(intField(o, 1, "spec", "replicas")), "spec", "template"))
	}
	for _, o := range kinds["statefulsets.apps"].byNS[ns] {
		p.add(controller(o, desired(intField(o, 1, "spec", "replicas")), "spec", "template"))
	}
	for _, o := range kinds["daemonsets.apps"].byNS[ns] {
		p.add(controller(o, desired(intField(o, 0, "status", "desiredNumberScheduled")), "spec", "template"))
	}
	for _, o := range kinds["cronjobs.batch"].byNS[ns] {
		w := controller(o, nil, "spec", "jobTemplate", "spec", "template")
		w.batch = true
		p.add(w)
	}
	for _, o := range kinds["replicasets.apps"].byNS[ns] {
		p.rsOwner[o.Name()] = ownerKey(o, key{"ReplicaSet", o.Name()})
	}
	for _, o := range kinds["jobs.batch"].byNS[ns] {
		k := ownerKey(o, key{"Job", o.Name()})
		p.jobOwn[o.Name()] = k
		if k.kind == "Job" {
			w := controller(o, desired(intField(o, 1, "spec", "completions")), "spec", "template")
			w.batch = true
			p.add(w)
		}
	}
}

func controller(o studioctl.Object, want *int64, template ...string) *Workload {
	t := studioctl.NewObject(nil)
	if v, ok := o.Field(template...); ok {
		if m, ok := v.(map[string]any); ok {
			t = studioctl.NewObject(m)
		}
	}
	w := &Workload{Kind: o.Kind(), Namespace: o.Namespace(), Name: o.Name(), Desired: want}
	if m, ok := t.Field("spec"); ok {
		if mm, ok := m.(map[string]any); ok {
			w.spec = studioctl.NewObject(mm)
		}
	}
	w.template = labelsAt(t)
	return w
}

func labelsAt(t studioctl.Object) map[string]string {
	v, _ := t.Field("metadata", "labels")
	raw, _ := v.(map[string]any)
	out := map[string]string{}
	for k, v := range raw {
		if s, ok := v.(string); ok {
			out[k] = s
		}
	}
	return out
}

// ownerKey is an object's controlling owner, or self when it has none.
func ownerKey(o studioctl.Object, self key) key {
	for _, r := range o.OwnerReferences() {
		if r.Controller {
			return key{r.Kind, r.Name}
		}
	}
	return self
}

// workloadOf follows a pod's controller: a ReplicaSet to its Deployment (or whatever owns it), a
// Job to its CronJob; a pod without a controller is its own workload.
func (p *profile) workloadOf(pod studioctl.Object) key {
	k := ownerKey(pod, key{"Pod", pod.Name()})
	switch k.kind {
	case "ReplicaSet":
		p.aliases[k] = p.rsOwnerOf(k.name)
		return p.aliases[k]
	case "Job":
		if owner, ok := p.jobOwn[k.name]; ok {
			p.aliases[k] = owner
			return owner
		}
	}
	return k
}

func (p *profile) rsOwnerOf(rs string) key {
	if k, ok := p.rsOwner[rs]; ok {
		return k
	}
	return key{"ReplicaSet", rs}
}

func (p *profile) addPod(pod studioctl.Object) {
	k := p.workloadOf(pod)
	p.aliases[key{"Pod", pod.Name()}] = k
	w, ok := p.rows[k]
	if !ok {
		w = &Workload{Kind: k.kind, Namespace: p.ns, Name: k.name, template: pod.Labels()}
		if m, ok := pod.Field("spec"); ok {
			mm, _ := m.(map[string]any)
			w.spec = studioctl.NewObject(mm)
		}
		p.add(w)
	}
	w.Pods++
	if podReady(pod) {
		w.Ready++
	}
	for _, cs := range pod.Slice("status", "containerStatuses") {
		w.Restarts += intField(cs, 0, "restartCount")
		if at := cs.String("lastState", "terminated", "finishedAt"); at > w.LastTermination {
			w.LastTermination, w.LastReason = at, cs.String("lastState", "terminated", "reason")
		}
		if cs.String("state", "waiting", "reason") == "CrashLoopBackOff" {
			w.crashLooping(cs.String("name"))
		}
	}
}

func (w *Workload) crashLooping(container string) {
	for _, c := range w.crash {
		if c == container {
			return
		}
	}
	w.crash = append(w.crash, container)
}

func podReady(pod studioctl.Object) bool {
	for _, c := range pod.Slice("status", "conditions") {
		if c.String("type") == "Ready" {
			return c.String("status") == "True"
		}
	}
	return false
}

// addEvent adds a Warning event to the workload it is about (through a pod, ReplicaSet or Job's
// alias); an event about nothing profiled is dropped.
func (p *profile) addEvent(e studioctl.Object) {
	k := key{e.String("involvedObject", "kind"), e.String("involvedObject", "name")}
	if a, ok := p.aliases[k]; ok {
		k = a
	}
	w, ok := p.rows[k]
	if !ok {
		return
	}
	last := e.String("lastTimestamp")
	if last == "" {
		last = e.String("eventTime")
	}
	w.Warnings = append(w.Warnings, Warning{Reason: e.String("reason"), Object: e.String("involvedObject", "kind") + "/" + e.String("involvedObject", "name"),
		Count: intField(e, 1, "count"), Last: last})
}

// sortWarnings orders each workload's warnings newest first, once every event is in.
func (p *profile) sortWarnings() {
	for _, w := range p.rows {
		sort.SliceStable(w.Warnings, func(i, j int) bool { return w.Warnings[i].Last > w.Warnings[j].Last })
	}
}
