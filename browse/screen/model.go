// Package screen is studioctl browse's full-screen program: a k9s-like screen over the cluster,
// drawn with bubbletea and lipgloss, that only reads. The list of one kind refreshes through the
// same bounded, allowlisted watch get -w runs; row views (describe, YAML, events, logs) and the
// jumps (owner, owned, :KIND) run through the console's readers and the tree's YAML view. What it
// draws comes from the printer's screen stream and ScreenLines, so machine masking and
// sanitize.String hold as everywhere. Every key is a row of Keys; none writes.
package screen

import (
	"context"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/studioctl/studioctl/browse"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/redact"
	"github.com/studioctl/studioctl/sanitize"
)

// Config is what the screen is given: the tree's browser and the readers' session on the same
// client, the redaction mode, and how to draw.
type Config struct {
	Browser   *browse.Browser
	Session   *reader.Session
	Mode      printer.RedactMode
	NoColor   bool
	Renderer  *lipgloss.Renderer // the terminal's renderer (cmd/studioctl builds it); nil draws plain
	Kind      string             // the first kind shown; "" is pods
	Namespace string             // "" is the connection's default namespace
	Now       func() time.Time
}

// Model is the screen's state; bubbletea calls Update with each key, size and feed message, and
// View for each frame.
type Model struct {
	cfg   Config
	ctx   context.Context
	stop  context.CancelFunc
	reads reads
	st    *styles

	width, height int
	head          header
	namespaces    []string

	kind     kube.APIResource
	hasKind  bool
	ns       string
	all      bool
	selector string
	wide     bool
	list     *list
	feed     *feed
	gen      int
	paused   bool
	held     []rowsMsg
	heldRows int
	updated  time.Time
	pending  string // a name to select when its row arrives (a jump to the owner)
	onlyOf   string // the object whose owned objects the list keeps

	view   *view
	tree   *treeView
	seq    int
	help   bool
	helpAt int // the help's first line
	prompt *prompt
	status string
	quit   bool
}

// view is a row view over the list: describe, YAML, events, or a pod's logs.
type view struct {
	title string
	lines []string
	top   int
	logs  *logView
}

// logView is the logs view's choice: the query, the pod's containers and the follow feed.
type logView struct {
	q          logQuery
	containers []string
	tailIdx    int
	feed       *feed
}

// prompt is a line being typed after : or /.
type prompt struct {
	lead rune
	text []rune
}

// header is the top line's facts, read once.
type header struct{ cluster, identity, version string }

type headerMsg struct {
	head       header
	namespaces []string
}

// New builds the screen; nothing is read until Init.
func New(ctx context.Context, cfg Config) *Model {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	ctx, stop := context.WithCancel(ctx)
	ns := cfg.Namespace
	if ns == "" {
		ns = cfg.Session.Namespace("")
	}
	m := &Model{cfg: cfg, ctx: ctx, stop: stop, list: newList(), ns: ns, width: 80, height: 24,
		reads: reads{b: cfg.Browser, s: cfg.Session, mode: cfg.Mode}, st: newStyles(cfg.NoColor, cfg.Renderer)}
	m.head.cluster = sanitize.String(cfg.Browser.Client().Endpoint().BaseURL())
	return m
}

// Close stops every feed.
func (m *Model) Close() { m.stop() }

// Init reads the header's facts and the first kind.
func (m *Model) Init() tea.Cmd {
	kind := m.cfg.Kind
	if kind == "" {
		kind = "pods"
	}
	return tea.Batch(m.readHeader(), m.resolve(kind))
}

func (m *Model) readHeader() tea.Cmd {
	ctx, b := m.ctx, m.cfg.Browser
	return func() tea.Msg {
		var h header
		if u, _, err := b.Client().WhoAmI(ctx); err == nil {
			h.identity = sanitize.String(u.Username)
		}
		if v, err := b.Client().ServerVersion(ctx); err == nil {
			s, _ := v["gitVersion"].(string)
			h.version = sanitize.String(s)
		}
		var names []string
		if ns, err := b.Namespaces(ctx); err == nil {
			names = ns.Names
		}
		return headerMsg{head: h, namespaces: names}
	}
}

// resolve looks a kind up by name or short name, as a statement's TYPE is read, and jumps to it.
func (m *Model) resolve(word string) tea.Cmd {
	ctx, c, ns := m.ctx, m.cfg.Browser.Client(), m.ns
	return func() tea.Msg {
		r, err := c.Resolve(ctx, word)
		return jumpMsg{r: r, namespace: ns, err: err}
	}
}

// Update handles one message.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		if m.tree != nil && !m.tree.busy {
			m.treeFrame()
		}
		return m, nil
	case treeOpenMsg:
		m.treeOpened(msg)
		return m, nil
	case treeKeyMsg:
		return m, m.treeKeyDone(msg)
	case tea.KeyMsg:
		return m, m.key(msg)
	case headerMsg:
		m.head.identity, m.head.version = msg.head.identity, msg.head.version
		m.namespaces = msg.namespaces
		return m, nil
	case jumpMsg:
		return m, m.jump(msg)
	case rowsMsg:
		return m, m.rows(msg)
	case linesMsg:
		return m, m.logLines(msg)
	case feedEndMsg:
		return m, m.feedEnd(msg)
	case viewMsg:
		m.viewText(msg)
		return m, nil
	case podMsg:
		return m, m.podContainers(msg)
	}
	return m, nil
}

// jump shows another kind: a new list and a new watch.
func (m *Model) jump(msg jumpMsg) tea.Cmd {
	if msg.err != nil {
		m.status = sentenceOf(msg.err)
		return nil
	}
	m.closeView()
	m.kind, m.hasKind = msg.r, true
	if msg.namespace != "" {
		m.ns = msg.namespace
	}
	m.pending = msg.selectRow
	m.list.only, m.onlyOf = msg.only, msg.onlyLabel
	m.list.filter, m.list.sortCol, m.list.desc = "", -1, false
	if msg.only == nil {
		m.selector = ""
	}
	m.status = ""
	return m.restart()
}

// restart stops the list's watch and starts it again on the current query.
func (m *Model) restart() tea.Cmd {
	if m.feed != nil {
		m.feed.cancel()
	}
	m.list.reset()
	m.held, m.heldRows, m.paused = nil, 0, false
	m.updated = time.Time{}
	if !m.hasKind {
		return nil
	}
	m.gen++
	q := listQuery{kind: statementType(m.kind), namespace: m.ns, all: m.all && m.kind.Namespaced, selector: m.selector, wide: m.wide}
	m.feed = startFeed(m.ctx, m.cfg.Session, m.cfg.Mode, m.gen, q.options())
	return m.feed.next()
}

// rows takes one batch of the list's watch, or holds it while paused.
func (m *Model) rows(msg rowsMsg) tea.Cmd {
	if m.feed == nil || msg.gen != m.feed.gen {
		return nil
	}
	if m.paused {
		m.held = append(m.held, msg)
		m.heldRows += len(msg.rows)
		if m.heldRows > limits.BrowseHeldChanges {
			// Too much held: the list is read again when the pause ends.
			m.held = nil
		}
		return m.feed.next()
	}
	relist := m.list.apply(msg.headers, msg.rows)
	// Batches that arrived meanwhile are taken now, so a busy watch costs one recompute per
	// frame rather than one per event.
	var other tea.Msg
drain:
	for other == nil {
		select {
		case next := <-m.feed.ch:
			if rm, ok := next.(rowsMsg); ok {
				relist = m.list.apply(rm.headers, rm.rows) || relist
				continue
			}
			other = next
		default:
			break drain
		}
	}
	if relist {
		return m.restart()
	}
	m.list.recompute()
	m.updated = m.cfg.Now()
	if m.pending != "" && m.list.selectName(m.pending) {
		m.pending = ""
	}
	if other != nil {
		return func() tea.Msg { return other }
	}
	return m.feed.next()
}

// feedEnd shows why a watch or a followed log ended.
func (m *Model) feedEnd(msg feedEndMsg) tea.Cmd {
	if msg.err == nil {
		return nil
	}
	if m.feed != nil && msg.gen == m.feed.gen {
		m.status = sentenceOf(msg.err)
	}
	if v := m.view; v != nil && v.logs != nil && v.logs.feed != nil && msg.gen == v.logs.feed.gen {
		m.status = sentenceOf(msg.err)
	}
	return nil
}

// viewText shows a row view's text when it is still the one asked for.
func (m *Model) viewText(msg viewMsg) {
	if m.view == nil || msg.seq != m.seq {
		return
	}
	if msg.title != "" {
		m.view.title = sanitize.String(msg.title)
	}
	if msg.err != nil {
		m.view.lines = []string{sentenceOf(msg.err)}
		return
	}
	m.view.lines = capLines(msg.lines)
	if m.view.logs != nil && len(m.view.lines) == 0 {
		m.view.lines = []string{wordNoLog}
	}
}

func capLines(lines []string) []string {
	if over := len(lines) - limits.BrowseViewLines; over > 0 {
		lines = lines[over:]
	}
	return lines
}

// sentenceOf is an error as the screen shows it: studioctl's sentence, made safe.
func sentenceOf(err error) string {
	if e, ok := kube.AsError(err); ok {
		return sanitize.String(e.Sentence)
	}
	return sanitize.String(err.Error())
}

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
	"describe":  do(func(m *Model) tea.Cmd { return m.rowView("describe", m.reads.describe) }),
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
		v.top = max(0, min(v.top+d, len(v.lines)-m.bodyHeight()))
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
	case len(words) != 1 || words[0] == "ns":
		m.status = sentenceJumpUsage
		return nil
	}
	return m.resolve(words[0])
}
