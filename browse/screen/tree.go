package screen

import (
	tea "github.com/charmbracelet/bubbletea"
	"github.com/studioctl/studioctl/browse"
)

// treeView is the cluster tree of studioctl tree (browse.View: lazy, capped folders, locks) shown
// over the list. Its keys read the server (opening a folder lists it), so each runs as a command
// and the screen draws the tree's last frame meanwhile; keys pressed then wait their turn (up to
// treeQueue of them).
type treeView struct {
	v      *browse.View
	busy   bool
	queue  []browse.Key
	lines  []string
	cursor int
}

const treeQueue = 16

type treeOpenMsg struct {
	v   *browse.View
	err error
}

type treeKeyMsg struct{ quit bool }

// openTree reads the tree's top level (the namespace list).
func (m *Model) openTree() tea.Cmd {
	ctx, b, mode := m.ctx, m.cfg.Browser, m.cfg.Mode
	m.status = wordLoading
	return func() tea.Msg {
		v, err := browse.NewView(ctx, b, mode)
		return treeOpenMsg{v: v, err: err}
	}
}

func (m *Model) treeOpened(msg treeOpenMsg) {
	if msg.err != nil {
		m.status = sentenceOf(msg.err)
		return
	}
	m.status = ""
	m.closeView()
	m.tree = &treeView{v: msg.v}
	m.treeFrame()
}

// treeFrame keeps the tree's frame at the screen's size; only called while no key is running.
func (m *Model) treeFrame() {
	t := m.tree
	t.v.Width, t.v.Height = max(m.width, 20), max(1, m.height-2)
	t.lines, t.cursor = t.v.Screen()
}

// treeKey hands a key to the tree; q (or Ctrl-C, as the tree reads it) leaves it.
func (m *Model) treeKey(k tea.KeyMsg) tea.Cmd {
	t := m.tree
	key, ok := treeKeys[k.Type]
	if k.Type == tea.KeyRunes && len(k.Runes) == 1 {
		key, ok = browse.Key{Rune: k.Runes[0]}, true
	}
	switch {
	case !ok:
		return nil
	case t.busy && len(t.queue) < treeQueue:
		t.queue = append(t.queue, key)
		return nil
	case t.busy:
		return nil
	}
	return m.runTreeKey(key)
}

func (m *Model) runTreeKey(key browse.Key) tea.Cmd {
	t, ctx := m.tree, m.ctx
	t.busy = true
	return func() tea.Msg { return treeKeyMsg{quit: t.v.Key(ctx, key)} }
}

func (m *Model) treeKeyDone(msg treeKeyMsg) tea.Cmd {
	t := m.tree
	if t == nil {
		return nil
	}
	t.busy = false
	if msg.quit {
		m.tree = nil
		return nil
	}
	m.treeFrame()
	if len(t.queue) > 0 {
		next := t.queue[0]
		t.queue = t.queue[1:]
		return m.runTreeKey(next)
	}
	return nil
}

// treeKeys are the named keys the tree reads, as browse.Key names them.
var treeKeys = map[tea.KeyType]browse.Key{
	tea.KeyUp: {Name: "up"}, tea.KeyDown: {Name: "down"}, tea.KeyLeft: {Name: "left"}, tea.KeyRight: {Name: "right"},
	tea.KeyEnter: {Name: "enter"}, tea.KeyEsc: {Name: "esc"}, tea.KeyBackspace: {Name: "backspace"},
	tea.KeyPgUp: {Name: "pgup"}, tea.KeyPgDown: {Name: "pgdn"}, tea.KeyHome: {Name: "home"}, tea.KeyEnd: {Name: "end"},
	tea.KeyCtrlC: {Name: "ctrl-c"}, tea.KeySpace: {Rune: ' '},
}

// treeLines draws the tree's last frame, the cursor row marked as the list's is.
func (m *Model) treeLines(w int) []string {
	t := m.tree // its last frame: the tree is not read while one of its keys runs
	out := make([]string, 0, len(t.lines))
	for i, l := range t.lines {
		if i == t.cursor {
			out = append(out, m.st.render(m.st.cursor, m.pad(cut("> "+l, w), w)))
			continue
		}
		out = append(out, cut("  "+l, w))
	}
	return out
}
