// Package check is studioctl's Test Connection: it connects, reads the server's version, refuses a
// server below the version floor, says who the connection is, and warns about a credential that
// holds more than a read-only tool needs.
//
// What it sends, in order, all through the allowlist:
//
//   - GET /version;
//   - GET /api and /apis (aggregated discovery; a server that answers only the unaggregated form
//     is refused with fault.CodeNotAggregated), which must list authentication.k8s.io/v1
//     selfsubjectreviews, else the server runs Kubernetes 1.27 or earlier (fault.CodeTooOld);
//   - POST one SelfSubjectReview (who this is; a 404 is fault.CodeTooOld as well);
//   - POST six SelfSubjectAccessReviews: create and get pods/exec in the default namespace, get
//     nodes/proxy, every verb on every resource, list secrets in the default namespace and in the
//     whole cluster;
//   - when the connection names no namespaces, GET the namespace list in pages of 500 up to 1,000
//     (at most two requests): a 403 gives the namespace notice, more than 1,000 the cap notice.
//
// The report, printed with -o json, is one object:
//
//	{
//	  "apiVersion": "studioctl.dev/check/v1",       // the document's schema, as every studioctl
//	  "kind":     "CheckReport",                    // document names it
//	  "server":   "https://host:6443",              // the address dialled
//	  "version":  "v1.37.2",                        // /version's gitVersion
//	  "identity": {"username": "...", "groups": []},
//	  "warnings": [{"code": "check.warning.credential_rights", "sentence": "...", "rights": ["..."]}],
//	  "notices":  [{"code": "check.notice....", "sentence": "..."}]
//	}
//
// warnings and notices are always arrays, empty when there are none. Exit codes: 0 connected
// with no warning (notices do not count), 4 connected with warnings, 1 the server answered with an
// error (version floor included), 2 refused before anything was sent, 3 unreachable.
package check

import (
	"context"
	"strconv"
	"strings"
	"sync"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
)

// Report is what a check found.
type Report struct {
	Server   string    `json:"server"`
	Version  string    `json:"version"`
	Identity Identity  `json:"identity"`
	Warnings []Warning `json:"warnings"`
	Notices  []Notice  `json:"notices"`
}

// Identity is who the server says the connection is.
type Identity struct {
	Username string   `json:"username"`
	Groups   []string `json:"groups"`
}

// Warning is something the person should change; it makes the check exit 4.
type Warning struct {
	Code     string   `json:"code"`
	Sentence string   `json:"sentence"`
	Rights   []string `json:"rights"`
}

// Notice is something the person should know; it does not change the exit code.
type Notice struct {
	Code     string `json:"code"`
	Sentence string `json:"sentence"`
}

// Right is one of the rights the credential warning asks about.
type Right struct {
	Name  string
	Check kube.AccessCheck
}

// Rights are the six self access reviews of the credential warning, in the order they are named,
// for a connection whose default namespace is ns.
func Rights(ns string) []Right {
	return []Right{
		{sprintf(rightExecCreate, ns), kube.AccessCheck{Verb: "create", Namespace: ns, Resource: "pods", Subresource: "exec"}},
		{sprintf(rightExecGet, ns), kube.AccessCheck{Verb: "get", Namespace: ns, Resource: "pods", Subresource: "exec"}},
		{rightNodesProxy, kube.AccessCheck{Verb: "get", Resource: "nodes", Subresource: "proxy"}},
		{rightEverything, kube.AccessCheck{Verb: "*", Group: "*", Resource: "*"}},
		{sprintf(rightSecretsNS, ns), kube.AccessCheck{Verb: "list", Namespace: ns, Resource: "secrets"}},
		{rightSecretsCluster, kube.AccessCheck{Verb: "list", Resource: "secrets"}},
	}
}

// Run checks the connection the client reads.
func Run(ctx context.Context, c *kube.Client) (*Report, error) {
	ep := c.Endpoint()
	r := &Report{Server: ep.BaseURL(), Warnings: []Warning{}, Notices: []Notice{}}
	v, err := c.ServerVersion(ctx)
	if err != nil {
		return nil, err
	}
	r.Version, _ = v["gitVersion"].(string)

	disc, err := c.RefreshDiscovery(ctx)
	if err != nil {
		return nil, err
	}
	if !servesSelfSubjectReview(disc) {
		return nil, tooOld()
	}
	if disc.Beta {
		r.Notices = append(r.Notices, Notice{CodeBestEffort, sentenceBestEffort})
	}

	who, _, err := c.WhoAmI(ctx)
	if err != nil {
		return nil, err
	}
	r.Identity = Identity{Username: who.Username, Groups: append([]string{}, who.Groups...)}

	held, err := heldRights(ctx, c, Rights(ep.DefaultNamespace))
	if err != nil {
		return nil, err
	}
	if len(held) > 0 {
		count := "a right"
		if len(held) > 1 {
			count = strconv.Itoa(len(held)) + " rights"
		}
		r.Warnings = append(r.Warnings, Warning{Code: CodeCredentialRights,
			Sentence: sprintf(sentenceRights, count, strings.Join(held, "; ")), Rights: held})
	}

	if len(ep.Namespaces) == 0 {
		n, err := namespaceNotice(ctx, c, disc, ep.DefaultNamespace)
		if err != nil {
			return nil, err
		}
		if n != nil {
			r.Notices = append(r.Notices, *n)
		}
	}
	return r, nil
}

// tooOld is the version floor's refusal, the same error WhoAmI gives for a 404.
func tooOld() error {
	return &fault.Error{Code: fault.CodeTooOld, Sentence: fault.SentenceTooOld, Class: fault.ServerError, Status: 200}
}

func servesSelfSubjectReview(d *discovery.Discovery) bool {
	for _, r := range d.Resources {
		if r.Group == "authentication.k8s.io" && r.Version == "v1" && r.Resource == "selfsubjectreviews" {
			return true
		}
	}
	return false
}

// heldRights asks the six reviews at once and returns the names of the rights held, in the
// rights' order. The first error, in that order, fails the check.
func heldRights(ctx context.Context, c *kube.Client, rights []Right) ([]string, error) {
	answers := make([]kube.AccessAnswer, len(rights))
	errs := make([]error, len(rights))
	var wg sync.WaitGroup
	for i, rt := range rights {
		wg.Go(func() { answers[i], errs[i] = c.CanI(ctx, rt.Check) })
	}
	wg.Wait()
	held := []string{}
	for i, rt := range rights {
		if errs[i] != nil {
			return nil, errs[i]
		}
		if answers[i].Allowed {
			held = append(held, rt.Name)
		}
	}
	return held, nil
}

// namespaceNotice lists namespaces up to 1,000 (two pages of 500; the walk's row cap answers when
// a third would be needed) and says when the identity may not list them or the cluster has more.
func namespaceNotice(ctx context.Context, c *kube.Client, d *discovery.Discovery, defaultNS string) (*Notice, error) {
	res, ok := namespacesResource(d)
	if !ok {
		return nil, nil
	}
	var p countPager
	err := c.ListTable(ctx, res, kube.Scope{}, kube.ListOptions{IncludeObject: "None", MaxRows: limits.MaxNamespacesListed}, &p)
	e, isErr := fault.As(err)
	switch {
	case err == nil:
		return nil, nil
	case isErr && e.Code == fault.CodeForbidden:
		return &Notice{CodeNamespacesNotListed, sprintf(sentenceNamespacesNotListed, defaultNS)}, nil
	case isErr && e.Code == fault.CodeLimitRows:
		return &Notice{CodeNamespacesCap, sentenceNamespacesCap}, nil
	}
	return nil, err
}

func namespacesResource(d *discovery.Discovery) (discovery.APIResource, bool) {
	for _, r := range d.Resources {
		if r.Group == "" && r.Version == "v1" && r.Resource == "namespaces" && r.Has("list") {
			return r, true
		}
	}
	return discovery.APIResource{}, false
}

type countPager struct{ n int }

func (p *countPager) Page(t *kube.Table) error { p.n += len(t.Rows); return nil }
func (p *countPager) Reset()                   { p.n = 0 }

// Exit is the report's exit code: 4 with warnings, else 0.
func (r *Report) Exit() int {
	if len(r.Warnings) > 0 {
		return fault.ExitWarnings
	}
	return fault.ExitOK
}

// ExitCode is the check's exit code from its report or its error.
func ExitCode(r *Report, err error) int {
	if err != nil {
		return fault.ExitCode(err)
	}
	return r.Exit()
}

// Sentence is the success sentence.
func (r *Report) Sentence() string {
	user := r.Identity.Username
	if user == "" || user == "system:anonymous" {
		user = sentenceAnonymousUser
	}
	version := r.Version
	if version == "" {
		version = sentenceUnknownVersion
	}
	if len(r.Identity.Groups) == 0 {
		return sprintf(sentenceConnected, r.Server, version, user)
	}
	return sprintf(sentenceConnectedGroups, r.Server, version, user, strings.Join(r.Identity.Groups, ", "))
}

// Result is the report as a console result, for the console Writer to sanitize, mask and print:
// format "json" gives the documented object on stdout; anything else the success sentence on
// stdout and each warning and notice on stderr.
func (r *Report) Result(format string) *printer.Result {
	if format == "json" {
		return &printer.Result{Docs: &printer.Docs{Format: "json", Value: document(r, ReportSchema, ReportKind)}, Exit: r.Exit()}
	}
	res := &printer.Result{Lines: &printer.Lines{Text: []string{r.Sentence()}}, Exit: r.Exit()}
	for _, w := range r.Warnings {
		res.Notices = append(res.Notices, "warning: "+w.Sentence)
	}
	for _, n := range r.Notices {
		res.Notices = append(res.Notices, "notice: "+n.Sentence)
	}
	return res
}

func sprintf(format string, args ...any) string { return fault.Sentencef(format, args...) }
