package snapshot

import (
	"fmt"

	"github.com/studioctl/studioctl/fault"
)

// The codes of snapshot's refusals.
const (
	CodeFlags = "refused.flags"
	CodeLimit = "limit.value"
	CodeWrite = "snapshot.write"
	CodeRead  = "refused.snapshot"
)

// snapshot's sentences.
const (
	sentenceNoPath       = "studioctl snapshot needs the file to write: studioctl snapshot FILE. Nothing was sent."
	sentenceLogLines     = "--log-lines takes 0 to %d lines. Nothing was sent."
	sentenceMaxRows      = "--max-rows takes 1 to %d objects of a kind per namespace (none given: every object is kept). Nothing was sent."
	sentenceMaxBytes     = "--max-size takes %d to %d MiB. Nothing was sent."
	sentenceBadNamespace = "A namespace given to studioctl snapshot is not a valid namespace name. Nothing was sent."
	sentenceCreate       = "studioctl snapshot could not create a file beside the destination. Nothing was written."
	sentenceWrite        = "studioctl snapshot could not finish writing the file. Nothing was written."
	sentenceCanceled     = "The snapshot was interrupted. Nothing was written."
	sentenceTooSmall     = "The snapshot's size cap (%d MiB) leaves no room for its manifest; raise --max-size. Nothing was written."
	sentenceNotice       = "studioctl: answering from a snapshot of %s taken %s as %s, not from a live server."
	sentenceLogsShort    = "studioctl: the snapshot kept at most the last %d lines of container %s of pod %s/%s; %s asked for more."
	sentenceUnreadable   = "%s is not a studioctl snapshot this version can read: %s."
	sentenceCutOne       = "studioctl: the snapshot kept %d of the %d %s of namespace %s (the capture's --max-rows %d per namespace); the rest were left out."
	sentenceCutAll       = "studioctl: the snapshot left out %d %s past the capture's --max-rows (%d per namespace) in %d namespaces, %s first."
	sentenceRawRebuilt   = "studioctl: the snapshot was taken before snapshots kept get --raw's answers as the server wrote them: %s is printed from the JSON it kept for studioctl's own read, compacted and with its keys sorted, not byte for byte."
	lineCut              = "%s: %d of %d kept in namespace %s (--max-rows)"
	lineCutMore          = "and %d more namespaces past --max-rows"
	lineRaw              = "get --raw's %s, as the server wrote them"
	lineRawNone          = "none kept as the server wrote them (taken before snapshots kept get --raw's answers)"

	sentenceDiffClusters = "%s and %s are snapshots of two different clusters (their kube-system namespaces differ): studioctl snapshot diff compares two snapshots of one cluster."
	sentenceDiffForm     = "studioctl snapshot diff does not print -o %s: it takes %s. Nothing was read."
	sentenceDiffStopped  = "studioctl snapshot diff stopped at %s: its deadline passed or it was interrupted. Nothing was printed."
	noteDiffNoCluster    = "Note: a snapshot records no cluster identity (kube-system was not read at capture); the two were compared without checking they are of one cluster."
	lineDiffSide         = "%s: %s, server %s, captured as %s at %s"
	lineDiffMoreFields   = " and %d more"
	lineDiffNotCompared  = "%s: not compared, %s"
	lineDiffKind         = "%s: %d added, %d removed, %d changed"
	lineDiffNone         = "No object changed between the two snapshots."
	lineDiffUnlisted     = "%d more changes are counted above but not listed."

	reasonKindCap   = "past the most objects a capture reads of one kind"
	reasonSize      = "past the size cap (--max-size)"
	reasonRestarted = "the server restarted its list (410 Gone) after part of it was written"

	noteMachine   = "Machine masking was applied at capture: masked values read as <redacted> in every mode; a pod's default container is kept as a routing fact, so logs still pick it."
	noteNoOpenAPI = "The OpenAPI documents did not fit under the size cap: explain cannot answer from this snapshot."
	noteNames     = "Names, labels, images and log lines remain in a snapshot: share it as you would the cluster's inventory."
)

// The reasons a file is not read, quoted by sentenceUnreadable.
const (
	whyNotZip      = "it is not a zip archive"
	whyNotFile     = "it is not a regular file"
	whyNoManifest  = "it has no studioctl snapshot manifest"
	whyFormat      = "its manifest names another format or a newer version"
	whyTooLarge    = "it passes a reader limit (file size, entries or unpacked bytes)"
	whyEntry       = "an entry cannot be read"
	whyEntryName   = "an entry has a name this version does not write"
	whyDuplicate   = "an entry appears twice"
	whyKindEntries = "its kinds and their entries disagree"
)

// What a snapshot lacks, in the words fault.Missing puts after "it holds no" in the sentence that
// names the request.
const (
	lacksShape        = "answer to a request of this shape"
	lacksOpenAPIDoc   = "OpenAPI document for %s"
	lacksOpenAPIIndex = "OpenAPI index"
	lacksFixed        = "answer to %s in the form asked"
	lacksRaw          = "answer to get --raw %s: the server did not give one at capture, or it passed the capture's cap"
	lacksRawOlder     = "answer to get --raw %s: it was taken before snapshots kept get --raw's answers, and answers only /readyz, /version and /openapi/v3"
	lacksVersion      = "%s in version %s (it holds version %s)"
	lacksKind         = "%s: the server did not list it at capture"
	lacksCut          = "objects of %s: they were left out at capture, %s"
	lacksFailed       = "objects of %s: the server answered with an error at capture"
	lacksNamespace    = "objects in namespace %s: it was not among the namespaces captured"
	lacksRules        = "rules review for namespace %s (auth can-i and can-i --list read it)"
	lacksPodLog       = "log of pod %s/%s without a container named"
	lacksLog          = "log of container %s of pod %s/%s"
	lacksPreviousLog  = "previous log of container %s of pod %s/%s (a capture keeps it only when the server had one)"
)

// missing is the error a reader returns for a request the snapshot cannot answer; kube composes
// the sentence (sanitising and cutting what it quotes).
func missing(format string, args ...any) error {
	return &fault.Missing{Lacks: fmt.Sprintf(format, args...)}
}
