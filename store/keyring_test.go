package store

import (
	"encoding/base64"
	"errors"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/kube"
)

// fakeKeyring is an OS keyring in memory: down makes it answer nothing, refuse refuses one
// account, calls counts what was asked of it.
type fakeKeyring struct {
	mu      sync.Mutex
	entries map[string]string
	down    bool
	refuse  string
	calls   int
}

var errKeyringDown = errors.New("the keyring did not answer")

func (k *fakeKeyring) Get(service, account string) (string, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.calls++
	if k.down {
		return "", errKeyringDown
	}
	v, ok := k.entries[service+"/"+account]
	if !ok {
		return "", ErrKeyringNotFound
	}
	return v, nil
}

func (k *fakeKeyring) Set(service, account, secret string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.calls++
	if k.down || account == k.refuse {
		return errKeyringDown
	}
	if k.entries == nil {
		k.entries = map[string]string{}
	}
	k.entries[service+"/"+account] = secret
	return nil
}

func (k *fakeKeyring) Delete(service, account string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.calls++
	if k.down {
		return errKeyringDown
	}
	delete(k.entries, service+"/"+account)
	return nil
}

// keyringSaved is a connection with every kind of credential, each a text the tests look for.
func keyringSaved(name string) *Saved {
	return &Saved{Name: name, Server: "https://cluster.example:6443", AgentToken: "agent-token-" + name, Connection: kube.Connection{
		Host: "cluster.example", Port: 6443, Token: "bearer-token-" + name, ClientCertData: []byte("cert-" + name),
		ClientKeyData: []byte("client-key-" + name),
	}}
}

// fileHolds reports whether the connections file holds any of the connection's credentials,
// plain or base64.
func fileHolds(t *testing.T, s *Store, name string) bool {
	data, err := os.ReadFile(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	key := base64.StdEncoding.EncodeToString([]byte("client-key-" + name))
	for _, secret := range []string{"bearer-token-" + name, "agent-token-" + name, "client-key-" + name, key} {
		if strings.Contains(string(data), secret) {
			return true
		}
	}
	return false
}

// With a keyring that answers, the credentials go there and the file keeps none of them; the
// connection reads back whole, and show can say where they are.
func TestCredentialsGoToTheKeyring(t *testing.T) {
	k := &fakeKeyring{}
	s := newStore(t).WithKeyring(k)
	c := keyringSaved("prod")
	if err := s.Add(c); err != nil {
		t.Fatal(err)
	}
	if c.KeptIn != KeptInKeyring {
		t.Fatalf("kept in %q", c.KeptIn)
	}
	if fileHolds(t, s, "prod") {
		t.Fatal("the file holds a credential the keyring holds")
	}
	got, err := s.Get("prod")
	if err != nil {
		t.Fatal(err)
	}
	want := keyringSaved("prod")
	want.KeptIn = KeptInKeyring
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("(-want +got):\n%s", diff)
	}
	list, err := s.List()
	if err != nil || len(list) != 1 || list[0].Connection.Token != "bearer-token-prod" || list[0].Credential() != "token" {
		t.Fatalf("%v %v", list, err)
	}
	// Completion reads names without asking the keyring.
	before := k.calls
	if names, err := s.Names(); err != nil || len(names) != 1 || k.calls != before {
		t.Fatalf("%v %v, %d keyring calls", names, err, k.calls-before)
	}
	if err := s.Remove("prod"); err != nil {
		t.Fatal(err)
	}
	if len(k.entries) != 0 {
		t.Fatalf("remove left the keyring entry: %v", k.entries)
	}
}

// Where no keyring answers (CI, containers), the file keeps the credentials, as before, and says
// so; a store given no keyring does the same.
func TestCredentialsStayInTheFileWithoutAKeyring(t *testing.T) {
	for _, s := range []*Store{newStore(t).WithKeyring(&fakeKeyring{down: true}), newStore(t)} {
		c := keyringSaved("ci")
		if err := s.Add(c); err != nil {
			t.Fatal(err)
		}
		if c.KeptIn != KeptInFile || !fileHolds(t, s, "ci") {
			t.Fatalf("kept in %q", c.KeptIn)
		}
		got, err := s.Get("ci")
		if err != nil || got.Connection.Token != "bearer-token-ci" || got.KeptIn != KeptInFile {
			t.Fatalf("%+v %v", got, err)
		}
	}
}

// A connection whose credentials are in the keyring is refused with a sentence naming it (and no
// credential) when the keyring stops answering or loses the entry; nothing is guessed.
func TestKeyringAwayOrEntryGone(t *testing.T) {
	k := &fakeKeyring{}
	s := newStore(t).WithKeyring(k)
	if err := s.Add(keyringSaved("prod")); err != nil {
		t.Fatal(err)
	}
	k.down = true
	_, err := s.Get("prod")
	if codeOf(t, err) != CodeKeyringNone {
		t.Fatal(err)
	}
	if _, err := s.List(); codeOf(t, err) != CodeKeyringNone {
		t.Fatal(err)
	}
	if _, err := New(s.dir).Get("prod"); codeOf(t, err) != CodeKeyringNone {
		t.Fatal(err)
	}
	k.down = false
	k.entries = nil
	_, err = s.Get("prod")
	if codeOf(t, err) != CodeKeyringMissing || !strings.Contains(err.Error(), `"prod"`) || strings.Contains(err.Error(), "bearer-token") {
		t.Fatal(err)
	}
}

// MoveToKeyring moves every file-kept credential in one command; a connection the keyring does
// not take stays in the file, and those that moved are written without theirs.
func TestMoveToKeyring(t *testing.T) {
	dir := newStore(t)
	for _, n := range []string{"a", "b", "c"} {
		if err := dir.Add(keyringSaved(n)); err != nil {
			t.Fatal(err)
		}
	}
	if err := dir.Add(&Saved{Name: "bare", Server: "https://cluster.example:6443", Connection: kube.Connection{Host: "cluster.example", Port: 6443}}); err != nil {
		t.Fatal(err)
	}
	if _, err := dir.MoveToKeyring(); codeOf(t, err) != CodeKeyringNone {
		t.Fatal(err)
	}
	if _, err := New(dir.dir).WithKeyring(&fakeKeyring{down: true}).MoveToKeyring(); codeOf(t, err) != CodeKeyringNone {
		t.Fatal(err)
	}
	k := &fakeKeyring{refuse: "b"}
	s := New(dir.dir).WithKeyring(k)
	moved, err := s.MoveToKeyring()
	if moved != 2 || codeOf(t, err) != CodeKeyringNone || !strings.Contains(err.Error(), `"b"`) {
		t.Fatalf("moved %d: %v", moved, err)
	}
	if fileHolds(t, s, "a") || fileHolds(t, s, "c") || !fileHolds(t, s, "b") {
		t.Fatal("the file holds what moved, or lost what did not")
	}
	k.refuse = ""
	if moved, err := s.MoveToKeyring(); moved != 1 || err != nil {
		t.Fatalf("moved %d: %v", moved, err)
	}
	list, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range list {
		wantKept := KeptInKeyring
		if c.Name == "bare" {
			wantKept = ""
		}
		if c.KeptIn != wantKept || (c.Name != "bare" && c.Connection.Token != "bearer-token-"+c.Name) {
			t.Errorf("%s: kept in %q, token %q", c.Name, c.KeptIn, c.Connection.Token)
		}
	}
}
