package main

import (
	"fmt"
	"strconv"

	"github.com/spf13/cobra"
	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kubeconfig"
	"github.com/studioctl/studioctl/printer"
)

// connectionContexts lists a kubeconfig's contexts as studioctl would import them, before one is
// saved: the server each points at, its namespace, which credential it carries (never the
// credential) and what importing it gives: yes, no credential with the notice's code, or the
// refusal's code for a context studioctl refuses. Nothing is sent.
func connectionContexts(f *Factory) *cobra.Command {
	io := f.IO
	return &cobra.Command{
		Use:     "contexts FILE",
		Short:   "List a kubeconfig's contexts as studioctl would import them (read strictly; nothing is sent)",
		Example: "  studioctl connection contexts ~/.kube/config\n  studioctl connection add prod --from-kubeconfig ~/.kube/config --context prod",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := noGlobalConnection(&f.flags); err != nil {
				return fail(err, false)
			}
			data, err := readKubeconfig(args[0])
			if err != nil {
				return fail(err, false)
			}
			file, err := kubeconfig.Parse(data)
			if err != nil {
				return fail(err, false)
			}
			res := &printer.Result{Table: contextTable(file, switchesOf(io))}
			if len(res.Table.Rows) == 0 {
				res.Table, res.Empty = nil, sentenceNoContexts
			}
			return fail(printer.NewWriter(io.Out, io.Err, printer.People).Write(res), false)
		},
	}
}

func contextTable(file *kubeconfig.File, sw kube.Switches) *printer.Table {
	t := &printer.Table{Columns: []printer.Column{{Header: "CURRENT"}, {Header: "NAME"}, {Header: "SERVER"},
		{Header: "NAMESPACE"}, {Header: "CREDENTIAL"}, {Header: "IMPORT"}}}
	for _, name := range file.Contexts() {
		current := ""
		if name == file.CurrentContext() {
			current = "*"
		}
		t.Rows = append(t.Rows, append([]string{current, name}, contextCells(file, name, sw)...))
	}
	return t
}

// contextCells are a context's server, namespace, credential kind and what importing it gives.
func contextCells(file *kubeconfig.File, name string, sw kube.Switches) []string {
	imp, err := file.Import(name)
	if err != nil {
		return []string{"", "", "", refusalCode(err)}
	}
	c := imp.Connection
	port := c.Port
	if port == 0 {
		port = 6443
	}
	return []string{c.Host + ":" + strconv.Itoa(port) + c.APIPath, apivalue.NamespaceOr(c.DefaultNamespace), credentialKind(c), importVerdict(imp, sw)}
}

// importVerdict is the IMPORT cell. A connection the switches refuse says the refusal's code. One
// that imports with no credential, because its user signs in only through a credential plugin
// (exec or auth-provider) or gives nothing studioctl imports, says so with the notice's code
// rather than yes: opening it would be refused or reach the server as the anonymous user, and the
// notice says how to give it a token.
func importVerdict(imp *kubeconfig.Import, sw kube.Switches) string {
	if _, err := imp.Connection.Validate(sw); err != nil {
		return refusalCode(err)
	}
	for _, n := range imp.Notices {
		if n.Code == kubeconfig.NoticeCredentialPlugin || n.Code == kubeconfig.NoticeAnonymous {
			return fmt.Sprintf(cellImportNoCredential, n.Code)
		}
	}
	return cellImportYes
}

func credentialKind(c kube.Connection) string {
	switch {
	case c.Token != "":
		return "token"
	case len(c.ClientCertData) > 0:
		return "client certificate"
	}
	return "none"
}

func refusalCode(err error) string {
	if e, ok := fault.As(err); ok {
		return fmt.Sprintf(cellImportRefusedCode, e.Code)
	}
	return cellImportRefused
}
