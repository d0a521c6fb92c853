package mcp

import (
	"context"
	"fmt"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/browse"
	"github.com/studioctl/studioctl/sanitize"
)

// OutlineOutput is outline_cluster's answer, the plan-mode projection: the Cluster container and
// the default namespace walked, every namespace named, and how many were not read.
type OutlineOutput struct {
	Connection        string      `json:"connection"`
	Containers        []Container `json:"containers" jsonschema:"the Cluster container and the default namespace, walked"`
	Namespaces        []string    `json:"namespaces" jsonschema:"every namespace, by name, the ones not read included"`
	NamespacesNotRead int         `json:"namespacesNotRead" jsonschema:"how many namespaces were not walked; read them with run_kubectl_read"`
	Notices           []string    `json:"notices,omitempty"`
}

// Container is one walked container: Cluster or a namespace.
type Container struct {
	Name  string        `json:"name"`
	Kinds []KindOutline `json:"kinds"`
}

// KindOutline is one kind in a container: its count and its objects' names (a Secret's withheld).
type KindOutline struct {
	Kind          string   `json:"kind" jsonschema:"the kind as the tree labels it, such as Pods"`
	Resource      string   `json:"resource" jsonschema:"the resource to name in a statement, such as deployments.apps"`
	Count         int      `json:"count"`
	More          bool     `json:"more,omitempty" jsonschema:"more objects exist than were counted (1000 or more)"`
	Names         []string `json:"names,omitempty"`
	NamesWithheld int      `json:"namesWithheld,omitempty" jsonschema:"how many names are withheld: Secrets, and events about Secrets"`
	Locked        string   `json:"locked,omitempty" jsonschema:"why this identity may not list the kind here"`
	Error         string   `json:"error,omitempty"`
}

func (s *Server) outline(ctx context.Context, _ *sdk.CallToolRequest, in OutlineInput) (*sdk.CallToolResult, OutlineOutput, error) {
	var out OutlineOutput
	rec := &logRecord{Tool: "outline_cluster", Connection: in.Connection}
	err := s.call(ctx, rec, func(ctx context.Context) (int, error) {
		c, err := s.resolve(rec, in.Connection)
		if err != nil {
			return 0, err
		}
		sess, err := s.session(c)
		if err != nil {
			return 0, err
		}
		out, err = walkOutline(ctx, sess)
		out.Connection = c.Name
		return countNames(out), err
	})
	if err != nil {
		return nil, OutlineOutput{}, err
	}
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: outlineText(out)}}}, out, nil
}

// walkOutline reads the namespace list, then opens Cluster and the default namespace.
func walkOutline(ctx context.Context, sess *studioctl.Session) (OutlineOutput, error) {
	out := OutlineOutput{Namespaces: []string{}, Containers: []Container{}}
	b := browse.Open(sess)
	root, err := b.Root(ctx)
	if err != nil {
		return out, err
	}
	for _, n := range root.Notices {
		out.Notices = append(out.Notices, sanitize.String(n.Sentence))
	}
	walk := []*browse.Node{root.Containers[0]}
	for _, n := range root.Containers[1:] {
		out.Namespaces = append(out.Namespaces, n.Label)
		if n.Default {
			walk = append(walk, n)
		}
	}
	out.NamespacesNotRead = len(out.Namespaces) - (len(walk) - 1)
	for _, n := range walk {
		if err := b.Open(ctx, n); err != nil {
			return out, err
		}
		out.Containers = append(out.Containers, containerOutline(n))
	}
	return out, nil
}

// containerOutline lists a container's served kinds, in the tree's order.
func containerOutline(n *browse.Node) Container {
	c := Container{Name: n.Label, Kinds: []KindOutline{}}
	n.Walk(func(f *browse.Node) {
		if f.Kind != browse.KindFolder || f.NotServed || f.Resource == nil {
			return
		}
		k := KindOutline{Kind: f.Label, Resource: resourceName(f), Count: f.Count, More: f.Capped}
		if f.Locked != nil {
			k.Locked = f.Locked.Sentence
		}
		if f.Err != nil {
			k.Error = f.Err.Sentence
		}
		for _, o := range f.Children {
			if o.IsSecretObject() {
				k.NamesWithheld++
				continue
			}
			k.Names = append(k.Names, o.Label)
		}
		c.Kinds = append(c.Kinds, k)
	})
	return c
}

func resourceName(f *browse.Node) string {
	if f.Resource.Group == "" {
		return f.Resource.Resource
	}
	return f.Resource.Resource + "." + f.Resource.Group
}

func countNames(o OutlineOutput) int {
	n := 0
	for _, c := range o.Containers {
		for _, k := range c.Kinds {
			n += len(k.Names)
		}
	}
	return n
}

// outlineText is the outline as the model reads it, every name sanitised.
func outlineText(o OutlineOutput) string {
	var b strings.Builder
	for _, c := range o.Containers {
		fmt.Fprintf(&b, "%s\n", sanitize.String(c.Name))
		for _, k := range c.Kinds {
			fmt.Fprintf(&b, "  %s (%s): %s\n", k.Kind, k.Resource, kindCount(k))
			if len(k.Names) > 0 {
				fmt.Fprintf(&b, "    %s\n", sanitize.String(strings.Join(k.Names, ", ")))
			}
		}
	}
	fmt.Fprintf(&b, "Namespaces (%d, %d not read): %s\n", len(o.Namespaces), o.NamespacesNotRead, sanitize.String(strings.Join(o.Namespaces, ", ")))
	for _, n := range o.Notices {
		fmt.Fprintf(&b, "notice: %s\n", n)
	}
	return b.String()
}

func kindCount(k KindOutline) string {
	switch {
	case k.Locked != "":
		return "locked: " + k.Locked
	case k.Error != "":
		return "error: " + k.Error
	case k.More:
		return fmt.Sprintf("%d or more", k.Count)
	case k.NamesWithheld > 0:
		return fmt.Sprintf("%d (names withheld: %d)", k.Count, k.NamesWithheld)
	}
	return fmt.Sprint(k.Count)
}
