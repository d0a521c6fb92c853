package screen

import (
	"context"
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/browse"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/record"
)

func recordingDriver(t *testing.T, identity, kind, namespace string, mode studioctl.Mode) *driver {
	t.Helper()
	rec, err := record.LoadDir(filepath.Join("..", "..", "testdata", "replay", "v1.37.2", identity))
	if err != nil {
		t.Fatal(err)
	}
	s, err := studioctl.OpenRecording(rec, studioctl.Options{Redact: mode})
	if err != nil {
		t.Fatal(err)
	}
	m := New(context.Background(), Config{Browser: browse.Open(s), Session: reader.Of(s), Mode: reader.Mode(s),
		NoColor: true, Kind: kind, Namespace: namespace, Now: func() time.Time { return fixedNow }})
	t.Cleanup(m.Close)
	d := &driver{t: t, m: m, msgs: make(chan tea.Msg, 64)}
	d.send(tea.WindowSizeMsg{Width: 120, Height: 30})
	d.run(m.Init())
	return d
}

// canaryClasses reads testdata/replay/canary-classes.txt: each canary and whether it is planted
// in a Secret ("secret") or elsewhere ("machine").
func canaryClasses(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "replay", "canary-classes.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && strings.HasPrefix(f[0], "CANARY-") {
			out[f[0]] = f[1]
		}
	}
	return out
}

// TestOnARecording drives the screen on the live suite's recording as admin: the lists the
// recording holds are drawn, a Secret's YAML view holds its keys and none of its values, and what
// the recording lacks (the watch, reads no live case made) is studioctl's sentence on the screen,
// never a guess. No Secret canary is in any frame drawn, and in machine mode no canary at all.
func TestOnARecording(t *testing.T) {
	classes := canaryClasses(t)
	for _, mode := range []studioctl.Mode{studioctl.People, studioctl.Machine} {
		d := recordingDriver(t, "admin", "pods", "shop", mode)
		d.drawn = &strings.Builder{}
		d.until("namespace shop", "pods | 8 of 8 rows", "The recording holds no answer to the request to watch pods")
		d.keys("enter")
		d.until("describe pod/api-", "The recording holds no answer")
		d.keys("esc")
		d.typed(":", "ns payments")
		d.typed(":", "secrets")
		d.until("namespace payments", "secrets | 3 of 3 rows")
		for range 3 {
			d.keys("y")
			if mode == studioctl.People {
				d.until("yaml secret/", "kind: Secret", "(removed by studioctl")
			} else {
				d.until(sentenceMaskedRow)
			}
			d.keys("esc", "j")
		}
		d.typed(":", "ns shop")
		d.typed(":", "deploy")
		d.until("namespace shop", "deployments | ")
		d.settle()
		drawn := d.drawn.String()
		for canary, class := range classes {
			if class != "secret" && mode == studioctl.People {
				continue
			}
			for _, form := range []string{canary, base64.StdEncoding.EncodeToString([]byte(canary))} {
				if strings.Contains(drawn, form) {
					t.Errorf("mode %d: a frame drew %q", mode, form)
				}
			}
		}
	}
}

// TestNoControlCharacterIsDrawn opens the demo's terminal tricks (a ConfigMap whose values hold
// escape sequences, a pod named to look like one) in every view: under NO_COLOR no frame holds an
// escape, a carriage return or any other control character but the line breaks between lines.
func TestNoControlCharacterIsDrawn(t *testing.T) {
	d := demoDriver(t, studioctl.People, "configmaps")
	d.drawn = &strings.Builder{}
	d.until("configmaps | ", "terminal-tricks")
	d.typed("/", "terminal")
	d.until("> terminal-tricks")
	for _, k := range []string{"y", "d", "e"} {
		d.keys(k)
		d.until("terminal-tricks")
		d.settle()
		d.keys("esc")
	}
	d.keys("esc")
	d.typed(":", "pods")
	d.until("pods | 8 of 8 rows")
	d.typed("/", "tty")
	d.until("> tty-trick")
	for _, k := range []string{"y", "d", "l"} {
		d.keys(k)
		d.until("tty-trick")
		d.settle()
		d.keys("esc")
	}
	if !strings.Contains(d.drawn.String(), "pwned") {
		t.Error("the ConfigMap's banner was never drawn (escaped): the test saw nothing")
	}
	for i, r := range d.drawn.String() {
		if (r < 0x20 && r != '\n') || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			t.Fatalf("a frame holds control character %U at byte %d", r, i)
		}
	}
}
