package studioctl

// Sentences of the library's front door.
const (
	sentenceMaxRows     = "--max-rows takes 1 to %d. Nothing was sent."
	sentenceCapRows     = "A session's row cap can be lowered to 1 to %d, never raised. Nothing was sent."
	sentenceMode        = "The redaction mode %d is neither People nor Machine. Nothing was sent."
	sentenceRedactLower = "This session reads in machine redaction, which is never lowered; open a new session for people redaction. Nothing was sent."
)

// This room's codes and sentences.
const (
	sentenceListExpired = "The API server expired the list of %s while it was being read; list again."
	sentenceLogNegative = "TailLines, SinceSeconds and LimitBytes take 0 or more. Nothing was sent."
	sentenceWatchWindow = "A watch window takes 1s to %s. Nothing was sent."
)
