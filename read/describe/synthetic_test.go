package describe

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/studioctl/studioctl/internal/golden"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/printer"
)

// The describers' unit tests render synthetic objects (no server wrote them: the shapes of the
// API's kinds with values chosen to reach each branch of a layout) at a fixed clock, and compare
// the text with a golden file under testdata/.

var syntheticNow = time.Date(2031, 5, 1, 12, 0, 0, 0, time.UTC)

// hostileText is a value no well-behaved server holds: a terminal title escape and a bell, a
// line break and a tab, which must reach no output as they are.
const hostileText = "ok\u001b]0;pwned\u0007 \nnext\tcell"

// syntheticEvents are two events about the object, one repeated as a series of old-style counts.
func syntheticEvents() []map[string]any {
	return []map[string]any{
		{"type": "Normal", "reason": "Created", "message": "made", "firstTimestamp": "2031-05-01T11:00:00Z",
			"lastTimestamp": "2031-05-01T11:00:00Z", "count": json.Number("1"), "source": map[string]any{"component": "controller"}},
		{"type": "Warning", "reason": "Failed", "message": "tried " + hostileText, "firstTimestamp": "2031-05-01T11:30:00Z",
			"lastTimestamp": "2031-05-01T11:59:00Z", "count": json.Number("4"), "reportingComponent": "checker"},
	}
}

// decodeSynthetic reads a synthetic object as kube's decoder does, numbers kept exact.
func decodeSynthetic(t *testing.T, text string) map[string]any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil {
		t.Fatal(err)
	}
	return obj
}

// renderSynthetic renders obj as a resource of group/version and kind in people mode, with the
// events given (nil leaves the section out, as for a kind kubectl shows none for).
func renderSynthetic(t *testing.T, group, version, resource, kind string, namespaced bool, obj map[string]any, events []map[string]any) string {
	t.Helper()
	d := &Described{Object: obj, Now: syntheticNow, Events: events,
		Resource: discovery.APIResource{Group: group, Version: version, Resource: resource, Kind: kind, Namespaced: namespaced}}
	return strings.Join(d.Render(printer.People), "\n") + "\n"
}

// hostileShown is hostileText as a terminal may see it: the escape sequence dropped, the line
// break and the tab written out.
const hostileShown = `ok \x0anext\tcell`

// checkSynthetic compares text with its golden file, checks that hostileText reached it only as
// hostileShown (no escape, bell, line break or column of its own), and that each want is in it.
func checkSynthetic(t *testing.T, name, text string, want ...string) {
	t.Helper()
	golden.Check(t, name, text)
	for _, never := range []string{"\x1b", "\x07", "pwned", "\nnext"} {
		if strings.Contains(text, never) {
			t.Errorf("%s prints %q", name, never)
		}
	}
	for _, w := range append([]string{hostileShown}, want...) {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q in:\n%s", name, w, text)
		}
	}
}
