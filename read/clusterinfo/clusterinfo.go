// Package clusterinfo answers cluster-info: where the control plane runs (the connection's
// server address, never a credential) and the cluster services kubectl lists, the services in
// kube-system labelled kubernetes.io/cluster-service=true, each at its API server proxy URL.
// studioctl only prints the proxy URL; it never requests it.
package clusterinfo

import (
	"context"
	"strconv"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
)

const (
	systemNamespace = "kube-system"
	clusterService  = "kubernetes.io/cluster-service=true"
	nameLabel       = "kubernetes.io/name"
)

// Options are cluster-info's options.
type Options struct {
	reader.Common
	MaxRows int // the row cap, from the session (Complete)
}

// Validate has nothing to add to the parser's checks.
func (*Options) Validate() error { return nil }

// Complete fills the row cap.
func (o *Options) Complete(s *reader.Session) { o.MaxRows = s.RowCap() }

// Run prints the control plane's address, then one line per cluster service.
func (o *Options) Run(ctx context.Context, s *reader.Session) (*printer.Result, error) {
	base := s.Client.Endpoint().BaseURL()
	lines := []string{fault.Sentencef(lineControlPlane, base)}
	r, err := s.Client.Resolve(ctx, "services")
	if err != nil {
		return nil, err
	}
	opts := kube.ListOptions{LabelSelector: clusterService, MaxRows: o.MaxRows}
	err = s.Client.ListObjects(ctx, r, kube.Scope{Namespace: systemNamespace}, opts, func(obj map[string]any) error {
		if l, ok := serviceLine(base, obj); ok {
			lines = append(lines, l)
		}
		return nil
	}, func() { lines = lines[:1] })
	if err != nil {
		return nil, err
	}
	return &printer.Result{Lines: &printer.Lines{Text: lines}}, nil
}

// serviceLine names a service by its kubernetes.io/name label (else its name) and points at its
// proxy URL through its first port (by name, else number), or at its load balancer's first
// ingress address when it has one, as kubectl does.
func serviceLine(base string, obj map[string]any) (string, bool) {
	name := apivalue.MetaString(obj, "name")
	if name == "" {
		return "", false
	}
	title := name
	if v, _ := apivalue.MetaMap(obj, "labels")[nameLabel].(string); v != "" {
		title = v
	}
	if ing := ingress(obj); ing != "" {
		return fault.Sentencef(lineService, title, "http://"+ing+firstPort(obj, true)), true
	}
	port := firstPort(obj, false)
	if port == "" {
		return "", false
	}
	return fault.Sentencef(lineService, title, base+"/api/v1/namespaces/"+systemNamespace+"/services/"+name+":"+port+"/proxy"), true
}

func ports(obj map[string]any) []any {
	spec, _ := obj["spec"].(map[string]any)
	p, _ := spec["ports"].([]any)
	return p
}

// firstPort is the first port's name (else its number); as an ingress suffix, ":NUMBER".
func firstPort(obj map[string]any, number bool) string {
	ps := ports(obj)
	if len(ps) == 0 {
		return ""
	}
	p, _ := ps[0].(map[string]any)
	n := ""
	if v, ok := p["port"]; ok {
		n = numberText(v)
	}
	if number {
		if n == "" {
			return ""
		}
		return ":" + n
	}
	if name, _ := p["name"].(string); name != "" {
		return name
	}
	return n
}

func numberText(v any) string {
	switch x := v.(type) {
	case interface{ String() string }:
		return x.String()
	case float64:
		return strconv.FormatInt(int64(x), 10)
	}
	return ""
}

// ingress is the first load balancer ingress address (IP, else host name), or "".
func ingress(obj map[string]any) string {
	st, _ := obj["status"].(map[string]any)
	lb, _ := st["loadBalancer"].(map[string]any)
	ing, _ := lb["ingress"].([]any)
	if len(ing) == 0 {
		return ""
	}
	first, _ := ing[0].(map[string]any)
	if ip, _ := first["ip"].(string); ip != "" {
		return ip
	}
	h, _ := first["hostname"].(string)
	return h
}
