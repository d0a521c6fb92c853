package kube

import (
	"context"
	"fmt"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/ssh"
	"golang.org/x/crypto/ssh/agent"

	"github.com/studioctl/studioctl/fault"
)

// Tunnel is an SSH host the API server is dialled through, for a server that only a bastion can
// reach (spec 4.1 and 4.10). The SSH host's key is pinned by one known_hosts line saved with the
// connection; the key studioctl signs in with comes from the ssh-agent alone (Options.SSHAgent),
// never from a key file, and nothing a kubeconfig says can name one. The far end is the
// connection's own host and port, and its TLS identity is checked as on a direct connection.
type Tunnel struct {
	User      string // the SSH user
	Host      string // the SSH host: a name, an IPv4 address or an IPv6 address
	Port      int    // 0 is 22
	KnownHost string // the host's key as a known_hosts line: "host ssh-ed25519 AAAA..."
}

// validate checks a tunnel's fields and the far end it leads to, before anything is dialled.
func (t *Tunnel) validate(farHost string) (*tunnelConfig, error) {
	if strings.TrimSpace(t.User) == "" || strings.ContainsAny(t.User, " \t\r\n@") {
		return nil, fault.Refusef(codeTunnel, sentenceTunnelUser)
	}
	port := t.Port
	if port == 0 {
		port = 22
	}
	if t.Host == "" || port < 1 || port > 65535 || strings.ContainsAny(t.Host, " \t\r\n/@") {
		return nil, fault.Refusef(codeTunnel, sentenceTunnelHost)
	}
	// The far end is resolved by the SSH host, out of studioctl's sight: a literal address is
	// checked here, as the guarded dialer checks a direct one.
	if ip := net.ParseIP(strings.Trim(farHost, "[]")); ip != nil && forbiddenIP(ip) {
		return nil, fault.Refusef(codeTunnel, sentenceTunnelFar)
	}
	_, _, key, _, _, err := ssh.ParseKnownHosts([]byte(t.KnownHost))
	if err != nil {
		return nil, fault.Refusef(codeTunnel, sentenceTunnelKey)
	}
	return &tunnelConfig{user: t.User, addr: net.JoinHostPort(t.Host, strconv.Itoa(port)), key: key}, nil
}

type tunnelConfig struct {
	user string
	addr string
	key  ssh.PublicKey
}

// tunnelDialer dials the far end through one SSH client, opened on the first dial (the SSH host
// itself dialled through the guarded dialer, so it too is never a metadata address) and kept.
type tunnelDialer struct {
	cfg     *tunnelConfig
	guard   *guardedDialer
	agent   func() (net.Conn, error)
	timeout time.Duration

	mu     sync.Mutex
	client *ssh.Client
}

func (d *tunnelDialer) DialContext(ctx context.Context, network, address string) (net.Conn, error) {
	c, err := d.ssh(ctx)
	if err != nil {
		return nil, err
	}
	conn, err := c.DialContext(ctx, network, address)
	if err != nil {
		return nil, &dialError{kind: dialErrConnect, err: err}
	}
	return conn, nil
}

// ssh is the SSH client, opened once.
func (d *tunnelDialer) ssh(ctx context.Context) (*ssh.Client, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.client != nil {
		return d.client, nil
	}
	if d.agent == nil {
		return nil, fault.Refusef(CodeTunnelAgent, sentenceNoAgent)
	}
	ag, err := d.agent()
	if err != nil {
		return nil, fault.Refusef(CodeTunnelAgent, sentenceNoAgent)
	}
	raw, err := d.guard.DialContext(ctx, "tcp", d.cfg.addr)
	if err != nil {
		ag.Close()
		return nil, err
	}
	keyMismatch := false
	conf := &ssh.ClientConfig{
		User: d.cfg.user,
		Auth: []ssh.AuthMethod{ssh.PublicKeysCallback(agent.NewClient(ag).Signers)},
		HostKeyCallback: func(_ string, _ net.Addr, key ssh.PublicKey) error {
			if string(key.Marshal()) != string(d.cfg.key.Marshal()) {
				keyMismatch = true
				return fmt.Errorf("host key mismatch")
			}
			return nil
		},
		Timeout: d.timeout,
	}
	// The handshake is bounded like a connect: by the dial's context, and by the connect
	// timeout when the context has no deadline (an SSH host that accepts and then says nothing).
	deadline, ok := ctx.Deadline()
	if limit := time.Now().Add(d.timeout); d.timeout > 0 && (!ok || limit.Before(deadline)) {
		deadline, ok = limit, true
	}
	if ok {
		raw.SetDeadline(deadline)
	}
	sc, chans, reqs, err := ssh.NewClientConn(raw, d.cfg.addr, conf)
	raw.SetDeadline(time.Time{})
	ag.Close() // the agent's signers were used during the handshake only
	if err != nil {
		raw.Close()
		if keyMismatch {
			return nil, fault.Unreached(CodeTunnelHostKey, fault.Sentencef(sentenceHostKey, d.cfg.addr))
		}
		return nil, fault.Unreached(codeTunnelConnect, fault.Sentencef(sentenceSSHConnect, d.cfg.addr))
	}
	d.client = ssh.NewClient(sc, chans, reqs)
	return d.client, nil
}
