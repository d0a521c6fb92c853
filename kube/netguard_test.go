package kube

import (
	"context"
	"errors"
	"net"
	"syscall"
	"testing"

	"github.com/studioctl/studioctl/limits"
)

// The metadata addresses outside the link-local ranges, and their IPv4-mapped IPv6 forms, are
// refused by the dial check on the resolved address. The dialer's Control hook fails the test if
// any socket reaches connect, so nothing is ever dialled.
func TestCloudMetadataAddressesAreRefusedBeforeAnyDial(t *testing.T) {
	forbidden := []string{
		"100.100.100.200", "::ffff:100.100.100.200", // Alibaba Cloud
		"168.63.129.16", "::ffff:168.63.129.16", // Azure wireserver
		"169.254.169.254", "::ffff:169.254.169.254", "169.254.0.1",
		"fe80::1", "febf::1", "fd00:ec2::254",
	}
	for _, s := range forbidden {
		t.Run(s, func(t *testing.T) {
			ip := net.ParseIP(s)
			if !forbiddenIP(ip) {
				t.Fatalf("%s is not forbidden", s)
			}
			d := newGuardedDialer(fixedResolver{{IP: ip}}, limits.DefaultConnectTimeout)
			d.dialer.Control = func(network, address string, _ syscall.RawConn) error {
				t.Errorf("a socket was opened to %s", address)
				return errors.New("no dial in this test")
			}
			_, err := d.DialContext(context.Background(), "tcp", "innocent.example:443")
			var de *dialError
			if !errors.As(err, &de) || de.kind != dialErrForbidden {
				t.Fatalf("err = %v, want the forbidden-address refusal", err)
			}
			// The literal is refused as a connection's host, before any client exists.
			if _, err := (Connection{Host: s, Token: "t"}).Validate(Switches{}); err == nil {
				t.Fatalf("%s validated as a host", s)
			}
		})
	}
	for _, s := range []string{"100.100.100.201", "168.63.129.17", "10.0.0.1", "127.0.0.1", "::1"} {
		if forbiddenIP(net.ParseIP(s)) {
			t.Errorf("%s is forbidden, but it is no metadata address", s)
		}
	}
}
