package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/audit"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/sanitize"
)

// auditFlags are what the audit subcommands take: -o, -n, -A (and usage's -l) as every own
// command takes them (ownFlags), and the audit's own.
type auditFlags struct {
	own                          *ownFlags
	failOn, ignoreFile, baseline string
	ignore                       []string
}

func auditCommand(f *Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "audit workloads|usage|rbac|hygiene",
		Short: "Read-only audits for CI: a namespace's workload profile, usage, RBAC or hygiene, with findings (exit 4 at --fail-on)",
		Long: "audit reads a namespace (-n) or every namespace (-A) and reports findings with stable codes and\n" +
			"severities (docs/audit.md lists every check, threshold and rationale). A namespace the identity may\n" +
			"not read is reported as not audited. It exits 0 when no finding reaches --fail-on (default error),\n" +
			"4 when one does, and 1 or 3 only when nothing could be audited. Formats: tables (default), -o json\n" +
			"(versioned, with a score per namespace), junit, sarif (2.1.0) and markdown.",
		Example: "  studioctl --kubeconfig k.yaml audit workloads -n shop\n  studioctl --kubeconfig k.yaml audit usage -A --fail-on warning",
		Args:    cobra.NoArgs,
	}
	cmd.AddCommand(auditSubcommand(f, audit.ReadingWorkloads), auditSubcommand(f, audit.ReadingUsage), auditSubcommand(f, audit.ReadingRBAC), auditSubcommand(f, audit.ReadingHygiene))
	return cmd
}

func auditSubcommand(f *Factory, reading string) *cobra.Command {
	fl := auditFlags{own: &ownFlags{command: "audit " + reading, forms: audit.Formats[1:], plain: "tables",
		outputUsage: "json, junit, sarif or markdown (default: tables)", scoped: true,
		namespaceUsage: "the namespace to audit (default: the connection's default namespace)",
		selector:       reading == audit.ReadingUsage, selectorUsage: "only the pods this label selector selects"}}
	short := "One row per workload: desired and ready counts, restarts, missing requests, limits and probes, Warning events"
	example := "  studioctl --kubeconfig k.yaml audit workloads -n shop\n  studioctl --kubeconfig k.yaml audit workloads -A -o sarif > audit.sarif"
	switch reading {
	case audit.ReadingUsage:
		short = "One row per container: metrics.k8s.io usage against requests and limits"
		example = "  studioctl --kubeconfig k.yaml audit usage -n shop -l app=web\n  studioctl --kubeconfig k.yaml audit usage -A --fail-on warning -o junit"
	case audit.ReadingHygiene:
		short = "Objects that point at nothing or that nothing uses (Services, Ingresses, NetworkPolicies, claims, ConfigMaps, ServiceAccounts, autoscalers) and, with -A, the nodes"
		example = "  studioctl --kubeconfig k.yaml audit hygiene -n shop\n  studioctl --kubeconfig k.yaml audit hygiene -A -o markdown"
	case audit.ReadingRBAC:
		short = "One row per subject with rights of concern (Secrets, exec, escalate, impersonate, cluster-admin...), cluster-wide and per namespace"
		example = "  studioctl --kubeconfig k.yaml audit rbac -A\n  studioctl --kubeconfig k.yaml audit rbac -n ci -o sarif > rbac.sarif"
	}
	cmd := &cobra.Command{
		Use: reading, Short: short, Example: example, Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runAudit(cmd.Context(), f, reading, fl) },
	}
	fl.own.bind(cmd)
	fs := cmd.Flags()
	fs.StringVar(&fl.failOn, "fail-on", "error", "exit 4 when a finding reaches this severity: error, warning, info or none")
	fs.StringArrayVar(&fl.ignore, "ignore", nil, "a check code to leave out (repeatable)")
	fs.StringVar(&fl.ignoreFile, "ignore-file", "", "a file of check codes to leave out, one a line (# comments)")
	fs.StringVar(&fl.baseline, "baseline", "", "an earlier audit -o json report: only findings it does not hold count")
	return cmd
}

// auditPlan is what the flags decided before anything is sent.
type auditPlan struct {
	failOn audit.Severity
	filter audit.Filter
	json   bool
}

func planAudit(fl auditFlags) (auditPlan, error) {
	p := auditPlan{json: fl.own.output == "json" || fl.own.output == "sarif"}
	if err := fl.own.check(); err != nil {
		return p, err
	}
	var err error
	if p.failOn, err = audit.FailOn(fl.failOn); err != nil {
		return p, err
	}
	codes := fl.ignore
	if fl.ignoreFile != "" {
		more, err := audit.LoadIgnoreFile(fl.ignoreFile)
		if err != nil {
			return p, err
		}
		codes = append(codes, more...)
	}
	if p.filter.Ignore, err = audit.ParseIgnore(codes); err != nil {
		return p, err
	}
	if fl.baseline != "" {
		p.filter.Baseline, err = audit.LoadBaseline(fl.baseline)
	}
	return p, err
}

func runAudit(ctx context.Context, f *Factory, reading string, fl auditFlags) error {
	p, err := planAudit(fl)
	if err != nil {
		return fail(err, p.json)
	}
	return f.withSession(ctx, p.json, func(ctx context.Context, s *studioctl.Session) error {
		pr := newProgress(f.IO.Err, f.IO.ErrTTY, time.Now)
		o := audit.Options{AllNamespaces: fl.own.all, Selector: fl.own.labels, Progress: pr.show, Now: time.Now}
		r, err := audit.Readings[reading](ctx, s, fl.own.namespace, o)
		pr.done()
		if err != nil {
			return err
		}
		r.ApplyFilter(p.filter)
		r.FailOn = p.failOn
		if err := cli.Print(f.IO.Out, f.IO.Err, s, r.Result(fl.own.output)); err != nil {
			return err
		}
		if err := r.Unaudited(); err != nil {
			return err
		}
		if audit.Fails(r.Findings, p.failOn) {
			return exitStatus(fault.ExitWarnings)
		}
		return nil
	})
}

// progress shows what the audit is reading on stderr: one line rewritten in place on a terminal.
// Piped (a CI log), a short audit prints no progress at all and a long one a plain line at most
// every pipedEvery, so a log shows a slow audit is alive without a line per request.
type progress struct {
	w    io.Writer
	tty  bool
	last int
	now  func() time.Time
	told time.Time // when the last piped line was written, or the audit began
}

// pipedEvery is the least time between two progress lines on a stream that is not a terminal.
const pipedEvery = limits.ProgressPipedEvery

func newProgress(w io.Writer, tty bool, now func() time.Time) *progress {
	return &progress{w: w, tty: tty, now: now, told: now()}
}

func (p *progress) show(s string) {
	s = sanitize.String(s)
	if !p.tty {
		if t := p.now(); t.Sub(p.told) >= pipedEvery {
			p.told = t
			fmt.Fprintln(p.w, s)
		}
		return
	}
	pad := max(p.last-len(s), 0)
	fmt.Fprint(p.w, "\r"+s+strings.Repeat(" ", pad))
	p.last = len(s)
}

func (p *progress) done() {
	if p.tty && p.last > 0 {
		fmt.Fprint(p.w, "\r"+strings.Repeat(" ", p.last)+"\r")
	}
}
