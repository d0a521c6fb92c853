package main

import (
	"errors"
	"fmt"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/sanitize"
)

// run is the whole command: it wires the root command to the streams, runs it, and maps what it
// returned to the exit code of the command-line contract.
func run(args []string, io *IOStreams) int {
	args, err := arrangeArgs(args)
	if err != nil {
		return exitCode(io, fail(err, false))
	}
	f := newFactory(io)
	root := newRoot(f)
	root.SetArgs(args)
	root.SetOut(io.Out)
	root.SetErr(io.Err)
	return exitCode(io, root.Execute())
}

// exitStatus is an outcome whose words are already printed (a statement's own answer, a failed
// console line, a check with warnings): only its code is left to return.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit %d", int(e)) }

// failure is an error not yet printed, with the form its sentence takes on stderr.
type failure struct {
	err  error
	json bool
}

func (e failure) Error() string { return e.err.Error() }
func (e failure) Unwrap() error { return e.err }

// fail marks err to be printed as a JSON object (jsonErrors) or a sentence; an exitStatus and nil
// pass through.
func fail(err error, jsonErrors bool) error {
	var done exitStatus
	if err == nil || errors.As(err, &done) {
		return err
	}
	return failure{err: err, json: jsonErrors}
}

// exitCode is the one place an error becomes an exit code: it prints what is not printed yet,
// once, and returns the code.
func exitCode(io *IOStreams, err error) int {
	code, unprinted, asJSON := outcome(err)
	var f failure
	_, composed := fault.As(unprinted)
	switch {
	case unprinted == nil:
	case composed || errors.As(err, &f):
		cli.Report(io.Err, unprinted, asJSON)
	default:
		// cobra's own parse errors (an unknown global flag): a refusal, nothing sent.
		fmt.Fprintln(io.Err, "error: "+sanitize.String(unprinted.Error()))
	}
	return code
}

// outcome is what a command returned, read: its exit code, the error it left unprinted (nil when
// it ended well or printed its own words, an exitStatus) and whether that error prints as JSON.
// exitCode prints that error itself; a console line hands it to the console, which names the line.
func outcome(err error) (code int, unprinted error, asJSON bool) {
	var done exitStatus
	var f failure
	switch {
	case err == nil:
		return fault.ExitOK, nil, false
	case errors.As(err, &done):
		return int(done), nil, false
	case errors.As(err, &f):
		return fault.ExitCode(f.err), f.err, f.json
	}
	return fault.ExitCode(err), err, false
}
