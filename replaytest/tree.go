package replaytest

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/browse"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/run"
)

// TreeCase is one `studioctl tree` reading: its containers, --objects and -o json.
type TreeCase struct {
	Args    []string
	Objects bool
	JSON    bool
}

// TreeCases are the tree readings recorded per identity: the Cluster container with the
// namespace list, two namespaces opened with their objects, and Cluster as JSON.
var TreeCases = []TreeCase{
	{nil, false, false},
	{[]string{"shop", "payments"}, true, false},
	{[]string{"Cluster"}, false, true},
}

// CapTreeCases are read on a cluster past both caps (more than 1,000 namespaces, a namespace
// with more than 1,000 ConfigMaps).
var CapTreeCases = []TreeCase{
	{nil, false, false},
	{[]string{"shop-big"}, false, false},
	{[]string{"shop-big"}, false, true},
}

// TreeReport prints each tree case as `studioctl tree` would, with its exit code, the form a tree
// golden file holds.
func TreeReport(ctx context.Context, s *studioctl.Session) string {
	return TreeReportFor(ctx, s, TreeCases)
}

// TreeReportFor is TreeReport for the given cases.
func TreeReportFor(ctx context.Context, s *studioctl.Session, cases []TreeCase) string {
	var b strings.Builder
	for _, c := range cases {
		var out, errOut bytes.Buffer
		code := fault.ExitOK
		res, failed, err := browse.Tree(ctx, reader.Of(s), reader.Mode(s), c.Args, c.Objects, c.JSON)
		switch {
		case err != nil:
			code = cli.Report(&errOut, err, c.JSON)
		case run.Print(&out, &errOut, s, res) != nil:
			code = fault.ExitServerError
		case failed:
			code = fault.ExitServerError
		}
		fmt.Fprintf(&b, "=== tree %s objects=%v json=%v\n%s%s--- exit %d\n", strings.Join(c.Args, " "), c.Objects, c.JSON, out.String(), errOut.String(), code)
	}
	return b.String()
}
