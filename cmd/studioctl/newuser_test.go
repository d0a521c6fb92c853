package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/read"
	"github.com/studioctl/studioctl/statement"
)

// A new user's first statements: every statement in README.md's shell blocks and every help
// example (read from the command table and from the command tree help prints) runs against the
// demo, with its connection flags (--kubeconfig, --context, --connection) replaced by --replay
// demo. What cannot run there is skipped with its reason (skipRules); anything else must answer.
//
// The demo is a snapshot taken as the reader identity of deploy/studioctl-reader.yaml, so every
// read answers as it would on that cluster. The runs happen with STUDIOCTL_NEWUSER=1
// (scripts/new-user.sh sets it; CI runs it after make test); the extraction and the parse of every
// example are checked always.

// example is one statement as a new user reads it, and how it runs on the demo.
type example struct {
	source string   // where it is written: "README.md:29", "help get"
	line   string   // as written
	argv   []string // studioctl's arguments on the demo
	stdin  string   // what a pipe feeds it
	skip   string   // why it cannot run on the demo ("" when it runs)
}

// shellForms are the shell around a statement in the README and the examples: each pattern's
// first group is the studioctl command line; a printf before a pipe is its input.
var shellForms = []struct {
	re    *regexp.Regexp
	stdin bool // the second group is printf's text, piped in
}{
	{re: regexp.MustCompile(`^go run \./cmd/studioctl (.*)$`)},
	{re: regexp.MustCompile(`^source <\(studioctl (.*)\)$`)},
	{re: regexp.MustCompile(`^[A-Z_]+=\S* studioctl (.*)$`)},
	{re: regexp.MustCompile(`^printf '([^']*)' \| studioctl (.*)$`), stdin: true},
	{re: regexp.MustCompile(`^studioctl (.*)$`)},
}

// redirect is the shell sending stdout to a file.
var redirect = regexp.MustCompile(`\s+>\s*\S+$`)

// connectionFlags are replaced by --replay demo; ownValueFlags are studioctl's other flags that
// take a value (to find the verb behind them).
var (
	connectionFlags = []string{"--kubeconfig", "--context", "--connection", "--replay"}
	ownValueFlags   = []string{"--redact", "--max-rows", "-v"}
)

// skipRules say which statements cannot run on the demo, and why. The verb is the command's words
// (such as "connection add"); words are the statement's arguments and flags after it.
var skipRules = []struct {
	reason string
	match  func(verb string, words []string) bool
}{
	{"runs live until Ctrl-C (a watch)", func(verb string, w []string) bool {
		return (verb == "get" || verb == "events") && hasAny(w, "-w", "--watch", "--watch-only", "-w=true", "--watch=true")
	}},
	{"runs live until Ctrl-C (a follow)", func(verb string, w []string) bool {
		return verb == "logs" && hasAny(w, "-f", "--follow", "-f=true", "--follow=true")
	}},
	{"needs a terminal (full-screen or interactive)", func(verb string, w []string) bool {
		return verb == "browse"
	}},
	{"serves HTTP until stopped and reads a token file", func(verb string, w []string) bool {
		return verb == "mcp" && hasPrefix(w, "--http")
	}},
	{"reads a kubeconfig file", func(verb string, w []string) bool {
		return verb == "connection add" || verb == "connection contexts" || strings.HasPrefix(verb, "config ")
	}},
	// The demo was captured as a reader with the view role and Secrets (demo/demo-reader.yaml),
	// which may list no RBAC: the reading says so and exits 1 (nothing audited), as it does on a
	// live server for that identity.
	{"reads RBAC, which the demo's reader may not list", func(verb string, w []string) bool {
		return verb == "audit rbac"
	}},
	{"reads an inventory file written before", func(verb string, w []string) bool {
		return verb == "discover" && hasPrefix(w, "--diff")
	}},
	{"needs a saved connection (a file connection add writes)", func(verb string, w []string) bool {
		return verb == "connection show" || verb == "connection remove" || verb == "connection mcp"
	}},
	{"needs an OS keyring (a desktop session's Secret Service, the Keychain or Credential Manager)", func(verb string, w []string) bool {
		return verb == "connection move-to-keyring"
	}},
	{"captures a live server into a file", func(verb string, w []string) bool {
		return verb == "snapshot" && (len(w) == 0 || w[0] != "inspect")
	}},
	{"reads a snapshot file written before", func(verb string, w []string) bool {
		return verb == "snapshot" && len(w) > 0 && w[0] == "inspect"
	}},
	// A snapshot captures collections and the objects in them; a subresource (status, scale) is
	// the server's own answer, which the demo does not hold.
	{"reads a subresource, which a snapshot does not capture", func(verb string, w []string) bool {
		return verb == "get" && hasPrefix(w, "--subresource")
	}},
}

func hasAny(words []string, flags ...string) bool {
	return slices.ContainsFunc(words, func(w string) bool { return slices.Contains(flags, w) })
}

func hasPrefix(words []string, flag string) bool {
	return slices.ContainsFunc(words, func(w string) bool { return w == flag || strings.HasPrefix(w, flag+"=") })
}

// readmeExamples reads every line of README.md's sh blocks, comments cut.
func readmeExamples(t *testing.T) []example {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []example
	in := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "```"):
			in = !in && strings.TrimPrefix(l, "```") == "sh"
		case in && strings.TrimSpace(l) != "":
			if i := strings.Index(l, " #"); i >= 0 {
				l = l[:i]
			}
			out = append(out, example{source: fmt.Sprintf("README.md:%d", n), line: strings.TrimSpace(l)})
		}
	}
	return out
}

// helpExamples reads the statements' examples from the command table and the rest from the command
// tree, as help prints them.
func helpExamples() []example {
	var out []example
	for _, c := range statement.Commands {
		for _, e := range strings.Split(c.Example, "\n") {
			if e != "" {
				out = append(out, example{source: "help " + c.Name, line: "studioctl " + e})
			}
		}
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, e := range strings.Split(c.Example, "\n") {
			if e = strings.TrimSpace(e); e != "" {
				out = append(out, example{source: "help " + strings.TrimPrefix(c.CommandPath(), "studioctl "), line: e})
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRoot(newFactory(&IOStreams{Getenv: func(string) string { return "" }})))
	return out
}

// prepare reads the shell form, replaces the connection and applies the skip rules.
func (e *example) prepare() {
	var rest string
	for _, f := range shellForms {
		if m := f.re.FindStringSubmatch(e.line); m != nil {
			rest = m[len(m)-1]
			if f.stdin {
				e.stdin = strings.ReplaceAll(m[1], `\n`, "\n")
			}
			break
		}
	}
	if rest == "" {
		e.skip = "not a studioctl statement"
		return
	}
	// A redirect of stdout to a file: here stdout is the test's.
	rest = redirect.ReplaceAllString(rest, "")
	words, err := statement.Split(rest)
	if err != nil {
		e.skip = "unreadable: " + err.Error()
		return
	}
	var kept []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case slices.Contains(connectionFlags, w):
			i++
		case slices.ContainsFunc(connectionFlags, func(f string) bool { return strings.HasPrefix(w, f+"=") }):
		default:
			kept = append(kept, w)
		}
	}
	verb, after := verbOf(kept)
	if verb == "connection add" || verb == "connection contexts" {
		kept = words // their --context is connection add's own flag
	}
	for _, r := range skipRules {
		if r.match(verb, after) {
			e.skip = r.reason
			return
		}
	}
	if verb == "console" && e.stdin == "" {
		e.skip = "needs a terminal (full-screen or interactive)"
		return
	}
	e.argv = kept
	if !strings.HasPrefix(verb, "connection") { // saved connections are files, not a server's answers
		e.argv = append([]string{"--replay", "demo"}, kept...)
	}
}

// verbOf finds the command's words (one or two: "get", "connection add") and what follows them,
// wherever kubectl's placement put the flags.
func verbOf(words []string) (string, []string) {
	arranged, err := arrangeArgs(words)
	if err != nil {
		return "", words
	}
	var verb []string
	var rest []string
	for i := 0; i < len(arranged); i++ {
		w := arranged[i]
		switch {
		case len(verb) == 0 && slices.Contains(ownValueFlags, w):
			i++
		case len(verb) == 0 && strings.HasPrefix(w, "-"):
		case len(verb) == 0:
			verb = append(verb, w)
		case len(verb) == 1 && len(rest) == 0 && slices.Contains(twoWordCommands, verb[0]) && !strings.HasPrefix(w, "-"):
			verb = append(verb, w)
		default:
			rest = append(rest, w)
		}
	}
	return strings.Join(verb, " "), rest
}

// twoWordCommands are the commands whose second word names a subcommand.
var twoWordCommands = []string{"connection", "rollout", "auth", "audit", "top", "completion", "config"}

// newUserExamples reads and prepares every example, each statement once.
func newUserExamples(t *testing.T) []example {
	readme := readmeExamples(t)
	if len(readme) < 10 {
		t.Fatalf("only %d statements read from README.md's sh blocks", len(readme))
	}
	var out []example
	seen := map[string]bool{}
	for _, e := range append(readme, helpExamples()...) {
		e.prepare()
		key := e.skip + "\x00" + strings.Join(e.argv, "\x00") + "\x00" + e.stdin
		if e.skip != "" {
			key = e.line
		}
		if !seen[key] {
			seen[key] = true
			out = append(out, e)
		}
	}
	return out
}

// Every example is read, both kinds are found, and every statement example is one the parser takes
// (a refused example is wrong whatever the demo holds).
func TestNewUserExamplesAreRead(t *testing.T) {
	runs, skipped := 0, 0
	for _, e := range newUserExamples(t) {
		if e.skip != "" {
			skipped++
			if strings.HasPrefix(e.skip, "unreadable") {
				t.Errorf("%s: %s", e.source, e.skip)
			}
		} else {
			runs++
		}
		if _, ok := commandByName(e.source); ok {
			if _, err := read.ParseLine(strings.TrimPrefix(e.line, "studioctl ")); err != nil {
				t.Errorf("%s: %q is refused by the parser: %v", e.source, e.line, err)
			}
		}
	}
	if runs < 40 || skipped == 0 {
		t.Errorf("%d to run, %d skipped: the extraction is wrong", runs, skipped)
	}
}

// Every example that can run on the demo answers there (exit 0, or 4: an answer with findings).
// scripts/new-user.sh runs it with STUDIOCTL_NEWUSER=1.
func TestNewUserStatementsOnTheDemo(t *testing.T) {
	if os.Getenv("STUDIOCTL_NEWUSER") != "1" {
		t.Skip("STUDIOCTL_NEWUSER=1 runs every README and help example on the demo (scripts/new-user.sh)")
	}
	var runs, skipped, failing []string
	home := t.TempDir()
	for _, e := range newUserExamples(t) {
		if e.skip != "" {
			skipped = append(skipped, fmt.Sprintf("%s: %s  (%s)", e.source, e.line, e.skip))
			continue
		}
		var out, errOut bytes.Buffer
		io := &IOStreams{In: strings.NewReader(e.stdin), Out: &out, Err: &errOut, Getenv: func(string) string { return "" },
			HomeDirs: dirs{Cache: home + "/cache", Config: home + "/config", State: home + "/state"}}
		code := run(e.argv, io)
		runs = append(runs, e.source+": "+e.line)
		if why := verdict(e, code, out.String(), errOut.String()); why != "" {
			failing = append(failing, fmt.Sprintf("%s: %s  (exit %d, %s: %s)", e.source, e.line, code, why, lastLine(errOut.String())))
		}
	}
	t.Logf("skipped:\n  %s", strings.Join(skipped, "\n  "))
	if len(failing) > 0 {
		t.Errorf("failing on the demo:\n  %s", strings.Join(failing, "\n  "))
	}
	t.Logf("new user: %d statements run on the demo, %d skipped, %d failing", len(runs), len(skipped), len(failing))
}

// verdict says what is wrong with an example's run on the demo, or "" when nothing is: it must
// answer (answered); print something on stdout, or, where quietRules says why it may not, a
// sentence on stderr; and never write an error line while exiting 0 (a person reading "error:"
// must be able to trust the exit code).
func verdict(e example, code int, stdout, stderr string) string {
	for _, l := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(l, "error:") && code == 0 {
			return "an error line with exit 0"
		}
	}
	if !answered(e, code, stdout) {
		return "no answer"
	}
	if strings.TrimSpace(stdout) == "" {
		if quietReason(e) == "" {
			return "an empty answer"
		}
		if strings.TrimSpace(stderr) == "" {
			return "an empty answer and no sentence on stderr"
		}
	}
	return ""
}

// quietRules say which examples answer with nothing on stdout on the demo, and why; they must
// still say something on stderr. Any other empty answer fails: an example that prints nothing on
// the demo teaches a new user nothing.
var quietRules = []struct {
	reason string
	match  func(verb string, words []string, stdin string) bool
}{
	{"a new user has no saved connection yet: the list says so on stderr", func(verb string, _ []string, _ string) bool {
		return verb == "connection list"
	}},
	{"serves MCP on stdin and stdout: with no request on stdin it answers none (the snapshot's notice goes to stderr)", func(verb string, _ []string, stdin string) bool {
		return verb == "mcp" && stdin == ""
	}},
}

// quietReason finds why an example may print nothing on stdout, or "".
func quietReason(e example) string {
	argv := e.argv
	if len(argv) >= 2 && argv[0] == "--replay" {
		argv = argv[2:]
	}
	verb, words := verbOf(argv)
	for _, q := range quietRules {
		if q.match(verb, words, e.stdin) {
			return q.reason
		}
	}
	return ""
}

// answered tells an answer from a failure: exit 0, or 4 (an answer with findings), or auth
// can-i's "no" (exit 1, as kubectl's, for what the demo's reader may not do).
func answered(e example, code int, stdout string) bool {
	switch code {
	case 0, fault.ExitWarnings:
		return true
	case fault.ExitServerError:
		argv := e.argv
		if len(argv) >= 2 && argv[0] == "--replay" {
			argv = argv[2:]
		}
		verb, _ := verbOf(argv)
		return verb == "auth can-i" && stdout == "no\n"
	}
	return false
}

// commandByName finds the statement command a help source names ("help get").
func commandByName(source string) (*statement.Command, bool) {
	name := strings.TrimPrefix(source, "help ")
	for _, c := range statement.Commands {
		if c.Name == name {
			return c, true
		}
	}
	return nil, false
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// The verdict's rules on made-up runs: an error line with exit 0, an empty answer, and the quiet
// examples, which still owe a sentence on stderr.
func TestNewUserVerdict(t *testing.T) {
	ex := func(line string) example {
		e := example{source: "test", line: line}
		e.prepare()
		return e
	}
	cases := []struct {
		e              example
		code           int
		stdout, stderr string
		want           string
	}{
		{ex("studioctl get pods"), 0, "NAME\nweb-1\n", "", ""},
		{ex("studioctl get pods"), 0, "NAME\nweb-1\n", "error: half of it failed\n", "an error line with exit 0"},
		{ex("studioctl get pods"), 1, "", "error: The server refused.\n", "no answer"},
		{ex("studioctl get pods"), 0, "", "No resources found in default namespace.\n", "an empty answer"},
		{ex("studioctl audit workloads -n shop"), 4, "findings\n", "", ""},
		{ex("studioctl connection list"), 0, "", "No saved connections.\n", ""},
		{ex("studioctl mcp"), 0, "", "", "an empty answer and no sentence on stderr"},
		{ex("printf 'get pods\\n' | studioctl console"), 0, "", "", "an empty answer"},
	}
	for _, c := range cases {
		if got := verdict(c.e, c.code, c.stdout, c.stderr); got != c.want {
			t.Errorf("%s (exit %d, stdout %q, stderr %q): %q, want %q", c.e.line, c.code, c.stdout, c.stderr, got, c.want)
		}
	}
}
