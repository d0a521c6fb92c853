// Package cli is what the command line does with a statement's outcome: print the answer and the
// errors as the contract says, and turn the outcome into an exit code. The command, the console
// and the tests that check the command's output share it; it is not part of the library.
package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/run"
)

// Printer prints one statement's outcome (read.Exec) as the command line does: the answer to out
// through a Writer in the session's redaction mode, per-item errors and failures to errOut (as
// JSON objects with -o json), and the exit code. On the command line a live statement (get -w,
// logs -f, events -w, rollout status) prints through the Writer's stream as it reads, until ctx
// ends (Ctrl-C, exit 0) or its idle limit.
type Printer struct {
	out, errOut io.Writer
	words       []string
	live        bool
	w           *printer.Writer
	// Mode is the redaction mode of a statement that reads no server (version --client,
	// config); a session's own mode applies to the rest (Lend).
	Mode printer.RedactMode
	// Fail, when set, prints a failure instead of Report (the console names the line).
	Fail func(error)
}

// NewPrinter prints the outcome of words to out and errOut; live lends live statements the
// Writer's stream (the command line), where other surfaces read at most a page.
func NewPrinter(out, errOut io.Writer, words []string, live bool) *Printer {
	return &Printer{out: out, errOut: errOut, words: words, live: live, Mode: printer.People}
}

// Lend makes the Writer in the session's mode and hands s on, with the Writer's stream when the
// printer is live: a Surface's Open ends with it.
func (p *Printer) Lend(s *reader.Session, mode printer.RedactMode) *reader.Session {
	p.w = printer.NewWriter(p.out, p.errOut, mode)
	if !p.live {
		return s
	}
	ls := *s
	ls.Live = p.w.Stream()
	return &ls
}

// Print prints an outcome and returns its exit code (read.Outcome.Exit).
func (p *Printer) Print(o *read.Outcome) int {
	if o.Help != nil {
		for _, l := range o.Help {
			fmt.Fprintln(p.out, l)
		}
		return fault.ExitOK
	}
	if o.Err != nil {
		return p.fail(o, o.Err)
	}
	if o.Result == nil {
		return fault.ExitOK
	}
	if p.w == nil {
		p.w = printer.NewWriter(p.out, p.errOut, p.Mode)
	}
	if err := p.w.Write(o.Result); err != nil {
		return p.fail(o, err)
	}
	for _, e := range o.Result.Errors {
		p.fail(o, e)
	}
	return o.Exit()
}

func (p *Printer) fail(o *read.Outcome, err error) int {
	if p.Fail != nil {
		p.Fail(err)
		return fault.ExitCode(err)
	}
	return Report(p.errOut, err, p.jsonErrors(o))
}

// jsonErrors tells whether errors print as JSON objects: -o json, as read, or as the words spell
// it when they could not be read.
func (p *Printer) jsonErrors(o *read.Outcome) bool {
	if o.Statement != nil {
		return o.Statement.Output() == "json"
	}
	return WantsJSON(p.words)
}

// ExecWords runs words on s and prints the outcome as the command line prints it, reading at most
// a page of a collection at a time as agents and the console do; it returns the exit code.
func ExecWords(ctx context.Context, s *studioctl.Session, words []string, out, errOut io.Writer) int {
	return Exec(ctx, s, words, out, errOut, false)
}

// Exec runs words on s and prints the outcome; live runs live statements as the command line
// does (see Printer).
func Exec(ctx context.Context, s *studioctl.Session, words []string, out, errOut io.Writer, live bool) int {
	p := NewPrinter(out, errOut, words, live)
	open := func(*read.Statement) (*reader.Session, error) { return p.Lend(reader.Of(s), reader.Mode(s)), nil }
	return p.Print(read.Exec(ctx, words, read.Surface{Open: open}))
}

// WantsJSON reports whether a statement asks for -o json, so its errors are JSON too.
func WantsJSON(words []string) bool {
	for i, w := range words {
		if w == "-ojson" || w == "-o=json" || w == "--output=json" || ((w == "-o" || w == "--output") && i+1 < len(words) && words[i+1] == "json") {
			return true
		}
	}
	return false
}

// Report prints an error as studioctl's sentence (or a JSON object with its stable code) and
// returns its exit code.
func Report(errOut io.Writer, err error, jsonErrors bool) int {
	e := fault.Of(err)
	printError(errOut, e, jsonErrors)
	return e.Exit()
}

// printError writes one error as the printer writes every error (sanitised again there).
func printError(errOut io.Writer, e *fault.Error, jsonErrors bool) {
	printer.WriteError(errOut, e, jsonErrors)
}

// Print writes a result the command composed itself (check, discover, tree, audit) as run.Print
// does, in the session's redaction mode.
func Print(out, errOut io.Writer, s *studioctl.Session, r *printer.Result) error {
	return run.Print(out, errOut, s, r)
}
