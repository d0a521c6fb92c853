package browse

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
)

// Synthetic answers only (see browse_test.go).

func newView(t *testing.T, mode printer.RedactMode) (*View, *httpstub.Registry) {
	t.Helper()
	b, reg := newBrowser(t, treeResources, kube.Connection{})
	reg.JSON("/api/v1/namespaces", firstPage, names("", "default", "shop"))
	v, err := NewView(context.Background(), b, mode)
	if err != nil {
		t.Fatal(err)
	}
	v.Width, v.Height = 60, 8
	return v, reg
}

func keys(t *testing.T, v *View, s string) bool {
	t.Helper()
	for _, k := range ParseKeys([]byte(s)) {
		if v.Key(context.Background(), k) {
			return true
		}
	}
	return false
}

func TestParseKeys(t *testing.T) {
	got := ParseKeys([]byte("j\x1b[A\x1b[B\x1b[C\x1b[D\x1b[5~\x1b[6~\r\x7f\x1b\x03é\x1b[1;5C/"))
	want := []Key{{Rune: 'j'}, {Name: "up"}, {Name: "down"}, {Name: "right"}, {Name: "left"}, {Name: "pgup"}, {Name: "pgdn"},
		{Name: "enter"}, {Name: "backspace"}, {Name: "esc"}, {Name: "ctrl-c"}, {Rune: 'é'}, {Rune: '/'}}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatal(d)
	}
}

func TestViewOpensLazily(t *testing.T) {
	v, reg := newView(t, printer.People)
	lines, cursor := v.Screen()
	want := []string{
		"studioctl browse  (arrows move, right opens, left closes, En",
		"+ Cluster",
		"+ default",
		"+ shop  (default namespace)",
		"", "", "", "",
	}
	if d := cmp.Diff(want, lines); d != "" || cursor != 1 {
		t.Fatalf("cursor %d %s", cursor, d)
	}
	if reg.Count() != 3 {
		t.Fatalf("%d requests before anything opened", reg.Count())
	}
	openShop(reg)
	keys(t, v, "jj\x1b[C") // down to shop, open it: one list per served kind
	if reg.Count() != 3+6 {
		t.Fatalf("%d requests", reg.Count())
	}
	lines, cursor = v.Screen()
	want = []string{
		"studioctl browse  (arrows move, right opens, left closes, En",
		"+ Cluster",
		"+ default",
		"- shop  (default namespace)",
		"  + Workloads",
		"  + Config",
		"  + Network",
		"",
	}
	if d := cmp.Diff(want, lines); d != "" || cursor != 3 {
		t.Fatalf("cursor %d %s", cursor, d)
	}
	keys(t, v, "j\r") // Workloads opens with Enter
	lines, _ = v.Screen()
	if lines[5] != "    + Pods  2" || lines[6] != "    + Deployments  1" {
		t.Fatalf("%q", lines)
	}
	keys(t, v, "jl")
	lines, cursor = v.Screen() // the view scrolls to keep the cursor on screen
	if lines[cursor] != "    - Pods  2" {
		t.Fatalf("%d %q", cursor, lines)
	}
	keys(t, v, "h") // close Pods, then h again goes to the parent
	keys(t, v, "h")
	lines, cursor = v.Screen()
	if !strings.HasSuffix(lines[cursor], "Workloads") {
		t.Fatalf("%d %q", cursor, lines)
	}
	if keys(t, v, "q") != true {
		t.Fatal("q does not quit")
	}
}

func TestViewEnterShowsLogsOrYAML(t *testing.T) {
	v, reg := newView(t, printer.People)
	openShop(reg)
	keys(t, v, "jj\x1b[Cj\x1b[Cj\x1b[Cj") // shop, Workloads, Pods, web-0
	reg.JSON("/api/v1/namespaces/shop/pods/web-0", "", `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-0","namespace":"shop"},"spec":{"containers":[{"name":"app","image":"synthetic"}]},"status":{"phase":"Running"}}`)
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods/web-0/log", Query: "container=app&tailLines=50",
		Header: http.Header{"Content-Type": {"text/plain"}}, Body: "synthetic \x1b[31mred\x1b[0m line\n"})
	keys(t, v, "\r")
	lines, cursor := v.Screen()
	if cursor != -1 || lines[0] != "logs pod/web-0 -n shop --tail=50  (arrows scroll, q goes bac" || lines[1] != "synthetic red line" {
		t.Fatalf("%q", lines)
	}
	keys(t, v, "q") // back to the tree, the cursor where it was
	lines, cursor = v.Screen()
	if !strings.HasSuffix(lines[cursor], "web-0") {
		t.Fatalf("%q", lines)
	}
	reg.JSON("/api/v1/namespaces/shop/pods/web-0", "", `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-0","namespace":"shop","managedFields":[{}]},"spec":{}}`)
	keys(t, v, "y")
	lines, _ = v.Screen()
	if lines[0] != "YAML view of web-0  (arrows scroll, q goes back)" || lines[1] != "apiVersion: v1" || strings.Contains(strings.Join(lines, "\n"), "managedFields") {
		t.Fatalf("%q", lines)
	}
}

func TestViewFilterAndMachineMode(t *testing.T) {
	v, reg := newView(t, printer.Machine)
	openShopExcept(reg, "/api/v1/namespaces/shop/secrets")
	reg.JSON("/api/v1/namespaces/shop/secrets", firstPage, names("", "db-password"))
	keys(t, v, "jj\x1b[C")
	keys(t, v, "/web\r")
	lines, _ := v.Screen()
	got := strings.Join(lines, "\n")
	for _, want := range []string{"- shop", "- Workloads", "- Pods", "web-0", "filter: web  (Esc clears)"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "Cluster") || strings.Contains(got, "default\n") {
		t.Errorf("filter kept rows that do not match:\n%s", got)
	}
	// A masked Secret name cannot be found by filtering on it.
	keys(t, v, "\x1b/db-pass\r")
	lines, _ = v.Screen()
	if strings.Contains(strings.Join(lines, "\n"), "db-password") || strings.Contains(strings.Join(lines, "\n"), "Secrets") {
		t.Fatalf("%q", lines)
	}
	keys(t, v, "\x1b/redacted\r")
	lines, _ = v.Screen()
	if !strings.Contains(strings.Join(lines, "\n"), "<redacted>") {
		t.Fatalf("%q", lines)
	}
	if !keys(t, v, "\x03") {
		t.Fatal("ctrl-c does not quit")
	}
}

func TestViewSanitizesAndClips(t *testing.T) {
	v := &View{roots: []*Node{{Kind: KindContainer, Path: "x", Label: "evil\x1b]0;title\x07" + strings.Repeat("n", 100)}}, expanded: map[string]bool{}, Width: 20, Height: 3}
	lines, _ := v.Screen()
	if len(lines) != 3 || strings.ContainsAny(strings.Join(lines, ""), "\x1b\x07") || len([]rune(lines[1])) > 20 {
		t.Fatalf("%q", lines)
	}
}
