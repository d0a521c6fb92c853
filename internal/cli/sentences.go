package cli

// An error studioctl did not compose (a bug), reported with this code.
const (
	codeInternal     = "internal"
	sentenceInternal = "studioctl failed: %s"
)
