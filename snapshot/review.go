package snapshot

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"

	"github.com/studioctl/studioctl/kube"
)

const (
	pathAccessReview = "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews"
	pathRulesReview  = "/apis/authorization.k8s.io/v1/selfsubjectrulesreviews"
)

// review answers the self reviews: whoami and a rules review from the answers kept, an access
// review (can-i) evaluated on the rules review kept for its namespace.
func (r *Reader) review(req *http.Request, path string, body []byte) (*http.Response, error) {
	switch path {
	case pathAccessReview:
		return r.accessReview(req, body)
	case pathRulesReview:
		var spec struct {
			Spec struct {
				Namespace string `json:"namespace"`
			} `json:"spec"`
		}
		_ = json.Unmarshal(body, &spec)
		if _, ok := r.rules(spec.Spec.Namespace); !ok {
			return nil, missingRules(spec.Spec.Namespace)
		}
	}
	return r.fixed(req, body, path)
}

func missingRules(ns string) error {
	return missing(lacksRules, ns)
}

// rulesStatus is the part of a rules review an access review is evaluated on: the review's
// status as kube reads it.
type rulesStatus kube.Rules

// rules is the rules review kept for ns.
func (r *Reader) rules(ns string) (rulesStatus, bool) {
	for _, e := range r.s.answers {
		if e.Path != pathRulesReview {
			continue
		}
		var req struct {
			Spec struct {
				Namespace string `json:"namespace"`
			} `json:"spec"`
		}
		if json.Unmarshal(e.RequestBody, &req) != nil || req.Spec.Namespace != ns {
			continue
		}
		var ans struct {
			Status rulesStatus `json:"status"`
		}
		if json.Unmarshal([]byte(e.Body), &ans) != nil {
			return rulesStatus{}, false
		}
		return ans.Status, true
	}
	return rulesStatus{}, false
}

type accessSpec struct {
	ResourceAttributes *struct {
		Namespace   string `json:"namespace"`
		Verb        string `json:"verb"`
		Group       string `json:"group"`
		Resource    string `json:"resource"`
		Subresource string `json:"subresource"`
		Name        string `json:"name"`
	} `json:"resourceAttributes,omitempty"`
	NonResourceAttributes *struct {
		Path string `json:"path"`
		Verb string `json:"verb"`
	} `json:"nonResourceAttributes,omitempty"`
}

// accessReview evaluates can-i on the rules review of its namespace; for a cluster-wide question
// (no namespace) the rule must hold in every namespace whose review was kept, since a rules review
// also lists what a namespace's own role bindings grant.
func (r *Reader) accessReview(req *http.Request, body []byte) (*http.Response, error) {
	var in struct {
		Spec accessSpec `json:"spec"`
	}
	if err := json.Unmarshal(body, &in); err != nil {
		return status(req, http.StatusBadRequest, "BadRequest")
	}
	namespaces := r.s.Manifest.Reviews
	if ra := in.Spec.ResourceAttributes; ra != nil && ra.Namespace != "" {
		namespaces = []string{ra.Namespace}
	}
	if len(namespaces) == 0 {
		return nil, missingRules("any")
	}
	allowed := true
	for _, ns := range namespaces {
		rs, ok := r.rules(ns)
		if !ok {
			return nil, missingRules(ns)
		}
		allowed = allowed && rs.allows(in.Spec)
	}
	return respondJSON(req, 201, map[string]any{
		"kind": "SelfSubjectAccessReview", "apiVersion": "authorization.k8s.io/v1",
		"spec": in.Spec, "status": map[string]any{"allowed": allowed},
	})
}

func (rs rulesStatus) allows(s accessSpec) bool {
	if na := s.NonResourceAttributes; na != nil {
		for _, rule := range rs.NonResourceRules {
			if matchWord(rule.Verbs, na.Verb) && matchURL(rule.NonResourceURLs, na.Path) {
				return true
			}
		}
		return false
	}
	ra := s.ResourceAttributes
	if ra == nil {
		return false
	}
	for _, rule := range rs.ResourceRules {
		if matchWord(rule.Verbs, ra.Verb) && matchWord(rule.APIGroups, ra.Group) &&
			matchResource(rule.Resources, ra.Resource, ra.Subresource) &&
			(len(rule.ResourceNames) == 0 || slices.Contains(rule.ResourceNames, ra.Name) && ra.Name != "") {
			return true
		}
	}
	return false
}

func matchWord(list []string, w string) bool {
	return slices.Contains(list, "*") || slices.Contains(list, w)
}

func matchResource(list []string, res, sub string) bool {
	if sub == "" {
		return slices.Contains(list, "*") || slices.Contains(list, res)
	}
	return slices.Contains(list, "*") || slices.Contains(list, res+"/"+sub) || slices.Contains(list, "*/"+sub) || slices.Contains(list, res+"/*")
}

func matchURL(list []string, path string) bool {
	for _, u := range list {
		if u == "*" || u == path || strings.HasSuffix(u, "*") && strings.HasPrefix(path, strings.TrimSuffix(u, "*")) {
			return true
		}
	}
	return false
}
