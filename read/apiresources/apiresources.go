// Package apiresources answers api-resources and api-versions from discovery, as kubectl prints them.
package apiresources

import (
	"bytes"
	"context"
	"slices"
	"sort"
	"strings"

	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
)

// apiResourceVerbs is the verb list api-resources prints and filters on: the server's whole list,
// which discovery keeps for display only; the policy reads the narrowed read-verb list.
func apiResourceVerbs(r discovery.APIResource) []string { return r.AllVerbs }

// ApiResPreferred picks, as kubectl's api-resources does, each resource of each group once: at
// the group's preferred version, or at the first version that serves it when the preferred one
// does not. Discovery lists every group's versions preferred first.
func ApiResPreferred(d *discovery.Discovery) []discovery.APIResource {
	type groupResource struct{ group, resource string }
	seen := map[groupResource]bool{}
	var out []discovery.APIResource
	for _, r := range d.Resources {
		if strings.Contains(r.Resource, "/") {
			continue
		}
		k := groupResource{r.Group, r.Resource}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, r)
	}
	return out
}

// ResourcesOptions are api-resources' options, filled once from the statement.
type ResourcesOptions struct {
	reader.Common
	Namespaced *bool    `flag:"namespaced"` // nil: both scopes
	APIGroup   *string  `flag:"api-group"`  // nil: every group; "" is the core group
	Verbs      []string `flag:"verbs"`
	Output     string   `flag:"output"`
	NoHeaders  bool     `flag:"no-headers"`
}

// Validate has nothing to add to the parser's checks.
func (o *ResourcesOptions) Validate() error { return nil }

// Complete has nothing to fill: discovery is one answer, not a list under the row cap.
func (o *ResourcesOptions) Complete(*reader.Session) {}

// wanted applies kubectl's filters to one resource type.
func (o *ResourcesOptions) wanted(r discovery.APIResource) bool {
	verbs := apiResourceVerbs(r)
	switch {
	case len(verbs) == 0:
		return false
	case o.APIGroup != nil && r.Group != *o.APIGroup:
		return false
	case o.Namespaced != nil && r.Namespaced != *o.Namespaced:
		return false
	}
	return apiResHasVerbs(verbs, o.Verbs)
}

// Run lists the resource types discovery lists, sorted by group and then name, with kubectl's
// filters and columns.
func (o *ResourcesOptions) Run(ctx context.Context, s *reader.Session) (*printer.Result, error) {
	d, err := s.Client.Discovery(ctx)
	if err != nil {
		return nil, err
	}
	var rows []discovery.APIResource
	for _, r := range ApiResPreferred(d) {
		if o.wanted(r) {
			rows = append(rows, r)
		}
	}
	sort.SliceStable(rows, func(i, j int) bool {
		if rows[i].Group != rows[j].Group {
			return rows[i].Group < rows[j].Group
		}
		return rows[i].Resource < rows[j].Resource
	})
	if o.Output == "name" {
		lines := &printer.Lines{}
		for _, r := range rows {
			lines.Text = append(lines.Text, r.GroupResource())
		}
		return &printer.Result{Lines: lines}, nil
	}
	wide := o.Output == "wide"
	t := &printer.Table{NoHeaders: o.NoHeaders}
	for _, h := range []string{"NAME", "SHORTNAMES", "APIVERSION", "NAMESPACED", "KIND"} {
		t.Columns = append(t.Columns, printer.Column{Header: h})
	}
	if wide {
		t.Columns = append(t.Columns, printer.Column{Header: "VERBS"}, printer.Column{Header: "CATEGORIES"})
	}
	if len(rows) == 0 && !t.NoHeaders {
		return &printer.Result{Lines: MetaHeaderOnly(t.Columns)}, nil
	}
	for _, r := range rows {
		namespaced := "false"
		if r.Namespaced {
			namespaced = "true"
		}
		row := []string{r.Resource, strings.Join(r.ShortNames, ","), r.GroupVersion(), namespaced, r.Kind}
		if wide {
			row = append(row, strings.Join(apiResourceVerbs(r), ","), strings.Join(r.Categories, ","))
		}
		t.Rows = append(t.Rows, row)
	}
	return &printer.Result{Table: t}, nil
}

// MetaHeaderOnly is what kubectl prints for a table with no rows: its header line alone, laid out
// as the Writer lays out tables (the Writer prints nothing for a table without rows).
func MetaHeaderOnly(cols []printer.Column) *printer.Lines {
	headers := make([]string, len(cols))
	for i, c := range cols {
		headers[i] = c.Header
	}
	var buf bytes.Buffer
	tw := printer.NewTabWriter(&buf)
	tw.Write([]byte(strings.Join(headers, "\t") + "\n"))
	tw.Flush()
	return &printer.Lines{Text: []string{strings.TrimSuffix(buf.String(), "\n")}}
}

func apiResHasVerbs(have, want []string) bool {
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}

// VersionsOptions are api-versions' options: the common ones alone.
type VersionsOptions struct{ reader.Common }

// Validate has nothing to add to the parser's checks.
func (o *VersionsOptions) Validate() error { return nil }

// Complete has nothing to fill.
func (o *VersionsOptions) Complete(*reader.Session) {}

// Run prints every group version discovery lists, sorted, one a line: v1 for the core group and
// group/version for the others.
func (o *VersionsOptions) Run(ctx context.Context, s *reader.Session) (*printer.Result, error) {
	d, err := s.Client.Discovery(ctx)
	if err != nil {
		return nil, err
	}
	var lines []string
	for _, g := range d.Groups {
		for _, v := range g.Versions {
			if g.Name == "" {
				lines = append(lines, v)
			} else {
				lines = append(lines, g.Name+"/"+v)
			}
		}
	}
	sort.Strings(lines)
	return &printer.Result{Lines: &printer.Lines{Text: lines}}, nil
}
