package kube

import (
	"context"
	"strings"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/policy"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube/discovery"
)

// Subresource reads (get --subresource): one object's status or scale, with GET alone, on the
// object's path. Which subresources may be read is the allowlist's (policy.IsGetSubresource);
// the client refuses any other before building a path, so no user text reaches one.

// GetSubresourceTable reads one object's status or scale as a one-row Table, as kubectl's get
// --subresource asks for one. A server with no Table for the subresource (a custom resource's
// status and scale) answers the object itself, which becomes one row named from its metadata,
// marked Plain so the printer adds kubectl's default AGE column.
func (c *Client) GetSubresourceTable(ctx context.Context, r discovery.APIResource, ns, name, sub, includeObject string) (*Table, error) {
	cl, err := subresourceCall(r, ns, name, sub, acceptTable)
	if err != nil {
		return nil, err
	}
	if includeObject != "" {
		cl.set("includeObject", includeObject)
	}
	body, err := c.do(ctx, cl)
	if err != nil {
		return nil, err
	}
	t, err := decodeSubresourceTable(body, r)
	if err != nil {
		return nil, decodeError(cl.what, err)
	}
	return t, nil
}

// GetSubresourceObject reads one object's status or scale whole, Secret values stripped. It keeps
// the kind and apiVersion the server wrote (a scale is an autoscaling/v1 Scale, not the object's
// kind), except that an object taken as a Secret is written as one.
func (c *Client) GetSubresourceObject(ctx context.Context, r discovery.APIResource, ns, name, sub string) (map[string]any, error) {
	cl, err := subresourceCall(r, ns, name, sub, AcceptJSON)
	if err != nil {
		return nil, err
	}
	body, err := c.do(ctx, cl)
	if err != nil {
		return nil, err
	}
	var obj map[string]any
	if err := decodeJSON(body, &obj); err != nil || obj == nil {
		return nil, decodeError(cl.what, err)
	}
	if peopleDecoded(obj, r, false) {
		stampKind(obj, r, true)
	}
	return obj, nil
}

func subresourceCall(r discovery.APIResource, ns, name, sub, accept string) (*call, error) {
	what := "get " + r.GroupResource() + "/" + sub + " " + name + Scope{Namespace: ns}.describe(r)
	if !policy.IsGetSubresource(sub) {
		return nil, fault.Refusef(codeRefusedPolicy, sentenceRefusedPolicy, what, "get reads only the status and scale subresources")
	}
	if err := checkName(what, name); err != nil {
		return nil, err
	}
	if err := checkScope(Scope{Namespace: ns}, r); err != nil {
		return nil, err
	}
	return &call{method: "GET", path: objectPath(r, ns, name) + "/" + sub, accept: accept, what: what, notFound: notFound(r, ns, name)}, nil
}

// decodeSubresourceTable reads a Table answer as decodeTable does, or the single object a server
// answers when it has no Table for the subresource.
func decodeSubresourceTable(body []byte, r discovery.APIResource) (*Table, error) {
	var head struct {
		Kind string `json:"kind"`
	}
	if err := decodeJSON(body, &head); err != nil {
		return nil, err
	}
	if head.Kind == "Table" {
		return decodeTable(body, r)
	}
	if head.Kind == "Status" || strings.HasSuffix(head.Kind, "List") {
		return nil, errNotTable
	}
	var obj map[string]any
	if err := decodeJSON(body, &obj); err != nil || obj == nil {
		return nil, errNotTable
	}
	peopleDecoded(obj, r, false)
	md := apivalue.Meta(obj)
	return &Table{
		Columns: []Column{{Name: "Name", Type: "string", Format: "name"}},
		Rows:    []Row{{Cells: []any{apivalue.MetaString(obj, "name")}, Object: map[string]any{"metadata": md}}},
		Plain:   true,
	}, nil
}
