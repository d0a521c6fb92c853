package audit

import (
	"net/url"
	"regexp"
	"strings"

	"github.com/studioctl/studioctl/kube"
)

// SARIFVersion is the SARIF version -o sarif writes (OASIS SARIF 2.1.0).
const SARIFVersion = "2.1.0"

const (
	sarifSchemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
	// sarifHelpURI is where a rule's check is explained: the checks table of docs/audit.md.
	sarifHelpURI = "https://github.com/studioctl/studioctl/blob/main/docs/audit.md#checks"
	// sarifArtifactRoot is the first segment of every result's artifact path. Code scanning takes
	// only repository-relative paths (a URI with a scheme is refused at upload), so an object of
	// the cluster is named as a path that no repository file is likely to hold.
	sarifArtifactRoot = "kubernetes"
)

// semanticVersion is the grammar of a semantic version 2.0.0 without its leading v.
var semanticVersion = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$`)

type sarifText struct {
	Text string `json:"text"`
}

type sarifHelp struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown"`
}

type sarifRule struct {
	ID               string            `json:"id"`
	Name             string            `json:"name"`
	ShortDescription sarifText         `json:"shortDescription"`
	FullDescription  sarifText         `json:"fullDescription"`
	Help             sarifHelp         `json:"help"`
	HelpURI          string            `json:"helpUri"`
	Default          map[string]string `json:"defaultConfiguration"`
	Properties       map[string]any    `json:"properties"`
}

type sarifLogical struct {
	Name               string `json:"name"`
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

// sarifRegion is the artifact's first line: an object has no lines, but code scanning places an
// alert by its region's startLine, so a finding is about the whole object, at line 1.
type sarifRegion struct {
	StartLine int `json:"startLine"`
	EndLine   int `json:"endLine"`
}

type sarifPhysical struct {
	Artifact sarifArtifact `json:"artifactLocation"`
	Region   sarifRegion   `json:"region"`
}

type sarifLocation struct {
	Physical sarifPhysical  `json:"physicalLocation"`
	Logical  []sarifLogical `json:"logicalLocations"`
}

type sarifSuppression struct {
	Kind          string `json:"kind"`
	Status        string `json:"status"`
	Justification string `json:"justification"`
}

type sarifResult struct {
	RuleID        string             `json:"ruleId"`
	RuleIndex     int                `json:"ruleIndex"`
	Level         string             `json:"level"`
	Message       sarifText          `json:"message"`
	Locations     []sarifLocation    `json:"locations"`
	Fingerprints  map[string]string  `json:"partialFingerprints"`
	BaselineState string             `json:"baselineState,omitempty"`
	Suppressions  []sarifSuppression `json:"suppressions,omitempty"`
}

// sarifLevel maps a severity to SARIF's level (info is "note").
func sarifLevel(s Severity) string {
	if s == SeverityInfo {
		return "note"
	}
	return string(s)
}

// sarifRuleOf is check c as a rule: its help says what the check looks for and why, its tags
// name its category (code scanning lists a rule tagged security, with a security-severity, as a
// security alert).
func sarifRuleOf(c Check) sarifRule {
	props := map[string]any{"tags": []string{c.Category}, "category": c.Category}
	if c.SecuritySeverity != "" {
		props["security-severity"] = c.SecuritySeverity
	}
	return sarifRule{ID: c.Code, Name: c.Title, ShortDescription: sarifText{c.Title + ": " + c.Threshold},
		FullDescription: sarifText{c.Rationale},
		Help: sarifHelp{Text: c.Title + " (" + c.Threshold + "). " + c.Rationale,
			// One line: every string of the document is sanitised, which would spell a newline out.
			Markdown: "**" + c.Title + "** (" + c.Threshold + "). " + c.Rationale + " [The audit's checks](" + sarifHelpURI + ")"},
		HelpURI: sarifHelpURI, Default: map[string]string{"level": sarifLevel(c.Severity)}, Properties: props}
}

// artifactURI is a finding's object as a relative path: kubernetes/namespaces/NS/KIND/NAME, or
// kubernetes/cluster/KIND/NAME for an object of no namespace. Each segment is escaped, so a name
// never adds a segment.
func artifactURI(f Finding) string {
	parts := []string{sarifArtifactRoot, "cluster"}
	if f.Namespace != "" {
		parts = []string{sarifArtifactRoot, "namespaces", url.PathEscape(f.Namespace)}
	}
	return strings.Join(append(parts, url.PathEscape(f.Kind), url.PathEscape(f.Name)), "/")
}

// sarifResultOf is finding f as a result of the rule at index.
func sarifResultOf(f Finding, index int) sarifResult {
	name := f.Name
	if f.Container != "" {
		name += "/" + f.Container
	}
	return sarifResult{RuleID: f.Code, RuleIndex: index, Level: sarifLevel(f.Severity), Message: sarifText{f.Message},
		Locations: []sarifLocation{{Physical: sarifPhysical{sarifArtifact{artifactURI(f)}, sarifRegion{1, 1}},
			Logical: []sarifLogical{{Name: name, FullyQualifiedName: f.Object(), Kind: "resource"}}}},
		Fingerprints: map[string]string{"studioctlFinding/v1": fingerprint(f)}}
}

// fingerprint identifies a finding across runs: code, object and container, and an RBAC
// finding's subject (added only when there is one, so the other findings keep their prints).
func fingerprint(f Finding) string {
	s := f.Code + "|" + f.Object() + "|" + f.Container
	if f.Subject != "" {
		s += "|" + f.Subject
	}
	return s
}

// automationID names the run's category for code scanning: the reading and the namespace asked
// for, so the workload profile and the usage reading, or two namespaces, do not replace each
// other's alerts on upload. The trailing slash leaves the run's own id empty, as a category.
func (r *Report) automationID() string {
	scope := r.Scope
	if scope == "" {
		scope = "all-namespaces"
	}
	return "studioctl/audit/" + r.Reading + "/" + scope + "/"
}

// SARIF is -o sarif: one run, the checks as rules, each finding a result located at its object
// (an artifact path and the logical kind/namespace/name). With a baseline, the findings it held
// stay in the results, marked unchanged and suppressed, so code scanning keeps their alerts open
// rather than closing them as fixed; the others are marked new.
func (r *Report) SARIF() map[string]any {
	var rules []sarifRule
	index := map[string]int{}
	for i, c := range Checks {
		index[c.Code] = i
		rules = append(rules, sarifRuleOf(c))
	}
	results := []sarifResult{}
	for _, f := range r.Findings {
		res := sarifResultOf(f, index[f.Code])
		if r.Baselined {
			res.BaselineState = "new"
		}
		results = append(results, res)
	}
	for _, f := range r.Suppressed {
		res := sarifResultOf(f, index[f.Code])
		res.BaselineState = "unchanged"
		res.Suppressions = []sarifSuppression{{Kind: "external", Status: "accepted", Justification: SentenceInBaseline}}
		results = append(results, res)
	}
	driver := map[string]any{"name": "studioctl", "version": strings.TrimPrefix(kube.Version, "v"),
		"informationUri": "https://github.com/studioctl/studioctl/blob/main/docs/audit.md", "rules": rules}
	if v := strings.TrimPrefix(kube.Version, "v"); semanticVersion.MatchString(v) {
		driver["semanticVersion"] = v
	}
	return generic(map[string]any{
		"$schema": sarifSchemaURI, "version": SARIFVersion,
		"runs": []any{map[string]any{"tool": map[string]any{"driver": driver}, "results": results,
			"automationDetails": map[string]any{"id": r.automationID()},
			"properties":        map[string]any{"reading": r.Reading}}},
	})
}
