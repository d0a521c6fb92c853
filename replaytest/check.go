package replaytest

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/check"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/internal/inner"
	"github.com/studioctl/studioctl/run"
)

// CheckReport runs studioctl check on a session and returns its -o json output and exit code, the
// form a check golden file holds.
func CheckReport(ctx context.Context, s *studioctl.Session) string {
	rep, err := check.Run(ctx, inner.Client(s))
	var out, errOut bytes.Buffer
	if err != nil {
		cli.Report(&errOut, err, true)
	} else if err := run.Print(&out, &errOut, s, rep.Result("json")); err != nil {
		cli.Report(&errOut, err, true)
	}
	// The server's address differs between the capture and a replay; the rest must not.
	text := strings.ReplaceAll(out.String()+errOut.String(), inner.Client(s).Endpoint().BaseURL(), "SERVER")
	return fmt.Sprintf("%s--- exit %d\n", text, check.ExitCode(rep, err))
}
