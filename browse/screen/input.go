package screen

import (
	"context"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/redact"
	"github.com/studioctl/studioctl/sanitize"
)

// The screen's input: keys through the key table to their actions, the prompt, and the row
// actions' choice of the object under the cursor.

// where is the part of the key table that applies now.
func (m *Model) where() string {
	switch {
	case m.tree != nil:
		return OnTree
	case m.view != nil && m.view.logs != nil:
		return OnLogs
	case m.view != nil:
		return OnView
	}
	return OnList
}

// key runs the action of one key press.
func (m *Model) key(k tea.KeyMsg) tea.Cmd {
	if k.Type == tea.KeyRunes && len(k.Runes) > 1 && m.prompt == nil {
		// Keys typed faster than they are read arrive as one message: each is its own key.
		var cmds []tea.Cmd
		for _, r := range k.Runes {
			cmds = append(cmds, m.key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: k.Alt}))
		}
		return tea.Batch(cmds...)
	}
	if m.prompt != nil {
		return m.promptKey(k)
	}
	name := k.String()
	if m.help {
		return m.helpKey(name)
	}
	act, ok := binding(name, m.where())
	if !ok {
		return nil
	}
	if run, ok := actions[act]; ok {
		return run(m, k)
	}
	return nil
}

// helpKey scrolls the help or closes it (?, esc, q: q then quits).
func (m *Model) helpKey(name string) tea.Cmd {
	act, _ := binding(name, OnAny)
	switch act {
	case "help", "back":
		m.help, m.helpAt = false, 0
	case "quit":
		m.help = false
		return m.doQuit()
	case "up":
		m.helpAt = max(0, m.helpAt-1)
	case "down":
		m.helpAt = min(m.helpAt+1, max(0, len(Keys)+1-m.bodyHeight()))
	}
	return nil
}

// do is an action that needs only the model, not the key.
func do(f func(*Model) tea.Cmd) func(*Model, tea.KeyMsg) tea.Cmd {
	return func(m *Model, _ tea.KeyMsg) tea.Cmd { return f(m) }
}

// actions are the key table's actions; TestEveryKeyHasAnAction holds the two together.
var actions = map[string]func(*Model, tea.KeyMsg) tea.Cmd{
	"help":      do(func(m *Model) tea.Cmd { m.help = true; return nil }),
	"quit":      do((*Model).doQuit),
	"back":      do((*Model).back),
	"up":        do(func(m *Model) tea.Cmd { m.move(-1); return nil }),
	"down":      do(func(m *Model) tea.Cmd { m.move(1); return nil }),
	"pageup":    do(func(m *Model) tea.Cmd { m.move(-m.bodyHeight()); return nil }),
	"pagedown":  do(func(m *Model) tea.Cmd { m.move(m.bodyHeight()); return nil }),
	"top":       do(func(m *Model) tea.Cmd { m.move(-1 << 30); return nil }),
	"bottom":    do(func(m *Model) tea.Cmd { m.move(1 << 30); return nil }),
	"prompt":    do(func(m *Model) tea.Cmd { m.prompt = &prompt{lead: ':'}; return nil }),
	"filter":    do(func(m *Model) tea.Cmd { m.prompt = &prompt{lead: '/'}; return nil }),
	"nextns":    do((*Model).nextNamespace),
	"allns":     do(func(m *Model) tea.Cmd { m.all = !m.all; return m.restart() }),
	"sort":      do((*Model).nextSort),
	"reverse":   do(func(m *Model) tea.Cmd { m.list.desc = !m.list.desc; m.list.recompute(); return nil }),
	"wide":      do(func(m *Model) tea.Cmd { m.wide = !m.wide; return m.restart() }),
	"pause":     do((*Model).togglePause),
	"relist":    do(func(m *Model) tea.Cmd { m.status = ""; return m.restart() }),
	"describe":  do(func(m *Model) tea.Cmd { return m.rowView("describe", m.reads.describe) }),
	"open":      do((*Model).open),
	"yaml":      do(func(m *Model) tea.Cmd { return m.rowView("yaml", m.reads.yaml) }),
	"events":    do(func(m *Model) tea.Cmd { return m.rowView("events", m.reads.events) }),
	"logs":      do((*Model).openLogs),
	"owner":     do(func(m *Model) tea.Cmd { return m.onRow(m.reads.owner) }),
	"owned":     do(func(m *Model) tea.Cmd { return m.onRow(m.reads.owned) }),
	"follow":    do(func(m *Model) tea.Cmd { return m.relog(func(q *logQuery) { q.follow = !q.follow }) }),
	"previous":  do(func(m *Model) tea.Cmd { return m.relog(func(q *logQuery) { q.previous = !q.previous }) }),
	"container": do((*Model).nextContainer),
	"tail":      do((*Model).nextTail),
	"tree":      do(func(m *Model) tea.Cmd { return m.toggleTree() }),
	"treekey":   (*Model).treeKey,
}

// toggleTree opens the cluster tree, or closes it.
func (m *Model) toggleTree() tea.Cmd {
	if m.tree != nil {
		if !m.tree.busy {
			m.tree = nil
		}
		return nil
	}
	return m.openTree()
}

func (m *Model) doQuit() tea.Cmd {
	m.quit = true
	m.Close()
	return tea.Quit
}

func (m *Model) back() tea.Cmd {
	switch {
	case m.view != nil:
		m.closeView()
	case m.list.only != nil:
		m.list.only, m.onlyOf = nil, ""
		m.list.recompute()
	case m.list.filter != "":
		m.list.filter = ""
		m.list.recompute()
	case m.selector != "":
		m.selector = ""
		return m.restart()
	}
	m.status = ""
	return nil
}

func (m *Model) closeView() {
	if m.view != nil && m.view.logs != nil && m.view.logs.feed != nil {
		m.view.logs.feed.cancel()
	}
	m.view = nil
	m.seq++
}

// move moves the cursor (or a view's first line) by d.
func (m *Model) move(d int) {
	if v := m.view; v != nil {
		v.top = max(0, min(v.top+d, len(v.lines)-m.viewHeight()))
		return
	}
	l := m.list
	l.cursor = max(0, min(l.cursor+d, len(l.visible)-1))
}

func (m *Model) nextNamespace() tea.Cmd {
	if len(m.namespaces) == 0 {
		return nil
	}
	i := 0
	for j, n := range m.namespaces {
		if n == m.ns {
			i = j + 1
		}
	}
	m.ns, m.all = m.namespaces[i%len(m.namespaces)], false
	return m.restart()
}

func (m *Model) nextSort() tea.Cmd {
	l := m.list
	if len(l.headers) == 0 {
		return nil
	}
	l.sortCol++
	if l.sortCol >= len(l.headers) {
		l.sortCol = -1
	}
	l.recompute()
	return nil
}

func (m *Model) togglePause() tea.Cmd {
	m.paused = !m.paused
	if m.paused {
		return nil
	}
	if m.heldRows > limits.BrowseHeldChanges {
		return m.restart()
	}
	relist := false
	for _, msg := range m.held {
		relist = m.list.apply(msg.headers, msg.rows) || relist
	}
	if relist {
		return m.restart()
	}
	if len(m.held) > 0 {
		m.list.recompute()
		m.updated = m.cfg.Now()
	}
	m.held, m.heldRows = nil, 0
	return nil
}

// selected is the object under the cursor.
func (m *Model) selected() (target, bool) {
	r, ok := m.list.selected()
	if !ok || !m.hasKind {
		return target{}, false
	}
	t := target{r: m.kind, name: cellAt(r.cells, m.list.nameCol)}
	if m.kind.Namespaced {
		t.namespace = m.ns
		if m.list.nsCol >= 0 {
			t.namespace = cellAt(r.cells, m.list.nsCol)
		}
	}
	return t, t.name != ""
}

// target is the row under the cursor for a row action, or false with the status line saying why
// there is none: no row, or a name machine mode masked (nothing is sent for it).
func (m *Model) target() (target, bool) {
	t, ok := m.selected()
	switch {
	case !ok:
		m.status = sentenceNoRow
		return target{}, false
	case t.name == redact.Masked:
		m.status = sentenceMaskedRow
		return target{}, false
	}
	return t, true
}

// rowView opens a row view and reads its text.
func (m *Model) rowView(title string, read func(context.Context, int, target) tea.Cmd) tea.Cmd {
	t, ok := m.target()
	if !ok {
		return nil
	}
	m.closeView()
	m.view = &view{title: title + " " + sanitize.String(t.ref()), lines: []string{wordLoading}}
	return read(m.ctx, m.seq, t)
}

// onRow runs a jump from the row under the cursor.
func (m *Model) onRow(run func(context.Context, target) tea.Cmd) tea.Cmd {
	t, ok := m.target()
	if !ok {
		return nil
	}
	m.status = wordLoading
	return run(m.ctx, t)
}

// promptKey edits the prompt line; Enter runs it.
func (m *Model) promptKey(k tea.KeyMsg) tea.Cmd {
	p := m.prompt
	switch k.Type {
	case tea.KeyEsc, tea.KeyCtrlC:
		m.prompt = nil
	case tea.KeyBackspace:
		if len(p.text) > 0 {
			p.text = p.text[:len(p.text)-1]
		}
	case tea.KeyEnter:
		m.prompt = nil
		return m.submit(p.lead, strings.TrimSpace(string(p.text)))
	case tea.KeySpace:
		p.text = append(p.text, ' ')
	case tea.KeyRunes:
		p.text = append(p.text, k.Runes...)
	}
	return nil
}

// submit runs a typed line: a jump (:KIND, :ns NAME, :ns all) or a filter (/text, /-l selector).
func (m *Model) submit(lead rune, text string) tea.Cmd {
	if lead == '/' {
		if sel, ok := strings.CutPrefix(text, "-l "); ok {
			m.selector = strings.TrimSpace(sel)
			return m.restart()
		}
		m.list.filter = text
		m.list.recompute()
		return nil
	}
	words := strings.Fields(text)
	switch {
	case len(words) == 0:
		return nil
	case words[0] == "q" || words[0] == "quit":
		return m.doQuit()
	case words[0] == "ns" && len(words) == 2 && words[1] == "all":
		m.all = true
		return m.restart()
	case words[0] == "ns" && len(words) == 2:
		m.ns, m.all = words[1], false
		return m.restart()
	case len(words) != 1:
		m.status = sentenceJumpUsage
		return nil
	}
	return m.resolve(words[0])
}

// open is Enter on a row: on the namespace list, the kind shown before it (pods when none was) in
// the row's namespace; on any other row, describe.
func (m *Model) open() tea.Cmd {
	if !isNamespaces(m.kind) {
		return m.rowView("describe", m.reads.describe)
	}
	t, ok := m.target()
	if !ok {
		return nil
	}
	m.ns, m.all = t.name, false
	if m.hasBack {
		prev := m.backKind
		m.hasBack = false
		return func() tea.Msg { return jumpMsg{r: prev, namespace: t.name} }
	}
	return m.resolve("pods")
}
