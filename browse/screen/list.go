package screen

import (
	"sort"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/redact"
)

// Column headers the list reads to name a row.
const (
	headerEvent     = "EVENT"
	headerNamespace = "NAMESPACE"
	headerName      = "NAME"
)

// row is one object's line: its key (namespace/name) and its cells, already masked and made safe
// by the printer's screen stream.
type row struct {
	key   string
	cells []string
	gone  bool
}

// list is the rows of one kind as the live watch left them, and what the person asked of them:
// the filter, the names a jump kept (owned objects), the sort. visible and widths are worked out
// when any of these change, never while drawing, so a frame costs the rows it shows.
type list struct {
	headers []string
	rows    []row
	index   map[string]int
	nameCol int
	nsCol   int
	deleted int

	sortCol int // -1: the server's order
	desc    bool
	filter  string
	only    map[string]bool

	visible []int
	widths  []int
	cursor  int
	top     int
}

func newList() *list { return &list{index: map[string]int{}, sortCol: -1, nameCol: -1, nsCol: -1} }

// reset empties the list for a new read, keeping the sort.
func (l *list) reset() {
	l.headers, l.rows, l.index, l.deleted = nil, nil, map[string]int{}, 0
	l.visible, l.widths, l.cursor, l.top = nil, nil, 0, 0
}

// apply takes one batch from the watch: each row's first cell is its event (ADDED, MODIFIED,
// DELETED); an added or modified row replaces the row of the same key. A row whose name machine
// mode masked has no key: it is added as a row of its own, and when such a row is modified or
// deleted apply answers true, as only a new list can tell which row changed.
func (l *list) apply(headers []string, rows [][]string) (relist bool) {
	if len(headers) == 0 || headers[0] != headerEvent {
		return false
	}
	if l.headers == nil || len(l.headers) != len(headers)-1 {
		l.headers = append([]string(nil), headers[1:]...)
		l.nameCol, l.nsCol = -1, -1
		for i, h := range l.headers {
			switch h {
			case headerName:
				l.nameCol = i
			case headerNamespace:
				l.nsCol = i
			}
		}
	}
	if len(rows) > 1 && len(l.rows) > 0 && allAdded(rows) {
		// A watch event carries one row: a batch of several is the list read again (after the
		// server's 410), the whole current state, so what it leaves out is gone.
		l.rows, l.index, l.deleted = l.rows[:0], map[string]int{}, 0
	}
	for _, cells := range rows {
		if len(cells) == 0 {
			continue
		}
		ev, cells := cells[0], cells[1:]
		key := l.keyOf(cells)
		if cellAt(cells, l.nameCol) == redact.Masked {
			if ev != "ADDED" {
				relist = true
				continue
			}
			key = strconv.Itoa(len(l.rows)) + "\x00" + key // unique: never matched by a later event
		}
		i, seen := l.index[key]
		switch {
		case ev == "DELETED":
			if seen {
				l.rows[i].gone = true
				delete(l.index, key)
				l.deleted++
			}
		case seen:
			l.rows[i].cells = cells
		default:
			l.index[key] = len(l.rows)
			l.rows = append(l.rows, row{key: key, cells: cells})
		}
	}
	return relist
}

func allAdded(rows [][]string) bool {
	for _, r := range rows {
		if len(r) == 0 || r[0] != "ADDED" {
			return false
		}
	}
	return true
}

func (l *list) keyOf(cells []string) string {
	return cellAt(cells, l.nsCol) + "/" + cellAt(cells, l.nameCol)
}

func cellAt(cells []string, i int) string {
	if i < 0 || i >= len(cells) {
		return ""
	}
	return cells[i]
}

// compact drops deleted rows and renumbers the index.
func (l *list) compact() {
	if l.deleted == 0 {
		return
	}
	kept := l.rows[:0]
	for _, r := range l.rows {
		if !r.gone {
			l.index[r.key] = len(kept)
			kept = append(kept, r)
		}
	}
	clear(l.rows[len(kept):])
	l.rows, l.deleted = kept, 0
}

// recompute works out the visible rows (filter, names kept, sort) and the column widths, and keeps
// the cursor on the row it was on when that row is still shown.
func (l *list) recompute() {
	l.compact()
	current := l.selectedKey()
	l.visible = l.visible[:0]
	needle := strings.ToLower(l.filter)
	for i, r := range l.rows {
		if l.only != nil && !l.only[cellAt(r.cells, l.nameCol)] {
			continue
		}
		if needle != "" && !matches(r.cells, needle) {
			continue
		}
		l.visible = append(l.visible, i)
	}
	if c := l.sortCol; c >= 0 && c < len(l.headers) {
		sort.SliceStable(l.visible, func(a, b int) bool {
			x, y := cellAt(l.rows[l.visible[a]].cells, c), cellAt(l.rows[l.visible[b]].cells, c)
			if l.desc {
				return less(y, x)
			}
			return less(x, y)
		})
	}
	l.widths = make([]int, len(l.headers))
	for i, h := range l.headers {
		l.widths[i] = lipgloss.Width(h)
	}
	for _, vi := range l.visible {
		for i, c := range l.rows[vi].cells {
			if i < len(l.widths) {
				l.widths[i] = max(l.widths[i], textWidth(c))
			}
		}
	}
	for i := range l.widths {
		l.widths[i] = min(l.widths[i], maxColumnWidth)
	}
	if current != "" {
		l.selectKey(current)
	}
	l.clamp()
}

// maxColumnWidth keeps one long cell from pushing every other column off the screen.
const maxColumnWidth = limits.BrowseColumnWidth

func matches(cells []string, needle string) bool {
	for _, c := range cells {
		if strings.Contains(strings.ToLower(c), needle) {
			return true
		}
	}
	return false
}

// selectedKey is the key of the row under the cursor, "" when there is none.
func (l *list) selectedKey() string {
	if l.cursor < 0 || l.cursor >= len(l.visible) {
		return ""
	}
	vi := l.visible[l.cursor]
	if vi >= len(l.rows) {
		return ""
	}
	return l.rows[vi].key
}

// selected is the row under the cursor.
func (l *list) selected() (row, bool) {
	if l.cursor < 0 || l.cursor >= len(l.visible) {
		return row{}, false
	}
	return l.rows[l.visible[l.cursor]], true
}

// selectKey moves the cursor onto the row of that key, when it is shown.
func (l *list) selectKey(key string) bool {
	for i, vi := range l.visible {
		if l.rows[vi].key == key {
			l.cursor = i
			return true
		}
	}
	return false
}

// selectName moves the cursor onto the first shown row of that name.
func (l *list) selectName(name string) bool {
	for i, vi := range l.visible {
		if cellAt(l.rows[vi].cells, l.nameCol) == name {
			l.cursor = i
			return true
		}
	}
	return false
}

func (l *list) clamp() {
	if l.cursor >= len(l.visible) {
		l.cursor = len(l.visible) - 1
	}
	if l.cursor < 0 {
		l.cursor = 0
	}
}

// scroll keeps the cursor inside a window of height rows.
func (l *list) scroll(height int) {
	if height < 1 {
		height = 1
	}
	if l.cursor < l.top {
		l.top = l.cursor
	}
	if l.cursor >= l.top+height {
		l.top = l.cursor - height + 1
	}
	if l.top > max(0, len(l.visible)-height) {
		l.top = max(0, len(l.visible)-height)
	}
	if l.top < 0 {
		l.top = 0
	}
}

// less orders two cells: ages and durations by their length of time, numbers by value, the
// rest as text.
func less(a, b string) bool {
	if x, ok := age(a); ok {
		if y, ok := age(b); ok {
			return x < y
		}
	}
	if x, err := strconv.ParseFloat(a, 64); err == nil {
		if y, err := strconv.ParseFloat(b, 64); err == nil {
			return x < y
		}
	}
	return a < b
}

// age reads a kubectl age or duration ("45s", "3m20s", "5d", "2y100d") as seconds.
func age(s string) (int64, bool) {
	if s == "" {
		return 0, false
	}
	var total, n int64
	digits := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= '0' && c <= '9' {
			n = n*10 + int64(c-'0')
			digits = true
			continue
		}
		if !digits {
			return 0, false
		}
		unit, ok := ageUnits[c]
		if !ok {
			return 0, false
		}
		total += n * unit
		n, digits = 0, false
	}
	if digits {
		return 0, false
	}
	return total, true
}

var ageUnits = map[byte]int64{'s': 1, 'm': 60, 'h': 3600, 'd': 86400, 'y': 365 * 86400}

// textWidth is a cell's width on the screen: its length when it is ASCII, as almost every cell is.
func textWidth(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return lipgloss.Width(s)
		}
	}
	return len(s)
}
