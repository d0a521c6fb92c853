package clitest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"sigs.k8s.io/yaml"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/completion"
	"github.com/studioctl/studioctl/console"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/internal/hostile"
	"github.com/studioctl/studioctl/internal/inner"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/read/reader"
)

// Issue 12's regression tests: whole statements through the library's front door against the
// hostile test double (internal/hostile), a TLS server on loopback.

func openHostile(t *testing.T, mode hostile.Mode, redact studioctl.Mode) (*hostile.Server, *studioctl.Session) {
	t.Helper()
	srv := hostile.New(t, mode)
	c := srv.Conn
	conn := studioctl.Connection{Host: c.Host, Port: c.Port, Token: c.Token, DefaultNamespace: c.DefaultNamespace,
		CAData: c.CAData, TLSServerName: c.TLSServerName}
	s, err := studioctl.Open(conn, studioctl.Options{Redact: redact})
	if err != nil {
		t.Fatal(err)
	}
	return srv, s
}

// runWords runs one statement as the command line does and returns stdout, stderr and the exit code.
func runWords(t *testing.T, s *studioctl.Session, words ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := cli.ExecWords(context.Background(), s, words, &out, &errOut)
	return out.String(), errOut.String(), code
}

// terminalSafe fails the test when text holds ESC, BEL, another C0 control but tab and newline,
// DEL, a C1 control, a bidi override or a zero-width character, or bytes that are not UTF-8.
func terminalSafe(t *testing.T, label, text string) {
	t.Helper()
	for i, r := range text {
		bad := false
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(text[i:], "\ufffd"):
			bad = true // a byte that is not UTF-8
		case r < 0x20 && r != '\t' && r != '\n', r == 0x7f, r >= 0x80 && r < 0xa0:
			bad = true
		case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200b, r == 0x200c, r == 0x200d,
			r == 0x200e, r == 0x200f, r == 0x2060, r == 0xfeff, r == 0x061c:
			bad = true
		}
		if bad {
			lo, hi := max(0, i-40), min(len(text), i+40)
			t.Errorf("%s: byte %d is %U: %q", label, i, r, text[lo:hi])
			return
		}
	}
}

// Control characters in cells, names, labels, container names, log lines, the version and a
// server's Status, and in names and selectors the user typed, reach neither stdout nor stderr,
// in people and machine mode, as text and as a JSON error.
func TestHostileValuesNeverReachTheTerminal(t *testing.T) {
	statements := [][]string{
		{"get", "pods"},
		{"get", "pods", "-o", "wide"},
		{"get", "pods", "--show-labels"},
		{"get", "pods", "-L", "app"},
		{"get", "pods", "-A"},
		{"get", "pods", "-o", "name"},
		{"get", "pod", hostile.PodName},
		{"describe", "pod", hostile.PodName},
		{"logs", hostile.PodName},
		{"logs", hostile.PodName, "-c", "nope"},
		{"get", "pods", "\x1b]0;T\x07"},
		{"get", "pods", "web\x1b[2J\u009b31m\u202e\u200b", "-o", "json"},
		{"get", "po\x1b]52;c;eA==\x07ds"},
		{"get", "po\u009b2Jds", "-o", "json"},
		{"get", "pods", "-l", "app=\u009b31m"},
		{"get", "pods", "--field-selector", "x=\u202e"},
		{"describe", "pod", "\u202e" + strings.Repeat("x", 100<<10)},
		{"version"},
		{"get", "widgets"},
		{"get", "widgets", "-o", "json"},
	}
	for _, mode := range []studioctl.Mode{studioctl.People, studioctl.Machine} {
		_, s := openHostile(t, hostile.ControlValues, mode)
		for _, words := range statements {
			label := fmt.Sprintf("mode %d: %q", mode, strings.Join(words, " "))
			out, errOut, code := runWords(t, s, words...)
			terminalSafe(t, label+" stdout", out)
			terminalSafe(t, label+" stderr", errOut)
			if len(errOut) > 4096 {
				t.Errorf("%s: %d bytes on stderr; a long value was echoed whole", label, len(errOut))
			}
			if strings.Contains(out+errOut, "SERVER-SAID") {
				t.Errorf("%s: the server's own message was printed", label)
			}
			_ = code
		}
	}
}

// Names and container names a server sends appear in error sentences sanitised, not dropped.
func TestHostileContainerNamesInSentences(t *testing.T) {
	_, s := openHostile(t, hostile.ControlValues, studioctl.People)
	_, errOut, code := runWords(t, s, "logs", hostile.PodName, "-c", "nope")
	if code == 0 || !strings.Contains(errOut, `\u202e`) || !strings.Contains(errOut, "nope") {
		t.Fatalf("exit %d: %q", code, errOut)
	}
	terminalSafe(t, "logs -c nope", errOut)
}

// Column names are the printer's to sanitise (the console's files are moving).
func TestHostileColumnNames(t *testing.T) {
	statements := [][]string{{"get", "pods"}, {"get", "pods", "-o", "wide"},
		{"get", "pods", "-w", "--request-timeout", "2s"}, {"get", "pods", "-o", "wide", "-w", "--request-timeout", "2s"}}
	for _, mode := range []studioctl.Mode{studioctl.People, studioctl.Machine} {
		_, s := openHostile(t, hostile.ControlColumns, mode)
		for _, words := range statements {
			label := fmt.Sprintf("mode %d: %s", mode, strings.Join(words, " "))
			out, errOut, code := runWords(t, s, words...)
			if code != 0 || !strings.Contains(out, "NAME") {
				t.Errorf("%s: exit %d, stdout %q, stderr %q", label, code, out, errOut)
			}
			terminalSafe(t, label, out+errOut)
		}
	}
}

// -o json and -o yaml escape C1 controls, bidi overrides and zero-width characters: the printer's
// part of the contract.
func TestHostileJSONAndYAMLEscaping(t *testing.T) {
	statements := [][]string{{"get", "pods", "-o", "json"}, {"get", "pods", "-o", "yaml"},
		{"get", "pod", hostile.PodName, "-o", "yaml"}, {"get", "pod", hostile.PodName, "-o", "json"}}
	for _, mode := range []studioctl.Mode{studioctl.People, studioctl.Machine} {
		_, s := openHostile(t, hostile.ControlValues, mode)
		for _, words := range statements {
			label := fmt.Sprintf("mode %d: %s", mode, strings.Join(words, " "))
			out, errOut, code := runWords(t, s, words...)
			terminalSafe(t, label, out+errOut)
			var doc map[string]any
			if err := yaml.Unmarshal([]byte(out), &doc); code != 0 || err != nil {
				t.Errorf("%s: exit %d, %v, stderr %q", label, code, err, errOut)
			}
			// The phase keeps every character, escaped, and reads back whole (machine mode does
			// not mask it).
			if !strings.Contains(fmt.Sprint(doc), "Running"+hostile.All) {
				t.Errorf("%s: the phase did not read back whole:\n%s", label, out)
			}
		}
	}
}

// A server that answers every page with no rows and a new continue token is stopped at the page
// cap: exit 2, a sentence naming the cap, code limit.pages, and a bounded number of requests.
func TestHostileEndlessPagingStopsAtTheCap(t *testing.T) {
	for _, words := range [][]string{
		{"get", "pods"},
		{"get", "pods", "-o", "name"},
		{"get", "pods", "-o", "json"},
		{"get", "pods", "-o", "yaml"},
		{"logs", "-l", "app=web"},
	} {
		srv, s := openHostile(t, hostile.EndlessPages, studioctl.People)
		out, errOut, code := runWords(t, s, words...)
		label := strings.Join(words, " ")
		if code != fault.ExitRefused || out != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", label, code, out, errOut)
			continue
		}
		if !strings.Contains(errOut, " pages, the cap") {
			t.Errorf("%s: the sentence does not name the cap: %s", label, errOut)
		}
		if words[len(words)-1] == "json" {
			var e struct{ Code string }
			if json.Unmarshal([]byte(errOut), &e) != nil || e.Code != fault.CodeLimitPages {
				t.Errorf("%s: JSON error %q", label, errOut)
			}
		}
		if n := srv.Pages.Load(); n < 2 || n > int64(limits.DefaultMaxRows/limits.PageSize+limits.PageSlack) {
			t.Errorf("%s: %d pages requested", label, n)
		}
	}
}

// Discovery claims core secrets answer kind "Secrets": the Secret's value is still never
// printed, in -o yaml, -o json, describe, a table or a list, in people and machine mode.
func TestHostileLyingDiscoveryPrintsNoSecretValue(t *testing.T) {
	statements := [][]string{
		{"get", "secret", hostile.SecretName, "-o", "yaml"},
		{"get", "secret", hostile.SecretName, "-o", "json"},
		{"get", "secrets", "-o", "yaml"},
		{"get", "secrets", "-o", "json"},
		{"get", "secrets"},
		{"get", "secrets", "--show-labels"},
		{"get", "secret", hostile.SecretName, "-o", "name"},
		{"describe", "secret", hostile.SecretName},
	}
	for _, mode := range []studioctl.Mode{studioctl.People, studioctl.Machine} {
		_, s := openHostile(t, hostile.LyingSecrets, mode)
		for _, words := range statements {
			label := fmt.Sprintf("mode %d: %s", mode, strings.Join(words, " "))
			out, errOut, code := runWords(t, s, words...)
			if code != 0 {
				t.Errorf("%s: exit %d: %s", label, code, errOut)
			}
			for _, v := range []string{hostile.SecretValue, hostile.SecretValueBase64, "c2VjcmV0LXZhbHVl"} {
				if strings.Contains(out+errOut, v) {
					t.Errorf("%s printed the Secret's value:\n%s", label, out)
				}
			}
			if mode == studioctl.Machine && strings.Contains(out, hostile.SecretName) {
				t.Errorf("%s: machine mode printed the Secret's name:\n%s", label, out)
			}
		}
	}
}

// The console loop (piped) prints the same safe sentences, each naming its line.
func TestHostileConsoleLoop(t *testing.T) {
	_, s := openHostile(t, hostile.ControlValues, studioctl.People)
	var out, errOut bytes.Buffer
	loop := &console.Loop{Session: reader.Of(s), Out: &out, Err: &errOut}
	script := "get pods\nget pods '\x1b]0;T\x07'\nlogs web-0 -c nope\nget po\u009bds\n"
	if _, err := loop.Script(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	terminalSafe(t, "console stdout", out.String())
	terminalSafe(t, "console stderr", errOut.String())
}

// Completion mode: the shells' Tab (__complete) and the console's Tab insert what completion
// offers into the terminal's line, so a name the server sent with escapes, controls or invisible
// characters is never offered; a clean name is. In machine mode no Secret's name is offered.
func TestHostileCompletion(t *testing.T) {
	ctx := context.Background()
	words := []string{"get", "pods", "-n", "shop"}
	_, s := openHostile(t, hostile.ControlValues, studioctl.People)
	got := completion.Source{Client: inner.Client(s)}.Words(ctx, words, "")
	for _, w := range got {
		terminalSafe(t, "completion", w)
	}
	if slices.Contains(got, hostile.PodName+hostile.All) || len(got) != 0 {
		t.Errorf("a hostile name was offered: %q", got)
	}
	_, s = openHostile(t, 0, studioctl.People)
	if got := (completion.Source{Client: inner.Client(s)}).Words(ctx, words, "w"); !slices.Equal(got, []string{hostile.PodName}) {
		t.Errorf("a clean name was not offered: %q", got)
	}
	secrets := []string{"get", "secrets", "-n", "shop"}
	for _, mode := range []studioctl.Mode{studioctl.People, studioctl.Machine} {
		_, s = openHostile(t, hostile.LyingSecrets, mode)
		got := completion.Source{Client: inner.Client(s), Machine: mode == studioctl.Machine}.Words(ctx, secrets, "")
		if offered := slices.Contains(got, hostile.SecretName); offered != (mode == studioctl.People) {
			t.Errorf("mode %d: Secret names offered %q", mode, got)
		}
	}
}
