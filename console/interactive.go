package console

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/get"
	"github.com/studioctl/studioctl/statement"
	"golang.org/x/term"
)

const historyLimit = 1000

// terminalFile is what an interactive console needs of its input: a file descriptor to put in
// raw mode for line editing.
type terminalFile interface {
	io.Reader
	Fd() uintptr
}

// Interactive runs the console on a terminal: a prompt, line editing and history through
// golang.org/x/term, tab completion, and Ctrl-C cancelling the running statement (the terminal
// is back in its normal mode while a statement runs, so Ctrl-C is a signal there).
func (l *Loop) Interactive(ctx context.Context, in io.Reader) (failed bool, err error) {
	f, ok := in.(terminalFile)
	if !ok {
		return l.Script(ctx, in)
	}
	fd := int(f.Fd())
	rw := struct {
		io.Reader
		io.Writer
	}{in, l.Out}
	t := term.NewTerminal(rw, "studioctl> ")
	t.AutoCompleteCallback = l.completer(ctx)
	hist := l.loadHistory()
	for _, h := range hist {
		t.History.Add(h)
	}
	fmt.Fprintln(l.Out, "studioctl console: one statement a line; help lists them; Ctrl-D leaves.")
	for {
		old, err := term.MakeRaw(fd)
		if err != nil {
			return failed, err
		}
		line, rerr := t.ReadLine()
		term.Restore(fd, old)
		if errors.Is(rerr, io.EOF) {
			fmt.Fprintln(l.Out)
			return failed, nil
		}
		if rerr != nil {
			return failed, rerr
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		l.AppendHistory(line)
		if isExit(line) {
			return failed, nil
		}
		sctx, stop := signal.NotifyContext(ctx, os.Interrupt)
		if !l.RunOne(sctx, line) {
			failed = true
		}
		stop()
	}
}

// credentialValue finds a credential flag's value in every spelling: --token X, --token=X,
// quoted or not.
var credentialValue = regexp.MustCompile(`(--(?:` + strings.Join(statement.CredentialFlags, "|") + `))(=|\s+)("[^"]*"|'[^']*'|\S+)`)

// MaskCredentials replaces the value of every credential flag in a line with ****, before the
// line is kept anywhere.
func MaskCredentials(line string) string {
	return credentialValue.ReplaceAllString(line, "$1$2****")
}

func (l *Loop) historyPath() string {
	if l.HistoryDir == "" {
		return ""
	}
	return filepath.Join(l.HistoryDir, "history")
}

func (l *Loop) loadHistory() []string {
	p := l.historyPath()
	if p == "" {
		return nil
	}
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm()&0o077 != 0 {
		return nil
	}
	fh, err := os.Open(p)
	if err != nil {
		return nil
	}
	defer fh.Close()
	var Lines []string
	sc := bufio.NewScanner(io.LimitReader(fh, 4<<20))
	sc.Buffer(make([]byte, 64<<10), limits.MaxStatementBytes+1)
	for sc.Scan() {
		Lines = append(Lines, sc.Text())
	}
	if len(Lines) > historyLimit {
		Lines = Lines[len(Lines)-historyLimit:]
	}
	return Lines
}

// appendHistory keeps the line, masked, in a 0600 file in a 0700 directory.
func (l *Loop) AppendHistory(line string) {
	p := l.historyPath()
	if p == "" || strings.ContainsAny(line, "\n\r") {
		return
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return
	}
	fh, err := os.OpenFile(p, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return
	}
	defer fh.Close()
	if fi, err := fh.Stat(); err != nil || fi.Mode().Perm()&0o077 != 0 {
		return
	}
	fmt.Fprintln(fh, MaskCredentials(line))
}

// completer completes the word before the cursor: verbs, then the verb's flags, kinds from
// discovery, and namespace names after -n.
func (l *Loop) completer(ctx context.Context) func(line string, pos int, key rune) (string, int, bool) {
	var namespaces []string
	return func(line string, pos int, key rune) (string, int, bool) {
		if key != '\t' || pos != len(line) {
			return "", 0, false
		}
		words := strings.Fields(line)
		partial := ""
		if len(words) > 0 && !strings.HasSuffix(line, " ") {
			partial, words = words[len(words)-1], words[:len(words)-1]
		}
		var options []string
		switch {
		case len(words) == 0:
			for _, c := range statement.Commands {
				options = append(options, strings.Fields(c.Name)[0])
			}
		case strings.HasPrefix(partial, "-"):
			if c, _ := statement.CommandByWords(words); c != nil {
				for _, f := range c.Flags {
					if f != "follow" {
						options = append(options, "--"+f)
					}
				}
			}
		case words[len(words)-1] == "-n" || words[len(words)-1] == "--namespace":
			if namespaces == nil {
				namespaces = l.namespaceNames(ctx)
			}
			options = namespaces
		case len(words) == 1:
			options = l.kindNames(ctx)
		}
		var match []string
		for _, o := range options {
			if strings.HasPrefix(o, partial) {
				match = append(match, o)
			}
		}
		if len(match) == 0 {
			return "", 0, false
		}
		sort.Strings(match)
		done := commonPrefix(match)
		if len(match) == 1 {
			done += " "
		}
		newLine := line[:len(line)-len(partial)] + done
		return newLine, len(newLine), true
	}
}

func commonPrefix(list []string) string {
	p := list[0]
	for _, s := range list[1:] {
		for !strings.HasPrefix(s, p) {
			p = p[:len(p)-1]
		}
	}
	return p
}

func (l *Loop) kindNames(ctx context.Context) []string {
	d, err := l.Session.Client.Discovery(ctx)
	if err != nil {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	for _, r := range d.Resources {
		if r.Preferred && r.Has("list") && !seen[r.Resource] {
			seen[r.Resource] = true
			out = append(out, r.Resource)
		}
	}
	return out
}

func (l *Loop) namespaceNames(ctx context.Context) []string {
	r, err := l.Session.Client.Resolve(ctx, "namespaces")
	if err != nil {
		return []string{}
	}
	p := &get.NamePager{Lines: &printer.Lines{}}
	if l.Session.Client.ListTable(ctx, r, kube.Scope{}, kube.ListOptions{IncludeObject: "Metadata", MaxRows: limits.MaxNamespacesListed}, p) != nil {
		return []string{}
	}
	out := make([]string, 0, len(p.Lines.Text))
	for _, s := range p.Lines.Text {
		out = append(out, strings.TrimPrefix(s, "/"))
	}
	return out
}
