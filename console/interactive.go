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
	"strings"

	"github.com/studioctl/studioctl/completion"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/statement"
	"golang.org/x/term"
)

const historyLimit = limits.ConsoleHistory // lines the interactive console keeps

// kubectlWord is the word a statement may begin with, which the parser drops.
const kubectlWord = "kubectl"

// terminalFile is what an interactive console needs of its input: a file descriptor to put in
// raw mode for line editing.
type terminalFile interface {
	io.Reader
	Fd() uintptr
}

// Interactive runs the console on a terminal: a prompt, line editing and history through
// golang.org/x/term, tab completion, Ctrl-C clearing the line being typed (keys.go) and
// cancelling the running statement (the terminal is back in its normal mode while a statement
// runs, so Ctrl-C is a signal there).
func (l *Loop) Interactive(ctx context.Context, in io.Reader) (failed bool, err error) {
	f, ok := in.(terminalFile)
	if !ok {
		return l.Script(ctx, in)
	}
	fd := int(f.Fd())
	t := newTerminal(in, l.Out, l.completer(ctx))
	hist := l.loadHistory()
	for _, h := range hist {
		t.History.Add(h)
	}
	fmt.Fprintln(l.Out, "studioctl console: one statement a line; help lists them; Ctrl-C clears the line; Ctrl-D leaves.")
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
	fmt.Fprintln(fh, statement.MaskCredentials(line))
}

// completer completes the word before the cursor from completion.Source: verbs, the verb's flags,
// kinds from discovery, object names and namespace names.
func (l *Loop) completer(ctx context.Context) func(line string, pos int, key rune) (string, int, bool) {
	src := completion.Source{Machine: l.Mode == printer.Machine}
	if l.Session != nil {
		src.Client = l.Session.Client
	}
	return func(line string, pos int, key rune) (string, int, bool) {
		if key != '\t' || pos != len(line) {
			return "", 0, false
		}
		words := strings.Fields(line)
		partial := ""
		if len(words) > 0 && !strings.HasSuffix(line, " ") {
			partial, words = words[len(words)-1], words[:len(words)-1]
		}
		match := src.Words(ctx, words, partial)
		if len(words) == 0 && partial != "" && strings.HasPrefix(kubectlWord, partial) {
			// A line may begin with kubectl, as a statement copied from kubectl's docs does.
			match = append(match, kubectlWord)
		}
		if len(match) == 0 {
			return "", 0, false
		}
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
