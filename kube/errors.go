package kube

import "errors"

// Exit codes of the command line, as the README's exit code table states them.
const (
	ExitOK          = 0
	ExitServerError = 1 // the server answered with an error
	ExitRefused     = 2 // refused before anything was sent
	ExitUnreachable = 3 // the server could not be reached or verified
	ExitWarnings    = 4 // check only: connected, with warnings
)

// Error is every failure studioctl reports: a stable code for scripts, a sentence composed by
// studioctl (never the server's own message, which can echo a credential) and the exit code.
type Error struct {
	Code     string
	Sentence string
	Exit     int
	Status   int // the HTTP status when the server answered, else 0
}

// Error is the sentence.
func (e *Error) Error() string { return e.Sentence }

// IsRefusal reports whether studioctl refused: before anything was sent (a write, a bad name, a
// limit above its maximum, a connection rule), or when a cap was reached while reading (rows,
// bytes, pages). The server did not answer with an error.
func (e *Error) IsRefusal() bool { return e.Exit == ExitRefused }

// IsUnreachable reports whether the server could not be reached or verified (DNS, connect, TLS,
// a deadline).
func (e *Error) IsUnreachable() bool { return e.Exit == ExitUnreachable }

// IsServerError reports whether the server answered with an error (401, 403, 404, 5xx ...);
// Status holds the HTTP status when there was one.
func (e *Error) IsServerError() bool { return e.Exit == ExitServerError }

// AsError finds a *Error in err's chain.
func AsError(err error) (*Error, bool) {
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
	if e, ok := AsError(err); ok {
		return e.Exit
	}
	return ExitRefused
}

func refusal(code, sentence string) *Error {
	return &Error{Code: code, Sentence: sentence, Exit: ExitRefused}
}

// Refusef builds a refusal (exit 2, nothing sent) from a sentence template; every value is
// sanitised and cut by Sentencef.
func Refusef(code, format string, args ...any) *Error {
	return &Error{Code: code, Sentence: Sentencef(format, args...), Exit: ExitRefused}
}

func serverError(code string, status int, sentence string) *Error {
	return &Error{Code: code, Sentence: sentence, Exit: ExitServerError, Status: status}
}

func unreachable(code, sentence string) *Error {
	return &Error{Code: code, Sentence: sentence, Exit: ExitUnreachable}
}
