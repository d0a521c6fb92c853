package statement

import (
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/redact"
)

// The statement language's codes and sentences; a refusal ends by saying nothing was sent.
const (
	CodeWriteCommand        = "refused.write_command"
	CodeNotInV1             = "refused.not_in_v1"
	CodeFlagNotInV1         = "refused.flag_not_in_v1"
	CodeConnectionFlag      = "refused.connection_flag"
	CodeLater               = "refused.not_built_yet"
	CodeFollow              = "refused.follow"
	CodeRevealingFlag       = "refused.revealing_flag"
	CodeUnknownCommand      = "refused.unknown_command"
	CodeUsage               = "refused.usage"
	CodeBadValue            = fault.CodeBadValue
	CodeLimit               = fault.CodeLimitValue
	CodeLexer               = "refused.unreadable"
	CodeControlChar         = "refused.control_character"
	sentenceWriteCommand    = "studioctl is read-only: %q changes a cluster, runs a program in it or opens a tunnel into it, so it is never sent. Nothing was sent."
	sentenceNotInV1Command  = "%q is a read-only kubectl command that this version of studioctl does not read. Nothing was sent."
	sentenceFlagNotInV1     = "%s is not in v1 for %s, which takes: %s. Nothing was sent."
	sentenceImpersonation   = "%s asks the server to act as another identity, and studioctl never impersonates: every read is made as the connection's own identity (studioctl auth whoami names it). Nothing was sent."
	sentenceConnectionFlag  = "%s is a connection setting, and the connection decides this, not a statement: put studioctl's own flags (--kubeconfig FILE, --context NAME, --connection NAME) before the verb. Nothing was sent."
	sentenceLaterOutput     = "-o %s is not built in studioctl yet (it is planned); use -o json or -o yaml and a JSON tool for now. Nothing was sent."
	SentenceFollow          = "logs -f streams only on the command line (studioctl logs ... -f); here, remove -f to read the latest lines, and run the statement again to refresh. Nothing was sent."
	SentenceUnknownCommand  = "%q is not a command studioctl reads; it reads: %s. Nothing was sent."
	sentenceTopNeedsKind    = "top needs pod or node: top pod, top node. Nothing was sent."
	sentenceConfigNeedsKind = "config reads the kubeconfig three ways: config view, config get-contexts, config current-context. Nothing was read."
	sentenceConfigWrite     = "studioctl is read-only: %q changes the kubeconfig file, which studioctl never writes. Nothing was read."
	sentenceRevealingFlag   = "%s would make %s print the kubeconfig's credentials as they are, and studioctl never prints a credential: without it, each shows as DATA+OMITTED or REDACTED. Nothing was read."
	sentenceAuthNeedsKind   = "auth needs can-i or whoami: auth can-i VERB TYPE, auth whoami. Nothing was sent."
	SentenceTooFewArgs      = "%s needs %s (studioctl help %s shows examples). Nothing was sent."
	sentenceTooManyArgs     = "%s takes %s, and was given more. Nothing was sent."
	sentenceMissingValue    = "%s needs a value. Nothing was sent."
	sentenceBadBool         = "%s takes true or false. Nothing was sent."
	sentenceBadInt          = "%s takes a whole number. Nothing was sent."
	sentenceBadDuration     = "%s takes a duration such as 30s, 5m or 1h. Nothing was sent."
	sentenceBadOutput       = "-o %s is not an output %s prints; it prints: %s. Nothing was sent."
	sentenceRepeated        = "%s is given twice. Nothing was sent."
	SentenceLineTooLong     = "The statement is longer than 64 KiB. Nothing was sent."
	sentenceUnterminated    = "The statement has a quote that is never closed. Nothing was sent."
	sentenceOperator        = "studioctl reads one statement a line and runs no shell: ;, |, &, < and > are not read. Nothing was sent."
	sentenceControlChar     = "The statement holds a control character (%s, at byte %d); a statement is one line of printable text, so a line break cannot start another statement and nothing unseen is read. Nothing was sent."
	SentenceLimit           = "%s may be at most %s (%s); studioctl refuses a larger value rather than cutting it. Nothing was sent."
	sentenceLimitMin        = "%s must be at least %s. Nothing was sent."
	SentenceNamespaceAll    = "-n and -A ask for different namespaces; give one. Nothing was sent."
	SentenceNamespaceName   = "The namespace must be a DNS-1123 label: lower-case letters, digits and '-', at most 63 characters. Nothing was sent."
	sentenceBadSelector     = "%s holds a control character. Nothing was sent."
	sentenceLabelSelector   = "The label selector %q cannot be read at character %d: %s. Nothing was sent."
	sentenceFieldSelector   = "The field selector %q cannot be read at character %d: %s. Nothing was sent."
	SentenceOwnerSelector   = redact.SentenceOwnerSelector
)
