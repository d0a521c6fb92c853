package check

import "encoding/json"

// check -o json and check --rights -o json name their schema as every studioctl document does (the
// audit report's way): apiVersion studioctl.dev/<name>/v1 and a kind. The report's version key
// stays the server's version.
const (
	ReportSchema = "studioctl.dev/check/v1"
	ReportKind   = "CheckReport"
	RightsSchema = "studioctl.dev/check-rights/v1"
	RightsKind   = "RightsReport"
)

// document is a report as the printer's JSON object, named: the Go structures carry no naming, so
// a library caller's value (and its comparisons) stay as they were.
func document(report any, apiVersion, kind string) map[string]any {
	var doc map[string]any
	data, _ := json.Marshal(report)
	_ = json.Unmarshal(data, &doc)
	doc["apiVersion"], doc["kind"] = apiVersion, kind
	return doc
}
