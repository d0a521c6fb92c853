package kube

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"
	"golang.org/x/crypto/ssh/agent"

	"github.com/studioctl/studioctl/fault"
)

// sshBastion is an SSH server on loopback that lets one user in with one key and forwards
// direct-tcpip channels to the address asked for, counting them: the test's own bastion.
type sshBastion struct {
	addr     string
	hostKey  ssh.Signer
	channels atomic.Int64
}

func newSSHBastion(t *testing.T, user string, allowed ssh.PublicKey) *sshBastion {
	t.Helper()
	_, hostPriv, _ := ed25519.GenerateKey(rand.Reader)
	hostKey, err := ssh.NewSignerFromKey(hostPriv)
	if err != nil {
		t.Fatal(err)
	}
	conf := &ssh.ServerConfig{PublicKeyCallback: func(c ssh.ConnMetadata, k ssh.PublicKey) (*ssh.Permissions, error) {
		if c.User() == user && string(k.Marshal()) == string(allowed.Marshal()) {
			return nil, nil
		}
		return nil, fmt.Errorf("not allowed")
	}}
	conf.AddHostKey(hostKey)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	b := &sshBastion{addr: ln.Addr().String(), hostKey: hostKey}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go b.serve(c, conf)
		}
	}()
	return b
}

func (b *sshBastion) serve(c net.Conn, conf *ssh.ServerConfig) {
	_, chans, reqs, err := ssh.NewServerConn(c, conf)
	if err != nil {
		c.Close()
		return
	}
	go ssh.DiscardRequests(reqs)
	for nc := range chans {
		if nc.ChannelType() != "direct-tcpip" {
			nc.Reject(ssh.UnknownChannelType, "only direct-tcpip")
			continue
		}
		var target struct {
			Host       string
			Port       uint32
			OriginHost string
			OriginPort uint32
		}
		if ssh.Unmarshal(nc.ExtraData(), &target) != nil {
			nc.Reject(ssh.ConnectionFailed, "bad request")
			continue
		}
		far, err := net.Dial("tcp", net.JoinHostPort(target.Host, fmt.Sprint(target.Port)))
		if err != nil {
			nc.Reject(ssh.ConnectionFailed, "cannot reach")
			continue
		}
		ch, creqs, err := nc.Accept()
		if err != nil {
			far.Close()
			continue
		}
		b.channels.Add(1)
		go ssh.DiscardRequests(creqs)
		go func() { io.Copy(ch, far); ch.CloseWrite() }()
		go func() { io.Copy(far, ch); far.Close() }()
	}
}

func (b *sshBastion) knownHost() string {
	return "[127.0.0.1]:" + b.addr[strings.LastIndex(b.addr, ":")+1:] + " " + strings.TrimSpace(string(ssh.MarshalAuthorizedKey(b.hostKey.PublicKey())))
}

// strangerCA is a CA certificate nobody signed the test server's certificate with (httptest's
// servers all share one certificate, so another server's would not do).
func strangerCA(t *testing.T) []byte {
	pub, priv, _ := ed25519.GenerateKey(rand.Reader)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(7), Subject: pkix.Name{CommonName: "stranger-ca"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), IsCA: true, BasicConstraintsValid: true}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, pub, priv)
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
}

// agentWith is an ssh-agent holding key, served on one end of a pipe per connection.
func agentWith(t *testing.T, key ed25519.PrivateKey) func() (net.Conn, error) {
	keyring := agent.NewKeyring()
	if err := keyring.Add(agent.AddedKey{PrivateKey: key}); err != nil {
		t.Fatal(err)
	}
	return func() (net.Conn, error) {
		a, b := net.Pipe()
		go agent.ServeAgent(keyring, b)
		return a, nil
	}
}

// TestTheSSHTunnel: a connection saved with an SSH host reaches its API server only through it,
// signing in with the agent's key and checking the SSH host's key and then the API server's TLS
// certificate; a wrong host key, no agent and a metadata address behind the tunnel are refused.
func TestTheSSHTunnel(t *testing.T) {
	var reached atomic.Int64
	api := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		reached.Add(1)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"gitVersion":"v1.37.2","platform":"linux/amd64"}`)
	}))
	defer api.Close()
	ca := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: api.Certificate().Raw})
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(api.URL, "https://"))
	var apiPort int
	fmt.Sscan(port, &apiPort)

	_, clientKey, _ := ed25519.GenerateKey(rand.Reader)
	signer, _ := ssh.NewSignerFromKey(clientKey)
	bastion := newSSHBastion(t, "tester", signer.PublicKey())
	var sshPort int
	fmt.Sscan(bastion.addr[strings.LastIndex(bastion.addr, ":")+1:], &sshPort)

	conn := func(known string) Connection {
		return Connection{Host: "127.0.0.1", Port: apiPort, CAData: ca, Token: "synthetic-token",
			Tunnel: &Tunnel{User: "tester", Host: "127.0.0.1", Port: sshPort, KnownHost: known}}
	}
	version := func(c Connection, agentFn func() (net.Conn, error)) (string, error) {
		ep, err := c.Validate(Switches{})
		if err != nil {
			return "", err
		}
		cl := NewClient(ep, Options{SSHAgent: agentFn})
		v, err := cl.ServerVersion(context.Background())
		if err != nil {
			return "", err
		}
		s, _ := v["gitVersion"].(string)
		return s, nil
	}

	got, err := version(conn(bastion.knownHost()), agentWith(t, clientKey))
	if err != nil || got != "v1.37.2" {
		t.Fatalf("through the tunnel: %q %v", got, err)
	}
	if bastion.channels.Load() == 0 || reached.Load() == 0 {
		t.Fatalf("the answer did not come through the tunnel (%d channels, %d requests)", bastion.channels.Load(), reached.Load())
	}

	// Another host key than the one saved: refused before anything is sent through.
	_, otherPriv, _ := ed25519.GenerateKey(rand.Reader)
	other, _ := ssh.NewSignerFromKey(otherPriv)
	wrong := "[127.0.0.1]:" + fmt.Sprint(sshPort) + " " + strings.TrimSpace(string(ssh.MarshalAuthorizedKey(other.PublicKey())))
	before := reached.Load()
	if _, err := version(conn(wrong), agentWith(t, clientKey)); err == nil {
		t.Fatal("a host with another key was trusted")
	} else if e, ok := fault.As(err); !ok || e.Code != CodeTunnelHostKey {
		t.Fatalf("wrong host key: %v", err)
	}
	// No agent: refused, nothing dialled.
	if _, err := version(conn(bastion.knownHost()), nil); err == nil {
		t.Fatal("a tunnel opened with no agent")
	} else if e, ok := fault.As(err); !ok || e.Code != CodeTunnelAgent {
		t.Fatalf("no agent: %v", err)
	}
	if reached.Load() != before {
		t.Fatal("a refused tunnel reached the API server")
	}

	// The API server's certificate is still checked at the far end: another CA fails the TLS
	// handshake, through the tunnel as on a direct dial.
	otherCA := conn(bastion.knownHost())
	otherCA.CAData = strangerCA(t)
	if _, err := version(otherCA, agentWith(t, clientKey)); err == nil {
		t.Fatal("the API server's certificate was not checked through the tunnel")
	}

	// Refused at validation: a metadata address behind the tunnel, no user, no known host.
	meta := conn(bastion.knownHost())
	meta.Host = "169.254.169.254"
	noUser := conn(bastion.knownHost())
	noUser.Tunnel.User = ""
	noKey := conn("not a known_hosts line")
	for name, c := range map[string]Connection{"metadata far end": meta, "no user": noUser, "no host key": noKey} {
		if _, err := c.Validate(Switches{}); err == nil {
			t.Errorf("%s: validated", name)
		}
	}
}
