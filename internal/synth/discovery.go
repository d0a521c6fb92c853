// Package synth builds answers no real server can be made to give on demand, for unit tests:
// small aggregated discovery documents and Tables. Everything here is named synthetic; replay
// tests use recordings of real servers instead.
package synth

import (
	"encoding/json"
	"strings"
)

// Resource is one resource of a synthetic discovery answer.
type Resource struct {
	Group, Version, Resource, Kind, Singular string
	Namespaced                               bool
	Verbs                                    []string
	ShortNames                               []string
	Categories                               []string
	Subresources                             map[string][]string
}

// Basic is a small cluster: pods (with log and exec), secrets, namespaces, nodes, deployments,
// events in two groups, and one custom resource.
var Basic = []Resource{
	{Version: "v1", Resource: "pods", Kind: "Pod", Namespaced: true, Verbs: []string{"create", "delete", "get", "list", "watch"}, ShortNames: []string{"po"}, Subresources: map[string][]string{"log": {"get"}, "exec": {"create", "get"}, "proxy": {"get", "create"}, "eviction": {"create"}}},
	{Version: "v1", Resource: "secrets", Kind: "Secret", Namespaced: true, Verbs: []string{"get", "list", "watch", "create"}},
	{Version: "v1", Resource: "namespaces", Kind: "Namespace", Verbs: []string{"get", "list", "watch"}, ShortNames: []string{"ns"}},
	{Version: "v1", Resource: "nodes", Kind: "Node", Verbs: []string{"get", "list", "watch"}, ShortNames: []string{"no"}, Subresources: map[string][]string{"proxy": {"get"}}},
	{Version: "v1", Resource: "events", Kind: "Event", Namespaced: true, Verbs: []string{"get", "list", "watch"}, ShortNames: []string{"ev"}},
	{Version: "v1", Resource: "serviceaccounts", Kind: "ServiceAccount", Namespaced: true, Verbs: []string{"get", "list"}, ShortNames: []string{"sa"}, Subresources: map[string][]string{"token": {"create"}}},
	{Group: "apps", Version: "v1", Resource: "deployments", Kind: "Deployment", Namespaced: true, Verbs: []string{"get", "list", "watch"}, ShortNames: []string{"deploy"}},
	{Group: "events.k8s.io", Version: "v1", Resource: "events", Kind: "Event", Namespaced: true, Verbs: []string{"get", "list", "watch"}, ShortNames: []string{"ev"}},
	{Group: "demo.studioctl.dev", Version: "v1", Resource: "widgets", Kind: "Widget", Namespaced: true, Verbs: []string{"get", "list"}, ShortNames: []string{"wg"}},
	{Group: "authentication.k8s.io", Version: "v1", Resource: "selfsubjectreviews", Kind: "SelfSubjectReview", Verbs: []string{"create"}},
}

// Discovery returns the aggregated discovery answers for /api and /apis (apidiscovery v2).
func Discovery(rs []Resource) (api, apis string) {
	type res struct {
		Resource     string            `json:"resource"`
		ResponseKind map[string]string `json:"responseKind"`
		Scope        string            `json:"scope"`
		Singular     string            `json:"singularResource"`
		Verbs        []string          `json:"verbs"`
		ShortNames   []string          `json:"shortNames,omitempty"`
		Categories   []string          `json:"categories,omitempty"`
		Subresources []map[string]any  `json:"subresources,omitempty"`
	}
	type version struct {
		Version   string `json:"version"`
		Resources []res  `json:"resources"`
		Freshness string `json:"freshness"`
	}
	type item struct {
		Metadata map[string]string `json:"metadata"`
		Versions []version         `json:"versions"`
	}
	groups := map[string]*item{}
	var order []string
	for _, r := range rs {
		it, ok := groups[r.Group]
		if !ok {
			it = &item{Metadata: map[string]string{"name": r.Group}, Versions: []version{{Version: r.Version, Freshness: "Current"}}}
			groups[r.Group] = it
			order = append(order, r.Group)
		}
		scope := "Cluster"
		if r.Namespaced {
			scope = "Namespaced"
		}
		singular := r.Singular
		if singular == "" {
			singular = strings.ToLower(r.Kind)
		}
		x := res{Resource: r.Resource, ResponseKind: map[string]string{"group": r.Group, "version": r.Version, "kind": r.Kind}, Scope: scope, Singular: singular, Verbs: r.Verbs, ShortNames: r.ShortNames, Categories: r.Categories}
		for name, verbs := range r.Subresources {
			x.Subresources = append(x.Subresources, map[string]any{"subresource": name, "verbs": verbs, "responseKind": map[string]string{"kind": "X"}})
		}
		it.Versions[0].Resources = append(it.Versions[0].Resources, x)
	}
	list := func(items []*item) string {
		b, _ := json.Marshal(map[string]any{"kind": "APIGroupDiscoveryList", "apiVersion": "apidiscovery.k8s.io/v2", "metadata": map[string]any{}, "items": items})
		return string(b)
	}
	var core, rest []*item
	for _, g := range order {
		if g == "" {
			core = append(core, groups[g])
		} else {
			rest = append(rest, groups[g])
		}
	}
	return list(core), list(rest)
}

// DiscoveryContentType is the Content-Type a v2 discovery answer carries.
const DiscoveryContentType = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList"

// Table builds a Table answer with the given columns (name, type, priority) and rows of cells;
// each row's object carries the name and namespace when given.
func Table(columns [][3]string, rows [][]any, cont string) string {
	var cols []map[string]any
	for _, c := range columns {
		prio := 0
		if c[2] == "1" {
			prio = 1
		}
		col := map[string]any{"name": c[0], "type": c[1], "format": "", "description": "", "priority": prio}
		if c[0] == "Name" {
			col["format"] = "name"
		}
		cols = append(cols, col)
	}
	var rs []map[string]any
	for _, r := range rows {
		rs = append(rs, map[string]any{"cells": r})
	}
	b, _ := json.Marshal(map[string]any{"kind": "Table", "apiVersion": "meta.k8s.io/v1", "metadata": map[string]any{"continue": cont, "resourceVersion": "100"}, "columnDefinitions": cols, "rows": rs})
	return string(b)
}
