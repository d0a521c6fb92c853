// Package policy is studioctl's request allowlist. Every request the library sends is checked here
// on its final method, path (after the connection's API path), query and body, before any socket
// opens. The rules are data: the fixed routes, the query keys each route may carry, and the verbs
// discovery lists for each resource. Discovery can only narrow what the fixed rules admit.
package policy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/studioctl/studioctl/limits"
)

// Request is what the policy sees: the final method, the path below the API path, the decoded
// query pairs in order, and the body of a POST.
type Request struct {
	Method string
	Path   string
	Query  []Pair
	Body   []byte
}

// Pair is one query key and value.
type Pair struct{ Key, Value string }

// Resources answers what discovery lists for a resource. The policy never admits a verb that
// discovery does not list, and never a verb outside list, get and watch whatever discovery says.
type Resources interface {
	// Lookup returns whether group/version/resource is served, whether it is namespaced, and the
	// verbs listed for it (subresource "" for the resource itself, "log" for pods/log).
	Lookup(group, version, resource, subresource string) (namespaced bool, verbs []string, ok bool)
}

// Kind names the class of an admitted request, which the transport uses to pick the Accept header
// and the caps it applies.
type Kind int

// The kinds of admitted request.
const (
	KindDiscovery Kind = iota + 1
	KindVersion
	KindReadyz
	KindOpenAPIIndex
	KindOpenAPIDoc
	KindList
	KindWatch
	KindGet
	KindLog
	KindSelfReview
	KindHealth // /healthz and /livez, read only by get --raw
)

// Admitted describes a request the policy let through.
type Admitted struct {
	Kind        Kind
	Group       string
	Version     string
	Resource    string
	Namespace   string
	Name        string
	ReviewKind  string // for KindSelfReview
	Subresource string
}

// Refusal is the policy's answer to a request it does not admit. Its sentence never quotes the
// request's values, only the rule it broke.
type Refusal struct {
	Rule   string
	Reason string
}

// Error says why the request was refused.
func (r *Refusal) Error() string {
	return "not admitted by studioctl's read-only allowlist: " + r.Reason
}

func refuse(rule, format string, args ...any) *Refusal {
	return &Refusal{Rule: rule, Reason: fmt.Sprintf(format, args...)}
}

// refusedSubresources are named so a refusal can say which dangerous door was knocked on.
var refusedSubresources = map[string]bool{
	"exec": true, "attach": true, "portforward": true, "proxy": true, "token": true,
	"eviction": true, "binding": true, "ephemeralcontainers": true, "resize": true,
	"approval": true, "finalize": true, "rollback": true,
}

// getSubresources are the subresources a get may read (kubectl's get --subresource): only with GET
// on one object's path, with no query beyond includeObject. Every other subresource but pods/log
// is refused.
var getSubresources = map[string]bool{"status": true, "scale": true}

// IsGetSubresource reports whether get --subresource may name sub.
func IsGetSubresource(sub string) bool { return getSubresources[sub] }

// The three self reviews are the only POSTs, each at one fixed path with one body kind.
var selfReviews = map[string]struct{ apiVersion, kind string }{
	"/apis/authentication.k8s.io/v1/selfsubjectreviews":      {"authentication.k8s.io/v1", "SelfSubjectReview"},
	"/apis/authorization.k8s.io/v1/selfsubjectaccessreviews": {"authorization.k8s.io/v1", "SelfSubjectAccessReview"},
	"/apis/authorization.k8s.io/v1/selfsubjectrulesreviews":  {"authorization.k8s.io/v1", "SelfSubjectRulesReview"},
}

// Query keys each kind of request may carry. A key outside its set is refused, so a value that
// smuggles an '&' can never add a key: values arrive already split.
var queryKeys = map[Kind]map[string]func(string) bool{
	KindDiscovery:    {},
	KindVersion:      {},
	KindReadyz:       {},
	KindHealth:       {},
	KindOpenAPIIndex: {},
	KindOpenAPIDoc:   {"hash": isHash},
	KindList: {
		"limit": isPageLimit, "continue": isPrintable, "labelSelector": isPrintable,
		"fieldSelector": isPrintable, "includeObject": isIncludeObject,
	},
	KindWatch: {
		"watch": isTrue, "labelSelector": isPrintable, "fieldSelector": isPrintable,
		"resourceVersion": isPrintable, "timeoutSeconds": isSmallUint, "allowWatchBookmarks": isBool,
		"includeObject": isRowMetadata,
	},
	KindGet: {"includeObject": isIncludeObject},
	KindLog: {
		"container": isPrintable, "tailLines": isUint, "sinceSeconds": isUint, "sinceTime": isPrintable,
		"timestamps": isBool, "limitBytes": isUint, "previous": isBool,
		"follow": isBool,
	},
	KindSelfReview: {},
}

// MaxPageSize is the most objects one list request may ask for: the page size studioctl asks for.
const MaxPageSize = limits.PageSize

// Check admits or refuses one request.
func Check(r Request, res Resources) (*Admitted, error) {
	if strings.ContainsAny(r.Path, "?#%\\") || !strings.HasPrefix(r.Path, "/") || strings.Contains(r.Path, "//") {
		return nil, refuse("path.shape", "the path is not a plain API path")
	}
	segs := strings.Split(strings.TrimPrefix(r.Path, "/"), "/")
	for _, s := range segs {
		if s == "" || s == "." || s == ".." || !printableASCII(s) {
			return nil, refuse("path.segment", "a path segment is empty, a dot segment or not printable ASCII")
		}
	}
	var (
		a   *Admitted
		err error
	)
	switch r.Method {
	case "GET":
		if len(r.Body) > 0 {
			return nil, refuse("body.get", "a GET carries no body")
		}
		a, err = checkGet(segs, r.Query, res)
	case "POST":
		a, err = checkPost(r)
	default:
		return nil, refuse("method", "only GET, and POST to the three self reviews, are sent; %s is not", safeWord(r.Method))
	}
	if err != nil {
		return nil, err
	}
	if err := checkQuery(a.Kind, r.Query); err != nil {
		return nil, err
	}
	return a, nil
}

func checkPost(r Request) (*Admitted, error) {
	want, ok := selfReviews[r.Path]
	if !ok {
		return nil, refuse("post.path", "POST goes only to the self-review endpoints")
	}
	if len(r.Query) > 0 {
		return nil, refuse("post.query", "a self review carries no query")
	}
	var body struct {
		APIVersion string          `json:"apiVersion"`
		Kind       string          `json:"kind"`
		Spec       json.RawMessage `json:"spec"`
	}
	dec := json.NewDecoder(bytes.NewReader(r.Body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&body); err != nil || dec.More() {
		return nil, refuse("post.body", "a self review's body must be the review object studioctl builds")
	}
	if body.APIVersion != want.apiVersion || body.Kind != want.kind {
		return nil, refuse("post.body", "a self review's body must be a %s", want.kind)
	}
	if want.kind == "SelfSubjectReview" && len(body.Spec) > 0 {
		return nil, refuse("post.body", "a SelfSubjectReview carries no spec")
	}
	return &Admitted{Kind: KindSelfReview, ReviewKind: want.kind}, nil
}

func checkGet(segs []string, q []Pair, res Resources) (*Admitted, error) {
	switch {
	case len(segs) == 1 && (segs[0] == "api" || segs[0] == "apis"):
		return &Admitted{Kind: KindDiscovery}, nil
	case len(segs) == 1 && segs[0] == "version":
		return &Admitted{Kind: KindVersion}, nil
	case len(segs) == 1 && segs[0] == "readyz":
		return &Admitted{Kind: KindReadyz}, nil
	case len(segs) == 1 && (segs[0] == "healthz" || segs[0] == "livez"):
		return &Admitted{Kind: KindHealth}, nil
	case len(segs) >= 2 && segs[0] == "openapi":
		return checkOpenAPI(segs)
	case segs[0] == "api" && len(segs) >= 3 && segs[1] == "v1":
		return checkResourcePath("", "v1", segs[2:], q, res)
	case segs[0] == "apis" && len(segs) >= 4:
		if !IsDNSSubdomain(segs[1]) || !IsVersion(segs[2]) {
			return nil, refuse("path.group", "the group or version is not well formed")
		}
		return checkResourcePath(segs[1], segs[2], segs[3:], q, res)
	}
	return nil, refuse("path.route", "the path is not a discovery, version, health, readiness, OpenAPI, collection, object or pod log route")
}

func checkOpenAPI(segs []string) (*Admitted, error) {
	if segs[1] != "v3" {
		return nil, refuse("openapi.version", "only OpenAPI v3 is read")
	}
	rest := segs[2:]
	switch {
	case len(rest) == 0:
		return &Admitted{Kind: KindOpenAPIIndex}, nil
	case len(rest) == 2 && rest[0] == "api" && rest[1] == "v1":
		return &Admitted{Kind: KindOpenAPIDoc, Version: "v1"}, nil
	case len(rest) == 3 && rest[0] == "apis" && IsDNSSubdomain(rest[1]) && IsVersion(rest[2]):
		return &Admitted{Kind: KindOpenAPIDoc, Group: rest[1], Version: rest[2]}, nil
	}
	return nil, refuse("openapi.path", "only the OpenAPI v3 index and one group version's document are read")
}

// checkResourcePath reads [namespaces NS] RESOURCE [NAME [log]] below a group version.
func checkResourcePath(group, version string, rest []string, q []Pair, res Resources) (*Admitted, error) {
	a := &Admitted{Group: group, Version: version}
	if len(rest) >= 3 && rest[0] == "namespaces" {
		if !IsDNSLabel(rest[1]) {
			return nil, refuse("path.namespace", "the namespace is not a DNS-1123 label")
		}
		a.Namespace = rest[1]
		rest = rest[2:]
	}
	a.Resource = rest[0]
	if !isResourceName(a.Resource) {
		return nil, refuse("path.resource", "the resource name is not well formed")
	}
	if len(rest) >= 2 {
		if !isObjectName(rest[1]) {
			return nil, refuse("path.name", "the object name is not well formed")
		}
		a.Name = rest[1]
	}
	if len(rest) >= 3 {
		a.Subresource = rest[2]
	}
	if len(rest) > 3 {
		return nil, refuse("path.depth", "the path goes deeper than an object's subresource")
	}
	if a.Subresource != "" && !getSubresources[a.Subresource] {
		if refusedSubresources[a.Subresource] && !(a.Subresource == "log") {
			return nil, refuse("subresource."+a.Subresource, "the %s subresource is never requested", safeWord(a.Subresource))
		}
		if !(group == "" && a.Resource == "pods" && a.Subresource == "log" && a.Namespace != "") {
			return nil, refuse("subresource", "the only subresources read are pods/log and an object's status and scale")
		}
	}
	namespaced, verbs, ok := res.Lookup(group, version, a.Resource, a.Subresource)
	if !ok {
		return nil, refuse("discovery.unknown", "discovery does not list this resource")
	}
	if a.Namespace != "" && !namespaced {
		return nil, refuse("scope", "a cluster-scoped resource is not read inside a namespace")
	}
	if a.Namespace == "" && namespaced && a.Name != "" {
		return nil, refuse("scope", "a namespaced object is read inside its namespace")
	}
	switch {
	case a.Subresource == "log":
		a.Kind = KindLog
		return a, requireVerb(verbs, "get")
	case a.Name != "":
		a.Kind = KindGet
		return a, requireVerb(verbs, "get")
	case hasWatch(q):
		a.Kind = KindWatch
		return a, requireVerb(verbs, "watch")
	default:
		a.Kind = KindList
		return a, requireVerb(verbs, "list")
	}
}

func hasWatch(q []Pair) bool {
	for _, p := range q {
		if p.Key == "watch" {
			return true
		}
	}
	return false
}

func requireVerb(verbs []string, verb string) error {
	for _, v := range verbs {
		if v == verb {
			return nil
		}
	}
	return refuse("discovery.verb", "discovery does not list the %s verb for this resource", verb)
}

func checkQuery(k Kind, q []Pair) error {
	allowed := queryKeys[k]
	seen := map[string]bool{}
	for _, p := range q {
		valid, ok := allowed[p.Key]
		if !ok {
			return refuse("query.key", "a query key outside the fixed set for this request")
		}
		if seen[p.Key] {
			return refuse("query.repeat", "a query key appears twice")
		}
		seen[p.Key] = true
		if !valid(p.Value) {
			return refuse("query.value", "the value of %s is not admitted", p.Key)
		}
		if p.Key == "labelSelector" && SelectsOwner(p.Value) {
			return refuse("query.owner_selector", "a label selector may not name %s, which studioctl shows only as a fingerprint", OwnerLabel)
		}
	}
	return nil
}

func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x21 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

func isPrintable(s string) bool {
	if len(s) > 8192 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f {
			return false
		}
	}
	return true
}

func isPageLimit(s string) bool {
	n, err := strconv.Atoi(s)
	return err == nil && n >= 1 && n <= MaxPageSize && strconv.Itoa(n) == s
}

func isUint(s string) bool {
	n, err := strconv.ParseUint(s, 10, 63)
	return err == nil && strconv.FormatUint(n, 10) == s
}

func isSmallUint(s string) bool {
	n, err := strconv.Atoi(s)
	return err == nil && n >= 1 && n <= 600 && strconv.Itoa(n) == s
}

func isBool(s string) bool        { return s == "true" || s == "false" }
func isTrue(s string) bool        { return s == "true" || s == "1" }
func isRowMetadata(s string) bool { return s == "Metadata" || s == "None" }

// isIncludeObject admits what a Table read's rows may carry: no object, its metadata, or (for a
// get --sort-by outside metadata) the whole object, whose Secret values kube strips where the
// answer is decoded. The value is always one of studioctl's three words, never user text.
func isIncludeObject(s string) bool { return isRowMetadata(s) || s == "Object" }

func isHash(s string) bool {
	if len(s) == 0 || len(s) > 256 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'F' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// IsDNSLabel reports whether s is a DNS-1123 label: what a namespace, a version or one part of a
// group may be.
func IsDNSLabel(s string) bool {
	if len(s) == 0 || len(s) > 63 || s[0] == '-' || s[len(s)-1] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// IsDNSSubdomain reports whether s is a DNS-1123 subdomain: what an API group or a resource may be.
func IsDNSSubdomain(s string) bool {
	if len(s) == 0 || len(s) > 253 {
		return false
	}
	for _, l := range strings.Split(s, ".") {
		if !IsDNSLabel(l) {
			return false
		}
	}
	return true
}

// IsVersion reports whether s may name an API version (a label that starts with v).
func IsVersion(s string) bool { return IsDNSLabel(s) && s[0] == 'v' }

func isResourceName(s string) bool { return IsDNSSubdomain(s) }

// isObjectName admits what the API accepts as a path segment name, which is wider than DNS:
// RBAC names hold ':' (system:controller:...). The path check already refused '/', '%', dot
// segments and anything outside printable ASCII.
func isObjectName(s string) bool {
	return len(s) > 0 && len(s) <= 253 && !strings.ContainsAny(s, "?#;")
}

// safeWord keeps a refusal from echoing arbitrary text: a word of plain letters is named, anything
// else is not.
func safeWord(s string) string {
	if len(s) > 0 && len(s) <= 32 && IsDNSLabel(strings.ToLower(s)) {
		return s
	}
	return "that"
}
