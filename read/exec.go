package read

import (
	"context"
	"fmt"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/statement"
)

// The one way a statement runs, whichever surface typed it: the command line, the console, an
// agent's tool call or a library caller's line. Each surface adds only what is its own (Surface)
// and prints the Outcome its own way; the reading, the order of the steps and the exit code are
// decided here once.

// Outcome is what one statement came to.
type Outcome struct {
	// Statement is what was read; nil when the words were refused before a statement was read,
	// or held none (a blank line, a comment).
	Statement *Statement
	// Help is a --help statement's lines; nothing was sent.
	Help []string
	// Result is the answer, unmasked: the surface's Writer masks it as it prints.
	Result *printer.Result
	// Err is why the statement failed as a whole: a refusal, a server that could not be
	// reached, a server's error. Nothing of the answer is printed then.
	Err error
}

// Exit is the outcome's exit code of the command-line contract: the failure's, else the first
// per-item error's (kubectl prints what it found, then exits 1 for a named object that is
// missing), else the answer's own (a check's warnings, an audit's findings).
func (o *Outcome) Exit() int {
	switch {
	case o.Err != nil:
		return fault.ExitCode(o.Err)
	case o.Result == nil:
		return fault.ExitOK
	case len(o.Result.Errors) > 0:
		return o.Result.Errors[0].Exit()
	}
	return o.Result.Exit
}

// Surface is what a caller adds to the one way a statement runs.
type Surface struct {
	// Admit is handed the statement once it is read, before anything is sent: it refuses what
	// this surface does not run (an agent's watch) or prepares what only it can (the command
	// hands config the person's kubeconfig). Help statements are not handed to it.
	Admit func(*Statement) error
	// Open gives the session the statement reads, and is called only for a statement that reads
	// a server, after Admit: a refusal never opens a connection. A local statement (version
	// --client, config) runs with none.
	Open func(*Statement) (*reader.Session, error)
}

// Opened is a Surface's Open for a session that is already open.
func Opened(s *reader.Session) func(*Statement) (*reader.Session, error) {
	return func(*Statement) (*reader.Session, error) { return s, nil }
}

// Exec reads words (as a shell split them) into a statement and answers it.
func Exec(ctx context.Context, words []string, sf Surface) *Outcome {
	st, err := Parse(words)
	o := &Outcome{Statement: st, Err: err}
	if err != nil || st == nil {
		return o
	}
	if st.Help {
		o.Help = statement.HelpLines(st.Command)
		return o
	}
	if sf.Admit != nil {
		if o.Err = sf.Admit(st); o.Err != nil {
			return o
		}
	}
	var s *reader.Session
	if !LocalOnly(st) {
		if sf.Open == nil {
			o.Err = fmt.Errorf("read: %s reads a server, and its caller gave no session", st.Command.Name) // a programming error
			return o
		}
		if s, o.Err = sf.Open(st); o.Err != nil {
			return o
		}
	}
	o.Result, o.Err = Run(ctx, s, st)
	return o
}

// ExecLine is Exec for one line as the console and library callers type it (a leading kubectl,
// $ or % is fine; # starts a comment).
func ExecLine(ctx context.Context, line string, sf Surface) *Outcome {
	words, err := statement.Split(line)
	if err != nil {
		return &Outcome{Err: err}
	}
	return Exec(ctx, words, sf)
}

// LocalOnly reports whether a statement reads no server, so no session is opened for it.
func LocalOnly(st *Statement) bool {
	lo, ok := st.Options.(interface{ LocalOnly() bool })
	return ok && lo.LocalOnly()
}
