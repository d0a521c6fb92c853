package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/signal"

	"github.com/spf13/cobra"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/demo"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/mcp"
	"github.com/studioctl/studioctl/sanitize"
)

const mcpLong = `studioctl mcp serves the agent surface: a Model Context Protocol server whose tools are read-only
(run_kubectl_read, profile_workloads, inspect_usage, outline_cluster, list_connections). It
reads only the saved connections that opted in (studioctl connection add NAME --from-kubeconfig
FILE --mcp, or studioctl connection mcp NAME --on), each as its agent token when one is set
(--agent-token-file), else as its own credential; --connection NAME serves one of them alone.
--replay FILE|demo serves a recording. Ctrl-C stops the server.

Every answer is in machine mode (values an agent must not read are masked, with a receipt of what
was masked); a statement that writes, watches, follows or names a connection flag is refused
before anything is sent, and a read past 1,000 rows is refused. The agent never sees a credential,
a kubeconfig, a file path or a way to switch identity. Each call is logged (time, tool, statement
with credential values masked, outcome, rows; never an answer) in the state directory, 0600.

MCP runs over stdio by default. --http ADDR serves streamable HTTP on a loopback address instead,
and requires the bearer token held in --http-token-file FILE (at least 32 characters).
docs/agents.md shows how to register the server with MCP clients.`

func mcpCommand(f *Factory) *cobra.Command {
	var httpAddr, tokenFile string
	cmd := &cobra.Command{
		Use:     "mcp [--replay FILE|demo] [--connection NAME] [--http ADDR --http-token-file FILE]",
		Short:   "Serve read-only tools to AI agents over MCP, on the saved connections that opted in",
		Long:    mcpLong,
		Example: "  studioctl mcp\n  studioctl mcp --replay demo\n  studioctl mcp --http 127.0.0.1:8765 --http-token-file ~/.config/studioctl/mcp-token",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			srv, err := newMCPServer(f)
			if err != nil {
				return fail(err, false)
			}
			// Ctrl-C ends the server as the client's hang-up does: calls in flight are cancelled,
			// the HTTP listener shuts down, and the exit is 0.
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			if err := serveMCP(ctx, f.IO, srv, httpAddr, tokenFile); err != nil && ctx.Err() == nil {
				return fail(err, false)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&httpAddr, "http", "", "serve streamable HTTP on this loopback address (127.0.0.1:PORT or [::1]:PORT) instead of stdio")
	cmd.Flags().StringVar(&tokenFile, "http-token-file", "", "the file holding the bearer token --http requires (read once, at start)")
	return cmd
}

// newMCPServer builds the server on the connections the flags name, with the call log open.
func newMCPServer(f *Factory) (*mcp.Server, error) {
	g, io := &f.flags, f.IO
	if g.kubeconfig != "" || g.context != "" || g.maxRows.n != 0 {
		return nil, fault.Refusef(CodeFlags, sentenceMCPFlags, mcp.MaxRows)
	}
	conns, err := mcpConnections(g, io)
	if err != nil {
		return nil, err
	}
	o := mcp.Options{Connections: conns}
	if io.HomeDirs.State == "" {
		fmt.Fprintln(io.Err, sentenceMCPNoLog)
	} else if log, err := mcp.OpenLog(io.HomeDirs.State); err == nil {
		o.Log = log // closed when the process ends
	} else {
		fmt.Fprintln(io.Err, sentenceMCPNoLog)
	}
	return mcp.New(o), nil
}

// mcpConnections are the recording (--replay) or the saved connections that opted in, or the one
// --connection names.
func mcpConnections(g *globals, io *IOStreams) ([]mcp.Connection, error) {
	base := studioctl.Options{CacheDir: io.HomeDirs.Cache, Switches: studioctl.Switches(switchesOf(io))}
	if g.replay != "" {
		if g.connection != "" {
			return nil, fault.Refusef(CodeFlags, SentenceReplayAlone)
		}
		if snap, ok, err := loadSnapshot(g.replay); ok {
			if err != nil {
				return nil, err
			}
			fmt.Fprintln(io.Err, snap.Notice())
			base.CacheDir = ""
			replayMemoryLimit(io)
			return []mcp.Connection{mcp.FromSnapshot(replayName(g.replay), snap, base)}, nil
		}
		rec, err := studioctl.LoadRecording(g.replay)
		if err != nil {
			return nil, replayUnreadable(g.replay, err)
		}
		fmt.Fprintln(io.Err, rec.Notice())
		base.CacheDir = ""
		return []mcp.Connection{mcp.FromRecording(replayName(g.replay), rec, base)}, nil
	}
	conns, err := mcp.FromStore(io.savedStore(), base)
	if err != nil {
		return nil, err
	}
	if g.connection != "" {
		for _, c := range conns {
			if c.Name == g.connection {
				return []mcp.Connection{c}, nil
			}
		}
		return nil, fault.Refusef(CodeFlags, sentenceMCPNotOpted, g.connection, g.connection)
	}
	if len(conns) == 0 {
		return nil, fault.Refusef(CodeFlags, sentenceMCPNone)
	}
	return conns, nil
}

// replayName is the connection name a replay is served under: demo, or replay (never its path).
func replayName(name string) string {
	if name == demo.Name {
		return demo.Name
	}
	return "replay"
}

// serveMCP serves over stdio, or over loopback HTTP behind the bearer token.
func serveMCP(ctx context.Context, io *IOStreams, srv *mcp.Server, addr, tokenFile string) error {
	if addr == "" {
		if tokenFile != "" {
			return fault.Refusef(CodeFlags, sentenceMCPTokenAlone)
		}
		return srv.ServeStream(ctx, io.In, io.Out)
	}
	if err := mcp.LoopbackAddress(addr); err != nil {
		return err
	}
	token, err := mcp.ReadHTTPToken(tokenFile)
	if err != nil {
		return err
	}
	return srv.ServeHTTP(ctx, addr, token, func(a net.Addr) {
		fmt.Fprintln(io.Err, sanitize.String(fmt.Sprintf(sentenceMCPListening, a.String(), mcp.EndpointPath)))
	})
}
