package snapshot

// snapshot diff -o json names its schema as every studioctl document does (the audit report's
// way): apiVersion studioctl.dev/<name>/v1 and a kind (docs/snapshot.md).
const (
	DiffSchema = "studioctl.dev/snapshot-diff/v1"
	DiffKind   = "SnapshotDiff"
)

// diffDocument is the report as -o json prints it: the naming first, then the report's fields.
// The naming is added here, not on DiffReport, so a library caller's value stays as it was.
type diffDocument struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	*DiffReport
}
