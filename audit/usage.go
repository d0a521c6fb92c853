package audit

import (
	"context"
	"math/big"
	"strconv"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/apivalue"
)

// ContainerUsage is one row of the usage reading: a container's metrics.k8s.io usage against its
// requests and limits. A quantity not set is "".
type ContainerUsage struct {
	Namespace  string `json:"-"`
	Pod        string `json:"pod"`
	Container  string `json:"container"`
	CPU        string `json:"cpu"`
	CPURequest string `json:"cpuRequest"`
	CPULimit   string `json:"cpuLimit"`
	Memory     string `json:"memory"`
	MemRequest string `json:"memoryRequest"`
	MemLimit   string `json:"memoryLimit"`
	// Measured is false when the pod has no metrics (or metrics.k8s.io is not served).
	Measured bool `json:"measured"`
}

// metricsKinds are the PodMetrics kinds studioctl tries, kubectl's choice first.
var metricsKinds = []string{"pods.v1beta1.metrics.k8s.io", "pods.v1.metrics.k8s.io"}

// InspectUsage is the usage of namespace ns (or every namespace): one row per container. -l
// narrows both the pods and their metrics. Without metrics.k8s.io the rows keep requests and
// limits, and the report says usage is unavailable and names metrics-server.
func InspectUsage(ctx context.Context, s *studioctl.Session, ns string, o Options) (*Report, error) {
	g, timed, err := begin(ctx, s, ns, o)
	if err != nil {
		return nil, err
	}
	// Pods stream into their containers' rows as they are read, and metrics into those rows:
	// the report holds rows, not pods (flat in the pods' size, as the workload profile).
	u := &usageRows{byNS: map[string][]*ContainerUsage{}, byName: map[string]*ContainerUsage{}}
	pods, err := g.listEach(ctx, "pods", o.Selector, "", u.addPod)
	if err != nil {
		return nil, err
	}
	// With a selector, no pod may simply mean none matched; the namespace is asked about then too.
	if err := g.missingNamespace(ctx, func(ns string) bool { return pods.none(ns) && !pods.forbidden(ns) }); err != nil {
		return nil, err
	}
	measured, err := readMetrics(ctx, g, o.Selector, u.addMetrics)
	if err != nil {
		return nil, err
	}
	r := &Report{Reading: ReadingUsage, UsageUnavailable: !measured, Scope: g.asked()}
	if !measured {
		r.Notices = append(r.Notices, SentenceUsageUnavailable)
		r.Findings = append(r.Findings, newFinding(CodeUsageUnavailable, "APIService", "", "v1beta1.metrics.k8s.io", "", SentenceUsageUnavailable))
	}
	for _, name := range g.scope(pods) {
		nsr, fs := u.namespace(name, pods)
		r.Namespaces = append(r.Namespaces, nsr)
		r.Findings = append(r.Findings, fs...)
	}
	r.Findings = tidy(append(r.Findings, blind(pods)...))
	if err := capRows(r, o, s.RowCap()); err != nil {
		return nil, err
	}
	timed(r)
	return r, nil
}

// readMetrics streams the PodMetrics of the first kind served into each; it answers false when
// metrics.k8s.io is not served.
func readMetrics(ctx context.Context, g *gatherer, selector string, each func(studioctl.Object)) (bool, error) {
	for _, k := range metricsKinds {
		m, err := g.listEach(ctx, k, selector, "", each)
		if err != nil {
			return false, err
		}
		if m.served {
			return true, nil
		}
	}
	return false, nil
}

// usageRows are the usage report's rows as pods and metrics stream in: one per container, by
// namespace in the order the pods came, and by namespace/pod/container for the metrics.
type usageRows struct {
	byNS   map[string][]*ContainerUsage
	byName map[string]*ContainerUsage
}

func (u *usageRows) addPod(p studioctl.Object) {
	ns := p.Namespace()
	for _, c := range p.Slice("spec", "containers") {
		row := &ContainerUsage{Namespace: ns, Pod: p.Name(), Container: c.String("name"),
			CPURequest: c.String("resources", "requests", "cpu"), CPULimit: c.String("resources", "limits", "cpu"),
			MemRequest: c.String("resources", "requests", "memory"), MemLimit: c.String("resources", "limits", "memory")}
		u.byNS[ns] = append(u.byNS[ns], row)
		u.byName[ns+"/"+row.Pod+"/"+row.Container] = row
	}
}

// addMetrics fills the rows of a PodMetrics' containers with their usage.
func (u *usageRows) addMetrics(m studioctl.Object) {
	for _, c := range m.Slice("containers") {
		if row := u.byName[m.Namespace()+"/"+m.Name()+"/"+c.String("name")]; row != nil {
			usage := stringMap(c, "usage")
			row.Measured, row.CPU, row.Memory = true, usage["cpu"], usage["memory"]
		}
	}
}

func (u *usageRows) namespace(ns string, pods *objects) (*Namespace, []Finding) {
	if pods.forbidden(ns) {
		return &Namespace{Name: ns}, []Finding{newFinding(CodeNotAudited, "Namespace", "", ns, "", SentenceNotAudited, ns)}
	}
	out := &Namespace{Name: ns, Audited: true}
	var fs []Finding
	for _, row := range u.byNS[ns] {
		fs = append(fs, row.findings()...)
		row.showAsTop()
		out.Usage = append(out.Usage, row)
	}
	return out, fs
}

func stringMap(o studioctl.Object, path ...string) map[string]string {
	v, _ := o.Field(path...)
	m, _ := v.(map[string]any)
	out := map[string]string{}
	for k, v := range m {
		if s, ok := v.(string); ok {
			out[k] = s
		}
	}
	return out
}

// showAsTop writes measured usage as top prints it: CPU in whole millicores rounded up ("3m",
// not the metrics API's "2999916n") and memory in whole mebibytes ("18Mi", not "18432Ki").
// Requests and limits stay as the pod spec writes them. Findings are read before, on the exact
// quantities.
func (u *ContainerUsage) showAsTop() {
	u.CPU, u.Memory = asTop("cpu", u.CPU), asTop("memory", u.Memory)
}

// asTop is one measured quantity of resource res as top prints it; one it cannot read stays as
// written.
func asTop(res, q string) string {
	v, ok := apivalue.ParseQuantity(q)
	if !ok {
		return q
	}
	return apivalue.UsageText(res, v.Rat())
}

// ratio is used/of, or false when either is missing or of is zero.
func ratio(used, of string) (float64, bool) {
	u, ok1 := apivalue.ParseQuantity(used)
	d, ok2 := apivalue.ParseQuantity(of)
	if !ok1 || !ok2 || d.Sign() == 0 {
		return 0, false
	}
	f, _ := new(big.Rat).Quo(u.Rat(), d.Rat()).Float64()
	return f, true
}

// percent prints a ratio as a whole percentage, or "-".
func percent(used, of string) string {
	f, ok := ratio(used, of)
	if !ok {
		return "-"
	}
	return strconv.FormatInt(int64(f*100), 10) + "%"
}

func (u *ContainerUsage) findings() []Finding {
	if !u.Measured {
		return nil
	}
	var fs []Finding
	for _, r := range []struct{ res, used, req, lim string }{{"cpu", u.CPU, u.CPURequest, u.CPULimit}, {"memory", u.Memory, u.MemRequest, u.MemLimit}} {
		if f, ok := ratio(r.used, r.lim); ok && f > limit(CodeUsageNearLimit) {
			fs = append(fs, newFinding(CodeUsageNearLimit, "Pod", u.Namespace, u.Pod, u.Container, SentenceUsageNearLimit, u.Container, r.res, percent(r.used, r.lim), r.lim))
		}
		if f, ok := ratio(r.used, r.req); ok && f < limit(CodeRequestsAboveUse) {
			fs = append(fs, newFinding(CodeRequestsAboveUse, "Pod", u.Namespace, u.Pod, u.Container, SentenceRequestsAboveUse, u.Container, r.res, r.req, asTop(r.res, r.used)))
		}
	}
	return fs
}
