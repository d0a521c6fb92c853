// Package run answers kubectl-subset statements on a studioctl session and prints the answers
// exactly as the studioctl command does: for statement-driven callers such as a console, a chat
// tool or an agent. It is the statement parser, every reader family and the printers, so a
// program that only makes typed reads (package studioctl's List, Get, Table, Logs, Watch ...)
// leaves it out and does not link them.
//
//	res, err := run.Line(ctx, s, "get pods -A -o wide")
//	if err != nil {
//		return err
//	}
//	return run.Print(os.Stdout, os.Stderr, s, res)
//
// A statement that would write, or that names a connection flag, is refused before anything is
// sent, with an error whose code starts with "refused." (see studioctl.Error).
package run

import (
	"context"
	"io"

	"github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read"
	"github.com/studioctl/studioctl/read/reader"
)

// Result is a statement's answer as data: a table, lines or documents, plus notices and per-item
// errors. [Print] prints it; its fields are unmasked until then.
type Result = printer.Result

// Line parses and answers one statement line on s, as `studioctl LINE` would ("get pods -n shop
// -o wide"), under the session's row cap and the statement's deadline.
func Line(ctx context.Context, s *studioctl.Session, line string) (*Result, error) {
	o := read.ExecLine(ctx, line, read.Surface{Open: read.Opened(reader.Of(s))})
	if o.Help != nil {
		return &Result{Lines: &printer.Lines{Text: o.Help}}, nil
	}
	return o.Result, o.Err
}

// Print writes a result as the studioctl command does, in s's redaction mode at the time of the
// call (machine masking happens here): the answer to out, notices and per-item errors to errOut.
func Print(out, errOut io.Writer, s *studioctl.Session, r *Result) error {
	if r == nil {
		return nil
	}
	if err := printer.NewWriter(out, errOut, reader.Mode(s)).Write(r); err != nil {
		return err
	}
	for _, e := range r.Errors {
		printer.WriteError(errOut, e, false)
	}
	return nil
}
