// Package platform is studioctl's platform read side: the cluster inventory (discover), the
// ManagedComponents of the Navin Platform Operator (components) and the ToolHive MCP runtime
// (mcp-runtime). Every read is a typed call on kube.Client, so every request passes the
// allowlist and every answer the people rules (Secret values, the owner fingerprint) before
// anything here sees it. Signatures, add-ons and the like are data tables (signatures.go).
package platform

import (
	"context"
	"encoding/json"
	"sort"
	"strings"
	"time"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/printer"
)

// findResource finds group/resource in discovery at the group's preferred version (or the first
// version that serves it).
func findResource(d *discovery.Discovery, group, resource string) (discovery.APIResource, bool) {
	var found *discovery.APIResource
	for i := range d.Resources {
		r := &d.Resources[i]
		if r.Group != group || r.Resource != resource {
			continue
		}
		if r.Preferred {
			return *r, true
		}
		if found == nil {
			found = r
		}
	}
	if found == nil {
		return discovery.APIResource{}, false
	}
	return *found, true
}

// servedVersions lists the versions of group that serve resource, in the server's preference order.
func servedVersions(d *discovery.Discovery, group, resource string) []string {
	var out []string
	for _, g := range d.Groups {
		if g.Name != group {
			continue
		}
		for _, v := range g.Versions {
			if _, _, ok := d.Lookup(group, v, resource, ""); ok {
				out = append(out, v)
			}
		}
	}
	return out
}

// list reads a whole collection as objects.
func list(ctx context.Context, c *kube.Client, r discovery.APIResource, s kube.Scope, selector string) ([]map[string]any, error) {
	var items []map[string]any
	err := c.ListObjects(ctx, r, s, kube.ListOptions{LabelSelector: selector},
		func(o map[string]any) error { items = append(items, o); return nil },
		func() { items = nil })
	return items, err
}

// Unreadable is a part of an answer studioctl could not read: the identity may not, the server
// does not serve it, or the server answered with an error. It is reported, never guessed.
type Unreadable struct {
	What     string `json:"what"`
	Code     string `json:"code"`
	Sentence string `json:"sentence"`
}

// unreadable turns a server's error answer (exit 1) into an Unreadable; any other error (a
// refusal, a cap, an unreachable server) is returned to stop the command.
func unreadable(what string, err error) (*Unreadable, error) {
	e, ok := fault.As(err)
	if !ok || e.Class != fault.ServerError || e.Code == fault.CodeCanceled {
		return nil, err
	}
	return &Unreadable{What: what, Code: e.Code, Sentence: e.Sentence}, nil
}

func notServed(what, resource string) Unreadable {
	return Unreadable{What: what, Code: CodeNotServed, Sentence: sprintf(sentenceNotServed, resource)}
}

// Field readers over decoded objects.

func field(o map[string]any, path ...string) any {
	return kube.Field(o, path...)
}

func str(o map[string]any, path ...string) string {
	s, _ := field(o, path...).(string)
	return s
}

func strMap(o map[string]any, path ...string) map[string]string {
	raw, _ := field(o, path...).(map[string]any)
	out := make(map[string]string, len(raw))
	for k, v := range raw {
		if s, ok := v.(string); ok {
			out[k] = s
		}
	}
	return out
}

func integer(o map[string]any, path ...string) (int64, bool) {
	switch t := field(o, path...).(type) {
	case json.Number:
		n, err := t.Int64()
		return n, err == nil
	case float64:
		return int64(t), true
	}
	return 0, false
}

func boolean(o map[string]any, path ...string) bool {
	b, _ := field(o, path...).(bool)
	return b
}

func objects(o map[string]any, path ...string) []map[string]any {
	raw, _ := field(o, path...).([]any)
	var out []map[string]any
	for _, v := range raw {
		if m, ok := v.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

func created(o map[string]any) time.Time {
	return apivalue.Time(str(o, "metadata", "creationTimestamp"))
}

func age(now, t time.Time) string {
	if t.IsZero() {
		return "<unknown>"
	}
	return printer.HumanDuration(now.Sub(t))
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// imageVersion reads a version from an image reference: the tag (never a digest), without a
// leading v, cut to its leading x.y.z.
func imageVersion(image string) string {
	image, _, _ = strings.Cut(image, "@")
	slash := strings.LastIndexByte(image, '/')
	colon := strings.LastIndexByte(image, ':')
	if colon <= slash {
		return ""
	}
	tag := strings.TrimPrefix(image[colon+1:], "v")
	end, dots := 0, 0
	for end < len(tag) {
		c := tag[end]
		if c == '.' && dots < 2 && end > 0 && tag[end-1] != '.' {
			dots++
		} else if c < '0' || c > '9' {
			break
		}
		end++
	}
	return strings.TrimSuffix(tag[:end], ".")
}

// document turns a report into the generic value the printer writes (and machine mode masks).
func document(v any) map[string]any {
	data, _ := json.Marshal(v)
	var doc map[string]any
	d := json.NewDecoder(strings.NewReader(string(data)))
	d.UseNumber()
	_ = d.Decode(&doc)
	return doc
}

func sprintf(format string, args ...any) string { return fault.Sentencef(format, args...) }
