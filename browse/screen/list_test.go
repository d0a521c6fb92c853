package screen

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/google/go-cmp/cmp"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/redact"
)

func names(l *list) []string {
	l.recompute()
	var out []string
	for _, vi := range l.visible {
		out = append(out, cellAt(l.rows[vi].cells, l.nameCol))
	}
	return out
}

func TestListAppliesWatchEvents(t *testing.T) {
	h := []string{"EVENT", "NAMESPACE", "NAME", "STATUS"}
	l := newList()
	steps := []struct {
		rows   [][]string
		want   []string
		relist bool
	}{
		{[][]string{{"ADDED", "a", "web", "Pending"}, {"ADDED", "b", "web", "Running"}, {"ADDED", "a", "db", "Running"}}, []string{"web", "web", "db"}, false},
		{[][]string{{"MODIFIED", "a", "web", "Running"}}, []string{"web", "web", "db"}, false},
		{[][]string{{"DELETED", "b", "web", ""}}, []string{"web", "db"}, false},
		{[][]string{{"ADDED", "a", "cache", "Running"}}, []string{"web", "db", "cache"}, false},
		// A batch of several ADDED rows is the list read again: what it leaves out is gone.
		{[][]string{{"ADDED", "a", "db", "Running"}, {"ADDED", "a", "queue", "Running"}}, []string{"db", "queue"}, false},
		// Masked names are never matched: each added row stays its own, a change asks for a list.
		{[][]string{{"ADDED", "a", redact.Masked, "x"}}, []string{"db", "queue", redact.Masked}, false},
		{[][]string{{"ADDED", "a", redact.Masked, "y"}}, []string{"db", "queue", redact.Masked, redact.Masked}, false},
		{[][]string{{"MODIFIED", "a", redact.Masked, "z"}}, []string{"db", "queue", redact.Masked, redact.Masked}, true},
	}
	for i, s := range steps {
		relist := l.apply(h, s.rows)
		if diff := cmp.Diff(s.want, names(l)); diff != "" {
			t.Errorf("step %d (-want +got):\n%s", i, diff)
		}
		if relist != s.relist {
			t.Errorf("step %d: relist %v", i, relist)
		}
	}
	if got := l.rows[0].cells[2]; got != "Running" {
		t.Errorf("the modified row reads %q", got)
	}
}

func TestListFilterKeepsTheCursorOnItsRow(t *testing.T) {
	l := newList()
	l.apply([]string{"EVENT", "NAME"}, [][]string{{"ADDED", "api"}, {"ADDED", "web-1"}, {"ADDED", "web-2"}})
	l.recompute()
	l.cursor = 2 // web-2
	l.filter = "WEB"
	l.recompute()
	if diff := cmp.Diff([]string{"web-1", "web-2"}, names(l)); diff != "" {
		t.Errorf("filter (-want +got):\n%s", diff)
	}
	if l.selectedKey() != "/web-2" {
		t.Errorf("the cursor moved to %q", l.selectedKey())
	}
	l.only = map[string]bool{"api": true}
	l.filter = ""
	if diff := cmp.Diff([]string{"api"}, names(l)); diff != "" {
		t.Errorf("only (-want +got):\n%s", diff)
	}
}

// TestPauseHoldsAtMostItsLimit: past limits.BrowseHeldChanges held rows, resuming reads the list
// again (a new watch) instead of applying what was held.
func TestPauseHoldsAtMostItsLimit(t *testing.T) {
	d := demoDriver(t, studioctl.People, "")
	d.until("pods | 8 of 8 rows")
	gen := d.m.feed.gen
	d.keys("p")
	h, rows := podRows(limits.BrowseHeldChanges+1, "MODIFIED", 1)
	d.send(rowsMsg{gen: gen, headers: h, rows: rows})
	d.until("PAUSED")
	if d.m.held != nil {
		t.Errorf("%d batches held past the limit", len(d.m.held))
	}
	d.keys("p")
	if d.m.feed.gen == gen {
		t.Error("resuming past the limit did not read the list again")
	}
	d.until("pods | 8 of 8 rows")
}

// TestRelistKey: after the watch ended (a snapshot's watch ends after its list, and the status line
// says so), r reads the list again on a new watch.
func TestRelistKey(t *testing.T) {
	d := demoDriver(t, studioctl.People, "")
	d.until("pods | 8 of 8 rows", "The snapshot holds no change")
	gen := d.m.feed.gen
	d.keys("r")
	if d.m.feed.gen == gen || d.m.status != "" {
		t.Errorf("r did not start a new watch (gen %d, was %d; status %q)", d.m.feed.gen, gen, d.m.status)
	}
	d.until("pods | 8 of 8 rows", "The snapshot holds no change")
}

// TestALogOpensAtItsEnd: the logs view shows a log's last lines first, as a followed log keeps
// them; up scrolls back.
func TestALogOpensAtItsEnd(t *testing.T) {
	d := demoDriver(t, studioctl.People, "")
	d.until("> api-")
	d.send(tea.WindowSizeMsg{Width: 120, Height: 10})
	d.keys("l")
	d.untilTrue("the log", func() bool { return len(d.m.view.lines) > 10 })
	last := d.m.view.lines[len(d.m.view.lines)-1]
	screen := d.until(last)
	if strings.Contains(screen, d.m.view.lines[0]) {
		t.Errorf("the log's first line is on a screen too small for all of it:\n%s", screen)
	}
	d.keys("home")
	d.until(d.m.view.lines[0])
}
