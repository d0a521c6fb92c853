package studioctl

// Sentences about studioctl's global flags and the session they open (cmd/studioctl and the
// library's front door).
const (
	CodeInternal = "internal"

	SentenceMaxRows  = "--max-rows takes 1 to %d. Nothing was sent."
	SentenceInternal = "studioctl failed: %s"
)
