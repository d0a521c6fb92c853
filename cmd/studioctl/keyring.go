package main

import (
	"errors"
	"runtime"
	"time"

	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/store"
	"github.com/zalando/go-keyring"
)

// The OS keyring saved credentials go to (store/keyring.go): Secret Service on Linux and the
// BSDs, the Keychain on macOS, Credential Manager on Windows, through go-keyring. It is decided
// here, where the environment may be read, and handed to the store.

// keyringTimeout bounds one keyring call: a locked keyring that shows an unlock prompt nobody
// answers must not hang the command; past it the keyring counts as not answering.
const keyringTimeout = limits.KeyringDeadline

// osKeyringFor is the OS keyring, or nil where none can answer. On Linux and the BSDs the Secret
// Service is reached over the session's D-Bus: with no DBUS_SESSION_BUS_ADDRESS (CI, containers,
// SSH sessions) there is none, and the D-Bus library is not let start one (it would run
// dbus-launch). STUDIOCTL_KEYRING=off keeps credentials in the file everywhere.
func osKeyringFor(getenv func(string) string) store.Keyring {
	if getenv("STUDIOCTL_KEYRING") == "off" {
		return nil
	}
	switch runtime.GOOS {
	case "darwin", "windows":
	default:
		if getenv("DBUS_SESSION_BUS_ADDRESS") == "" {
			return nil
		}
	}
	return osKeyring{}
}

type osKeyring struct{}

var errKeyringTimeout = errors.New("the OS keyring did not answer in time")

func (osKeyring) Get(service, account string) (string, error) {
	var v string
	err := bounded(func() (err error) { v, err = keyring.Get(service, account); return err })
	if errors.Is(err, keyring.ErrNotFound) {
		return "", store.ErrKeyringNotFound
	}
	return v, err
}

func (osKeyring) Set(service, account, secret string) error {
	return bounded(func() error { return keyring.Set(service, account, secret) })
}

func (osKeyring) Delete(service, account string) error {
	return bounded(func() error { return keyring.Delete(service, account) })
}

// bounded runs a keyring call under keyringTimeout. A call past it is left to finish on its own:
// the command ends long before it matters.
func bounded(call func() error) error {
	done := make(chan error, 1)
	go func() { done <- call() }()
	select {
	case err := <-done:
		return err
	case <-time.After(keyringTimeout):
		return errKeyringTimeout
	}
}

// savedStore is the saved connections, with the OS keyring the streams carry (none in tests
// unless one is given).
func (io *IOStreams) savedStore() *store.Store {
	return store.New(io.HomeDirs.Config).WithKeyring(io.Keyring)
}
