// Package screen is studioctl browse's full-screen program: a k9s-like screen over the cluster,
// drawn with bubbletea and lipgloss, that only reads. The list of one kind refreshes through the
// same bounded, allowlisted watch get -w runs; row views (describe, YAML, events, logs) and the
// jumps (owner, owned, :KIND) run through the console's readers and the tree's YAML view. What it
// draws comes from the printer's screen stream and ScreenLines, so machine masking and
// sanitize.String hold as everywhere. Every key is a row of Keys; none writes.
package screen

import (
	"context"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/studioctl/studioctl/browse"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
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

	kind     discovery.APIResource
	hasKind  bool
	backKind discovery.APIResource // the kind shown before the namespace list, where Enter returns
	hasBack  bool
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
	if isNamespaces(msg.r) && m.hasKind && !isNamespaces(m.kind) {
		m.backKind, m.hasBack = m.kind, true // Enter on a namespace comes back to this kind
	}
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
	q := listQuery{kind: m.kind.StatementType(), namespace: m.ns, all: m.all && m.kind.Namespaced, selector: m.selector, wide: m.wide}
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
	if m.view.logs != nil {
		// A log opens at its end, where its latest lines are, as a followed one stays.
		if len(m.view.lines) == 0 {
			m.view.lines = []string{wordNoLog}
		}
		m.view.top = max(0, len(m.view.lines)-m.viewHeight())
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
	if e, ok := fault.As(err); ok {
		return sanitize.String(e.Sentence)
	}
	return sanitize.String(err.Error())
}

// isNamespaces tells the namespace list (core namespaces) from every other kind.
func isNamespaces(r discovery.APIResource) bool { return r.Group == "" && r.Resource == "namespaces" }
