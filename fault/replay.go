package fault

import "errors"

// What a transport beneath the guard that answers from captured data (a recording, a snapshot)
// says when it cannot answer; the client turns each into a sentence of its own.

// ErrNoRecording is a replay's answer to a request it holds no answer to.
var ErrNoRecording = errors.New("no recorded answer for this request")

// ErrReplayEnd is a snapshot's answer to a watch or a followed log past the capture: nothing
// changed after it, so a live statement ends there, cleanly.
var ErrReplayEnd = errors.New("the snapshot holds no change after its capture")

// Missing is a snapshot's answer to a request it cannot answer: Lacks says, in words, what the
// snapshot does not hold.
type Missing struct{ Lacks string }

// Error says what the snapshot lacks, for logs and tests; what a person reads is the sentence the
// reader composes from Lacks.
func (m *Missing) Error() string { return "the snapshot holds no " + m.Lacks }
