package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/store"
)

// memKeyring is an OS keyring in memory.
type memKeyring map[string]string

func (k memKeyring) Get(service, account string) (string, error) {
	if v, ok := k[service+"/"+account]; ok {
		return v, nil
	}
	return "", store.ErrKeyringNotFound
}
func (k memKeyring) Set(service, account, secret string) error {
	k[service+"/"+account] = secret
	return nil
}
func (k memKeyring) Delete(service, account string) error { delete(k, service+"/"+account); return nil }

// A connection saved where no keyring answers keeps its token in the file and says so; once a
// keyring answers, move-to-keyring moves it in one command, the file keeps no token, show says
// where it is, and the connection still lists, shows and is removed as before.
func TestSavedCredentialsMoveToTheKeyring(t *testing.T) {
	config := filepath.Join(t.TempDir(), "config", "studioctl")
	tio := newTestIO(t, config)
	kc := syntheticKubeconfig(t, "https://k8s.example.com:6443")
	file := filepath.Join(config, store.FileName)
	fileHoldsToken := func() bool {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Contains(string(data), "cnryCMDTOKEN")
	}

	if code := tio.run("connection", "add", "before", "--from-kubeconfig", kc); code != 0 || !strings.Contains(tio.out.String(), "kept in "+file) {
		t.Fatalf("exit %d: %s %s", code, tio.out, tio.err)
	}
	if !fileHoldsToken() {
		t.Fatal("with no keyring, the token is not in the file")
	}
	if code := tio.run("connection", "move-to-keyring"); code != fault.ExitRefused || !strings.Contains(tio.err.String(), "No OS keyring answered") {
		t.Fatalf("exit %d: %s", code, tio.err)
	}

	ring := memKeyring{}
	tio.Keyring = ring
	if code := tio.run("connection", "move-to-keyring"); code != 0 || !strings.Contains(tio.out.String(), "Moved the credentials of 1 connections") {
		t.Fatalf("exit %d: %s %s", code, tio.out, tio.err)
	}
	if fileHoldsToken() || !strings.Contains(ring["studioctl/before"], "cnryCMDTOKEN") {
		t.Fatal("the token did not move from the file to the keyring")
	}
	if code := tio.run("connection", "add", "after", "--from-kubeconfig", kc); code != 0 || !strings.Contains(tio.out.String(), "kept in the OS keyring") {
		t.Fatalf("exit %d: %s %s", code, tio.out, tio.err)
	}
	if fileHoldsToken() {
		t.Fatal("a connection added with a keyring put its token in the file")
	}
	if code := tio.run("connection", "show", "after"); code != 0 || !strings.Contains(tio.out.String(), "Credentials in:     OS keyring") ||
		!strings.Contains(tio.out.String(), "Token:              set") || strings.Contains(tio.out.String(), "cnryCMDTOKEN") {
		t.Fatalf("exit %d: %s", code, tio.out)
	}
	if code := tio.run("connection", "move-to-keyring"); code != 0 || !strings.Contains(tio.out.String(), "nothing was changed") {
		t.Fatalf("exit %d: %s %s", code, tio.out, tio.err)
	}
	if code := tio.run("connection", "remove", "before"); code != 0 || ring["studioctl/before"] != "" {
		t.Fatalf("exit %d: %v", code, ring)
	}
	// With the keyring gone, a connection that keeps its token there is refused with a sentence.
	tio.Keyring = nil
	if code := tio.run("connection", "show", "after"); code != fault.ExitRefused || !strings.Contains(tio.err.String(), "OS keyring, which did not answer") {
		t.Fatalf("exit %d: %s", code, tio.err)
	}
}

// The OS keyring is asked for only where one can answer: not with STUDIOCTL_KEYRING=off, and on
// Linux not without a session bus (CI, containers), where the D-Bus library would start one.
func TestOSKeyringOnlyWhereOneCanAnswer(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	if osKeyringFor(env(map[string]string{"STUDIOCTL_KEYRING": "off", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1/bus"})) != nil {
		t.Error("STUDIOCTL_KEYRING=off still asks the keyring")
	}
	if osKeyringFor(env(map[string]string{})) != nil && !strings.Contains("darwin windows", runtime.GOOS) {
		t.Error("no session bus, yet the keyring is asked")
	}
	if osKeyringFor(env(map[string]string{"DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1/bus"})) == nil {
		t.Error("a session bus, yet no keyring")
	}
}
