package kube

import (
	"crypto/tls"
	"crypto/x509"
	"net"
	"regexp"
	"strconv"
	"strings"

	"github.com/studioctl/studioctl/apivalue"

	"github.com/studioctl/studioctl/fault"
)

// SSLMode says how the server's certificate is checked, in the spec's words.
type SSLMode string

const (
	SSLVerifyFull   SSLMode = "verify-full"   // the connection's CA, the host (or TLS server name) checked
	SSLVerifySystem SSLMode = "verify-system" // the system roots, the host checked
	SSLRequire      SSLMode = "require"       // TLS without a certificate check (needs the operator switch)
	SSLDisable      SSLMode = "disable"       // plain HTTP, loopback only (needs the operator switch)
)

// The environment variables of the two operator switches. The command reads them from the
// environment of the process (never from a kubeconfig or a statement), so the person who runs
// studioctl decides, not the file they were sent; the library reads no environment at all and
// takes Switches from its caller.
const (
	EnvAllowLoopbackPlaintext = "KUBERNETES_ALLOW_LOOPBACK_PLAINTEXT"
	EnvAllowInsecureTLS       = "KUBERNETES_ALLOW_INSECURE_TLS"
)

// Connection holds the fields of one connection exactly as a person or an import gave them.
// It is validated into an Endpoint before anything is sent; a Connection is never used directly.
type Connection struct {
	Host             string   // a host name or an address, no scheme, no path
	Port             int      // 0 means 6443
	Token            string   // a bearer token without the word Bearer
	DefaultNamespace string   // empty means "default"
	Namespaces       []string // optional: the namespaces the tree lists
	APIPath          string   // optional prefix every request goes under (Rancher: /k8s/clusters/c-m-abc12)
	TLSServerName    string   // optional name the certificate is checked against
	CAData           []byte   // PEM
	ClientCertData   []byte   // PEM
	ClientKeyData    []byte   // PEM
	SSLMode          SSLMode  // empty means verify-full when CAData is set, else verify-system
	User             string   // never accepted: present only so an import or a seed that names one is refused
	Tunnel           *Tunnel  // optional SSH host the server is dialled through (a saved connection's)
}

// Switches are the operator's two switches; the zero value turns both off.
type Switches struct {
	AllowLoopbackPlaintext bool
	AllowInsecureTLS       bool
}

// Endpoint is a Connection that passed every rule: the only thing the client accepts.
type Endpoint struct {
	Scheme           string // https or http
	Host             string
	Port             int
	APIPath          string // "" or a cleaned prefix starting with / and not ending with /
	Token            string
	DefaultNamespace string
	Namespaces       []string
	TLS              *tls.Config // nil for plain HTTP
	Anonymous        bool        // neither a token nor a client certificate: the server sees system:anonymous
	mode             SSLMode
	loopbackOnly     bool // plain HTTP: the dialer refuses any resolved address that is not loopback
	tunnel           *tunnelConfig
}

// hostPort is host:port with IPv6 literals bracketed.
func (e *Endpoint) hostPort() string { return net.JoinHostPort(e.Host, strconv.Itoa(e.Port)) }

// BaseURL is the scheme, host, port and API path, the part every request URL starts with.
func (e *Endpoint) BaseURL() string { return e.Scheme + "://" + e.hostPort() + e.APIPath }

// Mode is the SSL mode the endpoint was validated with.
func (e *Endpoint) Mode() SSLMode { return e.mode }

// DefaultPort is the API server's usual port when a connection names none.
const DefaultPort = 6443

var (
	hostName   = regexp.MustCompile(`^[A-Za-z0-9]([-A-Za-z0-9]*[A-Za-z0-9])?(\.[A-Za-z0-9]([-A-Za-z0-9]*[A-Za-z0-9])?)*\.?$`)
	apiPathSeg = regexp.MustCompile(`^[A-Za-z0-9._~-]+$`)
)

// validHostName accepts a DNS name of labels of at most 63 characters whose last label is not all
// digits, so a numeric form such as 2130706433 or 127.1, which a resolver may read as an address,
// is never taken for a name.
func validHostName(h string) bool {
	if len(h) > 253 || !hostName.MatchString(h) {
		return false
	}
	labels := strings.Split(strings.TrimSuffix(h, "."), ".")
	for _, l := range labels {
		if len(l) > 63 {
			return false
		}
	}
	last := labels[len(labels)-1]
	return strings.Trim(last, "0123456789") != ""
}

// reservedAPIPathSegments may not appear in an API path, so a prefix can never route a request
// through a proxy subresource or into the API's own tree.
var reservedAPIPathSegments = map[string]bool{
	"api": true, "apis": true, "proxy": true, "namespaces": true, "nodes": true,
	"services": true, "pods": true, "openapi": true, "version": true,
}

// Validate applies every connect-time rule and returns the endpoint, or a refusal that names the
// field and says nothing was sent.
func (c Connection) Validate(sw Switches) (*Endpoint, error) {
	if c.User != "" {
		return nil, fault.Refusef(codeConnUser, sentenceConnUser)
	}
	host := strings.TrimSpace(c.Host)
	if host != c.Host || host == "" {
		return nil, fault.Refusef(codeConnHost, sentenceConnHost)
	}
	if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") && strings.Contains(host, ":") {
		host = host[1 : len(host)-1]
	}
	if strings.Contains(host, "%") { // a zoned IPv6 literal names an interface, never a cluster
		return nil, fault.Refusef(codeConnHost, sentenceConnHost)
	}
	if net.ParseIP(host) == nil && !validHostName(host) {
		return nil, fault.Refusef(codeConnHost, sentenceConnHost)
	}
	if ip := net.ParseIP(host); ip != nil && forbiddenIP(ip) {
		if ip.IsUnspecified() || ip.IsMulticast() {
			return nil, fault.Refusef(codeConnHost, sentenceConnNotHostAddress)
		}
		return nil, fault.Refusef(codeConnMetadata, sentenceConnMetadata)
	}
	port := c.Port
	if port == 0 {
		port = DefaultPort
	}
	if port < 1 || port > 65535 {
		return nil, fault.Refusef(codeConnPort, sentenceConnPort)
	}
	if err := checkToken(c.Token); err != nil {
		return nil, err
	}
	apiPath, err := cleanAPIPath(c.APIPath)
	if err != nil {
		return nil, err
	}
	if c.TLSServerName != "" && !validHostName(c.TLSServerName) {
		return nil, fault.Refusef(codeConnTLSServerName, sentenceConnTLSServerName)
	}
	ns, nsList, err := checkNamespaces(c.DefaultNamespace, c.Namespaces)
	if err != nil {
		return nil, err
	}
	if (len(c.ClientCertData) == 0) != (len(c.ClientKeyData) == 0) {
		return nil, fault.Refusef(codeConnClientCert, sentenceConnClientCertPair)
	}
	ep := &Endpoint{Host: host, Port: port, APIPath: apiPath, Token: c.Token, DefaultNamespace: ns, Namespaces: nsList}
	ep.Anonymous = c.Token == "" && len(c.ClientCertData) == 0
	if c.Tunnel != nil {
		t, err := c.Tunnel.validate(host)
		if err != nil {
			return nil, err
		}
		ep.tunnel = t
	}
	mode := c.SSLMode
	if mode == "" {
		mode = SSLVerifySystem
		if len(c.CAData) > 0 {
			mode = SSLVerifyFull
		}
	}
	ep.mode = mode
	switch mode {
	case SSLDisable:
		if !isLoopbackHost(host) {
			return nil, fault.Refusef(codeConnPlaintextRemote, sentenceConnPlaintextRemote)
		}
		if !sw.AllowLoopbackPlaintext {
			return nil, fault.Refusef(fault.CodeConnPlaintextLoopback, sentenceConnPlaintextLoopback)
		}
		if len(c.ClientCertData) > 0 {
			return nil, fault.Refusef(codeConnClientCert, sentenceConnClientCertPlain)
		}
		if c.Token != "" {
			return nil, fault.Refusef(codeConnToken, sentenceConnTokenPlain)
		}
		// kubectl proxy signs requests in as the user who runs it: not an anonymous identity.
		ep.Scheme, ep.Anonymous, ep.loopbackOnly = "http", false, true
		return ep, nil
	case SSLRequire:
		if !sw.AllowInsecureTLS {
			return nil, fault.Refusef(codeConnInsecureTLS, sentenceConnInsecureTLS)
		}
	case SSLVerifyFull, SSLVerifySystem:
	default:
		return nil, fault.Refusef(codeConnSSLMode, sentenceConnSSLMode)
	}
	cfg, err := tlsConfig(c, mode, host)
	if err != nil {
		return nil, err
	}
	ep.Scheme = "https"
	ep.TLS = cfg
	return ep, nil
}

func checkToken(tok string) error {
	if strings.HasPrefix(strings.ToLower(tok), "bearer ") {
		return fault.Refusef(codeConnToken, sentenceConnTokenBearer)
	}
	for i := 0; i < len(tok); i++ {
		if tok[i] <= ' ' || tok[i] > '~' {
			return fault.Refusef(codeConnToken, sentenceConnTokenChars)
		}
	}
	return nil
}

func checkNamespaces(def string, list []string) (string, []string, error) {
	def = apivalue.NamespaceOr(def)
	if !fault.IsDNS1123Label(def) {
		return "", nil, fault.Refusef(fault.CodeConnNamespace, sentenceConnDefaultNamespace)
	}
	seen := map[string]bool{}
	var out []string
	for _, n := range list {
		if !fault.IsDNS1123Label(n) {
			return "", nil, fault.Refusef(fault.CodeConnNamespace, sentenceConnNamespaces)
		}
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	if len(out) > 0 && !seen[def] {
		return "", nil, fault.Refusef(fault.CodeConnNamespace, sentenceConnDefaultOutside)
	}
	return def, out, nil
}

// ParseNamespaceList splits the Namespaces field, which takes commas or spaces.
func ParseNamespaceList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
}

// cleanAPIPath checks the API path segment by segment. It is never rewritten: a path that would
// need normalizing is refused instead.
func cleanAPIPath(p string) (string, error) {
	if p == "" || p == "/" {
		return "", nil
	}
	if !strings.HasPrefix(p, "/") {
		return "", fault.Refusef(codeConnAPIPath, sentenceConnAPIPath)
	}
	trimmed := strings.TrimSuffix(p, "/")
	for _, seg := range strings.Split(trimmed[1:], "/") {
		if seg == "" || seg == "." || seg == ".." || !apiPathSeg.MatchString(seg) {
			return "", fault.Refusef(codeConnAPIPath, sentenceConnAPIPath)
		}
		if reservedAPIPathSegments[strings.ToLower(seg)] {
			return "", fault.Refusef(codeConnAPIPath, sentenceConnAPIPathReserved)
		}
	}
	return trimmed, nil
}

func tlsConfig(c Connection, mode SSLMode, host string) (*tls.Config, error) {
	cfg := &tls.Config{MinVersion: tls.VersionTLS12}
	cfg.ServerName = host
	if c.TLSServerName != "" {
		cfg.ServerName = c.TLSServerName
	}
	switch mode {
	case SSLVerifyFull:
		if len(c.CAData) == 0 {
			return nil, fault.Refusef(codeConnCA, sentenceConnCAMissing)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(c.CAData) {
			return nil, fault.Refusef(codeConnCA, sentenceConnCAInvalid)
		}
		cfg.RootCAs = pool
	case SSLVerifySystem:
		// nil RootCAs: the system's roots.
	case SSLRequire:
		cfg.InsecureSkipVerify = true
	}
	if len(c.ClientCertData) > 0 {
		pair, err := tls.X509KeyPair(c.ClientCertData, c.ClientKeyData)
		if err != nil {
			return nil, fault.Refusef(codeConnClientCert, sentenceConnClientCertInvalid)
		}
		cfg.Certificates = []tls.Certificate{pair}
	}
	return cfg, nil
}

func isLoopbackHost(h string) bool {
	if strings.EqualFold(h, "localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}
