package kube

import (
	"context"
	"net"
	"net/netip"
	"strconv"
	"time"

	"github.com/studioctl/studioctl/limits"
)

// metadataAddrs are the cloud metadata and host-agent addresses outside the link-local ranges:
// EC2's IPv6 instance metadata, Alibaba Cloud's metadata service and Azure's wireserver. Their
// IPv4-mapped IPv6 forms are caught too, since forbiddenIP unmaps before it compares.
var metadataAddrs = []netip.Addr{
	netip.MustParseAddr("fd00:ec2::254"),   // AWS EC2, IPv6
	netip.MustParseAddr("100.100.100.200"), // Alibaba Cloud ECS
	netip.MustParseAddr("168.63.129.16"),   // Azure wireserver
}

// forbiddenIP reports addresses studioctl never dials: link-local (169.254.0.0/16 holds most
// clouds' metadata service; fe80::/10), their IPv4-mapped forms, and the metadata addresses that
// are not link-local (metadataAddrs). It runs on the resolved address, before any connection.
func forbiddenIP(ip net.IP) bool {
	addr, ok := netip.AddrFromSlice(ip)
	if !ok {
		return true
	}
	if addr.Zone() != "" {
		return true
	}
	addr = addr.Unmap()
	for _, m := range metadataAddrs {
		if addr == m {
			return true
		}
	}
	return addr.IsLinkLocalUnicast() || addr.IsLinkLocalMulticast() || addr.IsUnspecified() || addr.IsMulticast()
}

// Resolver is the DNS seam of the guarded dialer.
type Resolver interface {
	LookupIPAddr(ctx context.Context, host string) ([]net.IPAddr, error)
}

// guardedDialer resolves the name itself and dials only addresses that pass forbiddenIP, so a
// name that resolves to a metadata address is caught, not only a literal.
type guardedDialer struct {
	resolver     Resolver
	dialer       net.Dialer
	loopbackOnly bool // plain HTTP goes only to this machine, whatever a name resolves to
}

func newGuardedDialer(r Resolver, connectTimeout time.Duration) *guardedDialer {
	if r == nil {
		r = net.DefaultResolver
	}
	return &guardedDialer{resolver: r, dialer: net.Dialer{Timeout: connectTimeout, KeepAlive: limits.DialKeepAlive}}
}

func (g *guardedDialer) DialContext(ctx context.Context, network, address string) (net.Conn, error) {
	host, portStr, err := net.SplitHostPort(address)
	if err != nil {
		return nil, err
	}
	port, err := strconv.Atoi(portStr)
	if err != nil {
		return nil, err
	}
	var addrs []net.IP
	if ip := net.ParseIP(host); ip != nil {
		addrs = []net.IP{ip}
	} else {
		found, err := g.resolver.LookupIPAddr(ctx, host)
		if err != nil {
			return nil, &dialError{kind: dialErrDNS, err: err}
		}
		for _, a := range found {
			if a.Zone != "" {
				return nil, &dialError{kind: dialErrForbidden}
			}
			addrs = append(addrs, a.IP)
		}
	}
	if len(addrs) == 0 {
		return nil, &dialError{kind: dialErrDNS}
	}
	for _, ip := range addrs {
		if forbiddenIP(ip) || (g.loopbackOnly && !ip.IsLoopback()) {
			return nil, &dialError{kind: dialErrForbidden}
		}
	}
	var lastErr error
	for _, ip := range addrs {
		conn, err := g.dialer.DialContext(ctx, network, net.JoinHostPort(ip.String(), strconv.Itoa(port)))
		if err == nil {
			return conn, nil
		}
		lastErr = err
	}
	return nil, &dialError{kind: dialErrConnect, err: lastErr}
}

type dialErrKind int

const (
	dialErrDNS dialErrKind = iota
	dialErrForbidden
	dialErrConnect
)

type dialError struct {
	kind dialErrKind
	err  error
}

func (d *dialError) Error() string {
	switch d.kind {
	case dialErrDNS:
		return "name lookup failed"
	case dialErrForbidden:
		return "address is link-local or a metadata address"
	}
	return "connect failed"
}

func (d *dialError) Unwrap() error { return d.err }
