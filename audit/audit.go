// Package audit holds studioctl's two read-only audits, built on the library's typed reads: the
// workload profile of a namespace (profile_workloads: one row per workload with desired and ready
// counts, restarts, missing requests, limits and probes, and Warning events) and its usage
// (inspect_usage: one row per container, metrics.k8s.io usage against requests and limits). Each
// answers a Report with findings from the one table of checks (checks.go), which the command
// prints as a table, JSON, JUnit, SARIF or Markdown. Nothing here writes; every request passes the
// session's allowlist and every answer its redaction.
package audit

import (
	"context"
	"time"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/redact"
)

// AgentRowCap is the agents' cap on a reading's rows (section 9): past it the reading is refused
// with advice to narrow.
const AgentRowCap = limits.AuditAgentRows

// Options say how a reading runs.
type Options struct {
	// AllNamespaces audits every namespace (the namespace argument is then ignored).
	AllNamespaces bool
	// Selector narrows the usage reading (-l); the workload profile takes none.
	Selector string
	// Agent applies the agents' 500-row cap instead of the session's row cap.
	Agent bool
	// Progress, when set, hears one sentence per request batch (the command's stderr display).
	Progress func(string)
	// Now, when set, is the clock the reading is timed by (JUnit's time); unset, it is not timed.
	Now func() time.Time
}

// Reading names.
const (
	ReadingWorkloads = "workloads"
	ReadingUsage     = "usage"
)

// Reading reads namespace ns (or every namespace) into a report.
type Reading func(ctx context.Context, s *studioctl.Session, ns string, o Options) (*Report, error)

// Readings are the readings by name: the one table the command, the replay goldens and the live
// suite read.
var Readings = map[string]Reading{
	ReadingWorkloads: ProfileWorkloads, ReadingUsage: InspectUsage, ReadingRBAC: AuditRBAC, ReadingHygiene: AuditHygiene,
}

// Report is one reading's answer.
type Report struct {
	Reading    string
	Namespaces []*Namespace
	Findings   []Finding
	// Suppressed are findings a baseline already held (kept for the next baseline).
	Suppressed []Finding
	Ignored    int
	// UsageUnavailable is set when metrics.k8s.io is not served.
	UsageUnavailable bool
	Notices          []string
	// Scope is the namespace asked for, "" for every namespace (SARIF's automation id).
	Scope string
	// IgnoredCodes are the checks a filter left out (JUnit's skipped cases).
	IgnoredCodes map[string]bool
	// Baselined says a baseline was applied, so SARIF marks each result new or unchanged.
	Baselined bool
	// FailOn is the severity at which a finding fails the run (JUnit's failures); "" means error.
	FailOn Severity
	// Duration is how long the reading took, when Options.Now timed it.
	Duration time.Duration
	// Grants are the RBAC reading's rows; ClusterAudited says its cluster-wide part was read.
	Grants         []Grant
	ClusterAudited bool
}

// Namespace is one namespace's part of a report.
type Namespace struct {
	Name      string
	Audited   bool
	Workloads []*Workload
	Usage     []*ContainerUsage
}

// Audited counts the namespaces that could be read.
func (r *Report) Audited() int {
	n := 0
	for _, ns := range r.Namespaces {
		if ns.Audited {
			n++
		}
	}
	return n
}

// ApplyFilter drops ignored codes and a baseline's findings from the report.
func (r *Report) ApplyFilter(f Filter) {
	var known []Finding
	for _, x := range r.Findings {
		if !f.Ignore[x.Code] && f.Baseline[x.Key()] {
			known = append(known, x)
		}
	}
	r.Findings, r.Ignored, _ = f.Apply(r.Findings)
	r.Suppressed = known
	r.IgnoredCodes = f.Ignore
	r.Baselined = f.Baseline != nil
}

// failOn is the severity a finding fails the run at: FailOn, or error when it is unset.
func (r *Report) failOn() Severity {
	if r.FailOn == "" {
		return SeverityError
	}
	return r.FailOn
}

// timer measures a reading with o.Now; unset, it measures nothing.
func timer(o Options) func(r *Report) {
	if o.Now == nil {
		return func(*Report) {}
	}
	start := o.Now()
	return func(r *Report) { r.Duration = o.Now().Sub(start) }
}

func (r *Report) rows() int {
	n := 0
	for _, ns := range r.Namespaces {
		n += len(ns.Workloads) + len(ns.Usage)
	}
	return n + len(r.Grants)
}

// capRows refuses a report past the row cap, with the reading's advice.
func capRows(r *Report, o Options, sessionCap int) error {
	n := r.rows()
	switch {
	case o.Agent && n > AgentRowCap && r.Reading == ReadingWorkloads:
		return &fault.Error{Code: fault.CodeLimitRows, Class: fault.Refused, Sentence: fault.Sentencef(SentenceAgentCapWorkloads, n, AgentRowCap)}
	case o.Agent && n > AgentRowCap:
		return &fault.Error{Code: fault.CodeLimitRows, Class: fault.Refused, Sentence: fault.Sentencef(SentenceAgentCapUsage, n, AgentRowCap)}
	case !o.Agent && n > sessionCap:
		return &fault.Error{Code: fault.CodeLimitRows, Class: fault.Refused, Sentence: fault.Sentencef(SentenceRowCap, n, sessionCap)}
	}
	return nil
}

// begin starts a reading: its timer, and a gatherer of the namespaces asked for (every namespace
// listed, with -A). Nothing is sent when the namespace or the selector is refused.
func begin(ctx context.Context, s *studioctl.Session, ns string, o Options) (*gatherer, func(*Report), error) {
	timed := timer(o)
	g, err := newGatherer(s, ns, o)
	if err != nil {
		return nil, nil, err
	}
	return g, timed, g.start(ctx)
}

func newGatherer(s *studioctl.Session, ns string, o Options) (*gatherer, error) {
	if redact.SelectsOwner(o.Selector) {
		// The allowlist would refuse the list itself; saying so before any read (discovery, the
		// namespace) sends nothing at all.
		return nil, fault.Refusef(CodeUsage, redact.SentenceOwnerSelector)
	}
	g := &gatherer{s: s, all: o.AllNamespaces, maxRows: s.RowCap(), progress: o.Progress}
	if !o.AllNamespaces {
		if ns == "" {
			ns = s.Namespace()
		}
		if !fault.IsDNS1123Label(ns) {
			return nil, fault.Refusef(CodeUsage, SentenceNamespace, ns)
		}
		g.namespaces = []string{ns}
	}
	return g, nil
}

// NothingAudited is the error of a run in which no namespace could be read (exit 1).
func NothingAudited() error {
	return &fault.Error{Code: fault.CodeForbidden, Status: 403, Class: fault.ServerError, Sentence: SentenceNothingAudited}
}

// Unaudited is the report's error when nothing it asked for could be read (exit 1), nil when
// something was: a namespace, or for the RBAC reading the cluster-wide bindings.
func (r *Report) Unaudited() error {
	switch {
	case r.Reading == ReadingRBAC && r.Audited() == 0 && !r.ClusterAudited:
		return &fault.Error{Code: fault.CodeForbidden, Status: 403, Class: fault.ServerError, Sentence: SentenceRBACNothingAudited}
	case r.Reading != ReadingRBAC && r.Audited() == 0:
		return NothingAudited()
	}
	return nil
}

// ProfileWorkloads is the workload profile of namespace ns (or every namespace): one row per
// workload. A namespace the identity may not read is in the report, not audited, with a finding.
func ProfileWorkloads(ctx context.Context, s *studioctl.Session, ns string, o Options) (*Report, error) {
	if o.Selector != "" {
		return nil, fault.Refusef(CodeUsage, SentenceProfileSelector)
	}
	g, timed, err := begin(ctx, s, ns, o)
	if err != nil {
		return nil, err
	}
	in, err := readWorkloadKinds(ctx, g)
	if err != nil {
		return nil, err
	}
	if err := g.missingNamespace(ctx, in.empty); err != nil {
		return nil, err
	}
	r := &Report{Reading: ReadingWorkloads, Scope: g.asked()}
	for _, name := range g.scope(in.pods) {
		nsr, fs := profileNamespace(name, in)
		r.Namespaces = append(r.Namespaces, nsr)
		r.Findings = append(r.Findings, fs...)
	}
	r.Findings = tidy(append(r.Findings, blind(in.pods)...))
	if s.Mode() == studioctl.Machine {
		maskSecretNames(r.Findings)
	}
	if err := capRows(r, o, s.RowCap()); err != nil {
		return nil, err
	}
	timed(r)
	return r, nil
}
