package screen

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/internal/golden"
)

// TestGoldenScreens keeps what the screen draws on the demo as text captures (the screenshots
// docs/browse.md shows): the pod list, the help overlay, a Secret's YAML view in people mode (its
// values gone) and the Secret list in machine mode (its names masked). A new demo snapshot
// changes them: go test ./browse/screen -run Golden -update.
func TestGoldenScreens(t *testing.T) {
	d := demoDriver(t, studioctl.People, "")
	d.send(tea.WindowSizeMsg{Width: 100, Height: 16})
	// A snapshot's watch ends after the list, and the footer says so: each capture waits for it.
	const ended = "The snapshot holds no change"
	golden.Check(t, "pods.txt", d.until("pods | 8 of 8 rows", "version v1.37", ended)+"\n")
	d.send(tea.WindowSizeMsg{Width: 100, Height: len(Keys) + 3})
	d.keys("?")
	golden.Check(t, "help.txt", d.m.View()+"\n")
	d.keys("esc")

	d.send(tea.WindowSizeMsg{Width: 100, Height: 24})
	d.typed(":", "ns default")
	d.until("namespace default")
	d.typed(":", "secrets")
	d.until("secrets | 1 of 1 rows", "> guestbook-db")
	d.keys("y")
	screen := d.until("yaml secret/guestbook-db", "kind: Secret", ended)
	if !strings.Contains(screen, "(removed by studioctl") {
		t.Errorf("the Secret's YAML view does not say its values were removed:\n%s", screen)
	}
	golden.Check(t, "secret-yaml.txt", screen+"\n")

	m := demoDriver(t, studioctl.Machine, "secrets")
	m.send(tea.WindowSizeMsg{Width: 100, Height: 12})
	m.typed(":", "ns all")
	golden.Check(t, "secrets-machine.txt", m.until("namespace all namespaces", "version v1.37", "secrets | ", "<redacted>", "updated", ended)+"\n")
}

// TestDocsListEveryKey holds docs/browse.md's key table to Keys: the section between the keys
// markers is the table written from Keys (-update rewrites it).
func TestDocsListEveryKey(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "browse.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const open, end = "<!-- keys: written from browse/screen.Keys by TestDocsListEveryKey -->\n", "<!-- /keys -->\n"
	doc := string(data)
	i, j := strings.Index(doc, open), strings.Index(doc, end)
	if i < 0 || j < i {
		t.Fatalf("%s has no keys section", path)
	}
	var b strings.Builder
	b.WriteString("| keys | where | what it does |\n|---|---|---|\n")
	for _, k := range Keys {
		names := keyNames(k.Keys)
		for n := range names {
			names[n] = "`" + names[n] + "`"
		}
		b.WriteString("| " + strings.Join(names, " ") + " | " + k.Where + " | " + k.Help + " |\n")
	}
	want := doc[:i+len(open)] + b.String() + doc[j:]
	if golden.Updating() {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want != doc {
		t.Errorf("%s's key table is not Keys; run go test ./browse/screen -run Docs -update", path)
	}
}

// TestMonochromeTerminal: with colour allowed but a renderer on a terminal that has none (here a
// buffer, which lipgloss reads as such), the frame holds no escape at all and the cursor row keeps
// its mark.
func TestMonochromeTerminal(t *testing.T) {
	d := demoDriver(t, studioctl.People, "")
	d.m.st = newStyles(false, lipgloss.NewRenderer(&bytes.Buffer{}))
	screen := d.until("pods | 8 of 8 rows", "> api-")
	if strings.Contains(screen, "\x1b") {
		t.Errorf("a monochrome frame holds an escape: %q", screen)
	}
}
