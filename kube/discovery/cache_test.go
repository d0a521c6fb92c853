package discovery

import (
	"testing"
	"time"

	"github.com/studioctl/studioctl/limits"
)

const coreAnswer = `{"kind":"APIGroupDiscoveryList","apiVersion":"apidiscovery.k8s.io/v2","items":[{"metadata":{"name":""},"versions":[{"version":"v1","resources":[` +
	`{"resource":"pods","responseKind":{"group":"","version":"v1","kind":"Pod"},"scope":"Namespaced","verbs":["get","list","watch","delete","create"]}]}]}]}`

// A cache file reads back only for its own server, within limits.DiscoveryTTL of its fetch and
// not from the future, and what it lists is narrowed to the read verbs as a server's answer is.
func TestDecodeCache(t *testing.T) {
	at := time.Date(2026, 12, 6, 3, 0, 0, 0, time.UTC)
	data, err := EncodeCache("https://a.example:6443", at, [2][]byte{[]byte(coreAnswer), []byte(`{"kind":"APIGroupDiscoveryList","apiVersion":"apidiscovery.k8s.io/v2","items":[]}`)}, [2]string{"", ""})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		server string
		now    time.Time
		ok     bool
	}{
		{"fresh", "https://a.example:6443", at.Add(time.Minute), true},
		{"another server", "https://b.example:6443", at.Add(time.Minute), false},
		{"expired", "https://a.example:6443", at.Add(limits.DiscoveryTTL), false},
		{"from the future", "https://a.example:6443", at.Add(-time.Second), false},
	} {
		d, fetched, ok := DecodeCache(data, c.server, c.now)
		if ok != c.ok {
			t.Errorf("%s: ok %v, want %v", c.name, ok, c.ok)
			continue
		}
		if !ok {
			continue
		}
		if !fetched.Equal(at) || len(d.Resources) != 1 {
			t.Fatalf("%s: fetched %v, %d resources", c.name, fetched, len(d.Resources))
		}
		if ns, verbs, found := d.Lookup("", "v1", "pods", ""); !found || !ns || len(verbs) != 3 {
			t.Errorf("%s: pods read back as namespaced %v with verbs %v", c.name, ns, verbs)
		}
	}
	if _, _, ok := DecodeCache([]byte(`{"server":"https://a.example:6443","fetchedAt":"2026-12-06T03:00:00Z","api":"{}"}`), "https://a.example:6443", at); ok {
		t.Error("a cache whose answers the strict reader refuses was read")
	}
}
