package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/sanitize"
)

// maxAgentTokenBytes bounds what --agent-token-file reads.
const maxAgentTokenBytes = limits.AgentTokenFileBytes

func connectionMCP(f *Factory) *cobra.Command {
	io := f.IO
	var on, off bool
	cmd := &cobra.Command{
		Use:     "mcp NAME --on|--off",
		Example: "  studioctl connection mcp prod --on\n  studioctl connection mcp prod --off",
		Short:   "Opt a saved connection in to studioctl mcp (--on) or out of it (--off)",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := noGlobalConnection(&f.flags); err != nil {
				return fail(err, false)
			}
			if on == off {
				return fail(fault.Refusef(codeConnectionFlags, sentenceMCPOnOff), false)
			}
			if err := io.savedStore().SetMCP(args[0], on); err != nil {
				return fail(err, false)
			}
			sentence := sentenceMCPOff
			if on {
				sentence = sentenceMCPOn
			}
			fmt.Fprintln(io.Out, sanitize.String(fmt.Sprintf(sentence, args[0])))
			return nil
		},
	}
	cmd.Flags().BoolVar(&on, "on", false, "agents may read the connection through studioctl mcp")
	cmd.Flags().BoolVar(&off, "off", false, "agents may not read the connection")
	return cmd
}

// readAgentToken reads the agent's token from a file, or from stdin for "-": the first line,
// trimmed. The token is never a flag's value, so it stays out of shell history and process lists.
func readAgentToken(ios *IOStreams, path string) (string, error) {
	var r io.Reader
	if path == "-" {
		r = ios.In
	} else {
		f, err := os.Open(path)
		if err != nil {
			return "", fault.Refusef(codeConnectionFlags, sentenceAgentTokenFile)
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, maxAgentTokenBytes+1))
	if err != nil || len(data) > maxAgentTokenBytes {
		return "", fault.Refusef(codeConnectionFlags, sentenceAgentTokenFile)
	}
	line, _, _ := bytes.Cut(data, []byte("\n"))
	tok := string(bytes.TrimSpace(line))
	if tok == "" {
		return "", fault.Refusef(codeConnectionFlags, sentenceAgentTokenFile)
	}
	return tok, nil
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}
