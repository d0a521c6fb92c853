package describe

import (
	"context"
	"slices"
	"sort"
	"strings"

	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/redact"
)

// Identity and access: service accounts, roles and bindings.

func (r *dRenderer) serviceAccount() {
	w, o := r.w, r.obj
	r.headAndLabels(true)
	x := r.d.extra
	missing := func(name string) bool { return x.saExisting != nil && !x.saExisting[name] }
	names := func(key string) []string {
		var out []string
		for _, s := range dlist(o, key) {
			out = append(out, dstr(s, "name"))
		}
		return out
	}
	tokens := x.saTokens
	if r.machine {
		tokens = make([]string, len(x.saTokens))
		for i := range tokens {
			tokens[i] = redact.Masked
		}
	}
	rows := []struct {
		header string
		names  []string
	}{
		{"Image pull secrets:", names("imagePullSecrets")},
		{"Mountable secrets: ", names("secrets")},
		{"Tokens:            ", tokens},
	}
	for _, row := range rows {
		if len(row.names) == 0 {
			w.write(0, "%s\t<none>\n", row.header)
			continue
		}
		prefix := row.header
		for _, n := range row.names {
			if n != redact.Masked && missing(n) {
				w.write(0, "%s\t%s (not found)\n", prefix, n)
			} else {
				w.write(0, "%s\t%s\n", prefix, n)
			}
			prefix = "                   "
		}
	}
	r.events()
}

// serviceAccountSecrets lists the namespace's Secrets as a Table with metadata only (names, type
// and annotations; never a value), to find the service account's token Secrets and the names it
// lists that do not exist. A list the identity may not make is tolerated, as kubectl does.
func (rd *describeRead) serviceAccountSecrets(ctx context.Context) {
	r, err := rd.resolve(ctx, "secrets")
	if err != nil {
		return
	}
	sa := rd.d.Object
	name, uid := dstr(sa, "metadata", "name"), dstr(sa, "metadata", "uid")
	p := &dSecretRowPager{}
	err = rd.s.Client.ListTable(ctx, r, kube.Scope{Namespace: rd.ns}, kube.ListOptions{IncludeObject: "Metadata", MaxRows: rd.maxRows}, p)
	if err != nil {
		return
	}
	rd.d.extra.saExisting = map[string]bool{}
	for _, row := range p.rows {
		rd.d.extra.saExisting[row.name] = true
		if row.typ == "kubernetes.io/service-account-token" && row.saName == name && row.saUID == uid {
			rd.d.extra.saTokens = append(rd.d.extra.saTokens, row.name)
		}
	}
}

type dSecretRow struct{ name, typ, saName, saUID string }

type dSecretRowPager struct{ rows []dSecretRow }

func (p *dSecretRowPager) Reset() { p.rows = nil }

func (p *dSecretRowPager) Page(t *kube.Table) error {
	typeCol := -1
	for i, c := range t.Columns {
		if strings.EqualFold(c.Name, "Type") {
			typeCol = i
		}
	}
	for _, row := range t.Rows {
		sr := dSecretRow{name: row.Name()}
		if typeCol >= 0 && typeCol < len(row.Cells) {
			sr.typ = printer.CellString(row.Cells[typeCol])
		}
		ann := dmap(row.Object, "metadata", "annotations")
		sr.saName, sr.saUID = dstr(ann, "kubernetes.io/service-account.name"), dstr(ann, "kubernetes.io/service-account.uid")
		p.rows = append(p.rows, sr)
	}
	return nil
}

func (r *dRenderer) role() {
	w, o := r.w, r.obj
	r.headAndLabels(false)
	w.write(0, "PolicyRule:\n")
	w.write(1, "Resources\tNon-Resource URLs\tResource Names\tVerbs\n")
	w.write(1, "---------\t-----------------\t--------------\t-----\n")
	for _, rule := range dCompactRules(dlist(o, "rules")) {
		w.write(1, "%s\t%s\t%s\t%s\n", dCombineResourceGroup(rule.resources, rule.groups), dGoList(rule.urls), dGoList(rule.names), dGoList(rule.verbs))
	}
}

func (r *dRenderer) binding() {
	w, o := r.w, r.obj
	r.headAndLabels(false)
	w.write(0, "Role:\n")
	w.write(1, "Kind:\t%s\n", dstr(o, "roleRef", "kind"))
	w.write(1, "Name:\t%s\n", dstr(o, "roleRef", "name"))
	w.write(0, "Subjects:\n")
	w.write(1, "Kind\tName\tNamespace\n")
	w.write(1, "----\t----\t---------\n")
	for _, s := range dlist(o, "subjects") {
		w.write(1, "%s\t%s\t%s\n", dstr(s, "kind"), dstr(s, "name"), dstr(s, "namespace"))
	}
}

// dPolicyRule is one RBAC rule as kubectl's role describer prints it.
type dPolicyRule struct {
	verbs, groups, resources, names, urls []string
}

// sortKey is the rule's text as the Kubernetes API types print it, which kubectl sorts rules by.
func (p dPolicyRule) sortKey() string {
	return "&PolicyRule{Verbs:" + dGoList(p.verbs) + ",APIGroups:" + dGoList(p.groups) + ",Resources:" + dGoList(p.resources) +
		",ResourceNames:" + dGoList(p.names) + ",NonResourceURLs:" + dGoList(p.urls) + ",}"
}

// dCompactRules breaks a role's rules into one rule per group, resource, verb and resource name,
// merges the verbs of those that name the same group, resource and resource name, and sorts the
// result, as kubectl does before printing a role.
func dCompactRules(rules []any) []dPolicyRule {
	var broken []dPolicyRule
	for _, r := range rules {
		verbs, groups, resources, names := dStrList(r, "verbs"), dStrList(r, "apiGroups"), dStrList(r, "resources"), dStrList(r, "resourceNames")
		for _, g := range groups {
			for _, res := range resources {
				for _, v := range verbs {
					if len(names) == 0 {
						broken = append(broken, dPolicyRule{verbs: []string{v}, groups: []string{g}, resources: []string{res}})
						continue
					}
					for _, n := range names {
						broken = append(broken, dPolicyRule{verbs: []string{v}, groups: []string{g}, resources: []string{res}, names: []string{n}})
					}
				}
			}
		}
		for _, u := range dStrList(r, "nonResourceURLs") {
			for _, v := range verbs {
				broken = append(broken, dPolicyRule{verbs: []string{v}, urls: []string{u}})
			}
		}
	}
	type key struct {
		group, resource string
		named           bool
		name            string
	}
	var out []dPolicyRule
	var order []key
	simple := map[key]*dPolicyRule{}
	for _, r := range broken {
		if len(r.urls) > 0 || len(r.groups) != 1 || len(r.resources) != 1 || len(r.names) > 1 {
			out = append(out, r)
			continue
		}
		k := key{group: r.groups[0], resource: r.resources[0]}
		if len(r.names) == 1 {
			k.named, k.name = true, r.names[0]
		}
		cur, ok := simple[k]
		if !ok {
			c := r
			c.verbs = append([]string(nil), r.verbs...)
			simple[k] = &c
			order = append(order, k)
			continue
		}
		for _, v := range r.verbs {
			if !slices.Contains(cur.verbs, v) {
				cur.verbs = append(cur.verbs, v)
			}
		}
	}
	for _, k := range order {
		out = append(out, *simple[k])
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].sortKey() < out[j].sortKey() })
	return out
}

// dCombineResourceGroup prints a rule's resource as kubectl does: resource.group/subresource.
func dCombineResourceGroup(resources, groups []string) string {
	if len(resources) == 0 {
		return ""
	}
	base, sub, hasSub := strings.Cut(resources[0], "/")
	if len(groups) > 0 && groups[0] != "" {
		base += "." + groups[0]
	}
	if hasSub {
		base += "/" + sub
	}
	return base
}
