// Package cli is what the command line does with a statement beyond reading it: print the answer
// and the errors as the contract says, and turn the outcome into an exit code. The command and the
// tests that check its output share it; it is not part of the library.
package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/run"
	"github.com/studioctl/studioctl/statement"
)

// An error studioctl did not compose (a bug), reported with this code.
const (
	codeInternal     = "internal"
	sentenceInternal = "studioctl failed: %s"
)

// Exec runs one parsed statement, prints its answer (stdout) and its notices and errors (stderr)
// and returns the exit code of the command-line contract.
func Exec(ctx context.Context, s *studioctl.Session, st *read.Statement, out, errOut io.Writer) int {
	return exec(ctx, reader.Of(s), reader.Mode(s), st, out, errOut, false)
}

// ExecLive is Exec on the command line: get -w, logs -f, events -w and rollout status run live,
// printing as they read, until ctx ends (Ctrl-C, exit 0) or their idle limit.
func ExecLive(ctx context.Context, s *studioctl.Session, st *read.Statement, out, errOut io.Writer) int {
	return exec(ctx, reader.Of(s), reader.Mode(s), st, out, errOut, true)
}

// ExecLocal runs a statement that reads no server (version --client): it needs no session.
func ExecLocal(ctx context.Context, st *read.Statement, out, errOut io.Writer) int {
	return exec(ctx, nil, printer.People, st, out, errOut, false)
}

// LocalOnly reports whether a statement reads no server, so the command opens no connection.
func LocalOnly(st *read.Statement) bool {
	lo, ok := st.Options.(interface{ LocalOnly() bool })
	return ok && lo.LocalOnly()
}

func exec(ctx context.Context, s *read.Session, mode printer.RedactMode, st *read.Statement, out, errOut io.Writer, live bool) int {
	jsonErrors := st.Output() == "json"
	w := printer.NewWriter(out, errOut, mode)
	if live && s != nil {
		ls := *s
		ls.Live = w.Stream()
		s = &ls
	}
	res, err := read.Run(ctx, s, st)
	if err != nil {
		return Report(errOut, err, jsonErrors)
	}
	if err := w.Write(res); err != nil {
		return Report(errOut, err, jsonErrors)
	}
	for _, e := range res.Errors {
		printError(errOut, e, jsonErrors)
	}
	if len(res.Errors) > 0 {
		return res.Errors[0].Exit
	}
	return res.Exit
}

// ExecWords parses words (as a shell split them) and runs them; a refusal prints its sentence.
func ExecWords(ctx context.Context, s *studioctl.Session, words []string, out, errOut io.Writer) int {
	st, err := read.Parse(words)
	if err != nil {
		return Report(errOut, err, WantsJSON(words))
	}
	if st == nil {
		return kube.ExitOK
	}
	if st.Help {
		for _, l := range statement.HelpLines(st.Command) {
			fmt.Fprintln(out, l)
		}
		return kube.ExitOK
	}
	return Exec(ctx, s, st, out, errOut)
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
	e, ok := kube.AsError(err)
	if !ok {
		e = &kube.Error{Code: codeInternal, Sentence: kube.Sentencef(sentenceInternal, err.Error()), Exit: kube.ExitRefused}
	}
	printError(errOut, e, jsonErrors)
	return e.Exit
}

// printError writes one error as the printer writes every error (sanitised again there).
func printError(errOut io.Writer, e *kube.Error, jsonErrors bool) {
	printer.WriteError(errOut, e, jsonErrors)
}

// Print writes a result the command composed itself (check, discover, tree, audit) as run.Print
// does, in the session's redaction mode.
func Print(out, errOut io.Writer, s *studioctl.Session, r *printer.Result) error {
	return run.Print(out, errOut, s, r)
}
