package main

const (
	CodeFlags                = "refused.flags"
	CodeReplayRead           = "refused.replay"
	CodeKubeconfigRead       = "refused.kubeconfig.read"
	SentenceContextAlone     = "--context goes with --kubeconfig. Nothing was sent."
	SentenceReplayAlone      = "--replay answers from a recording, so it takes no --kubeconfig or --connection. Nothing was sent."
	SentenceTwoConnections   = "--kubeconfig and --connection each name a connection; give one. Nothing was sent."
	SentenceReplayUnreadable = "The recording at %s could not be read. Nothing was sent."
	SentenceKubeconfigOpen   = "The kubeconfig file could not be opened. Nothing was sent."
	SentenceKubeconfigRead   = "The kubeconfig file could not be read. Nothing was sent."
	SentenceRedactValue      = "--redact takes people or machine. Nothing was sent."
)
