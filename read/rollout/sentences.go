package rollout

// rollout's codes and sentences. kubectl's own progress messages stay in state.go, word for word
// as kubectl prints them; these are studioctl's.
const (
	codeKind     = "rollout.unsupported_type"
	codeStrategy = "rollout.not_rolling"
	codeDeadline = "rollout.progress_deadline"
	codeTimeout  = "rollout.timeout"
	codeUnended  = "rollout.unfinished"

	sentenceTarget      = "rollout status and rollout history take one object as TYPE/NAME or TYPE NAME, such as deployment/web. Nothing was sent."
	sentenceKind        = "rollout reads deployments, stateful sets and daemon sets; %s is none of those."
	sentenceStrategy    = "rollout status is only available for the RollingUpdate update strategy, and this object uses another."
	sentenceDeadline    = "Deployment %q exceeded its progress deadline."
	sentenceTimeout     = "The rollout of %s %q did not finish before --timeout."
	sentenceUnended     = "The rollout of %s %q had not finished when the watch ended (%s)"
	sentenceNoRevisions = "%s %q has no recorded revisions."
)
