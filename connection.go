package studioctl

import (
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kubeconfig"
	"github.com/studioctl/studioctl/store"
)

// Connection is one API server's fields as a program gives them to [Open]: where the server is,
// how its certificate is checked and how studioctl signs in. Open validates every field before
// anything is sent (a host that is a cloud metadata address, plain HTTP beyond this machine or TLS
// without a check without the operator's switch are refused).
type Connection struct {
	// Host is the server's host name or address: no scheme, no path.
	Host string
	// Port is the server's port; 0 is 6443.
	Port int
	// Token is a bearer token, without the word Bearer.
	Token string
	// DefaultNamespace is where a namespaced read goes when it names none; "" is "default".
	DefaultNamespace string
	// Namespaces, when set, are the namespaces the cluster tree lists (an identity that may not
	// list namespaces names its own).
	Namespaces []string
	// APIPath is a prefix every request goes under, for a server behind a path (Rancher's
	// /k8s/clusters/ID); "" for none.
	APIPath string
	// TLSServerName is the name the server's certificate is checked against, when it is not Host.
	TLSServerName string
	// CAData is the PEM of the certificate authority the server's certificate must chain to.
	CAData []byte
	// ClientCertData and ClientKeyData are a client certificate and its key, in PEM, to sign in
	// with instead of a token.
	ClientCertData []byte
	ClientKeyData  []byte
	// SSLMode says how the certificate is checked: "verify-full" (CAData, the host checked),
	// "verify-system" (the system's roots), "require" (no check: needs Switches.AllowInsecureTLS)
	// or "disable" (plain HTTP to this machine: needs Switches.AllowLoopbackPlaintext). "" is
	// verify-full with CAData, else verify-system.
	SSLMode string
	// Tunnel, when set, is an SSH host the server is dialled through.
	Tunnel *Tunnel
}

// Tunnel is an SSH host a Connection is dialled through, for a server only a bastion reaches. The
// host's key is pinned by one known_hosts line; the key studioctl signs in with comes from the
// ssh-agent [Options].SSHAgent connects to, never from a file.
type Tunnel struct {
	// User is the SSH user.
	User string
	// Host is the SSH host: a name or an address.
	Host string
	// Port is the SSH port; 0 is 22.
	Port int
	// KnownHost is the host's key as a known_hosts line ("bastion ssh-ed25519 AAAA...").
	KnownHost string
}

// Switches are the operator's two switches, both off in the zero value. The library never reads
// them from the environment; the studioctl command sets them from
// KUBERNETES_ALLOW_LOOPBACK_PLAINTEXT and KUBERNETES_ALLOW_INSECURE_TLS.
type Switches struct {
	// AllowLoopbackPlaintext lets a connection speak plain HTTP to this machine (kubectl proxy).
	AllowLoopbackPlaintext bool
	// AllowInsecureTLS lets a connection use TLS without checking the server's certificate.
	AllowInsecureTLS bool
}

// Notice is something a kubeconfig held that studioctl leaves out or changes, said in
// studioctl's words: a stable Code and a Sentence.
type Notice struct {
	Code     string
	Sentence string
}

// kube is the connection as package kube validates it.
func (c Connection) kube() kube.Connection {
	k := kube.Connection{Host: c.Host, Port: c.Port, Token: c.Token, DefaultNamespace: c.DefaultNamespace,
		Namespaces: c.Namespaces, APIPath: c.APIPath, TLSServerName: c.TLSServerName, CAData: c.CAData,
		ClientCertData: c.ClientCertData, ClientKeyData: c.ClientKeyData, SSLMode: kube.SSLMode(c.SSLMode)}
	if c.Tunnel != nil {
		t := kube.Tunnel(*c.Tunnel)
		k.Tunnel = &t
	}
	return k
}

// connectionOf is the library's Connection of one package kube holds (an imported kubeconfig
// context). User is left out: kube keeps it only to refuse it.
func connectionOf(k kube.Connection) Connection {
	c := Connection{Host: k.Host, Port: k.Port, Token: k.Token, DefaultNamespace: k.DefaultNamespace,
		Namespaces: k.Namespaces, APIPath: k.APIPath, TLSServerName: k.TLSServerName, CAData: k.CAData,
		ClientCertData: k.ClientCertData, ClientKeyData: k.ClientKeyData, SSLMode: string(k.SSLMode)}
	if k.Tunnel != nil {
		t := Tunnel(*k.Tunnel)
		c.Tunnel = &t
	}
	return c
}

func noticesOf(ns []kubeconfig.Notice) []Notice {
	if ns == nil {
		return nil
	}
	out := make([]Notice, len(ns))
	for i, n := range ns {
		out[i] = Notice(n)
	}
	return out
}

// OpenSavedAsAgent opens the connection saved as name in st as an agent reads it (studioctl mcp):
// with the connection's agent token alone when it has one, its own token and client certificate
// left out. Like [OpenSaved], the endpoint is checked against the address the connection was
// registered for.
func OpenSavedAsAgent(st *store.Store, name string, o Options) (*Session, error) {
	saved, err := st.Get(name)
	if err != nil {
		return nil, err
	}
	ep, err := saved.AgentEndpoint(kube.Switches(o.Switches))
	if err != nil {
		return nil, err
	}
	return openEndpoint(ep, o)
}
