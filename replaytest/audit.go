package replaytest

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/audit"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/run"
)

// AuditNamespaces are the scenario's namespaces the audit readings are recorded over (e2e/seed.sh
// plants a finding of every kind in them); one namespace at a time, so a cluster seeded with
// --big does not swell the recording.
var AuditNamespaces = []string{"shop", "payments", "ops", "platform", "ml-platform", "monitoring"}

// AuditReport reads both audit readings of each of AuditNamespaces once and prints each in every
// format, as `studioctl audit READING -n NS -o FORMAT` prints it (default --fail-on error), with its
// exit code: the form an audit golden file holds.
//
// SARIF's rules are the checks table, the same in every run and held whole by audit's own golden
// files; the file holds them in its first SARIF only, and the results of every reading.
func AuditReport(ctx context.Context, s *studioctl.Session) string {
	var b strings.Builder
	for i, ns := range AuditNamespaces {
		for j, reading := range []string{audit.ReadingWorkloads, audit.ReadingUsage} {
			b.WriteString(auditReading(ctx, s, reading, ns, i == 0 && j == 0))
		}
	}
	return b.String()
}

// AuditReading reads one audit reading of namespace ns and prints it in every format.
func AuditReading(ctx context.Context, s *studioctl.Session, reading, ns string) string {
	return auditReading(ctx, s, reading, ns, true)
}

// withoutRules replaces a SARIF document's rules with a line saying where they are.
func withoutRules(res *run.Result) {
	runs, _ := res.Docs.Value.(map[string]any)["runs"].([]any)
	for _, r := range runs {
		tool, _ := r.(map[string]any)["tool"].(map[string]any)
		if driver, ok := tool["driver"].(map[string]any); ok {
			driver["rules"] = "audit.Checks, as in this file's first SARIF"
		}
	}
}

func auditReading(ctx context.Context, s *studioctl.Session, reading, ns string, rules bool) string {
	r, err := audit.Readings[reading](ctx, s, ns, audit.Options{})
	var b strings.Builder
	for _, format := range audit.Formats {
		var out, errOut bytes.Buffer
		jsonErrors := format == "json" || format == "sarif"
		code := fault.ExitOK
		if err != nil {
			code = cli.Report(&errOut, err, jsonErrors)
		} else if perr := run.Print(&out, &errOut, s, sarifRules(r.Result(format), format, rules)); perr != nil {
			code = cli.Report(&errOut, perr, jsonErrors)
		}
		switch {
		case code != fault.ExitOK:
		case r.Unaudited() != nil:
			code = cli.Report(&errOut, r.Unaudited(), jsonErrors)
		case audit.Fails(r.Findings, audit.SeverityError):
			code = fault.ExitWarnings
		}
		fmt.Fprintf(&b, "=== audit %s -n %s -o %s\n%s%s--- exit %d\n", reading, ns, orTable(format), out.String(), errOut.String(), code)
	}
	return b.String()
}

// sarifRules is res, its SARIF rules left out unless rules is set.
func sarifRules(res *run.Result, format string, rules bool) *run.Result {
	if format == "sarif" && !rules && res.Docs != nil {
		withoutRules(res)
	}
	return res
}

func orTable(format string) string {
	if format == "" {
		return "table"
	}
	return format
}
