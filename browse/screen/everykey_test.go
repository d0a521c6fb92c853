package screen

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	studioctl "github.com/studioctl/studioctl"
)

// TestEveryKeyOfTheTable presses every key of Keys where it works, on the demo: the list (a pod
// selected), a row view, the logs view, the cluster tree, and the help for keys that work
// anywhere. After each key the frame is whole (as many lines as the terminal, none wider), and a
// key that quits says so.
func TestEveryKeyOfTheTable(t *testing.T) {
	for _, b := range Keys {
		for _, key := range b.Keys {
			t.Run(b.Where+"/"+strings.ReplaceAll(key, " ", "space"), func(t *testing.T) {
				t.Parallel() // each key drives its own screen on its own demo session
				d := demoDriver(t, studioctl.People, "")
				d.until("pods | 8 of 8 rows", "> api-")
				switch b.Where {
				case OnView:
					d.keys("d")
					d.until("describe pod/api-", "Containers:")
				case OnLogs:
					d.keys("l")
					d.untilTrue("the pod's containers", func() bool { return len(d.m.view.logs.containers) > 0 })
				case OnTree:
					d.keys("T")
					d.until("> + Cluster")
				}
				_, cmd := d.m.Update(keyMsg(key))
				quits := false
				if cmd != nil {
					msg := runWithin(cmd, 100*time.Millisecond)
					if _, ok := msg.(tea.QuitMsg); ok {
						quits = true
					} else if msg != nil {
						d.send(msg)
					}
				}
				if quits != (b.Action == "quit") {
					t.Errorf("key %q (%s): quits %v", key, b.Action, quits)
				}
				d.settleFor(50 * time.Millisecond)
				if quits {
					return
				}
				lines := strings.Split(d.m.View(), "\n")
				if len(lines) != d.m.height {
					t.Errorf("key %q: a frame of %d lines on a %d-line screen", key, len(lines), d.m.height)
				}
				for _, l := range lines {
					if textWidth(l) > d.m.width {
						t.Errorf("key %q: a line %d columns wide: %q", key, textWidth(l), l)
					}
				}
			})
		}
	}
}

// runWithin runs a command, giving up on one that waits longer (a feed's next batch).
func runWithin(cmd tea.Cmd, d time.Duration) tea.Msg {
	ch := make(chan tea.Msg, 1)
	go func() { ch <- cmd() }()
	select {
	case msg := <-ch:
		return msg
	case <-time.After(d):
		return nil
	}
}

func (d *driver) settleFor(wait time.Duration) {
	for {
		select {
		case msg := <-d.msgs:
			d.send(msg)
		case <-time.After(wait):
			return
		}
	}
}
