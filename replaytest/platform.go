package replaytest

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/check"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/internal/inner"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/platform"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/run"
)

// PlatformCase is one reading of the platform read side, named as its command line reads.
type PlatformCase struct {
	Command string
	Output  string // "", "json" or "yaml"
	read    func(ctx context.Context, s *studioctl.Session, output string) (*printer.Result, int, error)
}

// PlatformCases are the platform readings recorded per identity: discover in both forms,
// components over every namespace in both forms, mcp-runtime in both forms and check --rights
// for every profile in both forms.
func PlatformCases() []PlatformCase {
	cases := []PlatformCase{
		{Command: "discover", read: readDiscover},
		{Command: "discover", Output: "json", read: readDiscover},
		{Command: "components -A", read: readComponents},
		{Command: "components -A", Output: "json", read: readComponents},
		{Command: "mcp-runtime", read: readRuntime},
		{Command: "mcp-runtime", Output: "json", read: readRuntime},
	}
	for _, p := range check.ProfileNames() {
		for _, o := range []string{"", "json"} {
			cases = append(cases, PlatformCase{Command: "check --rights " + p, Output: o, read: rightsOf(p)})
		}
	}
	return cases
}

// Line is the case's command line.
func (c PlatformCase) Line() string {
	if c.Output == "" {
		return c.Command
	}
	return c.Command + " -o " + c.Output
}

// Run prints the case as the command prints it and returns stdout, stderr and the exit code.
func (c PlatformCase) Run(ctx context.Context, s *studioctl.Session) (stdout, stderr string, exit int) {
	var out, errOut bytes.Buffer
	jsonErrors := c.Output == "json"
	res, code, err := c.read(ctx, s, c.Output)
	if err == nil {
		err = run.Print(&out, &errOut, s, res)
	}
	if err != nil {
		code = cli.Report(&errOut, err, jsonErrors)
	}
	// The server's address differs between the capture and a replay; the rest must not.
	base := inner.Client(s).Endpoint().BaseURL()
	return strings.ReplaceAll(out.String(), base, "SERVER"), strings.ReplaceAll(errOut.String(), base, "SERVER"), code
}

// PlatformReport prints every platform case with its exit code: the form a platform golden file
// holds.
func PlatformReport(ctx context.Context, s *studioctl.Session) string {
	var b strings.Builder
	for _, c := range PlatformCases() {
		out, errOut, code := c.Run(ctx, s)
		fmt.Fprintf(&b, "=== %s\n%s%s--- exit %d\n", c.Line(), out, errOut, code)
	}
	return b.String()
}

func readDiscover(ctx context.Context, s *studioctl.Session, output string) (*printer.Result, int, error) {
	inv, err := platform.Discover(ctx, inner.Client(s))
	if err != nil {
		return nil, 0, err
	}
	// The server's address differs between the capture and a replay, and sets the width of its
	// column; the rest must not differ.
	inv.Server = "SERVER"
	return platform.Result(output, inv, inv.Lines()), fault.ExitOK, nil
}

func readComponents(ctx context.Context, s *studioctl.Session, output string) (*printer.Result, int, error) {
	cs, err := platform.ListComponents(ctx, inner.Client(s), kube.Scope{AllNamespaces: true})
	if err != nil {
		return nil, 0, err
	}
	return platform.Result(output, cs, cs.Lines()), fault.ExitOK, nil
}

func readRuntime(ctx context.Context, s *studioctl.Session, output string) (*printer.Result, int, error) {
	rt, err := platform.ReadRuntime(ctx, inner.Client(s), "", "")
	if err != nil {
		return nil, 0, err
	}
	return platform.Result(output, rt, rt.Lines()), fault.ExitOK, nil
}

func rightsOf(profile string) func(context.Context, *studioctl.Session, string) (*printer.Result, int, error) {
	return func(ctx context.Context, s *studioctl.Session, output string) (*printer.Result, int, error) {
		r, err := check.RunRights(ctx, inner.Client(s), profile)
		if err != nil {
			return nil, 0, err
		}
		return r.Result(output), r.Exit(), nil
	}
}
