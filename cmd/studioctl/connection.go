package main

import (
	"fmt"
	"net"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/sanitize"
	"github.com/studioctl/studioctl/store"
)

const connectionLong = `Saved connections keep the fields of one kubeconfig context: the server's host, port and API
path, the TLS server name, the CA, the token or client certificate and key, the default namespace,
the namespaces the tree lists and the SSL mode. They live in the user's configuration directory
(connections.json in a 0700 directory, the file 0600, written atomically); a directory or file
that other users may read is refused, as ssh refuses a readable key. The kubeconfig's path is never
kept, and nothing else is read: no KUBECONFIG, no default kubeconfig, no in-cluster identity.

With --server, the context must point at exactly that address (scheme, host, port and path,
compared as written), and every use checks that the connection still dials it.

Use a saved connection with --connection NAME before the verb, or STUDIOCTL_CONNECTION=NAME
(the flag wins over the variable).`

func connectionCommand(f *Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "connection",
		Example: "  studioctl connection add prod --from-kubeconfig ~/prod.kubeconfig\n  studioctl connection list\n  studioctl --connection prod get pods -n shop",
		Short:   "Save, list, show and remove saved connections",
		Long:    connectionLong,
		Args:    cobra.NoArgs,
		RunE:    func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	cmd.AddCommand(connectionAdd(f), connectionList(f), connectionShow(f), connectionRemove(f), connectionContexts(f), connectionMCP(f), connectionMoveToKeyring(f))
	return cmd
}

// noGlobalConnection refuses studioctl's connection flags on the connection commands: they
// manage saved connections and open none.
func noGlobalConnection(g *globals) error {
	if g.kubeconfig != "" || g.context != "" || g.connection != "" || g.replay != "" {
		return fault.Refusef(codeConnectionFlags, sentenceConnectionFlags)
	}
	return nil
}

func connectionAdd(f *Factory) *cobra.Command {
	io := f.IO
	var from, contextName, server, namespaces, agentTokenFile, sshHost, knownHost string
	var optIn bool
	cmd := &cobra.Command{
		Use:   "add NAME --from-kubeconfig FILE [--context C] [--server URL] [--namespaces a,b] [--mcp] [--agent-token-file FILE|-] [--ssh USER@HOST[:PORT] --ssh-known-host LINE]",
		Short: "Save a connection imported from one kubeconfig context",
		Example: `  studioctl connection add prod --from-kubeconfig ~/prod.kubeconfig --server https://api.prod.example.com:6443
  studioctl connection add shop --from-kubeconfig k.yaml --context shop-admin --namespaces shop,default
  studioctl connection add edge --from-kubeconfig k.yaml --ssh ops@bastion.example.com --ssh-known-host "$(ssh-keyscan -t ed25519 bastion.example.com)"`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := noGlobalConnection(&f.flags); err != nil {
				return fail(err, false)
			}
			if from == "" {
				return fail(fault.Refusef(codeConnectionFlags, sentenceFromKubeconfig), false)
			}
			data, err := readKubeconfig(from)
			if err != nil {
				return fail(err, false)
			}
			saved, notices, err := store.FromKubeconfig(args[0], data, store.ImportOptions{
				Context: contextName, Server: server, Namespaces: kube.ParseNamespaceList(namespaces), Switches: switchesOf(io),
			})
			for _, n := range notices {
				fmt.Fprintln(io.Err, "notice: "+n.Sentence)
			}
			if err != nil {
				return fail(err, false)
			}
			if saved.Connection.Tunnel, err = tunnelOf(sshHost, knownHost); err != nil {
				return fail(err, false)
			}
			if _, err := saved.Endpoint(switchesOf(io)); err != nil {
				return fail(err, false) // the tunnel's fields are checked before anything is saved
			}
			saved.MCP = optIn
			if agentTokenFile != "" {
				if saved.AgentToken, err = readAgentToken(io, agentTokenFile); err != nil {
					return fail(err, false)
				}
			}
			if err := io.savedStore().Add(saved); err != nil {
				return fail(err, false)
			}
			fmt.Fprintln(io.Out, sanitize.String(fmt.Sprintf(sentenceConnectionSaved, saved.Name, saved.Server, saved.Name)))
			switch saved.KeptIn {
			case store.KeptInKeyring:
				fmt.Fprintln(io.Out, sanitize.String(fmt.Sprintf(sentenceKeptInKeyring, saved.Name)))
			case store.KeptInFile:
				fmt.Fprintln(io.Out, sanitize.String(fmt.Sprintf(sentenceKeptInFile, io.savedStore().Path())))
			}
			return nil
		},
	}
	flags := cmd.Flags()
	flags.StringVar(&from, "from-kubeconfig", "", "the kubeconfig to import the connection from (read strictly; its path is not kept)")
	flags.StringVar(&contextName, "context", "", "the context to import (default: the file's current context)")
	flags.StringVar(&server, "server", "", "the API server address the context must point at, exactly as written (scheme, host, port and path)")
	flags.StringVar(&namespaces, "namespaces", "", "the namespaces the tree lists, separated by commas (default: every namespace the identity may list)")
	flags.BoolVar(&optIn, "mcp", false, "opt the connection in to studioctl mcp: AI agents may read it (read-only, machine redaction)")
	flags.StringVar(&agentTokenFile, "agent-token-file", "", "a file (or - for stdin) holding the agent's bearer token: with it, agents read as that token alone")
	flags.StringVar(&sshHost, "ssh", "", "dial the API server through this SSH host, USER@HOST[:PORT], signing in with a key from ssh-agent (never a key file)")
	flags.StringVar(&knownHost, "ssh-known-host", "", "the SSH host's key as one known_hosts line (as ssh-keyscan prints it), checked before anything is sent")
	return cmd
}

// tunnelOf reads --ssh USER@HOST[:PORT] and --ssh-known-host into a tunnel, or nil when neither
// is given; one without the other is refused.
func tunnelOf(target, knownHost string) (*kube.Tunnel, error) {
	if target == "" && knownHost == "" {
		return nil, nil
	}
	user, hostPort, ok := strings.Cut(target, "@")
	if !ok || user == "" || hostPort == "" || knownHost == "" {
		return nil, fault.Refusef(codeConnectionFlags, sentenceSSHFlags)
	}
	t := &kube.Tunnel{User: user, Host: hostPort, KnownHost: knownHost}
	if host, port, err := net.SplitHostPort(hostPort); err == nil {
		n, err := strconv.Atoi(port)
		if err != nil {
			return nil, fault.Refusef(codeConnectionFlags, sentenceSSHFlags)
		}
		t.Host, t.Port = host, n
	}
	return t, nil
}

func connectionList(f *Factory) *cobra.Command {
	io := f.IO
	own := ownFlags{command: "connection list", forms: []string{"json"}, plain: "a table",
		outputUsage: "json: the connections as one object (credentials as set or not set)"}
	cmd := &cobra.Command{
		Use:     "list",
		Example: "  studioctl connection list\n  studioctl connection list -o json",
		Short:   "List the saved connections",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			jsonOut := own.jsonErrors()
			if err := checkConnectionOutput(&f.flags, &own); err != nil {
				return fail(err, jsonOut)
			}
			list, err := io.savedStore().List()
			if err != nil {
				return fail(err, jsonOut)
			}
			res := &printer.Result{}
			switch {
			case jsonOut:
				items := make([]any, 0, len(list))
				for _, c := range list {
					items = append(items, connectionDoc(c))
				}
				res.Docs = &printer.Docs{Format: "json", Value: map[string]any{"apiVersion": connectionSchema, "kind": connectionListKind, "connections": items}}
			case len(list) == 0:
				res.Empty = sentenceNoConnections
			default:
				t := &printer.Table{Columns: []printer.Column{{Header: "NAME"}, {Header: "SERVER"}, {Header: "NAMESPACE"}, {Header: "CREDENTIAL"}}}
				for _, c := range list {
					t.Rows = append(t.Rows, []string{c.Name, c.Server, defaultNamespace(c), c.Credential()})
				}
				res.Table = t
			}
			return printConnection(io, res, jsonOut)
		},
	}
	own.bind(cmd)
	return cmd
}

func connectionShow(f *Factory) *cobra.Command {
	io := f.IO
	own := ownFlags{command: "connection show", forms: []string{"json"}, plain: "its fields",
		outputUsage: "json: the connection as one object (credentials as set or not set)"}
	cmd := &cobra.Command{
		Use:     "show NAME",
		Example: "  studioctl connection show prod\n  studioctl connection show prod -o json",
		Short:   "Show a saved connection's fields (credentials only as set or not set)",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			jsonOut := own.jsonErrors()
			if err := checkConnectionOutput(&f.flags, &own); err != nil {
				return fail(err, jsonOut)
			}
			c, err := io.savedStore().Get(args[0])
			if err != nil {
				return fail(err, jsonOut)
			}
			res := &printer.Result{}
			if jsonOut {
				doc := connectionDoc(*c)
				doc["apiVersion"], doc["kind"] = connectionSchema, connectionKind
				res.Docs = &printer.Docs{Format: "json", Value: doc}
			} else {
				res.Lines = &printer.Lines{Text: showLines(*c)}
			}
			return printConnection(io, res, jsonOut)
		},
	}
	own.bind(cmd)
	return cmd
}

func connectionRemove(f *Factory) *cobra.Command {
	io := f.IO
	return &cobra.Command{
		Use:     "remove NAME",
		Example: "  studioctl connection remove prod",
		Aliases: []string{"rm", "delete"},
		Short:   "Remove a saved connection",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := noGlobalConnection(&f.flags); err != nil {
				return fail(err, false)
			}
			if err := io.savedStore().Remove(args[0]); err != nil {
				return fail(err, false)
			}
			fmt.Fprintf(io.Out, sentenceConnectionRemoved+"\n", args[0])
			return nil
		},
	}
}

func checkConnectionOutput(g *globals, own *ownFlags) error {
	if err := noGlobalConnection(g); err != nil {
		return err
	}
	return own.check()
}

func printConnection(io *IOStreams, res *printer.Result, jsonOut bool) error {
	if err := printer.NewWriter(io.Out, io.Err, printer.People).Write(res); err != nil {
		return fail(err, jsonOut)
	}
	return nil
}

func setOrNot(set bool) string {
	if set {
		return "set"
	}
	return "not set"
}

func defaultNamespace(c store.Saved) string {
	return apivalue.NamespaceOr(c.Connection.DefaultNamespace)
}

func port(c store.Saved) int {
	if c.Connection.Port == 0 {
		return kube.DefaultPort
	}
	return c.Connection.Port
}

// sslMode is the mode the connection is validated with, its default filled in as Validate does.
func sslMode(c store.Saved) string {
	switch {
	case c.Connection.SSLMode != "":
		return string(c.Connection.SSLMode)
	case len(c.Connection.CAData) > 0:
		return string(kube.SSLVerifyFull)
	}
	return string(kube.SSLVerifySystem)
}

// connectionDoc is a connection for -o json: every field, each credential as set or not set.
func connectionDoc(c store.Saved) map[string]any {
	cn := c.Connection
	ns := append([]string{}, cn.Namespaces...)
	return map[string]any{
		"name": c.Name, "server": c.Server, "host": cn.Host, "port": port(c), "apiPath": cn.APIPath,
		"tlsServerName": cn.TLSServerName, "sslMode": sslMode(c), "defaultNamespace": defaultNamespace(c), "namespaces": ns,
		"ca": setOrNot(len(cn.CAData) > 0), "token": setOrNot(cn.Token != ""), "mcp": c.MCP, "agentToken": setOrNot(c.AgentToken != ""),
		"credentialsKeptIn": keptIn(c),
		"clientCertificate": setOrNot(len(cn.ClientCertData) > 0), "clientKey": setOrNot(len(cn.ClientKeyData) > 0),
	}
}

func showLines(c store.Saved) []string {
	cn := c.Connection
	none := func(s string) string {
		if s == "" {
			return "<none>"
		}
		return s
	}
	rows := [][2]string{
		{"Name", c.Name},
		{"Server", c.Server},
		{"Host", cn.Host},
		{"Port", strconv.Itoa(port(c))},
		{"API path", none(cn.APIPath)},
		{"TLS server name", none(cn.TLSServerName)},
		{"SSL mode", sslMode(c)},
		{"CA certificate", setOrNot(len(cn.CAData) > 0)},
		{"Token", setOrNot(cn.Token != "")},
		{"Client certificate", setOrNot(len(cn.ClientCertData) > 0)},
		{"Client key", setOrNot(len(cn.ClientKeyData) > 0)},
		{"Default namespace", defaultNamespace(c)},
		{"Namespaces", none(strings.Join(cn.Namespaces, ","))},
		{"MCP", onOff(c.MCP)},
		{"Agent token", setOrNot(c.AgentToken != "")},
		{"Credentials in", keptIn(c)},
	}
	out := make([]string, 0, len(rows))
	for _, r := range rows {
		out = append(out, fmt.Sprintf("%-20s%s", r[0]+":", r[1]))
	}
	return out
}

// keptIn says where a connection's credentials are: the OS keyring, the connections file, or
// nowhere (it has none).
func keptIn(c store.Saved) string {
	switch c.KeptIn {
	case store.KeptInKeyring:
		return "OS keyring"
	case store.KeptInFile:
		return "connections file"
	}
	return "<none>"
}

func connectionMoveToKeyring(f *Factory) *cobra.Command {
	io := f.IO
	return &cobra.Command{
		Use:     "move-to-keyring",
		Example: "  studioctl connection move-to-keyring",
		Short:   "Move the credentials the connections file keeps into the OS keyring",
		Long: `Move the credentials (tokens, client keys, agent tokens) that the connections file keeps into
the OS keyring (Secret Service, macOS Keychain, Windows Credential Manager), one entry per
connection under the service studioctl, and rewrite the file without them. Connections added
while a keyring answers keep their credentials there already; this moves the ones saved before,
or saved where no keyring answered. On Linux the keyring is reached over the session's D-Bus
(DBUS_SESSION_BUS_ADDRESS); STUDIOCTL_KEYRING=off keeps credentials in the file.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := noGlobalConnection(&f.flags); err != nil {
				return fail(err, false)
			}
			st := io.savedStore()
			moved, err := st.MoveToKeyring()
			if moved > 0 {
				fmt.Fprintln(io.Out, sanitize.String(fmt.Sprintf(sentenceMovedToKeyring, moved, st.Path())))
			}
			if err != nil {
				return fail(err, false)
			}
			if moved == 0 {
				fmt.Fprintln(io.Out, sanitize.String(fmt.Sprintf(sentenceNothingToMove, st.Path())))
			}
			return nil
		},
	}
}
