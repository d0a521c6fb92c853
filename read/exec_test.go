package read

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/statement"
)

// runLine answers one line on s as a library caller's run.Line does.
func runLine(ctx context.Context, s *Session, line string) (*printer.Result, error) {
	o := ExecLine(ctx, line, Surface{Open: Opened(s)})
	if o.Help != nil {
		return &printer.Result{Lines: &printer.Lines{Text: o.Help}}, nil
	}
	return o.Result, o.Err
}

// The steps of the one pipeline, in order: read, help, Admit, Open, run. Each step that refuses
// stops the ones after it, so a refusal never opens a connection and help never reaches Admit.
func TestExecStepsInOrder(t *testing.T) {
	refused := fault.Refusef("refused.test", "the surface refuses this. Nothing was sent.")
	for _, c := range []struct {
		line      string
		admit     error
		openErr   error
		wantSteps []string
		wantExit  int
		wantHelp  bool
	}{
		{line: "", wantSteps: nil, wantExit: fault.ExitOK},
		{line: "# a comment", wantSteps: nil, wantExit: fault.ExitOK},
		{line: "delete pods --all", wantSteps: nil, wantExit: fault.ExitRefused},
		{line: "get pods --help", wantSteps: nil, wantExit: fault.ExitOK, wantHelp: true},
		{line: "get pods -n shop", admit: refused, wantSteps: []string{"admit"}, wantExit: fault.ExitRefused},
		{line: "version --client", wantSteps: []string{"admit"}, wantExit: fault.ExitOK},
		{line: "get pods -n shop", openErr: fault.Refusef(fault.CodeConnNone, fault.SentenceConnNone), wantSteps: []string{"admit", "open"}, wantExit: fault.ExitRefused},
		{line: "api-versions", wantSteps: []string{"admit", "open"}, wantExit: fault.ExitOK},
	} {
		var steps []string
		o := ExecLine(context.Background(), c.line, Surface{
			Admit: func(*Statement) error { steps = append(steps, "admit"); return c.admit },
			Open: func(*Statement) (*reader.Session, error) {
				steps = append(steps, "open")
				if c.openErr != nil {
					return nil, c.openErr
				}
				s, _ := metaSession(t, synth.Basic, kube.Options{}) // its stubs fail the test unless used
				return s, nil
			},
		})
		if diff := cmp.Diff(c.wantSteps, steps); diff != "" {
			t.Errorf("%q: steps (-want +got):\n%s", c.line, diff)
		}
		if o.Exit() != c.wantExit || (o.Help != nil) != c.wantHelp {
			t.Errorf("%q: exit %d, help %v; want %d, %v (err %v)", c.line, o.Exit(), o.Help != nil, c.wantExit, c.wantHelp, o.Err)
		}
		if c.admit != nil && !errors.Is(o.Err, c.admit) {
			t.Errorf("%q: err %v, want the surface's refusal", c.line, o.Err)
		}
	}
}

// The exit code is decided once, from the outcome: a failure's, else the first per-item error's,
// else the answer's own.
func TestOutcomeExit(t *testing.T) {
	notFound := &fault.Error{Code: fault.CodeNotFound, Class: fault.ServerError}
	for _, c := range []struct {
		name string
		o    Outcome
		want int
	}{
		{"nothing", Outcome{}, fault.ExitOK},
		{"a refusal", Outcome{Err: fault.Refusef(statement.CodeUsage, "no. Nothing was sent.")}, fault.ExitRefused},
		{"an error studioctl did not compose", Outcome{Err: errors.New("bug")}, fault.ExitRefused},
		{"an answer", Outcome{Result: &printer.Result{}}, fault.ExitOK},
		{"an answer with warnings", Outcome{Result: &printer.Result{Exit: fault.ExitWarnings}}, fault.ExitWarnings},
		{"a missing item", Outcome{Result: &printer.Result{Errors: []*fault.Error{notFound}, Exit: fault.ExitWarnings}}, fault.ExitServerError},
	} {
		if got := c.o.Exit(); got != c.want {
			t.Errorf("%s: exit %d, want %d", c.name, got, c.want)
		}
	}
}

// A statement that reads a server, run with no way to open a session, fails with an error of
// its own (a programming error), never a panic.
func TestExecWithoutASessionFails(t *testing.T) {
	o := ExecLine(context.Background(), "get pods", Surface{})
	if o.Err == nil || o.Exit() != fault.ExitRefused {
		t.Fatalf("err %v, exit %d", o.Err, o.Exit())
	}
}
