package kubeconfig

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
)

// Import is one context mapped to a connection. The connection is not validated here: the
// caller runs Connection.Validate with the operator's switches, which may still refuse it (plain
// HTTP, an unchecked certificate, a reserved API path segment, a namespace that is not a label).
type Import struct {
	Name       string          // the context imported
	Server     string          // the cluster's server exactly as the file wrote it
	Connection kube.Connection // the fields, as the file wrote them
	Notices    []Notice        // what the person should know, in the order to show it
	pluginOnly bool            // the user signs in through a credential plugin and nothing else
}

// PluginOnly refuses an import whose user signs in only through a credential plugin (exec or
// auth-provider), which studioctl never runs: a session on it would reach the server as nobody,
// so the command line and the library open none and send nothing. A saved connection may still
// be made from it, with the notice saying how to give it a token.
func (i *Import) PluginOnly() error {
	if !i.pluginOnly {
		return nil
	}
	return refuse(CodeCredentialPlugin, sentencePluginOnly)
}

// Notice is something an import leaves out or changes, said in studioctl's words.
type Notice struct {
	Code     string
	Sentence string
}

// Import maps the named context, or the current-context when name is "", to a connection:
//
//   - the server is split into Host, Port and APIPath as written (https defaults to 443, http
//     to 80); http:// maps to SSL mode disable and insecure-skip-tls-verify: true to require,
//     each with a notice of the switch the operator must set; CA data maps to verify-full, and
//     no CA to verify-system;
//   - the token, the client certificate and key data, the CA data, tls-server-name and the
//     context's namespace are taken as they are;
//   - exec, auth-provider, every file path, proxy-url, username, password and every impersonation
//     setting are named in one notice and never used;
//   - a user that signs in through a credential plugin, and a context left with no credential at
//     all, get a notice saying how to make a ServiceAccount token (not for http://, which is
//     kubectl proxy signing in for its own user).
func (f *File) Import(name string) (*Import, error) {
	ctxName := name
	if ctxName == "" {
		if f.current == "" {
			return nil, refuse(CodeNoCurrentContext, sentenceNoCurrentContext)
		}
		ctxName = f.current
	}
	ctx, ok := f.contexts[ctxName]
	if !ok {
		if name == "" {
			return nil, refuseAt(f.currentAt, CodeMissingContext, sentenceMissingContextCur, f.currentAt.line, f.currentAt.col)
		}
		return nil, f.missingContext(name)
	}
	if ctx.cluster == "" {
		return nil, refuseAt(ctx.at, CodeMissingCluster, sentenceNoCluster, ctx.at.line, ctx.at.col)
	}
	cl, ok := f.clusters[ctx.cluster]
	if !ok {
		return nil, refuseAt(ctx.at, CodeMissingCluster, sentenceMissingCluster, ctx.at.line, ctx.at.col)
	}
	u := &user{}
	if ctx.user != "" {
		if u, ok = f.users[ctx.user]; !ok {
			return nil, refuseAt(ctx.at, CodeMissingUser, sentenceMissingUser, ctx.at.line, ctx.at.col)
		}
	}
	if cl.server == "" {
		return nil, refuseAt(cl.at, CodeServerMissing, sentenceServerMissing, cl.at.line, cl.at.col)
	}
	srv, code := splitServer(cl.server)
	if code != "" {
		return nil, refuseAt(cl.serverAt, code, serverSentences[code], cl.serverAt.line, cl.serverAt.col)
	}

	conn := kube.Connection{
		Host:             srv.host,
		Port:             srv.port,
		APIPath:          srv.apiPath,
		Token:            u.token,
		DefaultNamespace: ctx.namespace,
		TLSServerName:    cl.tlsServerName,
		CAData:           bytes.Clone(cl.caData),
		ClientCertData:   bytes.Clone(u.certData),
		ClientKeyData:    bytes.Clone(u.keyData),
	}
	var notices []Notice
	switch {
	case srv.plain:
		conn.SSLMode = kube.SSLDisable
		notices = append(notices, Notice{NoticePlaintext, sentencePlaintext})
	case cl.insecure:
		conn.SSLMode = kube.SSLRequire
		notices = append(notices, Notice{NoticeInsecureTLS, sentenceInsecureTLS})
	case len(cl.caData) > 0:
		conn.SSLMode = kube.SSLVerifyFull
	default:
		conn.SSLMode = kube.SSLVerifySystem
	}

	var left []string
	for _, setting := range notImportedOrder {
		if cl.notImported[setting] || u.notImported[setting] {
			left = append(left, setting)
		}
	}
	if len(left) > 0 {
		notices = append(notices, Notice{NoticeNotImported, fmt.Sprintf(sentenceNotImported, strings.Join(left, ", "))})
	}

	credential := u.token != "" || (len(u.certData) > 0 && len(u.keyData) > 0)
	switch {
	case credential:
	case u.plugin:
		notices = append(notices, Notice{NoticeCredentialPlugin, sentenceCredentialPlugin})
	case !srv.plain:
		notices = append(notices, Notice{NoticeAnonymous, sentenceAnonymous})
	}
	return &Import{Name: ctxName, Server: cl.server, Connection: conn, Notices: notices, pluginOnly: !credential && u.plugin}, nil
}

// missingContext refuses a context name the file does not define. It names the context asked for
// and the ones the file defines, sorted, so a mistyped name can be put right without opening the
// file; past maxNamedContexts it says how many more there are, so a long file does not flood the
// terminal. Each name is quoted and sanitised on its own before the sentence is put together, as
// fault.Sentencef would cut a joined list longer than one value may be.
func (f *File) missingContext(asked string) error {
	defined := f.Contexts()
	if len(defined) == 0 {
		return refuse(CodeMissingContext, fmt.Sprintf(sentenceMissingContextNone, quoteName(asked)))
	}
	return refuse(CodeMissingContext, fmt.Sprintf(sentenceMissingContextNamed, quoteName(asked), nameList(defined)))
}

// nameList quotes the first maxNamedContexts names, joined with commas, and counts the rest.
func nameList(names []string) string {
	shown := names[:min(len(names), maxNamedContexts)]
	quoted := make([]string, len(shown))
	for i, n := range shown {
		quoted[i] = quoteName(n)
	}
	list := strings.Join(quoted, ", ")
	if rest := len(names) - len(shown); rest > 0 {
		list = fmt.Sprintf(sentenceMoreContexts, list, rest)
	}
	return list
}

// quoteName is a context name as a sentence quotes it: sanitised for the terminal, cut if very
// long, in double quotes.
func quoteName(name string) string { return fault.Sentencef("%q", name) }
