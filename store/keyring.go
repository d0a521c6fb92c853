package store

import (
	"encoding/json"
	"errors"

	"github.com/studioctl/studioctl/fault"
)

// Saved credentials at rest (issue 25): where an OS keyring answers (Secret Service, macOS
// Keychain, Windows Credential Manager), a connection's token, client key and agent token are kept
// there, one entry per connection, and the connections file keeps only the rest and a mark saying
// so; where none answers (CI, containers) they stay in the 0600 file, as gh does. The file never
// holds a credential the keyring holds. The keyring is the caller's to give (WithKeyring): the
// store opens none by itself, and the library's importers keep the file unless they pass one.

// KeyringService is the service every entry is kept under; the account is the connection's name.
const KeyringService = "studioctl"

// Keyring is an OS keyring as the store uses it. Get answers ErrKeyringNotFound for an account
// with no entry; any other error means the keyring did not answer.
type Keyring interface {
	Get(service, account string) (string, error)
	Set(service, account, secret string) error
	Delete(service, account string) error
}

// ErrKeyringNotFound is a keyring's answer for an account with no entry.
var ErrKeyringNotFound = errors.New("no such keyring entry")

// Where a connection's credentials are kept, as connection show says it.
const (
	KeptInKeyring = "keyring"
	KeptInFile    = "file"
)

// keyringEntry is what one connection keeps in the keyring.
type keyringEntry struct {
	Token         string `json:"token,omitempty"`
	ClientKeyData []byte `json:"clientKeyData,omitempty"`
	AgentToken    string `json:"agentToken,omitempty"`
}

func (e keyringEntry) empty() bool {
	return e.Token == "" && len(e.ClientKeyData) == 0 && e.AgentToken == ""
}

// credentials are the credentials a record holds itself, as a keyring entry keeps them.
func (r *record) credentials() keyringEntry {
	return keyringEntry{Token: r.Token, ClientKeyData: r.ClientKeyData, AgentToken: r.AgentToken}
}

// WithKeyring keeps credentials in k from now on, where it answers.
func (s *Store) WithKeyring(k Keyring) *Store {
	s.keyring = k
	return s
}

// toKeyring moves a record's credentials into the keyring, leaving the record without them and
// marked; it answers false (the record untouched) when there is no keyring, nothing to move, or
// the keyring did not take it.
func (s *Store) toKeyring(r *record) bool {
	entry := r.credentials()
	if s.keyring == nil || entry.empty() {
		return false
	}
	data, err := json.Marshal(entry)
	if err != nil || s.keyring.Set(KeyringService, r.Name, string(data)) != nil {
		return false
	}
	r.Keyring = true
	r.Token, r.ClientKeyData, r.AgentToken = "", nil, ""
	return true
}

// fromKeyring fills a marked record's credentials from the keyring.
func (s *Store) fromKeyring(r *record) error {
	if !r.Keyring {
		return nil
	}
	if s.keyring == nil {
		return fault.Refusef(CodeKeyringNone, sentenceKeyringNone, r.Name)
	}
	data, err := s.keyring.Get(KeyringService, r.Name)
	switch {
	case errors.Is(err, ErrKeyringNotFound):
		return fault.Refusef(CodeKeyringMissing, sentenceKeyringMissing, r.Name)
	case err != nil:
		return fault.Refusef(CodeKeyringNone, sentenceKeyringNone, r.Name)
	}
	var entry keyringEntry
	if json.Unmarshal([]byte(data), &entry) != nil {
		return fault.Refusef(CodeKeyringMissing, sentenceKeyringMissing, r.Name)
	}
	r.Token, r.ClientKeyData, r.AgentToken = entry.Token, entry.ClientKeyData, entry.AgentToken
	return nil
}

// MoveToKeyring moves the credentials of every connection that keeps them in the file into the
// keyring, and rewrites the file without them. It answers how many connections moved; with no
// keyring that answers, nothing changes and the refusal says so.
func (s *Store) MoveToKeyring() (int, error) {
	if s.keyring == nil {
		return 0, fault.Refusef(CodeKeyringNone, sentenceKeyringNoneMove)
	}
	moved := 0
	var stayed []string // connections the keyring did not take
	err := s.update(func(recs []record) ([]record, error) {
		for i := range recs {
			r := &recs[i]
			if r.Keyring || r.credentials().empty() {
				continue
			}
			// What moved is written without its credentials even when a later one fails, so
			// that the file never holds what the keyring holds.
			if s.toKeyring(r) {
				moved++
			} else {
				stayed = append(stayed, r.Name)
			}
		}
		return recs, nil
	})
	switch {
	case err != nil:
		return moved, err
	case len(stayed) > 0 && moved == 0:
		return 0, fault.Refusef(CodeKeyringNone, sentenceKeyringNoneMove)
	case len(stayed) > 0:
		return moved, fault.Refusef(CodeKeyringNone, sentenceKeyringPartMove, moved, stayed[0])
	}
	return moved, nil
}
