package store

import (
	"net"
	"strconv"
	"strings"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kubeconfig"
)

// ImportOptions say how a kubeconfig becomes a saved connection.
type ImportOptions struct {
	// Context is the kubeconfig context to import; "" is its current-context.
	Context string
	// Server, when set, is the address the connection is registered for: the context must point
	// at exactly this address (scheme, host, port and path, compared as written), else the import
	// is refused with CodeServerMismatch. When empty, the context's own server is registered.
	Server string
	// Namespaces, when set, are the namespaces the tree lists (the connection's Namespaces field).
	Namespaces []string
	// Switches are the operator's switches the connection is validated with.
	Switches kube.Switches
}

// FromKubeconfig reads a kubeconfig strictly (kubeconfig.Parse and Import) and builds the
// connection to save under name, validated and guarded, with the import's notices. It is not
// saved: call Store.Add. The kubeconfig's bytes are all it reads; neither they nor any path are
// kept, only the imported fields.
func FromKubeconfig(name string, data []byte, o ImportOptions) (*Saved, []kubeconfig.Notice, error) {
	if !fault.IsDNS1123Label(name) {
		return nil, nil, fault.Refusef(CodeName, sentenceName)
	}
	f, err := kubeconfig.Parse(data)
	if err != nil {
		return nil, nil, err
	}
	imp, err := f.Import(o.Context)
	if err != nil {
		return nil, nil, err
	}
	written := imp.Server
	if o.Server != "" && o.Server != written {
		return nil, nil, fault.Refusef(CodeServerMismatch, sentenceMismatchAdd, imp.Name, written, o.Server)
	}
	conn := imp.Connection
	if len(o.Namespaces) > 0 {
		conn.Namespaces = append([]string(nil), o.Namespaces...)
	}
	s := &Saved{Name: name, Server: written, Connection: conn}
	if _, err := s.Endpoint(o.Switches); err != nil {
		return nil, imp.Notices, err
	}
	return s, imp.Notices, nil
}

// Endpoint validates the connection's fields (kube.Connection.Validate with the operator's
// switches) and checks the guard: the endpoint it would dial must be the address it was
// registered for. Every use of a saved connection goes through here.
func (s *Saved) Endpoint(sw kube.Switches) (*kube.Endpoint, error) {
	ep, err := s.Connection.Validate(sw)
	if err != nil {
		return nil, err
	}
	if err := s.Guard(ep); err != nil {
		return nil, err
	}
	return ep, nil
}

// AgentConnection is the connection the agent uses: with an agent token, that token alone (the
// connection's own token and client certificate dropped); without one, the connection itself.
func (s *Saved) AgentConnection() kube.Connection {
	c := s.Connection
	if s.AgentToken != "" {
		c.Token, c.ClientCertData, c.ClientKeyData = s.AgentToken, nil, nil
	}
	return c
}

// AgentEndpoint is Endpoint for the agent's connection: validated, and guarded against any
// address but the registered one.
func (s *Saved) AgentEndpoint(sw kube.Switches) (*kube.Endpoint, error) {
	ep, err := s.AgentConnection().Validate(sw)
	if err != nil {
		return nil, err
	}
	if err := s.Guard(ep); err != nil {
		return nil, err
	}
	return ep, nil
}

// Guard refuses an endpoint that is not the address the connection was registered for.
func (s *Saved) Guard(ep *kube.Endpoint) error {
	want, ok := BaseURL(s.Server)
	if !ok {
		return fault.Refusef(CodeServerMismatch, sentenceMismatchBadSave, s.Name)
	}
	if got := ep.BaseURL(); got != want {
		return fault.Refusef(CodeServerMismatch, sentenceMismatchOpen, s.Name, s.Server, got)
	}
	return nil
}

// BaseURL turns a registered server address into the form kube.Endpoint.BaseURL gives (the
// scheme in lower case, the port always written, no trailing slash), so the two compare as
// strings. It splits the address as the kubeconfig reader does and rewrites nothing else: the host
// keeps its case and the path its segments. ok is false for an address that is not
// scheme://host[:port][/path] with no user name, query or fragment.
func BaseURL(server string) (string, bool) {
	scheme, rest, ok := strings.Cut(server, "://")
	if !ok {
		return "", false
	}
	port := ""
	switch strings.ToLower(scheme) {
	case "https":
		scheme, port = "https", "443"
	case "http":
		scheme, port = "http", "80"
	default:
		return "", false
	}
	if strings.ContainsAny(rest, "@?#\\ \t\r\n") {
		return "", false
	}
	authority, path := rest, ""
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		authority, path = rest[:i], rest[i:]
	}
	host := authority
	if h, p, err := net.SplitHostPort(authority); err == nil {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 || strconv.Itoa(n) != p {
			return "", false
		}
		host, port = h, p
	} else if strings.HasPrefix(authority, "[") && strings.HasSuffix(authority, "]") {
		host = authority[1 : len(authority)-1]
	}
	if host == "" || (strings.Contains(host, ":") && net.ParseIP(host) == nil) {
		return "", false
	}
	path = strings.TrimSuffix(path, "/")
	return scheme + "://" + net.JoinHostPort(host, port) + path, true
}
