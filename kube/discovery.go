package kube

import (
	"context"
	"encoding/json"
	"errors"
	"mime"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/policy"

	"github.com/studioctl/studioctl/fault"
)

// APIResource is one resource discovery lists, at its group's preferred version unless a
// statement names another.
type APIResource struct {
	Group      string
	Version    string
	Resource   string // plural, lower-case: "deployments"
	Kind       string // "Deployment"
	Singular   string
	ShortNames []string
	Namespaced bool
	Verbs      []string // the read verbs only (get, list, watch): what the policy consults
	// AllVerbs is every verb discovery lists, for api-resources to print and filter on. It is
	// display only: the policy never reads it (Lookup returns Verbs).
	AllVerbs     []string
	Categories   []string
	Subresources []Subresource
	Preferred    bool // this is the group's preferred version
}

// Subresource is one subresource of a resource, with its verbs.
type Subresource struct {
	Name  string
	Verbs []string
}

// GroupVersion is "v1" for the core group and "group/version" otherwise, as apiVersion reads.
func (r APIResource) GroupVersion() string {
	if r.Group == "" {
		return r.Version
	}
	return r.Group + "/" + r.Version
}

// GroupResource is "pods" or "deployments.apps", the way kubectl names a type in messages.
func (r APIResource) GroupResource() string {
	if r.Group == "" {
		return r.Resource
	}
	return r.Resource + "." + r.Group
}

// IsCustomGroup tells a custom resource's API group from Kubernetes' own, whose groups are the
// core group, a handful of short names and *.k8s.io.
func IsCustomGroup(g string) bool {
	switch g {
	case "", "apps", "batch", "autoscaling", "policy", "extensions":
		return false
	}
	return !strings.HasSuffix(g, ".k8s.io")
}

// Has reports whether discovery lists verb for the resource.
func (r APIResource) Has(verb string) bool {
	for _, v := range r.Verbs {
		if v == verb {
			return true
		}
	}
	return false
}

// Discovery is what the server's aggregated discovery lists, in the server's order: the core
// group first, then the groups by the server's priority, each group's versions in preference order.
type Discovery struct {
	Resources []APIResource
	Groups    []GroupVersions
	// Beta is true when the server answered apidiscovery.k8s.io/v2beta1 (1.27 to 1.29).
	Beta bool
}

// GroupVersions is one group with its served versions, preferred first.
type GroupVersions struct {
	Name     string
	Versions []string
}

// Lookup implements policy.Resources.
func (d *Discovery) Lookup(group, version, resource, sub string) (bool, []string, bool) {
	for i := range d.Resources {
		r := &d.Resources[i]
		if r.Group != group || r.Version != version || r.Resource != resource {
			continue
		}
		if sub == "" {
			return r.Namespaced, r.Verbs, true
		}
		for _, s := range r.Subresources {
			if s.Name == sub {
				return r.Namespaced, s.Verbs, true
			}
		}
		return false, nil, false
	}
	return false, nil, false
}

// discoveryView lets the guard consult the client's discovery without a lock order problem:
// it reads the snapshot the client holds, and admits nothing when there is none.
type discoveryView struct{ c *Client }

func (v discoveryView) Lookup(group, version, resource, sub string) (bool, []string, bool) {
	v.c.discMu.Lock()
	d := v.c.disc
	v.c.discMu.Unlock()
	if d == nil {
		return false, nil, false
	}
	return d.Lookup(group, version, resource, sub)
}

// The wire shape of apidiscovery.k8s.io v2 and v2beta1, which share their JSON fields.
type wireDiscoveryList struct {
	Kind       string `json:"kind"`
	APIVersion string `json:"apiVersion"`
	Items      []struct {
		Metadata struct {
			Name string `json:"name"`
		} `json:"metadata"`
		Versions []struct {
			Version   string `json:"version"`
			Freshness string `json:"freshness"`
			Resources []struct {
				Resource     string `json:"resource"`
				ResponseKind *struct {
					Group   string `json:"group"`
					Version string `json:"version"`
					Kind    string `json:"kind"`
				} `json:"responseKind"`
				Scope            string   `json:"scope"`
				SingularResource string   `json:"singularResource"`
				Verbs            []string `json:"verbs"`
				ShortNames       []string `json:"shortNames"`
				Categories       []string `json:"categories"`
				Subresources     []struct {
					Subresource string   `json:"subresource"`
					Verbs       []string `json:"verbs"`
				} `json:"subresources"`
			} `json:"resources"`
		} `json:"versions"`
	} `json:"items"`
}

// errNotAggregated marks an answer in the unaggregated form (APIVersions or APIGroupList).
var errNotAggregated = errors.New("not aggregated discovery")

// parseDiscovery reads one aggregated answer (from /api or /apis). contentType tells v2 from
// v2beta1; the body's kind must say APIGroupDiscoveryList either way.
func parseDiscovery(body []byte, contentType string, into *Discovery) error {
	if err := CheckNesting(body, limits.MaxNesting); err != nil {
		return err
	}
	var w wireDiscoveryList
	if err := json.Unmarshal(body, &w); err != nil {
		return err
	}
	if w.Kind != "APIGroupDiscoveryList" {
		return errNotAggregated
	}
	switch w.APIVersion {
	case "apidiscovery.k8s.io/v2":
	case "apidiscovery.k8s.io/v2beta1":
		into.Beta = true
	default:
		return errNotAggregated
	}
	if _, params, err := mime.ParseMediaType(contentType); err == nil && params["v"] == "v2beta1" {
		into.Beta = true
	}
	for _, it := range w.Items {
		group := it.Metadata.Name
		if group != "" && !policy.IsDNSSubdomain(group) {
			continue
		}
		gv := GroupVersions{Name: group}
		for vi, v := range it.Versions {
			if !policy.IsVersion(v.Version) {
				continue
			}
			if strings.EqualFold(v.Freshness, "Stale") {
				continue // a stale group version answered nothing fresh: treat it as failed
			}
			gv.Versions = append(gv.Versions, v.Version)
			for _, r := range v.Resources {
				if !policy.IsDNSSubdomain(r.Resource) || r.ResponseKind == nil {
					continue
				}
				ar := APIResource{
					Group: group, Version: v.Version, Resource: r.Resource, Kind: r.ResponseKind.Kind,
					Singular: r.SingularResource, ShortNames: r.ShortNames, Namespaced: r.Scope == "Namespaced",
					Verbs: keepReadVerbs(r.Verbs), AllVerbs: append([]string(nil), r.Verbs...), Categories: r.Categories, Preferred: vi == 0,
				}
				if ar.Singular == "" {
					ar.Singular = strings.ToLower(ar.Kind)
				}
				for _, s := range r.Subresources {
					ar.Subresources = append(ar.Subresources, Subresource{Name: s.Subresource, Verbs: keepReadVerbs(s.Verbs)})
				}
				into.Resources = append(into.Resources, ar)
			}
		}
		if len(gv.Versions) > 0 {
			into.Groups = append(into.Groups, gv)
		}
	}
	return nil
}

// keepReadVerbs narrows what discovery lists to the verbs studioctl could ever use, so nothing
// read from the server or the disk cache can widen the allowlist.
func keepReadVerbs(verbs []string) []string {
	var out []string
	for _, v := range verbs {
		if v == "get" || v == "list" || v == "watch" {
			out = append(out, v)
		}
	}
	return out
}

// Discovery returns the server's discovery: from memory when younger than 10 minutes, else from
// the disk cache when younger than 10 minutes, else from the server (two requests). A server
// below the version floor is refused here, so every statement that resolves a kind is refused
// on it, decided once with the discovery it reads.
func (c *Client) Discovery(ctx context.Context) (*Discovery, error) {
	c.discMu.Lock()
	if c.disc != nil && c.opts.Now().Sub(c.discAt) < limits.DiscoveryTTL {
		d := c.disc
		c.discMu.Unlock()
		return d, d.floor()
	}
	c.discMu.Unlock()
	if d, at, ok := c.readDiscoveryCache(); ok {
		c.setDiscovery(d, at, false)
		return d, d.floor()
	}
	d, err := c.RefreshDiscovery(ctx)
	if err != nil {
		return nil, err
	}
	return d, d.floor()
}

// floor refuses a server that runs Kubernetes 1.27 or earlier: its discovery lists
// authentication.k8s.io/v1 (every server since 1.6 does) without selfsubjectreviews, which 1.28
// added. A discovery that does not list that group version at all cannot tell, and passes; check
// and auth whoami still meet the floor as the review's 404.
func (d *Discovery) floor() error {
	if d == nil {
		return nil
	}
	listed := false
	for _, g := range d.Groups {
		if g.Name == "authentication.k8s.io" && slices.Contains(g.Versions, "v1") {
			listed = true
		}
	}
	if !listed {
		return nil
	}
	for _, r := range d.Resources {
		if r.Group == "authentication.k8s.io" && r.Version == "v1" && r.Resource == "selfsubjectreviews" {
			return nil
		}
	}
	return fault.Server(fault.CodeTooOld, 404, fault.SentenceTooOld)
}

// RefreshDiscovery reads discovery from the server, whatever the caches hold.
func (c *Client) RefreshDiscovery(ctx context.Context) (*Discovery, error) {
	d := &Discovery{}
	var raw [2][]byte
	var ctypes [2]string
	for i, p := range []string{"/api", "/apis"} {
		what := sprintf("read the API's discovery at %s", p)
		accept := acceptDiscovery
		if c.opts.DiscoveryBeta {
			accept = acceptDiscoveryBeta
		}
		body, hdr, err := c.doHeader(ctx, &call{method: "GET", path: p, accept: accept, what: what})
		if err != nil {
			return nil, err
		}
		ctypes[i] = hdr.Get("Content-Type")
		if err := parseDiscovery(body, ctypes[i], d); err != nil {
			if errors.Is(err, errNotAggregated) {
				return nil, fault.Server(fault.CodeNotAggregated, 200, sentenceNotAggregated)
			}
			return nil, decodeError(what, err)
		}
		raw[i] = body
	}
	now := c.opts.Now()
	c.setDiscovery(d, now, true)
	c.writeDiscoveryCache(raw, ctypes, now)
	return d, nil
}

func (c *Client) setDiscovery(d *Discovery, at time.Time, fresh bool) {
	c.discMu.Lock()
	c.disc, c.discAt, c.discFresh = d, at, fresh
	c.discMu.Unlock()
}

func (c *Client) discoveryIsFresh() bool {
	c.discMu.Lock()
	defer c.discMu.Unlock()
	return c.discFresh
}

// The disk cache: one directory per server and identity (a hash, so neither the address nor the
// credential is written in a name), 0700, holding 0600 files. What is read back is parsed by the
// same strict reader as a server answer and can only narrow the allowlist (keepReadVerbs).
type discoveryCacheFile struct {
	Server    string    `json:"server"`
	FetchedAt time.Time `json:"fetchedAt"`
	API       string    `json:"api"`
	APIType   string    `json:"apiContentType"`
	APIs      string    `json:"apis"`
	APIsType  string    `json:"apisContentType"`
}

func (c *Client) cachePath() string {
	if c.opts.CacheDir == "" {
		return ""
	}
	return filepath.Join(c.opts.CacheDir, "discovery", c.identityHash()+".json")
}

func (c *Client) readDiscoveryCache() (*Discovery, time.Time, bool) {
	p := c.cachePath()
	if p == "" {
		return nil, time.Time{}, false
	}
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm()&0o077 != 0 || fi.Size() > 2*limits.MaxResponseBytes {
		return nil, time.Time{}, false
	}
	if di, err := os.Lstat(filepath.Dir(p)); err != nil || !di.IsDir() || di.Mode().Perm()&0o077 != 0 {
		return nil, time.Time{}, false
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, time.Time{}, false
	}
	var f discoveryCacheFile
	if json.Unmarshal(data, &f) != nil || f.Server != c.ep.BaseURL() {
		return nil, time.Time{}, false
	}
	age := c.opts.Now().Sub(f.FetchedAt)
	if age < 0 || age >= limits.DiscoveryTTL {
		return nil, time.Time{}, false
	}
	d := &Discovery{}
	if parseDiscovery([]byte(f.API), f.APIType, d) != nil || parseDiscovery([]byte(f.APIs), f.APIsType, d) != nil {
		return nil, time.Time{}, false
	}
	return d, f.FetchedAt, true
}

func (c *Client) writeDiscoveryCache(raw [2][]byte, ctypes [2]string, at time.Time) {
	p := c.cachePath()
	if p == "" {
		return
	}
	data, err := json.Marshal(discoveryCacheFile{Server: c.ep.BaseURL(), FetchedAt: at, API: string(raw[0]), APIType: ctypes[0], APIs: string(raw[1]), APIsType: ctypes[1]})
	if err != nil {
		return
	}
	writePrivateFile(p, data, filepath.Dir(p))
}

// writePrivateFile writes a cache file as a 0600 file in 0700 folders (each of privateDirs is
// made 0700), through a temporary file renamed into place so a reader never sees half a file.
// A cache that cannot be written is not an error: the next run asks the server again.
func writePrivateFile(path string, data []byte, privateDirs ...string) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return
	}
	for _, d := range privateDirs {
		if os.Chmod(d, 0o700) != nil {
			return
		}
	}
	tmp, err := os.CreateTemp(dir, ".cache-*")
	if err != nil {
		return
	}
	defer os.Remove(tmp.Name())
	if tmp.Chmod(0o600) != nil {
		tmp.Close()
		return
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return
	}
	if tmp.Close() != nil {
		return
	}
	os.Rename(tmp.Name(), path)
}
