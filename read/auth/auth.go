// Package auth answers auth can-i (one question, or --list) and auth whoami with the self reviews
// the allowlist admits, as kubectl prints them; an authorizer's reason is never repeated.
package auth

import (
	"context"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/apiresources"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/redact"
	"github.com/studioctl/studioctl/statement"
)

// The verbs kubectl knows; another verb is still asked about, with a notice, as kubectl does.
var (
	canIResourceVerbs = map[string]bool{"get": true, "list": true, "watch": true, "create": true, "update": true,
		"patch": true, "delete": true, "deletecollection": true, "use": true, "bind": true, "impersonate": true,
		"*": true, "approve": true, "sign": true, "escalate": true, "attest": true}
	canINonResourceVerbs = map[string]bool{"get": true, "put": true, "post": true, "head": true, "options": true,
		"delete": true, "patch": true, "*": true}
)

// CanIOptions are auth can-i's options, filled once from the statement.
type CanIOptions struct {
	reader.Common
	Args          []string `args:""`
	Namespace     string   `flag:"namespace"`
	AllNamespaces bool     `flag:"all-namespaces"`
	Subresource   *string  `flag:"subresource"`
	List          bool     `flag:"list"`
	NoHeaders     bool     `flag:"no-headers"`
}

// Validate holds kubectl's argument rules for the question and for --list.
func (o *CanIOptions) Validate() error {
	if o.List {
		if len(o.Args) != 0 {
			return fault.Refusef(statement.CodeUsage, sentenceCanIListArgs)
		}
		if o.AllNamespaces || o.Subresource != nil {
			return fault.Refusef(statement.CodeUsage, sentenceCanIListFlags)
		}
		return nil
	}
	if len(o.Args) != 2 {
		return fault.Refusef(statement.CodeUsage, sentenceCanIArgs)
	}
	if o.NoHeaders {
		return fault.Refusef(statement.CodeUsage, sentenceCanINoHeaders)
	}
	if strings.HasPrefix(o.Args[1], "/") && o.Subresource != nil {
		return fault.Refusef(statement.CodeUsage, sentenceCanIURLSubresource)
	}
	return nil
}

// Complete fills the namespace the session supplies.
func (o *CanIOptions) Complete(s *reader.Session) { o.Namespace = s.Namespace(o.Namespace) }

// Run asks the API server whether this identity may do one thing (SelfSubjectAccessReview)
// and answers yes or no as kubectl does; a no makes the statement fail, as kubectl exits 1 on it.
// With --list it prints every right the identity holds in the namespace (SelfSubjectRulesReview).
func (o *CanIOptions) Run(ctx context.Context, s *reader.Session) (*printer.Result, error) {
	if o.List {
		return o.runList(ctx, s)
	}
	verb, target := o.Args[0], o.Args[1]
	all := o.AllNamespaces
	check := kube.AccessCheck{Verb: verb}
	if o.Subresource != nil {
		check.Subresource = *o.Subresource
	}
	if !all {
		check.Namespace = o.Namespace
	}
	res := &printer.Result{}
	if strings.HasPrefix(target, "/") {
		check.NonResourceURL = target
		if !canINonResourceVerbs[verb] {
			res.Notices = append(res.Notices, fault.Sentencef(sentenceCanIUnknownVerb, verb))
		}
	} else {
		typ, name, _ := strings.Cut(target, "/")
		check.Name = name
		if typ == "*" {
			check.Resource = typ
		} else {
			r, err := s.Client.Resolve(ctx, typ)
			e, isErr := fault.As(err)
			switch {
			case err == nil:
				check.Group, check.Resource = r.Group, r.Resource
				if !r.Namespaced {
					// A request for a cluster-scoped resource never carries a namespace, so the
					// question does not either: asked with one, a namespaced Role that names the
					// resource would answer yes to a request no namespace can authorise.
					check.Namespace = ""
				}
			case isErr && e.Code == fault.CodeUnknownType:
				// kubectl asks about the type as written when discovery does not know it (users and
				// groups, which impersonate takes, are never listed).
				check.Resource = typ
				if low := strings.ToLower(typ); low != "users" && low != "groups" {
					res.Notices = append(res.Notices, fault.Sentencef(sentenceCanIUnknownType, typ))
				}
			default:
				return nil, err
			}
		}
		if !canIResourceVerbs[verb] {
			res.Notices = append(res.Notices, fault.Sentencef(sentenceCanIUnknownVerb, verb))
		}
	}
	answer, err := s.Client.CanI(ctx, check)
	if err != nil {
		return nil, err
	}
	if answer.Allowed {
		res.Lines = &printer.Lines{Text: []string{"yes"}}
		return res, nil
	}
	res.Lines = &printer.Lines{Text: []string{"no"}}
	if answer.Explained {
		res.Notices = append(res.Notices, sentenceCanIReasonKept)
	}
	res.Exit = fault.ExitServerError // kubectl exits 1 on no, and says nothing more
	return res, nil
}

// accessRule is one row of auth can-i --list before printing: kubectl's PolicyRule.
type accessRule struct {
	verbs, groups, resources, names, urls []string
}

// sortKey is the text kubectl sorts the rows by (the rule's generated String form).
func (r accessRule) sortKey() string {
	return "&PolicyRule{Verbs:" + authList(r.verbs) + ",APIGroups:" + authList(r.groups) +
		",Resources:" + authList(r.resources) + ",ResourceNames:" + authList(r.names) +
		",NonResourceURLs:" + authList(r.urls) + ",}"
}

// authList prints a list as Go's %v does: [a b c], [] when empty.
func authList(l []string) string { return "[" + strings.Join(l, " ") + "]" }

// accessRows turns a rules review into kubectl's rows: every rule broken down to one verb, one
// group, one resource and one name (non-resource URLs to one URL and one verb), the resource rows
// that differ only in verb joined again, then sorted by the rule's text.
func accessRows(rules *kube.Rules) []accessRule {
	var broken []accessRule
	for _, r := range rules.ResourceRules {
		for _, g := range r.APIGroups {
			for _, res := range r.Resources {
				for _, v := range r.Verbs {
					if len(r.ResourceNames) == 0 {
						broken = append(broken, accessRule{verbs: []string{v}, groups: []string{g}, resources: []string{res}})
						continue
					}
					for _, n := range r.ResourceNames {
						broken = append(broken, accessRule{verbs: []string{v}, groups: []string{g}, resources: []string{res}, names: []string{n}})
					}
				}
			}
		}
	}
	var out []accessRule
	for _, r := range rules.NonResourceRules {
		for _, u := range r.NonResourceURLs {
			for _, v := range r.Verbs {
				out = append(out, accessRule{verbs: []string{v}, urls: []string{u}})
			}
		}
	}
	type simple struct {
		group, resource, name string
		named                 bool
	}
	joined := map[simple]*accessRule{}
	var order []simple
	for _, r := range broken {
		k := simple{group: r.groups[0], resource: r.resources[0]}
		if len(r.names) == 1 {
			k.name, k.named = r.names[0], true
		}
		if have, ok := joined[k]; ok {
			if !slices.Contains(have.verbs, r.verbs[0]) {
				have.verbs = append(have.verbs, r.verbs[0])
			}
			continue
		}
		c := r
		joined[k] = &c
		order = append(order, k)
	}
	for _, k := range order {
		out = append(out, *joined[k])
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].sortKey() < out[j].sortKey() })
	return out
}

// resourceCell is kubectl's Resources cell: resource.group, with a subresource after a slash.
func (r accessRule) resourceCell() string {
	if len(r.resources) == 0 {
		return ""
	}
	name, sub, hasSub := strings.Cut(r.resources[0], "/")
	if len(r.groups) > 0 && r.groups[0] != "" {
		name += "." + r.groups[0]
	}
	if hasSub {
		name += "/" + sub
	}
	return name
}

// coversSecrets tells whether a row's rule may reach core Secrets, whose names machine mode masks
// in the Resource Names cell: a resource of secrets or * in the core group or any group.
func (r accessRule) coversSecrets() bool {
	resource := false
	for _, x := range r.resources {
		if redact.CoversSecrets(x) {
			resource = true
		}
	}
	group := false
	for _, g := range r.groups {
		if g == "" || g == "*" {
			group = true
		}
	}
	return resource && group
}

func (o *CanIOptions) runList(ctx context.Context, s *reader.Session) (*printer.Result, error) {
	ns := o.Namespace
	rules, err := s.Client.RulesReview(ctx, ns)
	if err != nil {
		return nil, err
	}
	t := &printer.Table{NoHeaders: o.NoHeaders, Columns: []printer.Column{
		{Header: "Resources"}, {Header: "Non-Resource URLs"}, {Header: "Resource Names", Role: printer.RoleResourceNames}, {Header: "Verbs"},
	}}
	res := &printer.Result{Table: t}
	if rules.Incomplete {
		res.Notices = append(res.Notices, fault.Sentencef(sentenceCanIIncomplete, ns))
	}
	for _, r := range accessRows(rules) {
		t.Rows = append(t.Rows, []string{r.resourceCell(), authList(r.urls), authList(r.names), authList(r.verbs)})
		t.SecretRows = append(t.SecretRows, r.coversSecrets())
	}
	if len(t.Rows) == 0 && !t.NoHeaders {
		res.Table, res.Lines = nil, apiresources.MetaHeaderOnly(t.Columns)
	}
	return res, nil
}

// WhoAmIOptions are auth whoami's options, filled once from the statement; whoami reads no
// namespace and no list.
type WhoAmIOptions struct{ reader.Plain }

// Run prints who the API server says this connection is (SelfSubjectReview): kubectl's
// ATTRIBUTE and VALUE table, or the review as JSON or YAML. Extra values are masked in machine
// mode: their rows are marked, and the VALUE column masks marked rows.
func (o *WhoAmIOptions) Run(ctx context.Context, s *reader.Session) (*printer.Result, error) {
	ui, doc, err := s.Client.WhoAmI(ctx)
	if err != nil {
		return nil, err
	}
	if out := o.Output; out == "json" || out == "yaml" {
		return &printer.Result{Docs: &printer.Docs{Format: out, Value: doc}}, nil
	}
	t := &printer.Table{Columns: []printer.Column{{Header: "ATTRIBUTE"}, {Header: "VALUE", Role: printer.RoleResourceNames}}}
	add := func(attr, value string, masked bool) {
		t.Rows = append(t.Rows, []string{attr, value})
		t.SecretRows = append(t.SecretRows, masked)
	}
	if ui.Username != "" {
		add("Username", ui.Username, false)
	}
	if ui.UID != "" {
		add("UID", ui.UID, false)
	}
	if len(ui.Groups) > 0 {
		add("Groups", authList(ui.Groups), false)
	}
	for _, k := range slices.Sorted(maps.Keys(ui.Extra)) {
		add("Extra: "+k, authList(ui.Extra[k]), true)
	}
	if len(t.Rows) == 0 {
		return &printer.Result{Lines: apiresources.MetaHeaderOnly(t.Columns)}, nil
	}
	return &printer.Result{Table: t}, nil
}
