package console

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/read/reader"
)

// readLines types keys into the console's line editor and answers each line ReadLine returns,
// up to the first error.
func readLines(t *testing.T, l *Loop, keys string) ([]string, error) {
	t.Helper()
	tm := newTerminal(strings.NewReader(keys), io.Discard, l.completer(context.Background()))
	var lines []string
	for {
		line, err := tm.ReadLine()
		if err != nil {
			return lines, err
		}
		lines = append(lines, line)
	}
}

// Ctrl-C clears the line being typed (wherever the cursor is) and the console reads on; on an
// empty line it does nothing. Ctrl-D on an empty line leaves, as before.
func TestCtrlCClearsTheLineAndCtrlDLeaves(t *testing.T) {
	keys := "get pods -n shop\x03version\r" + // cleared, then another statement
		"\x03\x03\r" + // Ctrl-C on an empty line: still reading
		"get po\x02\x02\x03top pod\r" + // the cursor moved left first: the whole line goes
		"\x04" // Ctrl-D leaves
	lines, err := readLines(t, &Loop{}, keys)
	if !errors.Is(err, io.EOF) {
		t.Fatalf("ended with %v, want io.EOF (Ctrl-D)", err)
	}
	want := []string{"version", "", "top pod"}
	if strings.Join(lines, "|") != strings.Join(want, "|") {
		t.Errorf("lines %q, want %q", lines, want)
	}
}

// Tab completes after a leading kubectl as it does without it (verbs, second words, flags, and
// kinds from discovery), and completes kubectl itself as a line's first word.
func TestTabCompletesAfterKubectl(t *testing.T) {
	reg := httpstub.New(t)
	api, apis := synth.Discovery(synth.Basic)
	h := http.Header{"Content-Type": {synth.DiscoveryContentType}}
	reg.Add(&httpstub.Stub{Path: "/api", Body: api, Header: h})
	reg.Add(&httpstub.Stub{Path: "/apis", Body: apis, Header: h})
	ep, err := kube.Connection{Host: "cluster.example", Port: 6443, Token: "synthetic-token"}.Validate(kube.Switches{})
	if err != nil {
		t.Fatal(err)
	}
	l := &Loop{Session: &reader.Session{Client: kube.NewClient(ep, kube.Options{Transport: reg, Now: func() time.Time { return time.Unix(0, 0) }})}}
	for typed, want := range map[string]string{
		"kubectl ver\t":                   "kubectl version ",
		"kubectl top p\t":                 "kubectl top pod ",
		"kubectl config cur\t":            "kubectl config current-context ",
		"kubectl logs --pref\t":           "kubectl logs --prefix ",
		"kubectl get pods --all-namesp\t": "kubectl get pods --all-namespaces ",
		"kubectl get deploym\t":           "kubectl get deployments ",
		"ver\t":                           "version ",
		"kub\t":                           "kubectl ",
		"kubectl\t":                       "kubectl ",
		"kubectl   api-ver\t":             "kubectl   api-versions ",
	} {
		lines, _ := readLines(t, l, typed+"\r")
		if len(lines) != 1 || lines[0] != want {
			t.Errorf("%q completed to %q, want %q", typed, lines, want)
		}
	}
}
