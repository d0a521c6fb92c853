package studioctl

import (
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/kube"
)

// The library's Connection is its own type, so that go doc shows its fields where Open is; every
// field package kube validates has one here (User excepted: kube keeps it only to refuse it), and
// a connection goes to kube and back unchanged. A field added to kube.Connection fails this test
// until the library carries it too.
func TestConnectionCarriesEveryFieldKubeValidates(t *testing.T) {
	lib := reflect.TypeFor[Connection]()
	kt := reflect.TypeFor[kube.Connection]()
	for i := 0; i < kt.NumField(); i++ {
		name := kt.Field(i).Name
		if name == "User" {
			continue
		}
		if _, ok := lib.FieldByName(name); !ok {
			t.Errorf("kube.Connection.%s has no field in studioctl.Connection", name)
		}
	}
	if lib.NumField() != kt.NumField()-1 {
		t.Errorf("studioctl.Connection has %d fields, kube.Connection %d (User left out)", lib.NumField(), kt.NumField())
	}
	full := Connection{Host: "k8s.example.com", Port: 8443, Token: "t", DefaultNamespace: "shop",
		Namespaces: []string{"shop"}, APIPath: "/k8s/clusters/c-1", TLSServerName: "api", CAData: []byte("ca"),
		ClientCertData: []byte("cert"), ClientKeyData: []byte("key"), SSLMode: "verify-full",
		Tunnel: &Tunnel{User: "ops", Host: "bastion", Port: 2222, KnownHost: "bastion ssh-ed25519 AAAA"}}
	if diff := cmp.Diff(full, connectionOf(full.kube())); diff != "" {
		t.Errorf("a connection to kube and back (-sent +back):\n%s", diff)
	}
}
