package discovery

import (
	"encoding/json"
	"errors"
	"mime"
	"strings"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/policy"
)

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

// ErrNotAggregated marks an answer in the unaggregated form (APIVersions or APIGroupList).
var ErrNotAggregated = errors.New("not aggregated discovery")

// Parse reads one aggregated answer (from /api or /apis). contentType tells v2 from
// v2beta1; the body's kind must say APIGroupDiscoveryList either way.
func Parse(body []byte, contentType string, into *Discovery) error {
	if err := apivalue.CheckNesting(body, limits.MaxNesting); err != nil {
		return err
	}
	var w wireDiscoveryList
	if err := json.Unmarshal(body, &w); err != nil {
		return err
	}
	if w.Kind != "APIGroupDiscoveryList" {
		return ErrNotAggregated
	}
	switch w.APIVersion {
	case "apidiscovery.k8s.io/v2":
	case "apidiscovery.k8s.io/v2beta1":
		into.Beta = true
	default:
		return ErrNotAggregated
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
