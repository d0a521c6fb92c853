package audit

import (
	"github.com/studioctl/studioctl/kube"
)

// SARIFVersion is the SARIF version -o sarif writes (OASIS SARIF 2.1.0).
const SARIFVersion = "2.1.0"

const sarifSchemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

type sarifText struct {
	Text string `json:"text"`
}

type sarifRule struct {
	ID               string            `json:"id"`
	Name             string            `json:"name"`
	ShortDescription sarifText         `json:"shortDescription"`
	FullDescription  sarifText         `json:"fullDescription"`
	Default          map[string]string `json:"defaultConfiguration"`
}

type sarifLogical struct {
	Name               string `json:"name"`
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind"`
}

type sarifLocation struct {
	Logical []sarifLogical `json:"logicalLocations"`
}

type sarifResult struct {
	RuleID       string            `json:"ruleId"`
	RuleIndex    int               `json:"ruleIndex"`
	Level        string            `json:"level"`
	Message      sarifText         `json:"message"`
	Locations    []sarifLocation   `json:"locations"`
	Fingerprints map[string]string `json:"partialFingerprints"`
}

// sarifLevel maps a severity to SARIF's level (info is "note").
func sarifLevel(s Severity) string {
	if s == SeverityInfo {
		return "note"
	}
	return string(s)
}

// SARIF is -o sarif: one run, the checks as rules, each finding a result whose location is the
// logical location kind/namespace/name.
func (r *Report) SARIF() map[string]any {
	var rules []sarifRule
	index := map[string]int{}
	for i, c := range Checks {
		index[c.Code] = i
		rules = append(rules, sarifRule{ID: c.Code, Name: c.Title, ShortDescription: sarifText{c.Title + ": " + c.Threshold},
			FullDescription: sarifText{c.Rationale}, Default: map[string]string{"level": sarifLevel(c.Severity)}})
	}
	results := []sarifResult{}
	for _, f := range r.Findings {
		name := f.Name
		if f.Container != "" {
			name += "/" + f.Container
		}
		results = append(results, sarifResult{RuleID: f.Code, RuleIndex: index[f.Code], Level: sarifLevel(f.Severity),
			Message:      sarifText{f.Message},
			Locations:    []sarifLocation{{Logical: []sarifLogical{{Name: name, FullyQualifiedName: f.Object(), Kind: "resource"}}}},
			Fingerprints: map[string]string{"studioctlFinding/v1": f.Code + "|" + f.Object() + "|" + f.Container}})
	}
	driver := map[string]any{"name": "studioctl", "version": kube.Version, "informationUri": "https://github.com/studioctl/studioctl/blob/main/docs/audit.md", "rules": rules}
	return generic(map[string]any{
		"$schema": sarifSchemaURI, "version": SARIFVersion,
		"runs": []any{map[string]any{"tool": map[string]any{"driver": driver}, "results": results,
			"properties": map[string]any{"reading": r.Reading}}},
	})
}
