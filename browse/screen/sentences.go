package screen

// Every word the screen says beyond what the server's tables hold. They are studioctl's own;
// a server's message is never drawn (errors arrive as fault.Sentencef sentences).
// codeBrowse is the code of the screen's own refusals (shown on the status line).
const codeBrowse = "browse.screen"

const (
	wordTitle      = "studioctl browse"
	wordCluster    = "cluster"
	wordIdentity   = "identity"
	wordVersion    = "version"
	wordNamespace  = "namespace"
	wordAll        = "all namespaces"
	wordUpdated    = "updated %s"
	wordWaiting    = "waiting for the first list"
	wordPaused     = "PAUSED (p resumes; %d changes held)"
	wordWide       = "wide"
	wordSortBy     = "sort %s %s"
	wordFilter     = "filter %q"
	wordSelector   = "labels %s"
	wordOwnedBy    = "owned by %s"
	wordRows       = "%d of %d rows"
	wordNoRows     = "No rows (yet)."
	wordFooter     = "? help  : jump  / filter  enter describe  y yaml  l logs  q quit"
	wordViewFooter = "esc back  ? help  up/down scroll  q quit"
	wordLogsFooter = "esc back  f follow  c container  P previous  t tail  q quit"
	wordHelpFooter = "esc or ? closes the help  up/down scroll  q quit"
	wordTreeFooter = "right open  left close  enter view  d describe  y yaml  / filter  q or T back"
	wordHelpTitle  = "Keys (browse only reads: no key deletes, scales, edits, execs or forwards)"
	wordHelpWhere  = "%-6s %-20s %s"
	wordLoading    = "reading..."
	wordLogsTitle  = "logs pod/%s%s --tail=%d%s%s"
	wordContainer  = " -c %s"
	wordFollowing  = " -f"
	wordPrevious   = " --previous"
	wordNoLog      = "(the log is empty)"

	sentenceNotPod    = "Only a pod's row has logs."
	sentenceNoRow     = "There is no row under the cursor."
	sentenceMaskedRow = "Machine mode masks this row's name, so it cannot be read by name. Nothing was sent."
	sentenceNoOwner   = "This object names no owner."
	sentenceNoOwned   = "browse knows no kind this one owns."
	sentenceOwnedNone = "This object owns no %s now."
	sentenceJumpUsage = "Jump with :KIND (:pods, :deploy), :ns NAME, :ns all, or :ns for the namespace list."
)
