package platform

import (
	"context"
	"sort"

	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
)

// Inventory is what discover reads: docs/discover.md documents every field.
type Inventory struct {
	APIVersion     string         `json:"apiVersion"`
	Kind           string         `json:"kind"`
	Server         string         `json:"server"`
	Version        ServerVersion  `json:"version"`
	Distribution   Distribution   `json:"distribution"`
	Nodes          []Node         `json:"nodes"`
	Totals         Totals         `json:"totals"`
	StorageClasses []StorageClass `json:"storageClasses"`
	IngressClasses []IngressClass `json:"ingressClasses"`
	CoreDNS        []DNS          `json:"coreDNS"`
	AddOns         []AddOn        `json:"addOns"`
	Unreadable     []Unreadable   `json:"unreadable"`
}

// ServerVersion is what /version says.
type ServerVersion struct {
	GitVersion string `json:"gitVersion"`
	Major      string `json:"major"`
	Minor      string `json:"minor"`
	Platform   string `json:"platform"`
}

// AddOn is one add-on whose CRD the cluster serves, with the versions served.
type AddOn struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Group    string   `json:"group"`
	Resource string   `json:"resource"`
	Versions []string `json:"versions"`
}

// Discover reads the inventory. Discovery and /version must answer; a part the identity may not
// read (or the server does not serve) is listed under Unreadable and left empty.
func Discover(ctx context.Context, c *kube.Client) (*Inventory, error) {
	inv := &Inventory{APIVersion: InventorySchema, Kind: InventoryKind, Server: c.Endpoint().BaseURL(), Nodes: []Node{},
		StorageClasses: []StorageClass{}, IngressClasses: []IngressClass{}, CoreDNS: []DNS{}, AddOns: []AddOn{}, Unreadable: []Unreadable{}}
	v, err := c.ServerVersion(ctx)
	if err != nil {
		return nil, err
	}
	inv.Version = ServerVersion{GitVersion: s(v["gitVersion"]), Major: s(v["major"]), Minor: s(v["minor"]), Platform: s(v["platform"])}
	d, err := c.Discovery(ctx)
	if err != nil {
		return nil, err
	}
	facts, err := inv.readNodes(ctx, c, d)
	if err != nil {
		return nil, err
	}
	var groups []string
	for _, g := range d.Groups {
		groups = append(groups, g.Name)
	}
	inv.Distribution = detect(inv.Version.GitVersion, facts, groups)
	for _, step := range []func(context.Context, *kube.Client, *discovery.Discovery) error{inv.readStorageClasses, inv.readIngressClasses, inv.readCoreDNS} {
		if err := step(ctx, c, d); err != nil {
			return nil, err
		}
	}
	inv.AddOns = scanAddOns(d)
	return inv, nil
}

func s(v any) string { x, _ := v.(string); return x }

// readPart lists one part of the inventory, or records why it could not.
func (inv *Inventory) readPart(ctx context.Context, c *kube.Client, d *discovery.Discovery, what, group, resource string, scope kube.Scope, selector string) ([]map[string]any, error) {
	r, ok := findResource(d, group, resource)
	if !ok {
		name := resource
		if group != "" {
			name += "." + group
		}
		inv.Unreadable = append(inv.Unreadable, notServed(what, name))
		return nil, nil
	}
	items, err := list(ctx, c, r, scope, selector)
	if err != nil {
		u, err := unreadable(what, err)
		if err != nil {
			return nil, err
		}
		inv.Unreadable = append(inv.Unreadable, *u)
	}
	return items, nil
}

func (inv *Inventory) readNodes(ctx context.Context, c *kube.Client, d *discovery.Discovery) ([]nodeFacts, error) {
	items, err := inv.readPart(ctx, c, d, "nodes", "", "nodes", kube.Scope{}, "")
	if err != nil {
		return nil, err
	}
	var facts []nodeFacts
	for _, o := range items {
		n, f := readNode(o)
		inv.Nodes = append(inv.Nodes, n)
		facts = append(facts, f)
	}
	sortNodes(inv.Nodes)
	sort.Slice(facts, func(i, j int) bool { return facts[i].Name < facts[j].Name })
	inv.Totals = totals(inv.Nodes)
	return facts, nil
}

func scanAddOns(d *discovery.Discovery) []AddOn {
	out := []AddOn{}
	for _, a := range addOns {
		if vs := servedVersions(d, a.Group, a.Resource); len(vs) > 0 {
			out = append(out, AddOn{ID: a.ID, Name: a.Name, Group: a.Group, Resource: a.Resource, Versions: vs})
		}
	}
	return out
}
