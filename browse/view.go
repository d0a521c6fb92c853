package browse

import (
	"bytes"
	"context"
	"strings"
	"unicode/utf8"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/sanitize"
)

// View is the keyboard-driven cluster tree that `studioctl browse` shows with T, as a model: keys
// in, screen lines out, no terminal. Right (or l) opens a container or folder, left (or h) closes
// it or goes to the parent, Enter opens a pod's last 50 log lines, any other object's YAML view or
// a custom resource type's list, d describes an object, y shows any object's YAML, / filters what
// was read, q leaves it.
type View struct {
	b        *Browser
	mode     printer.RedactMode
	roots    []*Node
	expanded map[string]bool
	cursor   int
	top      int
	filter   string
	editing  bool // typing a filter
	status   string
	page     *page // an action's output, shown over the tree

	Width, Height int
}

type page struct {
	title string
	lines []string
	top   int
}

type viewRow struct {
	n     *Node
	depth int
}

// Key is one key press: a named key or a printable rune.
type Key struct {
	Name string // up, down, left, right, enter, esc, backspace, pgup, pgdn, home, end, ctrl-c; "" for Rune
	Rune rune
}

// NewView reads the tree's top level (the namespace list) and returns the view on it.
func NewView(ctx context.Context, b *Browser, mode printer.RedactMode) (*View, error) {
	root, err := b.Root(ctx)
	if err != nil {
		return nil, err
	}
	v := &View{b: b, mode: mode, roots: root.Containers, expanded: map[string]bool{}, Width: 80, Height: 24}
	for _, n := range root.Notices {
		v.status = n.Sentence
	}
	return v, nil
}

// ParseKeys reads the keys in bytes read from a terminal in raw mode.
func ParseKeys(b []byte) []Key {
	var keys []Key
	for len(b) > 0 {
		switch {
		case b[0] == 0x1b && len(b) >= 3 && (b[1] == '[' || b[1] == 'O'):
			name, n := "", 3
			switch b[2] {
			case 'A':
				name = "up"
			case 'B':
				name = "down"
			case 'C':
				name = "right"
			case 'D':
				name = "left"
			case 'H':
				name = "home"
			case 'F':
				name = "end"
			case '5', '6':
				if len(b) >= 4 && b[3] == '~' {
					name, n = map[byte]string{'5': "pgup", '6': "pgdn"}[b[2]], 4
				}
			}
			if name == "" { // an escape sequence this view does not read: skip to its final byte
				for n < len(b) && (b[n-1] < 0x40 || b[n-1] > 0x7e) {
					n++
				}
			} else {
				keys = append(keys, Key{Name: name})
			}
			b = b[n:]
			continue
		case b[0] == 0x1b:
			keys = append(keys, Key{Name: "esc"})
		case b[0] == '\r' || b[0] == '\n':
			keys = append(keys, Key{Name: "enter"})
		case b[0] == 0x7f || b[0] == 0x08:
			keys = append(keys, Key{Name: "backspace"})
		case b[0] == 0x03:
			keys = append(keys, Key{Name: "ctrl-c"})
		case b[0] >= 0x20:
			r, n := utf8.DecodeRune(b)
			keys = append(keys, Key{Rune: r})
			b = b[n:]
			continue
		}
		b = b[1:]
	}
	return keys
}

// rows are the lines of the tree as shown: every opened node's children below it, or, with a
// filter, every node read so far whose label holds the filter, with its ancestors.
func (v *View) rows() []viewRow {
	var out []viewRow
	var walk func(n *Node, depth int)
	if v.filter == "" {
		walk = func(n *Node, depth int) {
			out = append(out, viewRow{n, depth})
			if v.expanded[n.Path] {
				for _, c := range n.Children {
					walk(c, depth+1)
				}
			}
		}
		for _, r := range v.roots {
			walk(r, 0)
		}
		return out
	}
	f := strings.ToLower(v.filter)
	var keep func(n *Node, depth int) []viewRow
	keep = func(n *Node, depth int) []viewRow {
		var below []viewRow
		for _, c := range n.Children {
			below = append(below, keep(c, depth+1)...)
		}
		if len(below) > 0 || strings.Contains(strings.ToLower(v.label(n)), f) {
			return append([]viewRow{{n, depth}}, below...)
		}
		return nil
	}
	for _, r := range v.roots {
		out = append(out, keep(r, 0)...)
	}
	return out
}

func (v *View) label(n *Node) string {
	if n.Kind == KindObject || n.Kind == KindType {
		return displayLabel(n, v.mode)
	}
	return sanitize.String(n.Label)
}

// Key applies one key and reports whether the view is done.
func (v *View) Key(ctx context.Context, k Key) (quit bool) {
	if k.Name == "ctrl-c" {
		return true
	}
	if v.page != nil {
		return v.pageKey(k)
	}
	if v.editing {
		switch {
		case k.Name == "enter":
			v.editing = false
		case k.Name == "esc":
			v.editing, v.filter = false, ""
		case k.Name == "backspace":
			if r := []rune(v.filter); len(r) > 0 {
				v.filter = string(r[:len(r)-1])
			}
		case k.Name == "" && k.Rune >= 0x20:
			v.filter += string(k.Rune)
		}
		v.cursor, v.top = 0, 0
		return false
	}
	rows := v.rows()
	if v.cursor >= len(rows) {
		v.cursor = max(0, len(rows)-1)
	}
	var cur *viewRow
	if len(rows) > 0 {
		cur = &rows[v.cursor]
	}
	v.status = ""
	switch {
	case k.Rune == 'q':
		return true
	case k.Name == "esc":
		v.filter = ""
	case k.Rune == '/':
		v.editing, v.filter = true, ""
	case k.Name == "up" || k.Rune == 'k':
		v.cursor = max(0, v.cursor-1)
	case k.Name == "down" || k.Rune == 'j':
		v.cursor = max(0, min(len(rows)-1, v.cursor+1))
	case k.Name == "pgup":
		v.cursor = max(0, v.cursor-v.treeHeight())
	case k.Name == "pgdn":
		v.cursor = max(0, min(len(rows)-1, v.cursor+v.treeHeight()))
	case k.Name == "home":
		v.cursor = 0
	case k.Name == "end":
		v.cursor = max(0, len(rows)-1)
	case cur == nil:
	case k.Name == "right" || k.Rune == 'l' || k.Rune == '+':
		v.expand(ctx, cur.n)
	case k.Name == "left" || k.Rune == 'h' || k.Rune == '-':
		if v.expanded[cur.n.Path] {
			delete(v.expanded, cur.n.Path)
		} else {
			for i := v.cursor - 1; i >= 0; i-- {
				if rows[i].depth < cur.depth {
					v.cursor = i
					break
				}
			}
		}
	case k.Name == "enter":
		switch cur.n.Kind {
		case KindObject:
			if _, ok := cur.n.Action(ActionLogs); ok {
				v.run(ctx, cur.n, ActionLogs)
			} else {
				v.run(ctx, cur.n, ActionSource)
			}
		case KindType:
			v.run(ctx, cur.n, ActionList)
		default:
			if v.expanded[cur.n.Path] {
				delete(v.expanded, cur.n.Path)
			} else {
				v.expand(ctx, cur.n)
			}
		}
	case k.Rune == 'y':
		v.run(ctx, cur.n, ActionSource)
	case k.Rune == 'd':
		v.run(ctx, cur.n, ActionDescribe)
	}
	return false
}

func (v *View) expand(ctx context.Context, n *Node) {
	switch n.Kind {
	case KindContainer:
		if err := v.b.Open(ctx, n); err != nil {
			v.status = errorText(err)
			return
		}
	case KindObject, KindType:
		return
	}
	if len(n.Children) > 0 {
		v.expanded[n.Path] = true
	}
}

// run runs a row action and shows its output as a page: printed by the console's Writer in the
// session's redaction mode, notices and errors included.
func (v *View) run(ctx context.Context, n *Node, action string) {
	a, ok := n.Action(action)
	if !ok {
		v.status = "This row has no " + action + " action."
		return
	}
	title := a.Statement()
	if action == ActionSource {
		title = "YAML view of " + v.label(n)
	}
	var buf bytes.Buffer
	res, err := v.b.Run(ctx, n, a)
	if err == nil {
		err = printer.NewWriter(&buf, &buf, v.mode).Write(res)
		for _, e := range res.Errors {
			buf.WriteString("error: " + e.Sentence + "\n")
		}
	}
	if err != nil {
		buf.WriteString("error: " + errorText(err) + "\n")
	}
	text := strings.TrimRight(buf.String(), "\n")
	v.page = &page{title: title, lines: strings.Split(text, "\n")}
}

func errorText(err error) string {
	if e, ok := fault.As(err); ok {
		return e.Sentence
	}
	return sanitize.String(err.Error())
}

func (v *View) pageKey(k Key) bool {
	p := v.page
	h := v.treeHeight()
	last := max(0, len(p.lines)-h)
	switch {
	case k.Rune == 'q' || k.Name == "esc" || k.Name == "left" || k.Rune == 'h':
		v.page = nil
	case k.Name == "up" || k.Rune == 'k':
		p.top = max(0, p.top-1)
	case k.Name == "down" || k.Rune == 'j' || k.Name == "enter":
		p.top = min(last, p.top+1)
	case k.Name == "pgup":
		p.top = max(0, p.top-h)
	case k.Name == "pgdn" || k.Rune == ' ':
		p.top = min(last, p.top+h)
	case k.Name == "home":
		p.top = 0
	case k.Name == "end":
		p.top = last
	}
	return false
}

func (v *View) treeHeight() int { return max(1, v.Height-2) }

const (
	viewHelp = "arrows move, right opens, left closes, Enter views, d describes, y YAML, / filters, q quits"
	pageHelp = "arrows scroll, q goes back"
)

// Screen is what the terminal shows: exactly Height lines, none wider than Width, and the index of
// the highlighted line (-1 when none). Every name the server gave is sanitized, and in machine mode
// a core Secret's name is masked.
func (v *View) Screen() (lines []string, cursor int) {
	h := v.treeHeight()
	cursor = -1
	if v.page != nil {
		lines = append(lines, v.page.title+"  ("+pageHelp+")")
		end := min(len(v.page.lines), v.page.top+h)
		for _, l := range v.page.lines[v.page.top:end] {
			lines = append(lines, sanitize.String(l))
		}
	} else {
		lines = append(lines, "studioctl browse  ("+viewHelp+")")
		rows := v.rows()
		if v.cursor >= len(rows) {
			v.cursor = max(0, len(rows)-1)
		}
		if v.cursor < v.top {
			v.top = v.cursor
		}
		if v.cursor >= v.top+h {
			v.top = v.cursor - h + 1
		}
		for i := v.top; i < len(rows) && i < v.top+h; i++ {
			if i == v.cursor {
				cursor = len(lines)
			}
			lines = append(lines, v.rowText(rows[i]))
		}
	}
	for len(lines) < v.Height-1 {
		lines = append(lines, "")
	}
	switch {
	case v.editing:
		lines = append(lines, "/"+sanitize.String(v.filter))
	case v.filter != "":
		lines = append(lines, "filter: "+sanitize.String(v.filter)+"  (Esc clears)")
	default:
		lines = append(lines, v.status)
	}
	for i, l := range lines {
		lines[i] = clip(l, v.Width)
	}
	return lines[:max(0, min(len(lines), v.Height))], cursor
}

func (v *View) rowText(r viewRow) string {
	n := r.n
	mark := "  "
	switch {
	case n.Kind == KindObject || n.Kind == KindType:
	case v.expanded[n.Path] || (v.filter != "" && len(n.Children) > 0):
		mark = "- "
	case n.Kind == KindContainer && !n.Opened, len(n.Children) > 0:
		mark = "+ "
	}
	s := strings.Repeat("  ", r.depth) + mark + v.label(n)
	if n.Default {
		s += "  " + wordDefault
	}
	if info := folderInfo(n); n.Kind == KindFolder && info != "" {
		s += "  " + info
	}
	return s
}

// clip cuts a line to width runes.
func clip(s string, width int) string {
	if width <= 0 || utf8.RuneCountInString(s) <= width {
		return s
	}
	r := []rune(s)
	return string(r[:width])
}
