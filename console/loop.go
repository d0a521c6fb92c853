// Package console is studioctl's console: statements read one a line, interactively on a terminal
// (prompt, line editing, history with credential values masked, tab completion, Ctrl-C cancelling
// the running statement) or from a pipe (no prompt, each failure naming its line).
package console

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/statement"
)

// Loop reads statements one a line and answers each, as `studioctl console` does.
type Loop struct {
	Session    *reader.Session
	Mode       printer.RedactMode
	Out, Err   io.Writer
	HistoryDir string // where an interactive console keeps its history; "" keeps none
	// StopOnError ends a piped console at its first failed line.
	StopOnError bool
	// Prepare, when set, is handed each parsed statement before it runs: the command's hands a
	// config statement the person's kubeconfig, as on the command line. Without it config is
	// refused.
	Prepare func(*read.Statement) error
	// Own, when set, runs studioctl's own commands the console takes too (check, tree, audit
	// ...): it is handed a line's words first, and ran is false when they name none of them. Its
	// failure comes back unprinted, for the console to print naming the line.
	Own func(ctx context.Context, words []string) (ran bool, code int, err error)
	// line is the number of the piped line being answered, named in each of its errors; 0 on a
	// terminal, where the error follows the line typed.
	line int
}

// Script reads piped statements: no prompt, no echo, no history. Answers go to Out, refusals and
// errors to Err; a bad line never stops the next. failed is true when any line failed.
func (l *Loop) Script(ctx context.Context, in io.Reader) (failed bool, err error) {
	r := bufio.NewReaderSize(in, 64<<10)
	defer func() { l.line = 0 }()
	for l.line = 1; ; l.line++ {
		line, tooLong, err := readLine(r)
		if errors.Is(err, io.EOF) && line == "" && !tooLong {
			return failed, nil
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return failed, err
		}
		if !tooLong && isExit(line) {
			return failed, nil
		}
		ok := !tooLong && l.RunOne(ctx, line)
		if tooLong {
			l.fail(fault.Refusef(statement.CodeLexer, statement.SentenceLineTooLong))
		}
		if !ok {
			failed = true
			if l.StopOnError {
				return failed, nil
			}
		}
		if errors.Is(err, io.EOF) {
			return failed, nil
		}
	}
}

// isExit reports whether a line asks the console to end: exit or quit, alone.
func isExit(line string) bool {
	w := strings.TrimSpace(line)
	return w == "exit" || w == "quit"
}

// readLine reads one line of at most MaxStatementBytes; a longer one is consumed whole and
// reported as too long, so the next line still runs.
func readLine(r *bufio.Reader) (string, bool, error) {
	var buf []byte
	tooLong := false
	for {
		chunk, isPrefix, err := r.ReadLine()
		if !tooLong {
			buf = append(buf, chunk...)
			if len(buf) > limits.MaxStatementBytes {
				tooLong, buf = true, nil
			}
		}
		if err != nil {
			return string(buf), tooLong, err
		}
		if !isPrefix {
			return string(buf), tooLong, nil
		}
	}
}

// RunOne answers one line and reports whether it succeeded (its exit code is 0). `help` prints
// the console's help.
func (l *Loop) RunOne(ctx context.Context, line string) bool {
	words, err := statement.Split(line)
	if err != nil {
		l.fail(err)
		return false
	}
	if len(words) == 1 && (words[0] == "help" || words[0] == "?") {
		for _, s := range ConsoleHelp() {
			fmt.Fprintln(l.Out, s)
		}
		return true
	}
	if l.Own != nil {
		if ran, code, err := l.Own(ctx, words); ran {
			if err != nil {
				l.fail(err)
			}
			return code == fault.ExitOK
		}
	}
	p := cli.NewPrinter(l.Out, l.Err, words, false)
	p.Mode, p.Fail = l.Mode, l.fail
	open := func(*read.Statement) (*reader.Session, error) { return p.Lend(l.Session, l.Mode), nil }
	o := read.Exec(ctx, words, read.Surface{Admit: l.Prepare, Open: open})
	code := p.Print(o)
	if r := o.Result; o.Err == nil && r != nil && len(r.Body) > 0 && r.Body[len(r.Body)-1] != '\n' {
		fmt.Fprintln(l.Out) // get --raw's answer ends without one; the next prompt starts a line
	}
	return code == fault.ExitOK
}

// fail prints one failure on Err; a piped line's failure names its line number.
func (l *Loop) fail(err error) {
	e := fault.Of(err)
	if l.line > 0 {
		e = &fault.Error{Code: e.Code, Sentence: fmt.Sprintf("line %d: %s", l.line, e.Sentence), Class: e.Class, Status: e.Status}
	}
	printer.WriteError(l.Err, e, false)
}

// ConsoleHelp is the console's own help; it sends nothing.
func ConsoleHelp() []string {
	Lines := []string{"One statement a line, in kubectl's syntax (a leading kubectl, $ or % is fine; # starts a comment).", "", "Statements:"}
	Lines = append(Lines, statement.Overview()...)
	Lines = append(Lines, "", "COMMAND --help shows a command's flags. Ctrl-C clears the line, or cancels the running statement; Ctrl-D leaves.")
	return Lines
}
