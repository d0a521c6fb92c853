package record

const (
	sentenceReplayNotice = "studioctl: answering from a recording of %s captured %s, not from a live server."
)
