package screen

import (
	tea "github.com/charmbracelet/bubbletea"
	"github.com/studioctl/studioctl/sanitize"
)

// openLogs opens the logs view of the pod under the cursor: its containers are read first, then
// the first container's last lines.
func (m *Model) openLogs() tea.Cmd {
	t, ok := m.target()
	if !ok {
		return nil
	}
	if t.r.Group != "" || t.r.Resource != "pods" {
		m.status = sentenceNotPod
		return nil
	}
	m.closeView()
	lv := &logView{q: logQuery{namespace: t.namespace, pod: t.name, tail: TailSizes[0]}}
	m.view = &view{lines: []string{wordLoading}, logs: lv}
	m.view.title = lv.title()
	return m.reads.containers(m.ctx, m.seq, t)
}

func (lv *logView) title() string {
	follow, prev := "", ""
	if lv.q.follow {
		follow = wordFollowing
	}
	if lv.q.previous {
		prev = wordPrevious
	}
	container := ""
	if lv.q.container != "" {
		container = sprintf(wordContainer, lv.q.container)
	}
	return sanitize.String(sprintf(wordLogsTitle, lv.q.pod, container, lv.q.tail, follow, prev))
}

// podContainers takes the pod's containers and reads the first one's log.
func (m *Model) podContainers(msg podMsg) tea.Cmd {
	if m.view == nil || m.view.logs == nil || msg.seq != m.seq {
		return nil
	}
	if msg.err != nil {
		m.view.lines = []string{sentenceOf(msg.err)}
		return nil
	}
	lv := m.view.logs
	lv.containers = msg.containers
	if len(msg.containers) > 0 {
		lv.q.container = msg.containers[0]
	}
	return m.relog(func(*logQuery) {})
}

// relog changes the logs view's query and reads the log again (or follows it).
func (m *Model) relog(change func(*logQuery)) tea.Cmd {
	v := m.view
	if v == nil || v.logs == nil {
		return nil
	}
	lv := v.logs
	if lv.feed != nil {
		lv.feed.cancel()
		lv.feed = nil
	}
	change(&lv.q)
	m.seq++
	v.title, v.lines, v.top = lv.title(), []string{wordLoading}, 0
	if lv.q.follow {
		m.gen++
		lv.feed = startFeed(m.ctx, m.cfg.Session, m.cfg.Mode, m.gen, lv.q.options())
		v.lines = nil
		return lv.feed.next()
	}
	return m.reads.logs(m.ctx, m.seq, lv.q)
}

func (m *Model) nextContainer() tea.Cmd {
	v := m.view
	if v == nil || v.logs == nil || len(v.logs.containers) < 2 {
		return nil
	}
	lv := v.logs
	next := lv.containers[0]
	for i, c := range lv.containers {
		if c == lv.q.container && i+1 < len(lv.containers) {
			next = lv.containers[i+1]
		}
	}
	return m.relog(func(q *logQuery) { q.container = next })
}

func (m *Model) nextTail() tea.Cmd {
	v := m.view
	if v == nil || v.logs == nil {
		return nil
	}
	v.logs.tailIdx = (v.logs.tailIdx + 1) % len(TailSizes)
	return m.relog(func(q *logQuery) { q.tail = TailSizes[v.logs.tailIdx] })
}

// logLines appends a followed log's batch, keeping the last BrowseViewLines and the view at its
// end when it was there.
func (m *Model) logLines(msg linesMsg) tea.Cmd {
	v := m.view
	if v == nil || v.logs == nil || v.logs.feed == nil || msg.gen != v.logs.feed.gen {
		return nil
	}
	atEnd := v.top >= len(v.lines)-m.viewHeight()
	v.lines = capLines(append(v.lines, msg.lines...))
	if atEnd {
		v.top = max(0, len(v.lines)-m.viewHeight())
	}
	return v.logs.feed.next()
}
