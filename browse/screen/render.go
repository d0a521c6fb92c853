package screen

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/studioctl/studioctl/sanitize"
)

// Lines above and below the body: the header, the list's line, the column headers, the footer.
const chromeLines = 4

func (m *Model) bodyHeight() int { return max(1, m.height-chromeLines) }

// viewHeight is a row view's lines on the screen: the body and the line the list's columns take.
func (m *Model) viewHeight() int { return m.bodyHeight() + 1 }

// View draws one frame: only the rows that fit are laid out, so a frame of 20,000 rows costs the
// rows it shows.
func (m *Model) View() string {
	if m.quit {
		return ""
	}
	w := max(m.width, 20)
	out := make([]string, 0, m.height)
	out = append(out, m.st.render(m.st.title, m.pad(cut(m.headerLine(), w), w)))
	switch {
	case m.help:
		out = append(out, m.helpLines(w)...)
	case m.tree != nil:
		out = append(out, m.treeLines(w)...)
	case m.view != nil:
		out = append(out, m.viewLines(w)...)
	default:
		out = append(out, m.listLines(w)...)
	}
	for len(out) < m.height-1 {
		out = append(out, "")
	}
	out = out[:max(1, m.height-1)]
	out = append(out, m.footer(w))
	return strings.Join(out, "\n")
}

func (m *Model) headerLine() string {
	ns := m.ns
	if m.all {
		ns = wordAll
	}
	// The namespace and version first: a narrow screen cuts the long cluster address, not them.
	parts := []string{wordTitle, wordNamespace + " " + sanitize.String(ns)}
	if m.head.version != "" {
		parts = append(parts, wordVersion+" "+m.head.version)
	}
	if m.head.identity != "" {
		parts = append(parts, wordIdentity+" "+m.head.identity)
	}
	parts = append(parts, wordCluster+" "+m.head.cluster)
	return strings.Join(parts, " | ")
}

// listLine is the line above the columns: the kind, the counts, what is asked of the rows and
// when the watch last changed them.
func (m *Model) listLine() string {
	l := m.list
	parts := []string{sanitize.String(m.kind.Resource), sprintf(wordRows, len(l.visible), len(l.rows))}
	if l.sortCol >= 0 && l.sortCol < len(l.headers) {
		dir := "asc"
		if l.desc {
			dir = "desc"
		}
		parts = append(parts, sprintf(wordSortBy, l.headers[l.sortCol], dir))
	}
	if l.filter != "" {
		parts = append(parts, sprintf(wordFilter, l.filter))
	}
	if m.selector != "" {
		parts = append(parts, sprintf(wordSelector, m.selector))
	}
	if m.onlyOf != "" {
		parts = append(parts, sprintf(wordOwnedBy, m.onlyOf))
	}
	if m.wide {
		parts = append(parts, wordWide)
	}
	switch {
	case m.paused:
		parts = append(parts, sprintf(wordPaused, m.heldRows))
	case m.updated.IsZero():
		parts = append(parts, wordWaiting)
	default:
		parts = append(parts, sprintf(wordUpdated, m.updated.Format("15:04:05")))
	}
	return sanitize.String(strings.Join(parts, " | "))
}

func (m *Model) listLines(w int) []string {
	l := m.list
	out := []string{cut(m.listLine(), w)}
	if len(l.headers) == 0 {
		return append(out, "", "  "+wordNoRows)
	}
	out = append(out, m.st.render(m.st.header, m.pad(cut("  "+joinCells(l.headers, l.widths), w), w)))
	h := m.bodyHeight()
	l.scroll(h)
	end := min(len(l.visible), l.top+h)
	for i := l.top; i < end; i++ {
		line := joinCells(l.rows[l.visible[i]].cells, l.widths)
		if i == l.cursor {
			out = append(out, m.st.render(m.st.cursor, m.pad(cut("> "+line, w), w)))
			continue
		}
		out = append(out, cut("  "+line, w))
	}
	return out
}

// joinCells lays cells out in columns three spaces apart, as kubectl's tables read.
func joinCells(cells []string, widths []int) string {
	var b strings.Builder
	for i, c := range cells {
		if i > 0 {
			b.WriteString("   ")
		}
		wd := 0
		if i < len(widths) {
			wd = widths[i]
		}
		c = cut(c, max(wd, 1))
		b.WriteString(c)
		if i < len(cells)-1 {
			b.WriteString(strings.Repeat(" ", max(0, wd-textWidth(c))))
		}
	}
	return b.String()
}

func (m *Model) viewLines(w int) []string {
	v := m.view
	out := []string{cut(sanitize.String(v.title), w)}
	h := m.viewHeight()
	v.top = max(0, min(v.top, len(v.lines)-h))
	end := min(len(v.lines), v.top+h)
	for _, line := range v.lines[v.top:end] {
		out = append(out, cut(line, w))
	}
	return out
}

func (m *Model) helpLines(w int) []string {
	out := []string{cut(wordHelpTitle, w)}
	for _, l := range HelpLines()[min(m.helpAt, len(Keys)):] {
		out = append(out, cut(l, w))
	}
	return out
}

func (m *Model) footer(w int) string {
	switch {
	case m.prompt != nil:
		return cut(string(m.prompt.lead)+sanitize.String(string(m.prompt.text))+"_", w)
	case m.help:
		return m.st.render(m.st.status, cut(wordHelpFooter, w))
	case m.tree != nil:
		return m.st.render(m.st.status, cut(wordTreeFooter, w))
	case m.status != "":
		return cut(sanitize.String(m.status), w)
	case m.view != nil && m.view.logs != nil:
		return m.st.render(m.st.status, cut(wordLogsFooter, w))
	case m.view != nil:
		return m.st.render(m.st.status, cut(wordViewFooter, w))
	}
	return m.st.render(m.st.status, cut(wordFooter, w))
}

// cut shortens a line to w columns.
func cut(s string, w int) string {
	if len(s) <= w && textWidth(s) == len(s) {
		return s
	}
	if textWidth(s) <= w {
		return s
	}
	var b strings.Builder
	used := 0
	for _, r := range s {
		rw := lipgloss.Width(string(r))
		if used+rw > w {
			break
		}
		b.WriteRune(r)
		used += rw
	}
	return b.String()
}

// pad fills a line to w columns, so a reversed line spans the screen; plain lines are not padded.
func (m *Model) pad(s string, w int) string {
	if m.st.plain {
		return s
	}
	if n := w - textWidth(s); n > 0 {
		return s + strings.Repeat(" ", n)
	}
	return s
}
