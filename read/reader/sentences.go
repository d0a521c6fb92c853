package reader

// Answers that are not refusals.
const (
	SentenceNoResourcesIn = "No resources found in %s namespace."
)
