package platform

import (
	"context"
	"sort"

	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
)

// StorageClass is one storage class, with the API server's defaults filled in.
type StorageClass struct {
	Name           string `json:"name"`
	Provisioner    string `json:"provisioner"`
	Default        bool   `json:"default"`
	ReclaimPolicy  string `json:"reclaimPolicy"`
	BindingMode    string `json:"volumeBindingMode"`
	AllowExpansion bool   `json:"allowVolumeExpansion"`
}

// IngressClass is one ingress class.
type IngressClass struct {
	Name       string `json:"name"`
	Controller string `json:"controller"`
	Default    bool   `json:"default"`
}

// DNS is one cluster DNS Deployment (k8s-app=kube-dns in kube-system, whatever its name).
type DNS struct {
	Namespace string `json:"namespace"`
	Name      string `json:"name"`
	Image     string `json:"image"`
	Version   string `json:"version"`
	Desired   int64  `json:"desired"`
	Ready     int64  `json:"ready"`
}

func (inv *Inventory) readStorageClasses(ctx context.Context, c *kube.Client, d *discovery.Discovery) error {
	items, err := inv.readPart(ctx, c, d, "storage classes", "storage.k8s.io", "storageclasses", kube.Scope{}, "")
	for _, o := range items {
		ann := strMap(o, "metadata", "annotations")
		sc := StorageClass{Name: str(o, "metadata", "name"), Provisioner: str(o, "provisioner"),
			Default:       ann[annDefaultSC] == "true" || ann[annDefaultSCBeta] == "true",
			ReclaimPolicy: orDefault(str(o, "reclaimPolicy"), "Delete"), BindingMode: orDefault(str(o, "volumeBindingMode"), "Immediate"),
			AllowExpansion: boolean(o, "allowVolumeExpansion")}
		inv.StorageClasses = append(inv.StorageClasses, sc)
	}
	sort.Slice(inv.StorageClasses, func(i, j int) bool { return inv.StorageClasses[i].Name < inv.StorageClasses[j].Name })
	return err
}

func (inv *Inventory) readIngressClasses(ctx context.Context, c *kube.Client, d *discovery.Discovery) error {
	items, err := inv.readPart(ctx, c, d, "ingress classes", "networking.k8s.io", "ingressclasses", kube.Scope{}, "")
	for _, o := range items {
		inv.IngressClasses = append(inv.IngressClasses, IngressClass{Name: str(o, "metadata", "name"),
			Controller: str(o, "spec", "controller"), Default: strMap(o, "metadata", "annotations")[annDefaultIC] == "true"})
	}
	sort.Slice(inv.IngressClasses, func(i, j int) bool { return inv.IngressClasses[i].Name < inv.IngressClasses[j].Name })
	return err
}

func (inv *Inventory) readCoreDNS(ctx context.Context, c *kube.Client, d *discovery.Discovery) error {
	items, err := inv.readPart(ctx, c, d, "CoreDNS", "apps", "deployments", kube.Scope{Namespace: dnsNamespace}, dnsSelector)
	for _, o := range items {
		image := dnsImage(o)
		desired, ok := integer(o, "spec", "replicas")
		if !ok {
			desired = 1
		}
		ready, _ := integer(o, "status", "readyReplicas")
		inv.CoreDNS = append(inv.CoreDNS, DNS{Namespace: str(o, "metadata", "namespace"), Name: str(o, "metadata", "name"),
			Image: image, Version: imageVersion(image), Desired: desired, Ready: ready})
	}
	sort.Slice(inv.CoreDNS, func(i, j int) bool { return inv.CoreDNS[i].Name < inv.CoreDNS[j].Name })
	return err
}

// dnsImage is the image of the container named coredns, else of the first container.
func dnsImage(o map[string]any) string {
	cs := objects(o, "spec", "template", "spec", "containers")
	for _, c := range cs {
		if str(c, "name") == "coredns" {
			return str(c, "image")
		}
	}
	if len(cs) > 0 {
		return str(cs[0], "image")
	}
	return ""
}

func orDefault(v, def string) string {
	if v == "" {
		return def
	}
	return v
}
