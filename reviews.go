package studioctl

import (
	"context"

	"github.com/studioctl/studioctl/kube"
)

// User is who the server says this connection is (SelfSubjectReview).
type User struct {
	Username string
	UID      string
	Groups   []string
	Extra    map[string][]string
}

// WhoAmI asks the server who this connection is (SelfSubjectReview).
func (s *Session) WhoAmI(ctx context.Context) (User, error) {
	u, _, err := s.client.WhoAmI(ctx)
	return User{Username: u.Username, UID: u.UID, Groups: u.Groups, Extra: u.Extra}, err
}

// Access is one question for the server's authorizer: a verb on a resource (with its group,
// subresource, name and namespace), or a verb on a non-resource URL such as /healthz.
type Access struct {
	Verb string
	// Namespace is "" for every namespace, or for a cluster-scoped resource.
	Namespace   string
	Group       string
	Resource    string
	Subresource string
	Name        string
	// NonResourceURL asks about a path such as /healthz instead of a resource.
	NonResourceURL string
}

// CanI asks whether this connection may do what a names (SelfSubjectAccessReview).
func (s *Session) CanI(ctx context.Context, a Access) (bool, error) {
	ans, err := s.client.CanI(ctx, kube.AccessCheck{Verb: a.Verb, Namespace: a.Namespace, Group: a.Group,
		Resource: a.Resource, Subresource: a.Subresource, Name: a.Name, NonResourceURL: a.NonResourceURL})
	return ans.Allowed, err
}

// Rules is every right this connection holds in a namespace, as the server lists them.
type Rules struct {
	ResourceRules    []ResourceRule
	NonResourceRules []NonResourceRule
	// Incomplete is set when the server said the list may miss rules (an authorizer that cannot
	// list them).
	Incomplete bool
}

// ResourceRule is one right on resources: these verbs on these resources of these groups,
// limited to these names when ResourceNames is set. "*" matches every value.
type ResourceRule struct {
	Verbs         []string
	APIGroups     []string
	Resources     []string
	ResourceNames []string
}

// NonResourceRule is one right on non-resource URLs (/healthz, /version).
type NonResourceRule struct {
	Verbs           []string
	NonResourceURLs []string
}

// Rules asks the server for every right this connection holds in a namespace
// (SelfSubjectRulesReview); namespace "" is the connection's default.
func (s *Session) Rules(ctx context.Context, namespace string) (*Rules, error) {
	if namespace == "" {
		namespace = s.client.Endpoint().DefaultNamespace
	}
	kr, err := s.client.RulesReview(ctx, namespace)
	if err != nil {
		return nil, err
	}
	r := &Rules{Incomplete: kr.Incomplete}
	for _, rr := range kr.ResourceRules {
		r.ResourceRules = append(r.ResourceRules, ResourceRule(rr))
	}
	for _, nr := range kr.NonResourceRules {
		r.NonResourceRules = append(r.NonResourceRules, NonResourceRule(nr))
	}
	return r, nil
}
