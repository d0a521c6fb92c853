package read

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

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
	refused := kube.Refusef("refused.test", "the surface refuses this. Nothing was sent.")
	for _, c := range []struct {
		line      string
		admit     error
		openErr   error
		wantSteps []string
		wantExit  int
		wantHelp  bool
	}{
		{line: "", wantSteps: nil, wantExit: kube.ExitOK},
		{line: "# a comment", wantSteps: nil, wantExit: kube.ExitOK},
		{line: "delete pods --all", wantSteps: nil, wantExit: kube.ExitRefused},
		{line: "get pods --help", wantSteps: nil, wantExit: kube.ExitOK, wantHelp: true},
		{line: "get pods -n shop", admit: refused, wantSteps: []string{"admit"}, wantExit: kube.ExitRefused},
		{line: "version --client", wantSteps: []string{"admit"}, wantExit: kube.ExitOK},
		{line: "get pods -n shop", openErr: kube.Refusef(kube.CodeConnNone, kube.SentenceConnNone), wantSteps: []string{"admit", "open"}, wantExit: kube.ExitRefused},
		{line: "api-versions", wantSteps: []string{"admit", "open"}, wantExit: kube.ExitOK},
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
	notFound := &kube.Error{Code: kube.CodeNotFound, Exit: kube.ExitServerError}
	for _, c := range []struct {
		name string
		o    Outcome
		want int
	}{
		{"nothing", Outcome{}, kube.ExitOK},
		{"a refusal", Outcome{Err: kube.Refusef(statement.CodeUsage, "no. Nothing was sent.")}, kube.ExitRefused},
		{"an error studioctl did not compose", Outcome{Err: errors.New("bug")}, kube.ExitRefused},
		{"an answer", Outcome{Result: &printer.Result{}}, kube.ExitOK},
		{"an answer with warnings", Outcome{Result: &printer.Result{Exit: kube.ExitWarnings}}, kube.ExitWarnings},
		{"a missing item", Outcome{Result: &printer.Result{Errors: []*kube.Error{notFound}, Exit: kube.ExitWarnings}}, kube.ExitServerError},
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
	if o.Err == nil || o.Exit() != kube.ExitRefused {
		t.Fatalf("err %v, exit %d", o.Err, o.Exit())
	}
}
