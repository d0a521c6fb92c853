package statement

import (
	"fmt"
	"slices"

	"github.com/studioctl/studioctl/limits"
)

// GlobalFlag is one of studioctl's own flags: written before the verb (or after a statement,
// where the command line moves it back), they choose the connection and how answers are read,
// and no statement may set them. The command registers them from this table, its placement
// rules read their spellings from it, and the agent surface refuses them by it.
type GlobalFlag struct {
	Name  string // the long name, --NAME
	Short string // the one-letter spelling, -X; "" when none
	Value bool   // takes a value
	Usage string
}

// GlobalFlags are studioctl's own flags, in the order help lists them.
var GlobalFlags = []GlobalFlag{
	{Name: "version", Usage: "print studioctl's version; nothing is sent (version prints the server's too)"},
	{Name: "help", Short: "h", Usage: "print help; nothing is sent"},
	{Name: "kubeconfig", Value: true, Usage: "read this kubeconfig file (strictly: no exec plugins, no file paths, no impersonation)"},
	{Name: "context", Value: true, Usage: "the kubeconfig context to use (of --kubeconfig, or of KUBECONFIG or ~/.kube/config when no connection is named; default: its current context)"},
	{Name: "connection", Value: true, Usage: "a saved connection (or STUDIOCTL_CONNECTION)"},
	{Name: "replay", Value: true, Usage: "answer from a snapshot file (studioctl snapshot), a recording (a recording file, or a directory of them), or demo; no server needed"},
	{Name: "redact", Value: true, Usage: "people: Secret values stripped; machine: also mask values an agent must not read"},
	{Name: "max-rows", Value: true, Usage: fmt.Sprintf("rows one statement may read (default %d, at most %d)", limits.DefaultMaxRows, limits.MaxMaxRows)},
	{Name: "v", Short: "v", Value: true, Usage: "trace level: 6 prints each request line on stderr (never a credential or a body)"},
}

// GlobalFlagSpellings maps every spelling of a global flag ("--kubeconfig", "-h", "--v") to
// whether it takes a value.
func GlobalFlagSpellings() map[string]bool {
	out := map[string]bool{}
	for _, g := range GlobalFlags {
		out["--"+g.Name] = g.Value
		if g.Short != "" {
			out["-"+g.Short] = g.Value
		}
	}
	return out
}

// AgentRefusedFlags are the global flags an agent's statement may not carry and that are not
// kubectl's connection flags (which have their own sentence): what the agent server fixes itself.
func AgentRefusedFlags() []string {
	var out []string
	for _, g := range GlobalFlags {
		if g.Name != "help" && !slices.Contains(ConnectionFlags, g.Name) {
			out = append(out, g.Name)
		}
	}
	return out
}
