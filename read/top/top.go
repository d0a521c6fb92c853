// Package top answers top pod and top node from metrics.k8s.io, as kubectl prints them.
package top

import (
	"context"
	"math/big"
	"sort"
	"strconv"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/statement"
)

// Options are what top pod and top node share, filled once from the statement.
type Options struct {
	reader.Common
	Namespace     string  `flag:"namespace"`
	AllNamespaces bool    `flag:"all-namespaces"`
	Selector      string  `flag:"selector"`
	SortBy        *string `flag:"sort-by"` // nil: by name
	NoHeaders     bool    `flag:"no-headers"`
	MaxRows       int     // the row cap, from the session (Complete)
}

// PodOptions are top pod's options.
type PodOptions struct {
	Options
	Containers bool `flag:"containers"` // a row per container, after its pod's name
}

// NodeOptions are top node's options; nodes are cluster-scoped, so the namespace goes unread.
type NodeOptions struct{ Options }

// Validate refuses a --sort-by kubectl refuses, before any request.
func (o *Options) Validate() error {
	if o.SortBy != nil && *o.SortBy != "cpu" && *o.SortBy != "memory" {
		return fault.Refusef(statement.CodeBadValue, SentenceTopSortBy)
	}
	return nil
}

// Complete fills the namespace and the row cap the session supplies.
func (o *Options) Complete(s *reader.Session) {
	o.Namespace = s.Namespace(o.Namespace)
	o.MaxRows = s.RowCap()
}

// sortBy is the order's name: "cpu", "memory" or "" for by name.
func (o *Options) sortBy() string {
	if o.SortBy == nil {
		return ""
	}
	return *o.SortBy
}

// milli is r in thousandths rounded up, as a quantity's MilliValue (the nearest int64 when it does
// not fit one).
func milli(r *big.Rat) int64 {
	n, _ := apivalue.CeilScaled(r, 3)
	return n
}

// topUsage is a CPU and memory pair of quantities, summed exactly.
type topUsage struct{ cpu, memory *big.Rat }

func newTopUsage() topUsage { return topUsage{new(big.Rat), new(big.Rat)} }

func (u topUsage) add(m map[string]string) {
	if q, ok := apivalue.ParseQuantity(m["cpu"]); ok {
		u.cpu.Add(u.cpu, q.Rat())
	}
	if q, ok := apivalue.ParseQuantity(m["memory"]); ok {
		u.memory.Add(u.memory, q.Rat())
	}
}

func (u topUsage) milliCPU() int64    { return milli(u.cpu) }
func (u topUsage) memBytes() int64    { n, _ := apivalue.CeilScaled(u.memory, 0); return n }
func (u topUsage) cpuCell() string    { return apivalue.UsageText("cpu", u.cpu) }
func (u topUsage) memoryCell() string { return apivalue.UsageText("memory", u.memory) }

// metricsResource finds metrics.k8s.io's resource in discovery, v1beta1 first (what kubectl
// reads), then v1. A server without the group answers the metrics-server sentence.
func metricsResource(ctx context.Context, c *kube.Client, resource string) (discovery.APIResource, error) {
	for _, v := range []string{"v1beta1", "v1"} {
		r, err := c.Resolve(ctx, resource+"."+v+".metrics.k8s.io")
		if err == nil {
			return r, nil
		}
		if e, ok := fault.As(err); !ok || e.Code != fault.CodeUnknownType {
			return discovery.APIResource{}, err
		}
	}
	return discovery.APIResource{}, &fault.Error{Code: CodeMetricsAbsent, Class: fault.ServerError, Sentence: SentenceMetricsAbsent}
}

type podMetrics struct {
	Metadata struct {
		Name      string `json:"name"`
		Namespace string `json:"namespace"`
	} `json:"metadata"`
	Containers []containerMetrics `json:"containers"`
	total      topUsage
}

type containerMetrics struct {
	Name  string            `json:"name"`
	Usage map[string]string `json:"usage"`
	total topUsage
}

// containerOrder is kubectl's ContainerMetricsSorter: within a pod, by cpu or memory, largest
// first, else by name.
type containerOrder struct {
	items  []containerMetrics
	sortBy string
}

func (c containerOrder) Len() int      { return len(c.items) }
func (c containerOrder) Swap(i, j int) { c.items[i], c.items[j] = c.items[j], c.items[i] }
func (c containerOrder) Less(i, j int) bool {
	if c.sortBy != "" {
		return usageFirst(c.sortBy, c.items[i].total, c.items[j].total)
	}
	return c.items[i].Name < c.items[j].Name
}

type nodeMetrics struct {
	Metadata struct {
		Name string `json:"name"`
	} `json:"metadata"`
	Usage map[string]string `json:"usage"`
	total topUsage
}

// podMetricsOrder is kubectl's PodMetricsSorter: by cpu or memory, largest first, else by
// namespace (with -A) and name.
type podMetricsOrder struct {
	items         []*podMetrics
	sortBy        string
	withNamespace bool
}

func (p podMetricsOrder) Len() int      { return len(p.items) }
func (p podMetricsOrder) Swap(i, j int) { p.items[i], p.items[j] = p.items[j], p.items[i] }
func (p podMetricsOrder) Less(i, j int) bool {
	a, b := p.items[i], p.items[j]
	if p.sortBy != "" {
		return usageFirst(p.sortBy, a.total, b.total)
	}
	if p.withNamespace && a.Metadata.Namespace != b.Metadata.Namespace {
		return a.Metadata.Namespace < b.Metadata.Namespace
	}
	return a.Metadata.Name < b.Metadata.Name
}

// Run reads the pods' metrics and prints their totals.
func (o *PodOptions) Run(ctx context.Context, s *reader.Session) (*printer.Result, error) {
	c := s.Client
	r, err := metricsResource(ctx, c, "pods")
	if err != nil {
		return nil, err
	}
	scope := kube.Scope{Namespace: o.Namespace, AllNamespaces: o.AllNamespaces}
	var items []*podMetrics
	err = c.ListObjects(ctx, r, scope, kube.ListOptions{LabelSelector: o.Selector, MaxRows: o.MaxRows},
		func(obj map[string]any) error {
			m := &podMetrics{}
			if err := reader.DecodeInto(obj, m); err != nil {
				return err
			}
			m.total = newTopUsage()
			for i := range m.Containers {
				m.total.add(m.Containers[i].Usage)
				m.Containers[i].total = newTopUsage()
				m.Containers[i].total.add(m.Containers[i].Usage)
			}
			items = append(items, m)
			return nil
		}, func() { items = nil })
	if err != nil {
		return nil, err
	}
	res := &printer.Result{}
	if len(items) == 0 {
		if scope.AllNamespaces {
			res.Empty = sentenceTopNone
		} else {
			res.Empty = fault.Sentencef(SentenceTopNoneIn, scope.Namespace)
		}
		return res, nil
	}
	sort.Sort(podMetricsOrder{items: items, sortBy: o.sortBy(), withNamespace: scope.AllNamespaces})
	t := &printer.Table{NoHeaders: o.NoHeaders}
	if scope.AllNamespaces {
		t.Columns = append(t.Columns, printer.Column{Header: "NAMESPACE", Role: printer.RoleNamespace})
	}
	if o.Containers {
		t.Columns = append(t.Columns, printer.Column{Header: "POD", Role: printer.RoleName})
	}
	t.Columns = append(t.Columns, printer.Column{Header: "NAME", Role: nameRole(o.Containers)}, printer.Column{Header: "CPU(cores)"}, printer.Column{Header: "MEMORY(bytes)"})
	for _, m := range items {
		var row []string
		if scope.AllNamespaces {
			row = append(row, m.Metadata.Namespace)
		}
		if !o.Containers {
			t.Rows = append(t.Rows, append(row, m.Metadata.Name, m.total.cpuCell(), m.total.memoryCell()))
			continue
		}
		sort.Sort(containerOrder{items: m.Containers, sortBy: o.sortBy()})
		for _, ct := range m.Containers {
			t.Rows = append(t.Rows, append(append([]string{}, row...), m.Metadata.Name, ct.Name, ct.total.cpuCell(), ct.total.memoryCell()))
		}
	}
	res.Table = t
	return res, nil
}

// nameRole is the NAME column's role: the pod's name, or under --containers a container's,
// which names no object.
func nameRole(containers bool) printer.ColumnRole {
	if containers {
		return printer.RolePlain
	}
	return printer.RoleName
}

// usageFirst is kubectl's --sort-by order for pods and nodes alike: the larger use of cpu or
// memory first.
func usageFirst(sortBy string, a, b topUsage) bool {
	if sortBy == "cpu" {
		return a.milliCPU() > b.milliCPU()
	}
	return a.memBytes() > b.memBytes()
}

// nodeMetricsOrder is kubectl's NodeMetricsSorter.
type nodeMetricsOrder struct {
	items  []*nodeMetrics
	sortBy string
}

func (n nodeMetricsOrder) Len() int      { return len(n.items) }
func (n nodeMetricsOrder) Swap(i, j int) { n.items[i], n.items[j] = n.items[j], n.items[i] }
func (n nodeMetricsOrder) Less(i, j int) bool {
	a, b := n.items[i], n.items[j]
	if n.sortBy != "" {
		return usageFirst(n.sortBy, a.total, b.total)
	}
	return a.Metadata.Name < b.Metadata.Name
}

// percentCell is kubectl's share of allocatable: milli-units over milli-units, times 100,
// truncated.
func percentCell(used, available *big.Rat) string {
	den := milli(available)
	if den == 0 {
		return "<unknown>"
	}
	return strconv.FormatInt(int64(float64(milli(used))/float64(den)*100), 10) + "%"
}

// Run reads the nodes' metrics and their allocatable resources and prints use and share.
func (o *NodeOptions) Run(ctx context.Context, s *reader.Session) (*printer.Result, error) {
	c := s.Client
	r, err := metricsResource(ctx, c, "nodes")
	if err != nil {
		return nil, err
	}
	opts := kube.ListOptions{LabelSelector: o.Selector, MaxRows: o.MaxRows}
	var items []*nodeMetrics
	err = c.ListObjects(ctx, r, kube.Scope{}, opts, func(obj map[string]any) error {
		m := &nodeMetrics{}
		if err := reader.DecodeInto(obj, m); err != nil {
			return err
		}
		m.total = newTopUsage()
		m.total.add(m.Usage)
		items = append(items, m)
		return nil
	}, func() { items = nil })
	if err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return nil, &fault.Error{Code: CodeMetricsEmpty, Class: fault.ServerError, Sentence: SentenceMetricsNodesNot}
	}
	nodesRes, err := c.Resolve(ctx, "nodes")
	if err != nil {
		return nil, err
	}
	allocatable := map[string]topUsage{}
	var names []string
	err = c.ListObjects(ctx, nodesRes, kube.Scope{}, opts, func(obj map[string]any) error {
		var n struct {
			Metadata struct {
				Name string `json:"name"`
			} `json:"metadata"`
			Status struct {
				Allocatable map[string]string `json:"allocatable"`
			} `json:"status"`
		}
		if err := reader.DecodeInto(obj, &n); err != nil {
			return err
		}
		u := newTopUsage()
		u.add(n.Status.Allocatable)
		if _, dup := allocatable[n.Metadata.Name]; !dup {
			names = append(names, n.Metadata.Name)
		}
		allocatable[n.Metadata.Name] = u
		return nil
	}, func() { allocatable, names = map[string]topUsage{}, nil })
	if err != nil {
		return nil, err
	}
	sort.Sort(nodeMetricsOrder{items: items, sortBy: o.sortBy()})
	t := &printer.Table{NoHeaders: o.NoHeaders, Columns: []printer.Column{{Header: "NAME", Role: printer.RoleName},
		{Header: "CPU(cores)"}, {Header: "CPU(%)"}, {Header: "MEMORY(bytes)"}, {Header: "MEMORY(%)"}}}
	measured := map[string]bool{}
	for _, m := range items {
		measured[m.Metadata.Name] = true
		// kubectl leaves the percentages out for a node it did not list; the columns stay here.
		cpuPct, memPct := "<unknown>", "<unknown>"
		if a, ok := allocatable[m.Metadata.Name]; ok {
			cpuPct, memPct = percentCell(m.total.cpu, a.cpu), percentCell(m.total.memory, a.memory)
		}
		t.Rows = append(t.Rows, []string{m.Metadata.Name, m.total.cpuCell(), cpuPct, m.total.memoryCell(), memPct})
	}
	// Nodes listed without metrics, as kubectl prints them (by name here, where kubectl's order
	// is a map's).
	sort.Strings(names)
	for _, n := range names {
		if !measured[n] {
			t.Rows = append(t.Rows, []string{n, "<unknown>", "<unknown>", "<unknown>", "<unknown>"})
		}
	}
	return &printer.Result{Table: t}, nil
}
