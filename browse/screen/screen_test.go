package screen

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/google/go-cmp/cmp"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/browse"
	"github.com/studioctl/studioctl/demo"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
)

// driver runs the model as bubbletea's loop would: each command in its own goroutine, each
// message back through Update on the test's goroutine, and the screen read after each one.
type driver struct {
	t    *testing.T
	m    *Model
	msgs chan tea.Msg
	// drawn, when set, keeps every frame drawn after a message, for the canary tests.
	drawn *strings.Builder
}

var fixedNow = time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)

func demoDriver(t *testing.T, mode studioctl.Mode, kind string) *driver {
	t.Helper()
	s, err := demo.Open(studioctl.Options{Redact: mode})
	if err != nil {
		t.Fatal(err)
	}
	m := New(context.Background(), Config{Browser: browse.Open(s), Session: reader.Of(s), Mode: reader.Mode(s),
		NoColor: true, Kind: kind, Namespace: "shop", Now: func() time.Time { return fixedNow }})
	t.Cleanup(m.Close)
	d := &driver{t: t, m: m, msgs: make(chan tea.Msg, 64)}
	d.send(tea.WindowSizeMsg{Width: 120, Height: 30})
	d.run(m.Init())
	return d
}

func (d *driver) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		if msg := cmd(); msg != nil {
			d.msgs <- msg
		}
	}()
}

func (d *driver) send(msg tea.Msg) {
	if batch, ok := msg.(tea.BatchMsg); ok {
		for _, c := range batch {
			d.run(c)
		}
		return
	}
	_, cmd := d.m.Update(msg)
	if d.drawn != nil {
		d.drawn.WriteString(d.m.View())
	}
	d.run(cmd)
}

// keys presses keys as a terminal sends them: named keys, or runes.
func (d *driver) keys(keys ...string) {
	for _, k := range keys {
		d.send(keyMsg(k))
	}
}

func keyMsg(k string) tea.KeyMsg {
	named := map[string]tea.KeyType{"enter": tea.KeyEnter, "esc": tea.KeyEsc, "up": tea.KeyUp, "down": tea.KeyDown,
		"left": tea.KeyLeft, "right": tea.KeyRight,
		"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd, "backspace": tea.KeyBackspace,
		"ctrl+c": tea.KeyCtrlC, "ctrl+b": tea.KeyCtrlB, "ctrl+f": tea.KeyCtrlF, " ": tea.KeySpace}
	if t, ok := named[k]; ok {
		return tea.KeyMsg{Type: t}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// typed types a line at a prompt and presses Enter.
func (d *driver) typed(lead, text string) {
	d.keys(lead)
	for _, r := range text {
		d.send(keyMsg(string(r)))
	}
	d.keys("enter")
}

// until handles messages until the screen holds every want, or fails with the last screen. The
// deadline only guards a broken test; nothing about time is asserted.
func (d *driver) until(want ...string) string {
	d.t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		screen := d.m.View()
		if containsAll(screen, want) {
			return screen
		}
		select {
		case msg := <-d.msgs:
			d.send(msg)
		case <-deadline:
			d.t.Fatalf("the screen never showed %q; it shows:\n%s", want, screen)
		}
	}
}

// untilTrue handles messages until cond holds.
func (d *driver) untilTrue(what string, cond func() bool) {
	d.t.Helper()
	d.untilTrueWithin(20*time.Second, what, cond)
}

// untilTrueWithin is untilTrue with its own deadline, for a test that measures something other
// than speed over much work (the feed's heap over 40 whole refreshes of 20,000 rows).
func (d *driver) untilTrueWithin(limit time.Duration, what string, cond func() bool) {
	d.t.Helper()
	deadline := time.After(limit)
	for !cond() {
		select {
		case msg := <-d.msgs:
			d.send(msg)
		case <-deadline:
			d.t.Fatalf("never saw %s; the screen shows:\n%s", what, d.m.View())
		}
	}
}

// settle handles the messages already waiting.
func (d *driver) settle() {
	for {
		select {
		case msg := <-d.msgs:
			d.send(msg)
		case <-time.After(200 * time.Millisecond):
			return
		}
	}
}

func containsAll(s string, want []string) bool {
	for _, w := range want {
		if !strings.Contains(s, w) {
			return false
		}
	}
	return true
}

func TestHeaderAndListOnTheDemo(t *testing.T) {
	d := demoDriver(t, studioctl.People, "")
	screen := d.until("namespace shop | version v1.37", "identity system:serviceaccount:studioctl:",
		"pods | 8 of 8 rows", "updated 12:00:00", "NAME ", "READY", "> api-7bdc65c7b5-", "web-568bd749f7-")
	for _, line := range strings.Split(screen, "\n") {
		if w := textWidth(line); w > 120 {
			t.Errorf("a line is %d columns wide on a 120-column screen: %q", w, line)
		}
	}
	d.send(tea.WindowSizeMsg{Width: 240, Height: 30})
	d.until("| cluster https://")
	if n := len(strings.Split(screen, "\n")); n != 30 {
		t.Errorf("the frame has %d lines on a 30-line screen", n)
	}
}

func TestEveryKeyHasAnAction(t *testing.T) {
	seen := map[string]string{}
	for _, b := range Keys {
		if _, ok := actions[b.Action]; !ok {
			t.Errorf("key %v runs %q, which no action answers", b.Keys, b.Action)
		}
		for _, k := range b.Keys {
			id := b.Where + " " + k
			if other, dup := seen[id]; dup {
				t.Errorf("key %q on %s runs both %q and %q", k, b.Where, other, b.Action)
			}
			seen[id] = b.Action
		}
	}
	for name := range actions {
		found := false
		for _, b := range Keys {
			found = found || b.Action == name
		}
		if !found {
			t.Errorf("action %q has no key in the table", name)
		}
	}
}

// TestNoKeyWrites holds the table to reading: no action or help line speaks of a write.
func TestNoKeyWrites(t *testing.T) {
	for _, b := range Keys {
		for _, verb := range []string{"delete", "scale", "edit", "exec", "forward", "apply", "patch", "restart", "kill", "cordon", "drain"} {
			if strings.Contains(strings.ToLower(b.Action), verb) {
				t.Errorf("key %v runs %q, a write", b.Keys, b.Action)
			}
		}
	}
}

func TestHelpOverlayListsTheKeyTable(t *testing.T) {
	d := demoDriver(t, studioctl.People, "")
	d.until("> api-")
	d.keys("?")
	screen := d.m.View()
	for _, b := range Keys[:10] {
		if !strings.Contains(screen, b.Help) {
			t.Errorf("the help does not show %q", b.Help)
		}
	}
	d.keys("esc")
	d.until("> api-")
}

func TestMoveKeys(t *testing.T) {
	d := demoDriver(t, studioctl.People, "")
	d.until("pods | 8 of 8 rows")
	d.send(tea.WindowSizeMsg{Width: 120, Height: 8}) // a body of four rows
	for _, step := range []struct {
		key  string
		want int
	}{
		{"down", 1}, {"j", 2}, {"k", 1}, {"up", 0}, {"end", 7}, {"home", 0}, {"G", 7}, {"g", 0},
		{"pgdown", 4}, {"pgup", 0}, {"ctrl+f", 4}, {"ctrl+b", 0}, {" ", 4}, {"up", 3},
	} {
		d.keys(step.key)
		screen := d.m.View()
		if d.m.list.cursor != step.want {
			t.Errorf("after %q the cursor is on row %d, not %d", step.key, d.m.list.cursor, step.want)
		}
		r, _ := d.m.list.selected()
		if !strings.Contains(screen, "> "+r.cells[d.m.list.nameCol]) {
			t.Errorf("after %q the marked row is not on screen:\n%s", step.key, screen)
		}
	}
}

func TestFilterSortWideAndSelector(t *testing.T) {
	d := demoDriver(t, studioctl.People, "")
	d.until("pods | 8 of 8 rows")
	d.typed("/", "postgres")
	d.until("pods | 2 of 8 rows", `filter "postgres"`, "> postgres-0")
	d.keys("esc")
	d.until("pods | 8 of 8 rows")
	d.keys("s") // NAME
	d.until("sort NAME asc")
	d.keys("S")
	screen := d.until("sort NAME desc")
	if strings.Index(screen, "web-568bd749f7-") > strings.Index(screen, "api-7bdc65c7b5-") {
		t.Errorf("descending by name puts api before web:\n%s", screen)
	}
	d.keys("w")
	d.until("| wide |", "NOMINATED")
	d.keys("w")
	d.typed("/", "-l app=web")
	d.until("labels app=web", "pods | 3 of 3 rows")
	d.keys("esc")
	d.until("pods | 8 of 8 rows")
}

func TestJumpByNameShortNameAndNamespace(t *testing.T) {
	d := demoDriver(t, studioctl.People, "")
	d.until("pods | 8 of 8 rows")
	d.typed(":", "deploy")
	d.until("deployments | 2 of 2 rows", "UP-TO-DATE", "> api")
	d.typed(":", "ns all")
	d.until("namespace all namespaces", "NAMESPACE", "payments-api")
	d.keys("A")
	d.until("namespace shop", "deployments | 2 of 2 rows")
	d.typed(":", "ns payments")
	d.until("namespace payments", "> payments-api")
	// Keys typed faster than they are read arrive in one message.
	d.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(":pods")})
	d.keys("enter")
	d.until("namespace payments", "pods | 4 of 4 rows")
	d.typed(":", "nosuchkind")
	d.until("nosuchkind")
	d.typed(":", "pods shop")
	d.until(sentenceJumpUsage)
}

func TestNextNamespaceKey(t *testing.T) {
	d := demoDriver(t, studioctl.People, "")
	d.until("pods | 8 of 8 rows", "version v1.37")
	if len(d.m.namespaces) < 2 {
		t.Fatalf("the demo lists %d namespaces", len(d.m.namespaces))
	}
	want := ""
	for i, n := range d.m.namespaces {
		if n == "shop" && i+1 < len(d.m.namespaces) {
			want = d.m.namespaces[i+1]
		}
	}
	d.keys("n")
	d.until("namespace " + want)
}

func TestRowViews(t *testing.T) {
	d := demoDriver(t, studioctl.People, "")
	d.until("> api-7bdc65c7b5-")
	d.keys("enter")
	d.until("describe pod/api-7bdc65c7b5-", "Namespace:", "Containers:")
	d.keys("esc")
	d.keys("y")
	screen := d.until("yaml pod/api-7bdc65c7b5-", "apiVersion: v1", "kind: Pod")
	if strings.Contains(screen, "managedFields") {
		t.Errorf("the YAML view shows managedFields:\n%s", screen)
	}
	d.keys("down", "up", "esc")
	d.keys("e")
	d.until("events --for pod/api-7bdc65c7b5-")
	d.keys("esc")
	d.keys("l")
	d.until("logs pod/api-7bdc65c7b5-", "--tail=50")
	d.keys("t")
	d.until("--tail=200")
	d.keys("P")
	d.until("--previous")
	d.keys("P", "esc")
	d.until("> api-7bdc65c7b5-")
}

func TestLogsContainerPickerAndFollow(t *testing.T) {
	d := demoDriver(t, studioctl.People, "")
	d.until("> api-")
	d.keys("end") // web-...: two containers
	d.until("> web-568bd749f7-")
	d.keys("l")
	d.untilTrue("the pod's containers", func() bool { return len(d.m.view.logs.containers) >= 2 })
	first := d.m.view.logs.q.container
	d.keys("c")
	second := d.m.view.logs.q.container
	if first == second {
		t.Errorf("c stayed on container %q of a two-container pod", first)
	}
	d.keys("f")
	d.until(" -f")
	if d.m.view.logs.feed == nil {
		t.Fatal("f started no followed log")
	}
	// A followed log's batch arrives through the feed; a stale one is ignored.
	gen := d.m.view.logs.feed.gen
	d.send(linesMsg{gen: gen, lines: []string{"line one", "line two"}})
	d.send(linesMsg{gen: gen - 1, lines: []string{"stale line"}})
	screen := d.until("line one", "line two")
	if strings.Contains(screen, "stale line") {
		t.Errorf("a stopped feed's lines were drawn:\n%s", screen)
	}
	d.keys("f")
	d.until("logs pod/web-568bd749f7-")
}

func TestOwnerAndOwned(t *testing.T) {
	d := demoDriver(t, studioctl.People, "deployments")
	d.until("deployments | 2 of 2 rows", "> api")
	d.keys("O")
	d.until("pods | 2 of 8 rows", "owned by deployment.apps/api", "> api-7bdc65c7b5-")
	d.keys("o")
	d.until("replicasets", "> api-7bdc65c7b5")
	d.keys("o")
	d.until("deployments", "> api")
}

// TestRefreshAfterAChange feeds the list a change as the watch hands it over: a new row, a
// modified row and a deleted one, and a pause that holds them.
func TestRefreshAfterAChange(t *testing.T) {
	d := demoDriver(t, studioctl.People, "")
	d.until("pods | 8 of 8 rows")
	gen := d.m.feed.gen
	headers := append([]string{"EVENT"}, d.m.list.headers...)
	row := func(ev, name, status string) []string {
		cells := make([]string, len(headers))
		cells[0], cells[1+d.m.list.nameCol] = ev, name
		cells[3] = status
		return cells
	}
	d.send(rowsMsg{gen: gen, headers: headers, rows: [][]string{row("ADDED", "newcomer", "Pending")}})
	d.until("pods | 9 of 9 rows", "newcomer")
	d.send(rowsMsg{gen: gen, headers: headers, rows: [][]string{row("MODIFIED", "newcomer", "Running")}})
	d.until("pods | 9 of 9 rows")
	d.keys("p")
	d.send(rowsMsg{gen: gen, headers: headers, rows: [][]string{row("DELETED", "newcomer", "")}})
	d.until("PAUSED", "newcomer")
	d.keys("p")
	screen := d.until("pods | 8 of 8 rows")
	if strings.Contains(screen, "newcomer") {
		t.Errorf("a deleted row stayed:\n%s", screen)
	}
	d.send(rowsMsg{gen: gen - 1, headers: headers, rows: [][]string{row("ADDED", "ghost", "")}})
	d.settle()
	if strings.Contains(d.m.View(), "ghost") {
		t.Error("a stopped watch's row was drawn")
	}
}

func TestResize(t *testing.T) {
	d := demoDriver(t, studioctl.People, "")
	d.until("> api-")
	for _, size := range [][2]int{{40, 10}, {200, 50}, {20, 5}} {
		d.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		screen := d.m.View()
		lines := strings.Split(screen, "\n")
		if len(lines) != size[1] {
			t.Errorf("%dx%d: %d lines", size[0], size[1], len(lines))
		}
		for _, l := range lines {
			if textWidth(l) > max(size[0], 20) {
				t.Errorf("%dx%d: a line of %d columns: %q", size[0], size[1], textWidth(l), l)
			}
		}
	}
}

// TestMachineModeMasksSecretNamesOnScreen lists Secrets in machine mode: their names are masked
// on the screen as the Writer masks them, and the YAML view shows no value.
func TestMachineModeMasksSecretNamesOnScreen(t *testing.T) {
	people := demoDriver(t, studioctl.People, "secrets")
	screen := people.until("secrets | ")
	machine := demoDriver(t, studioctl.Machine, "secrets")
	mscreen := machine.until("secrets | ", "<redacted>")
	if screen == mscreen {
		t.Error("machine mode drew the same Secret list as people mode")
	}
}

func TestQuit(t *testing.T) {
	for _, k := range []string{"q", "ctrl+c"} {
		d := demoDriver(t, studioctl.People, "")
		d.until("> api-")
		_, cmd := d.m.Update(keyMsg(k))
		if cmd == nil {
			t.Fatalf("%s: no command", k)
		}
		if diff := cmp.Diff(tea.QuitMsg{}, cmd()); diff != "" {
			t.Errorf("%s does not quit (-want +got):\n%s", k, diff)
		}
	}
	var _ printer.RedactMode
}

// TestClusterTree opens the tree of studioctl tree over the list (T), opens a namespace and a
// folder with its own keys, shows an object's YAML from it, and goes back to the list with q.
func TestClusterTree(t *testing.T) {
	d := demoDriver(t, studioctl.People, "")
	d.until("pods | 8 of 8 rows")
	d.keys("T")
	d.until("> + Cluster", "+ shop")
	for d.m.tree.lines[d.m.tree.cursor] != "+ shop" {
		d.keys("down")
		d.untilTrue("the key done", func() bool { return !d.m.tree.busy })
	}
	d.keys("right")
	d.until("> - shop", "Workloads")
	d.keys("down", "right")
	d.untilTrue("the key done", func() bool { return !d.m.tree.busy })
	d.until("- Workloads", "+ Pods  8")
	d.keys("q")
	d.untilTrue("the tree closed", func() bool { return d.m.tree == nil })
	d.until("pods | 8 of 8 rows", "> api-")
	d.keys("T")
	d.until("> + Cluster")
	d.keys("T")
	d.until("pods | 8 of 8 rows")
}

// TestCustomResourceByShortNameSortsByValue jumps to a custom resource by its short name and
// sorts its server columns: sizes by number (3 before 12), durations by length (334d before 398d).
func TestCustomResourceByShortNameSortsByValue(t *testing.T) {
	d := demoDriver(t, studioctl.People, "")
	d.until("pods | 8 of 8 rows")
	d.typed(":", "wdg")
	d.until("widgets | 2 of 2 rows", "COLOR", "SIZE")
	for d.m.list.sortCol < 0 || d.m.list.headers[d.m.list.sortCol] != "SIZE" {
		d.keys("s")
	}
	screen := d.until("sort SIZE asc")
	if strings.Index(screen, "sprocket") > strings.Index(screen, "gizmo") {
		t.Errorf("size 3 (sprocket) does not come before size 12 (gizmo):\n%s", screen)
	}
	d.keys("s")
	screen = d.until("sort SHIPPED asc")
	if strings.Index(screen, "gizmo") > strings.Index(screen, "sprocket") {
		t.Errorf("334d (gizmo) does not come before 398d (sprocket):\n%s", screen)
	}
}

func TestLessReadsAgesAndNumbers(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"45s", "3m", true}, {"3m20s", "3m", false}, {"2d", "23h", false}, {"1y5d", "400d", true},
		{"3", "12", true}, {"12", "3", false}, {"1.5", "10", true}, {"api", "web", true}, {"<none>", "api", true},
	} {
		if got := less(c.a, c.b); got != c.want {
			t.Errorf("less(%q, %q) = %v", c.a, c.b, got)
		}
	}
}
