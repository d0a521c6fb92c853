package console

import (
	"sort"
	"strings"
)

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
			if !contains(cur.verbs, v) {
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
