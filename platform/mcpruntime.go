package platform

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/redact"
)

// What the MCP runtime view reads: the operator's Deployment, the MCPServer CRD, and only the
// MCPServers the runtime manages, in the namespaces it made.
const (
	runtimeNamespace   = "toolhive-system"
	operatorDeployment = "toolhive-operator"
	mcpGroup           = "toolhive.stacklok.dev"
	mcpResource        = "mcpservers"
	runtimeNSSelector  = "eai.io/mcp-runtime=true"
	managedSelector    = "app.kubernetes.io/managed-by=eai-mcp-runtime"
	labelTenant        = "eai.io/tenant"
	labelProject       = "eai.io/project"
	labelTemplate      = "eai.io/template"
	toolhivePrefix     = "toolhive"
)

var runtimeNamespaceName = regexp.MustCompile(`^mcp-[0-9a-f]{12}$`)

// Runtime is mcp-runtime's answer.
type Runtime struct {
	APIVersion string         `json:"apiVersion"`
	Kind       string         `json:"kind"`
	Operator   Operator       `json:"operator"`
	CRD        CRD            `json:"crd"`
	Components []Component    `json:"components"`
	Instances  []Instance     `json:"instances"`
	Counts     RuntimeCounts  `json:"counts"`
	Filter     map[string]any `json:"filter"`
	Unreadable []Unreadable   `json:"unreadable"`
}

// Operator is the toolhive-operator Deployment of toolhive-system.
type Operator struct {
	Namespace string `json:"namespace"`
	Name      string `json:"name"`
	Found     bool   `json:"found"`
	Image     string `json:"image"`
	Version   string `json:"version"`
	Replicas  int64  `json:"replicas"`
	Ready     int64  `json:"ready"`
}

// CRD says whether the cluster serves MCPServer and at which versions.
type CRD struct {
	Name     string   `json:"name"`
	Served   bool     `json:"served"`
	Versions []string `json:"versions"`
}

// Instance is one managed MCPServer. The owner is only ever its fingerprint.
type Instance struct {
	Namespace string `json:"namespace"`
	Name      string `json:"name"`
	Tenant    string `json:"tenant"`
	Project   string `json:"project"`
	Template  string `json:"template"`
	Owner     string `json:"ownerFingerprint"`
	Phase     string `json:"phase"`
	Address   string `json:"address"`
	Created   string `json:"created"`
	Age       string `json:"age"`
}

// RuntimeCounts count the instances shown.
type RuntimeCounts struct {
	Total     int            `json:"total"`
	ByPhase   map[string]int `json:"byPhase"`
	ByTenant  map[string]int `json:"byTenant"`
	ByProject map[string]int `json:"byProject"`
}

// ReadRuntime reads the MCP runtime; tenant and project, when set, filter the instances.
func ReadRuntime(ctx context.Context, c *kube.Client, tenant, project string) (*Runtime, error) {
	d, err := c.Discovery(ctx)
	if err != nil {
		return nil, err
	}
	rt := &Runtime{APIVersion: RuntimeSchema, Kind: RuntimeKind, Components: []Component{}, Instances: []Instance{}, Unreadable: []Unreadable{},
		Filter: map[string]any{"tenant": tenant, "project": project},
		CRD:    CRD{Name: mcpResource + "." + mcpGroup, Versions: servedVersions(d, mcpGroup, mcpResource)}}
	rt.CRD.Served = len(rt.CRD.Versions) > 0
	if rt.CRD.Versions == nil {
		rt.CRD.Versions = []string{}
	}
	for _, step := range []func(context.Context, *kube.Client, *discovery.Discovery) error{rt.readOperator, rt.readComponents} {
		if err := step(ctx, c, d); err != nil {
			return nil, err
		}
	}
	if err := rt.readInstances(ctx, c, d, tenant, project); err != nil {
		return nil, err
	}
	rt.count()
	return rt, nil
}

func (rt *Runtime) note(what string, err error) error {
	u, err := unreadable(what, err)
	if u != nil {
		rt.Unreadable = append(rt.Unreadable, *u)
	}
	return err
}

func (rt *Runtime) readOperator(ctx context.Context, c *kube.Client, d *discovery.Discovery) error {
	rt.Operator = Operator{Namespace: runtimeNamespace, Name: operatorDeployment}
	r, ok := findResource(d, "apps", "deployments")
	if !ok {
		rt.Unreadable = append(rt.Unreadable, notServed("operator", "deployments.apps"))
		return nil
	}
	o, err := c.GetObject(ctx, r, runtimeNamespace, operatorDeployment)
	if e, isErr := fault.As(err); isErr && e.Code == fault.CodeNotFound {
		return nil
	}
	if err != nil {
		return rt.note("operator", err)
	}
	rt.Operator.Found = true
	if cs := objects(o, "spec", "template", "spec", "containers"); len(cs) > 0 {
		rt.Operator.Image = str(cs[0], "image")
		rt.Operator.Version = imageVersion(rt.Operator.Image)
	}
	if n, ok := integer(o, "spec", "replicas"); ok {
		rt.Operator.Replicas = n
	} else {
		rt.Operator.Replicas = 1
	}
	rt.Operator.Ready, _ = integer(o, "status", "readyReplicas")
	return nil
}

func (rt *Runtime) readComponents(ctx context.Context, c *kube.Client, d *discovery.Discovery) error {
	r, ok := findResource(d, componentGroup, componentResource)
	if !ok {
		rt.Unreadable = append(rt.Unreadable, notServed("ToolHive components", componentResource+"."+componentGroup))
		return nil
	}
	items, err := list(ctx, c, r, kube.Scope{Namespace: runtimeNamespace}, "")
	if err != nil {
		return rt.note("ToolHive components", err)
	}
	for _, o := range items {
		cm := readComponent(o, c.Now())
		if strings.HasPrefix(cm.Service, toolhivePrefix) || strings.HasPrefix(cm.Name, toolhivePrefix) {
			rt.Components = append(rt.Components, cm)
		}
	}
	sort.Slice(rt.Components, func(i, j int) bool { return rt.Components[i].Name < rt.Components[j].Name })
	return nil
}

// readInstances lists the runtime's namespaces, then the managed MCPServers of every namespace,
// keeping only those in one of the runtime's namespaces.
func (rt *Runtime) readInstances(ctx context.Context, c *kube.Client, d *discovery.Discovery, tenant, project string) error {
	if !rt.CRD.Served {
		return nil
	}
	nsRes, ok := findResource(d, "", "namespaces")
	mcpRes, _ := findResource(d, mcpGroup, mcpResource)
	if !ok {
		rt.Unreadable = append(rt.Unreadable, notServed("managed instances", "namespaces"))
		return nil
	}
	nss, err := list(ctx, c, nsRes, kube.Scope{}, runtimeNSSelector)
	if err != nil {
		return rt.note("managed instances", err)
	}
	ours := map[string]bool{}
	for _, ns := range nss {
		if name := str(ns, "metadata", "name"); runtimeNamespaceName.MatchString(name) && strMap(ns, "metadata", "labels")["eai.io/mcp-runtime"] == "true" {
			ours[name] = true
		}
	}
	if len(ours) == 0 {
		return nil
	}
	items, err := list(ctx, c, mcpRes, kube.Scope{AllNamespaces: true}, managedSelector)
	if err != nil {
		return rt.note("managed instances", err)
	}
	for _, o := range items {
		in := readInstance(o, c)
		if !ours[in.Namespace] || tenant != "" && in.Tenant != tenant || project != "" && in.Project != project {
			continue
		}
		rt.Instances = append(rt.Instances, in)
	}
	sort.Slice(rt.Instances, func(i, j int) bool {
		a, b := rt.Instances[i], rt.Instances[j]
		return a.Namespace < b.Namespace || a.Namespace == b.Namespace && a.Name < b.Name
	})
	return nil
}

func readInstance(o map[string]any, c *kube.Client) Instance {
	labels := strMap(o, "metadata", "labels")
	owner := labels[redact.OwnerKey]
	if owner == "" {
		owner = strMap(o, "metadata", "annotations")[redact.OwnerKey]
	}
	if owner != "" {
		owner = redact.OwnerFingerprint(owner) // already one since decoding; idempotent
	}
	return Instance{Namespace: str(o, "metadata", "namespace"), Name: str(o, "metadata", "name"),
		Tenant: labels[labelTenant], Project: labels[labelProject], Template: labels[labelTemplate], Owner: owner,
		Phase: str(o, "status", "phase"), Address: str(o, "status", "url"),
		Created: str(o, "metadata", "creationTimestamp"), Age: age(c.Now(), created(o))}
}

func (rt *Runtime) count() {
	rt.Counts = RuntimeCounts{Total: len(rt.Instances), ByPhase: map[string]int{}, ByTenant: map[string]int{}, ByProject: map[string]int{}}
	for _, in := range rt.Instances {
		rt.Counts.ByPhase[orNone(in.Phase)]++
		rt.Counts.ByTenant[orNone(in.Tenant)]++
		rt.Counts.ByProject[orNone(in.Project)]++
	}
}

// Lines is the MCP runtime for a person, in sections.
func (rt *Runtime) Lines() []string {
	var s section
	op := rt.Operator
	s.title("Operator (" + op.Namespace + "/" + op.Name + ")")
	switch {
	case rt.unreadable("operator"):
		s.line("unreadable (see Unreadable)")
	case !op.Found:
		s.line("not installed")
	default:
		s.table([]string{"READY", "VERSION", "IMAGE"}, [][]string{{fmt.Sprintf("%d/%d", op.Ready, op.Replicas), op.Version, op.Image}})
	}
	served := "not served"
	if rt.CRD.Served {
		served = "served (" + strings.Join(rt.CRD.Versions, ",") + ")"
	}
	s.title("CRD " + rt.CRD.Name + ": " + served)
	s.title(fmt.Sprintf("ToolHive components in %s: %d", runtimeNamespace, len(rt.Components)))
	if len(rt.Components) > 0 {
		s.lines = append(s.lines, (&Components{Scope: "namespace " + runtimeNamespace, Items: rt.Components}).Lines()...)
	}
	rt.instanceLines(&s)
	if len(rt.Unreadable) > 0 {
		s.title("Unreadable")
		for _, u := range rt.Unreadable {
			s.line(u.What + ": " + u.Sentence)
		}
	}
	return s.lines
}

func (rt *Runtime) instanceLines(s *section) {
	s.title(fmt.Sprintf("Managed instances: %d", rt.Counts.Total))
	if len(rt.Instances) == 0 {
		return
	}
	var rows [][]string
	for _, in := range rt.Instances {
		rows = append(rows, []string{in.Namespace, in.Name, in.Tenant, in.Project, in.Template, in.Owner, in.Phase, in.Address, in.Age})
	}
	s.table([]string{"NAMESPACE", "NAME", "TENANT", "PROJECT", "TEMPLATE", "OWNER", "PHASE", "ADDRESS", "AGE"}, rows)
	for _, c := range []struct {
		name string
		m    map[string]int
	}{{"phase", rt.Counts.ByPhase}, {"tenant", rt.Counts.ByTenant}, {"project", rt.Counts.ByProject}} {
		var parts []string
		for _, k := range sortedKeys(c.m) {
			parts = append(parts, fmt.Sprintf("%s=%d", k, c.m[k]))
		}
		s.line("By " + c.name + ": " + strings.Join(parts, " "))
	}
}

func (rt *Runtime) unreadable(what string) bool {
	for _, u := range rt.Unreadable {
		if u.What == what {
			return true
		}
	}
	return false
}
