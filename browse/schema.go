package browse

// The tree's and the health view's JSON documents name their schema as every studioctl document
// does (the audit report's way): apiVersion studioctl.dev/<name>/v1 and a kind (docs/tree.md). The
// version changes only when a field changes meaning or goes away; a new field does not change it.
const (
	TreeSchema   = "studioctl.dev/tree/v1"
	TreeKind     = "Tree"
	HealthSchema = "studioctl.dev/health/v1"
	HealthKind   = "Health"
)
