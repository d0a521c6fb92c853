package studioctl

// Sentences of the library's front door.
const (
	sentenceMaxRows = "--max-rows takes 1 to %d. Nothing was sent."
)

// This room's codes and sentences.
const (
	sentenceListExpired = "The API server expired the list of %s while it was being read; list again."
	sentenceLogNegative = "TailLines, SinceSeconds and LimitBytes take 0 or more. Nothing was sent."
	sentenceWatchWindow = "A watch window takes 1s to %s. Nothing was sent."
)
