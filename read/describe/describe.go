// Package describe answers describe: the object and the related objects and events kubectl shows,
// kept as data and rendered at print time (so machine mode masks first), with one describer per
// group and kind in a table and a generic layout for the rest.
package describe

import (
	"context"
	"time"

	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/redact"
)

// describe reads one object the way kubectl describe does: the object itself (people-mode Secret
// stripping already applied by kube's decoder), the core v1 events about it, and for some kinds
// the few related objects kubectl's describer also reads (a controller's pods, a deployment's
// replica sets, a service's endpoint slices, a node's pods and lease, a namespace's quotas).
// What was read is kept as a Described, rendered to text only when it is printed, so machine
// mode masks the object before any of it becomes a line.

// Options are describe's options, filled once from the statement.
type Options struct {
	reader.Common
	Args          []string `args:""`
	Namespace     string   `flag:"namespace"`
	AllNamespaces bool     `flag:"all-namespaces"`
	Selector      string   `flag:"selector"`
	MaxRows       int      // the row cap of the related reads, from the session (Complete)
}

// Validate checks describe's targets before anything is sent.
func (o *Options) Validate() error {
	_, err := describeTargets(o.Args, o.Selector)
	return err
}

// Complete fills the namespace and the row cap the session supplies.
func (o *Options) Complete(s *reader.Session) {
	o.Namespace = s.Namespace(o.Namespace)
	o.MaxRows = s.RowCap()
}

// groupKind names a kind by its API group ("" for core) and Kind, as the describer table is keyed.
type groupKind struct{ group, kind string }

func groupKindOf(r discovery.APIResource) groupKind { return groupKind{r.Group, r.Kind} }

// The kinds whose events are read in a way of their own (describeRead.events).
var (
	gkPod  = groupKind{"", "Pod"}
	gkNode = groupKind{"", "Node"}
)

// describer is what describe does for one kind, after kubectl's describer for it: the related
// objects it reads besides the object (nil when none), whether it leaves the Events section out,
// and how it prints.
type describer struct {
	related  func(*describeRead, context.Context)
	noEvents bool
	render   func(*dRenderer)
}

// describers holds every kind with a describer of its own, as kubectl's describerMap does; any
// other kind, custom resources included, gets genericDescriber.
var describers = map[groupKind]describer{
	gkPod:                                      {render: (*dRenderer).pod},
	{"apps", "Deployment"}:                     {related: (*describeRead).replicaSets, render: (*dRenderer).deployment},
	{"apps", "ReplicaSet"}:                     {related: (*describeRead).controllerPods, render: (*dRenderer).replicaSet},
	{"apps", "StatefulSet"}:                    {related: (*describeRead).controllerPods, render: (*dRenderer).statefulSet},
	{"apps", "DaemonSet"}:                      {related: (*describeRead).controllerPods, render: (*dRenderer).daemonSet},
	{"batch", "Job"}:                           {render: (*dRenderer).job},
	{"batch", "CronJob"}:                       {render: (*dRenderer).cronJob},
	{"", "Service"}:                            {related: (*describeRead).serviceSlices, render: (*dRenderer).service},
	{"networking.k8s.io", "Ingress"}:           {related: (*describeRead).ingressBackends, render: (*dRenderer).ingress},
	{"", "PersistentVolumeClaim"}:              {related: (*describeRead).claimUsers, render: (*dRenderer).pvc},
	{"", "PersistentVolume"}:                   {render: (*dRenderer).pv},
	gkNode:                                     {related: (*describeRead).nodeReads, render: (*dRenderer).node},
	{"", "Namespace"}:                          {related: (*describeRead).namespaceReads, noEvents: true, render: (*dRenderer).namespace},
	{"", "ConfigMap"}:                          {render: (*dRenderer).configMap},
	{"", "Secret"}:                             {noEvents: true, render: (*dRenderer).secret},
	{"", "ServiceAccount"}:                     {related: (*describeRead).serviceAccountSecrets, render: (*dRenderer).serviceAccount},
	{rbacGroup, "Role"}:                        {noEvents: true, render: (*dRenderer).role},
	{rbacGroup, "ClusterRole"}:                 {noEvents: true, render: (*dRenderer).role},
	{rbacGroup, "RoleBinding"}:                 {noEvents: true, render: (*dRenderer).binding},
	{rbacGroup, "ClusterRoleBinding"}:          {noEvents: true, render: (*dRenderer).binding},
	{navinGroup, "ManagedComponent"}:           {render: (*dRenderer).managedComponent},
	{"autoscaling", "HorizontalPodAutoscaler"}: {related: (*describeRead).hpaAsV2, render: (*dRenderer).hpa},
	{"policy", "PodDisruptionBudget"}:          {render: (*dRenderer).pdb},
	{"", "Endpoints"}:                          {render: (*dRenderer).endpoints},
	{"discovery.k8s.io", "EndpointSlice"}:      {render: (*dRenderer).endpointSlice},
	{"storage.k8s.io", "StorageClass"}:         {render: (*dRenderer).storageClass},
	{"scheduling.k8s.io", "PriorityClass"}:     {render: (*dRenderer).priorityClass},
	{"networking.k8s.io", "IngressClass"}:      {render: (*dRenderer).ingressClass},
	{"", "LimitRange"}:                         {noEvents: true, render: (*dRenderer).limitRange},
	{"", "ResourceQuota"}:                      {noEvents: true, render: (*dRenderer).resourceQuota},
	{"networking.k8s.io", "NetworkPolicy"}:     {noEvents: true, render: (*dRenderer).networkPolicy},
}

const rbacGroup = "rbac.authorization.k8s.io"

var genericDescriber = describer{render: (*dRenderer).generic}

func describerFor(r discovery.APIResource) describer {
	if d, ok := describers[groupKindOf(r)]; ok {
		return d
	}
	return genericDescriber
}

// Described is a describe answer kept as data until it is printed: the object as read, its events
// and what the related reads found. Render turns it into kubectl's text for a redaction mode.
type Described struct {
	Object map[string]any
	// Events about the object, as read and sorted by time; nil when they were not read (a kind
	// kubectl shows no events for, or a read that failed), which leaves the Events section out.
	Events []map[string]any
	// Now is the client's clock when the object was read (the capture time in replay); ages and
	// the time zone of printed dates come from it.
	Now      time.Time
	Resource discovery.APIResource
	extra    describeExtra
}

// describeExtra is what the related reads found, reduced to what is printed.
type describeExtra struct {
	// Pods a controller owns, by phase; podsErr is set when they could not be read.
	pods    dPodCounts
	podsErr string
	// A deployment's replica sets.
	oldRS, newRS []dRSSummary
	rsRead       bool
	// A service's endpoint slices.
	slices []map[string]any
	// An ingress's backends: dBackendKey -> the endpoints text.
	backends map[string]string
	lease    map[string]any // a node's lease
	// noProxyVersion leaves out the node's Kube-Proxy Version line, as kubectl 1.37 does.
	noProxyVersion bool
	leaseErr       string
	nodePods       []map[string]any // a node's non-terminated pods
	nodePodsErr    bool             // they could not be listed
	quotas         []map[string]any // a namespace's quotas, shown when quotasRead
	quotasRead     bool
	limits         []map[string]any // a namespace's limit ranges, shown when limitsRead
	limitsRead     bool
	saTokens       []string        // a service account's token Secrets, by name
	saExisting     map[string]bool // every Secret name in the namespace; nil when not read
	usedBy         []string        // pods using a PVC
}

type dPodCounts struct{ running, waiting, succeeded, failed int }

type dRSSummary struct{ name, current, desired string }

// Run reads the objects and what their kind's describer also reads (several.go picks them).
func (o *Options) Run(ctx context.Context, s *reader.Session) (*printer.Result, error) {
	return o.describeAll(ctx, s)
}

// describeOne makes the reads of one object's describe after the object itself: the related
// objects its kind's describer reads and its events. Notices about parts it could not read go
// to res.
// ns is the namespace the object was read in: the statement's, or under -A the object's own.
// kv is the statement's one reading of the server's version, for layouts that follow kubectl's.
// events is kubectl's --show-events default: true when the statement describes one object, false
// for several and for a name prefix.
func describeOne(ctx context.Context, s *reader.Session, kv *kubectlVersion, o *Options, r discovery.APIResource, ns string, obj map[string]any, events bool, res *printer.Result) *Described {
	if redact.IsSecret(obj) {
		// kube's decoder has stripped it already and a second pass changes nothing; it keeps
		// the values out of this reader whatever happens upstream.
		redact.SecretObject(obj)
	}
	d := &Described{Object: obj, Now: s.Client.Now(), Resource: r}
	rd := &describeRead{s: s, kv: kv, d: d, res: res, ns: ns, maxRows: o.MaxRows}
	desc := describerFor(r)
	if desc.related != nil {
		desc.related(rd, ctx)
	}
	if !desc.noEvents && events {
		rd.events(ctx)
	}
	return d
}

// describeResult puts a Described into a Result; the Writer renders it in its own mode.
func describeResult(d *Described, res *printer.Result) *printer.Result {
	res.Describe = d
	return res
}

// Render prints the object as kubectl describe does. In machine mode the object is masked first
// (describeMachine), on a copy, so the reads above used the real values; a core Secret's name is
// masked too.
func (d *Described) Render(mode printer.RedactMode) []string {
	obj := d.Object
	if mode == printer.Machine {
		obj = describeMachine(d.Object)
	}
	w := newDescribeWriter(d.Now)
	r := &dRenderer{w: w, d: d, obj: obj, machine: mode == printer.Machine}
	describerFor(d.Resource).render(r)
	return w.lines()
}

// describeMachine masks a deep copy of obj by the machine-mode rules; obj is left as it was.
func describeMachine(obj map[string]any) map[string]any {
	c, _ := dDeepCopy(obj).(map[string]any)
	if c == nil {
		c = map[string]any{}
	}
	redact.Machine(c)
	return c
}

func dDeepCopy(v any) any { return kube.Copy(v, nil) }

// dRenderer prints one Described: the object (masked already in machine mode) in the layout of
// kubectl's describer for its kind, or the generic describer's.
type dRenderer struct {
	w       *describeWriter
	d       *Described
	obj     map[string]any
	machine bool
}

func (r *dRenderer) name() string {
	if r.machine && redact.IsSecret(r.d.Object) {
		return redact.Masked
	}
	return dstr(r.obj, "metadata", "name")
}

func (r *dRenderer) head(namespaced bool) {
	r.w.write(0, "Name:\t%s\n", r.name())
	if namespaced {
		r.w.write(0, "Namespace:\t%s\n", dstr(r.obj, "metadata", "namespace"))
	}
}

// headAndLabels is the opening most describers share: name, namespace, labels, annotations.
func (r *dRenderer) headAndLabels(namespaced bool) {
	r.head(namespaced)
	r.labelsAndAnnotations()
}

func (r *dRenderer) labelsAndAnnotations() {
	r.w.labels("", "Labels", dStrMap(r.obj, "metadata", "labels"))
	r.w.annotations("Annotations", dStrMap(r.obj, "metadata", "annotations"))
}

func (r *dRenderer) events() {
	if r.d.Events != nil {
		r.w.events(r.d.Events)
	}
}

// controlledBy prints "Kind/name" of the controller owner reference; nothing when there is none.
func (r *dRenderer) controlledBy() {
	if ref := dControllerRef(r.obj); ref != nil {
		r.w.write(0, "Controlled By:\t%s\n", dstr(ref, "kind")+"/"+dstr(ref, "name"))
	}
}

// terminatingStatus prints "Status: Terminating" and how long the deletion has lasted, when the
// object is being deleted; it tells whether it printed.
func (r *dRenderer) terminatingStatus() bool {
	del := dstr(r.obj, "metadata", "deletionTimestamp")
	if del == "" {
		return false
	}
	r.w.write(0, "Status:\tTerminating (lasts %s)\n", r.w.since(del))
	return true
}

// phaseStatus prints an object's phase, or Terminating while it is being deleted.
func (r *dRenderer) phaseStatus() {
	if !r.terminatingStatus() {
		r.w.write(0, "Status:\t%s\n", dstr(r.obj, "status", "phase"))
	}
}
