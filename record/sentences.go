package record

// record's sentences.
const (
	sentenceReplayNotice = "studioctl: answering from a recording of %s captured %s, not from a live server."
)
