package browse

import (
	"strings"
	"unicode/utf8"

	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/redact"
	"github.com/studioctl/studioctl/sanitize"
)

// TextOptions say how the tree is written as text.
type TextOptions struct {
	Objects bool               // list each folder's objects (and the custom resource types)
	Mode    printer.RedactMode // Machine masks the names of core Secrets
}

// Text writes nodes (containers, usually) as an indented tree, one line each, with each folder's
// count, lock or not-served mark aligned in a second column. Names the server gave are sanitized;
// in machine mode a core Secret's name is masked.
func Text(nodes []*Node, o TextOptions) []string {
	type row struct {
		left, right string
	}
	var rows []row
	var walk func(n *Node, depth int)
	walk = func(n *Node, depth int) {
		indent := strings.Repeat("  ", depth)
		switch n.Kind {
		case KindContainer:
			left := sanitize.String(n.Label)
			if n.Default {
				left += "  " + wordDefault
			}
			rows = append(rows, row{left: indent + left})
		case KindGroup:
			rows = append(rows, row{left: indent + n.Label})
		case KindFolder:
			rows = append(rows, row{left: indent + n.Label, right: folderInfo(n)})
		case KindObject, KindType:
			rows = append(rows, row{left: indent + displayLabel(n, o.Mode)})
			return
		}
		if n.Kind == KindFolder && !o.Objects {
			return
		}
		for _, c := range n.Children {
			walk(c, depth+1)
		}
		if n.Kind == KindFolder && n.Capped {
			rows = append(rows, row{left: indent + "  " + sprintf(wordFirstOnly, Thousands(limits.TreeFolderCap))})
		}
	}
	for _, n := range nodes {
		walk(n, 0)
	}
	width := 0
	for _, r := range rows {
		if r.right != "" {
			width = max(width, utf8.RuneCountInString(r.left))
		}
	}
	out := make([]string, 0, len(rows))
	for _, r := range rows {
		if r.right == "" {
			out = append(out, r.left)
			continue
		}
		out = append(out, r.left+strings.Repeat(" ", width-utf8.RuneCountInString(r.left)+3)+r.right)
	}
	return out
}

// wordFirstOnly closes a capped folder's object list in the text tree.
const wordFirstOnly = "(the first %s; studioctl get reads the rest)"

// folderInfo is what the tree prints beside a folder.
func folderInfo(n *Node) string {
	switch {
	case n.NotServed:
		return wordNotServed
	case n.Locked != nil:
		return sprintf(wordLocked, n.Locked.Sentence)
	case n.Err != nil:
		return sprintf(wordNotRead, n.Err.Sentence)
	case n.Counted:
		return n.CountText()
	}
	return ""
}

// displayLabel is an object's or a type's label as written: sanitized, and masked in machine mode
// for a core Secret.
func displayLabel(n *Node, mode printer.RedactMode) string {
	if mode == printer.Machine && n.IsSecretObject() {
		return redact.Masked
	}
	return sanitize.String(n.Label)
}

// JSONTree is the tree's JSON document.
type JSONTree struct {
	APIVersion string          `json:"apiVersion"`
	Kind       string          `json:"kind"`
	Namespaces *JSONNamespaces `json:"namespaces,omitempty"`
	Notices    []Notice        `json:"notices"`
	Containers []*JSONNode     `json:"containers"`
}

// JSONNamespaces says where the namespace list came from and how long it is.
type JSONNamespaces struct {
	Source  string `json:"source"`
	Count   int    `json:"count"`
	Capped  bool   `json:"capped"`
	Refused *Lock  `json:"refused,omitempty"`
}

// JSONNode is one node of the JSON document. A field that does not apply to the node's kind is
// absent; an absent boolean is false, and an absent count was not read.
type JSONNode struct {
	Kind       NodeKind    `json:"kind"`
	Path       string      `json:"path"`
	Label      string      `json:"label"`
	Namespace  string      `json:"namespace,omitempty"`
	Default    bool        `json:"default,omitempty"`
	Opened     bool        `json:"opened,omitempty"`
	Resource   string      `json:"resource,omitempty"`   // folder, object, type: plural.group
	APIVersion string      `json:"apiVersion,omitempty"` // folder, object, type: group/version
	Name       string      `json:"name,omitempty"`       // object
	Ref        string      `json:"ref,omitempty"`        // object: kind/name; type: plural.group
	Count      *int        `json:"count,omitempty"`      // folder: objects (or types) listed
	CountText  string      `json:"countText,omitempty"`  // folder: "12", "1,000 or more"
	Capped     bool        `json:"capped,omitempty"`     // folder: more than 1,000 exist
	Locked     *Lock       `json:"locked,omitempty"`     // folder: the list was refused (403)
	NotServed  bool        `json:"notServed,omitempty"`  // folder: the server does not serve the kind
	Error      *Lock       `json:"error,omitempty"`      // folder: another error answered the list
	Statement  string      `json:"statement,omitempty"`  // type: the List action's statement
	Children   []*JSONNode `json:"children,omitempty"`
}

// JSON builds the tree's JSON document. With objects false, folders carry their counts but not
// their objects. In machine mode a core Secret's name is masked in its label, path and ref.
func JSON(nodes []*Node, ns *Namespaces, notices []Notice, objects bool, mode printer.RedactMode) *JSONTree {
	doc := &JSONTree{APIVersion: TreeSchema, Kind: TreeKind, Notices: notices, Containers: []*JSONNode{}}
	if doc.Notices == nil {
		doc.Notices = []Notice{}
	}
	if ns != nil {
		doc.Namespaces = &JSONNamespaces{Source: ns.Source, Count: len(ns.Names), Capped: ns.Capped, Refused: ns.Refused}
	}
	var conv func(n *Node) *JSONNode
	conv = func(n *Node) *JSONNode {
		j := &JSONNode{Kind: n.Kind, Path: n.Path, Label: n.Label, Namespace: n.Namespace, Default: n.Default,
			Capped: n.Capped, Locked: n.Locked, NotServed: n.NotServed, Ref: n.Ref, Name: n.Name}
		if n.Kind != KindObject && n.Kind != KindType {
			j.Opened = n.Opened
		}
		if n.Resource != nil {
			j.Resource, j.APIVersion = n.Resource.GroupResource(), n.Resource.GroupVersion()
		}
		if n.Err != nil {
			j.Error = &Lock{Code: n.Err.Code, Sentence: n.Err.Sentence}
		}
		if n.Kind == KindFolder && n.Counted {
			c := n.Count
			j.Count, j.CountText = &c, n.CountText()
		}
		if a, ok := n.Action(ActionList); ok {
			j.Statement = a.Statement()
		}
		if mode == printer.Machine && n.IsSecretObject() {
			j.Label, j.Name = redact.Masked, ""
			j.Ref = n.Resource.Singular + "/" + redact.Masked
			j.Path = strings.TrimSuffix(n.Path, n.Ref) + j.Ref
		}
		if n.Kind == KindFolder && !objects {
			return j
		}
		for _, c := range n.Children {
			j.Children = append(j.Children, conv(c))
		}
		return j
	}
	for _, n := range nodes {
		doc.Containers = append(doc.Containers, conv(n))
	}
	return doc
}
