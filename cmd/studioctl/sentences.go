package main

// The command layer's own sentences: the global flags and the session they open.
const (
	CodeFlags              = "refused.flags"
	CodeReplayRead         = "refused.replay"
	CodeKubeconfigRead     = "refused.kubeconfig.read"
	SentenceContextAlone   = "--context picks a context of a kubeconfig (--kubeconfig, or the one KUBECONFIG or ~/.kube/config names), so it takes no --connection or --replay. Nothing was sent."
	SentenceReplayAlone    = "--replay answers from a recording, so it takes no --kubeconfig or --connection. Nothing was sent."
	SentenceTwoConnections = "--kubeconfig and --connection each name a connection; give one. Nothing was sent."
	SentenceKubeconfigOpen = "The kubeconfig %s could not be opened: %s. Nothing was sent."
	SentenceKubeconfigRead = "The kubeconfig %s could not be read to its end. Nothing was sent."

	sentenceVerboseKubeconfig = "studioctl: reading the kubeconfig %s (from %s)"
	SentenceRedactValue       = "--redact takes people or machine. Nothing was sent."
	sentenceBoolBeforeVerb    = "%s is a switch of the statement, so before the verb it would take the verb as its value (kubectl refuses it there too): put %s after the verb, or write it with its value, such as --show-labels=true. Nothing was sent."
	sentenceNoHelp            = "There is no command %q to show help for; studioctl help lists the commands."
	sentenceNoContexts        = "The kubeconfig holds no contexts."
	sentenceMaxRows           = "--max-rows takes 1 to %d. Nothing was sent."
)

// The IMPORT cell of connection contexts: what importing the context would give.
const (
	cellImportYes          = "yes"
	cellImportRefused      = "refused"
	cellImportRefusedCode  = "refused (%s)"
	cellImportNoCredential = "no credential (%s)"
)

// Why a kubeconfig could not be opened, beside replayread.go's reasons for a recording.
const (
	reasonNotAFile = "it is not a plain file"
	reasonUnopened = "the system refused to open it"
)

// The command line's word on an unknown verb: the statement verbs and studioctl's own commands.
const (
	sentenceUnknownVerb     = "%q is not a command of studioctl. It reads kubectl's %s; and has its own %s. Nothing was sent."
	sentenceUnknownVerbNear = "%q is not a command of studioctl; did you mean %s? It reads kubectl's %s; and has its own %s. Nothing was sent."
)

// The flags studioctl's own commands share with the statements (ownflags.go).
const (
	sentenceOwnOutput = "%s -o takes %s, not %q; without -o it prints %s. Nothing was sent."
	sentenceOwnForm   = "%s -o takes %s, not %q. Nothing was sent."
)
