// Package fault is studioctl's ground floor for failures: the Error every room composes (a stable
// code, a sentence of studioctl's own, the class of failure), the one sentence formatter, the
// codes that several rooms share, and the table that maps a class to the command line's exit
// code. It imports nothing of studioctl's but the value caps and the terminal sanitiser, so a
// room that only refuses (the statement language, the kubeconfig reader) needs no HTTP client.
package fault

import "errors"

// Class is what kind of failure an Error is; the command line's exit code follows from it (Exit).
type Class int

// The classes of failure.
const (
	// Refused: studioctl refused before anything was sent (a write, a bad name, a limit above
	// its maximum, a connection rule), or a cap was reached while reading (rows, bytes, pages).
	Refused Class = iota + 1
	// ServerError: the server answered with an error (401, 403, 404, 5xx ...).
	ServerError
	// Unreachable: the server could not be reached or verified (DNS, connect, TLS, a deadline).
	Unreachable
	// Ended: a statement ended cleanly before its answer was whole (a live statement reached a
	// snapshot's end); it says so, and the command exits 0.
	Ended
)

// Exit codes of the command line, as the README's exit code table states them.
const (
	ExitOK          = 0
	ExitServerError = 1 // the server answered with an error
	ExitRefused     = 2 // refused before anything was sent
	ExitUnreachable = 3 // the server could not be reached or verified
	ExitWarnings    = 4 // connected, with warnings or findings (check, audit)
)

// exits is the one table from a class to its exit code.
var exits = map[Class]int{Refused: ExitRefused, ServerError: ExitServerError, Unreachable: ExitUnreachable, Ended: ExitOK}

// Error is every failure studioctl reports: a stable code for scripts, a sentence composed by
// studioctl (never the server's own message, which can echo a credential) and its class.
type Error struct {
	Code     string
	Sentence string
	Class    Class
	Status   int // the HTTP status when the server answered, else 0
}

// Error is the sentence.
func (e *Error) Error() string { return e.Sentence }

// Exit is the error's exit code of the command-line contract.
func (e *Error) Exit() int {
	if code, ok := exits[e.Class]; ok {
		return code
	}
	return ExitRefused
}

// IsRefusal reports whether studioctl refused (see Refused).
func (e *Error) IsRefusal() bool { return e.Class == Refused }

// IsUnreachable reports whether the server could not be reached or verified.
func (e *Error) IsUnreachable() bool { return e.Class == Unreachable }

// IsServerError reports whether the server answered with an error; Status holds the HTTP status
// when there was one.
func (e *Error) IsServerError() bool { return e.Class == ServerError }

// As finds a *Error in err's chain.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// ExitCode maps any error to the exit code of the contract. An error studioctl did not compose
// counts as a refusal: it arose before or outside any request.
func ExitCode(err error) int {
	if err == nil {
		return ExitOK
	}
	return Of(err).Exit()
}

// Refusef builds a refusal (nothing sent) from a sentence template; every value is sanitised and
// cut by Sentencef.
func Refusef(code, format string, args ...any) *Error {
	return &Error{Code: code, Sentence: Sentencef(format, args...), Class: Refused}
}

// Of is the *Error in err's chain, or err as an Internal one when studioctl did not compose it:
// what every surface prints and exits by. err is not nil.
func Of(err error) *Error {
	if e, ok := As(err); ok {
		return e
	}
	return Internal(err)
}

// Internal wraps an error studioctl did not compose (a bug, or a library's failure left unnamed):
// code internal, the error's text sanitised and cut in studioctl's sentence, and the class of a
// refusal, so the command exits 2 and an agent reads a refusal rather than a server's answer.
func Internal(err error) *Error {
	return &Error{Code: CodeInternal, Sentence: Sentencef(SentenceInternal, err.Error()), Class: Refused}
}

// Server builds a server's error from a sentence studioctl composed and the HTTP status.
func Server(code string, status int, sentence string) *Error {
	return &Error{Code: code, Sentence: sentence, Class: ServerError, Status: status}
}

// Unreached builds an unreachable-server error from a sentence studioctl composed.
func Unreached(code, sentence string) *Error {
	return &Error{Code: code, Sentence: sentence, Class: Unreachable}
}
