// Package store keeps studioctl's saved connections: the fields of each connection (host, port,
// API path, TLS server name, CA, token or client certificate and key, namespaces, SSL mode) and the
// server address it was registered for, in one JSON file in the user's configuration directory.
//
// The directory is 0700 and the file 0600, and a directory or file whose mode is wider, or that
// belongs to another user, is refused as ssh refuses a readable key. Every write goes to a temporary
// file in the same directory, is flushed to disk and then renamed over the old file, so a crash at
// any point leaves either the old connections or the new ones, never half of them.
//
// A saved connection is its fields and nothing else: the store reads no environment variable, no
// kubeconfig path, no in-cluster service account. It never keeps the path of the kubeconfig a
// connection was imported from.
package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
)

// FileName is the file the connections live in, inside the store's directory.
const FileName = "connections.json"

// MaxFileBytes bounds what the store reads back.
const MaxFileBytes = limits.StoreFileBytes

// formatVersion is the version of the file's layout; another version is refused, not guessed at.
const formatVersion = 1

// Saved is one saved connection.
type Saved struct {
	Name string
	// Server is the address the connection was registered for (scheme, host, port and path), as
	// the kubeconfig or --server wrote it. Every use checks that the endpoint dialled is this one.
	Server     string
	Connection kube.Connection
	// MCP is true when the connection opted in to studioctl mcp: the agent surface opens only
	// such connections.
	MCP bool
	// AgentToken, when set, is the agent's bearer token (it alone: the connection's own token and
	// client certificate are not used by the agent). Without it the agent uses the connection's
	// credential. It is stored as the other credentials are and never printed.
	AgentToken string
	// KeptIn says where the credentials are kept: KeptInKeyring or KeptInFile ("" for a
	// connection with none). Add sets it to where it put them.
	KeptIn string
}

// Credential says which credential a connection carries, for list and show: "token",
// "client certificate", or "none". It never says what the credential is.
func (s Saved) Credential() string {
	switch {
	case s.Connection.Token != "":
		return "token"
	case len(s.Connection.ClientCertData) > 0:
		return "client certificate"
	}
	return "none"
}

// record is a connection as the file holds it. Byte fields are base64 in JSON.
type record struct {
	Name             string   `json:"name"`
	Server           string   `json:"server"`
	Host             string   `json:"host"`
	Port             int      `json:"port,omitempty"`
	APIPath          string   `json:"apiPath,omitempty"`
	TLSServerName    string   `json:"tlsServerName,omitempty"`
	SSLMode          string   `json:"sslMode,omitempty"`
	CAData           []byte   `json:"caData,omitempty"`
	Token            string   `json:"token,omitempty"`
	ClientCertData   []byte   `json:"clientCertData,omitempty"`
	ClientKeyData    []byte   `json:"clientKeyData,omitempty"`
	DefaultNamespace string   `json:"defaultNamespace,omitempty"`
	Namespaces       []string `json:"namespaces,omitempty"`
	MCP              bool     `json:"mcp,omitempty"`
	AgentToken       string   `json:"agentToken,omitempty"`
	// User is read only to be refused: a saved connection that names a user is told so, with the
	// field named, when it is opened (kube.Connection.Validate), instead of the file failing.
	User string `json:"user,omitempty"`
	// SSH is the tunnel the API server is dialled through, when there is one.
	SSH *sshRecord `json:"ssh,omitempty"`
	// Keyring says the credentials are in the OS keyring (keyring.go), and the record holds none
	// of them.
	Keyring bool `json:"keyring,omitempty"`
}

// sshRecord is a connection's SSH tunnel: user, host, port and the host's known_hosts line. No
// key is kept: the key comes from the ssh-agent when the connection is opened.
type sshRecord struct {
	User      string `json:"user"`
	Host      string `json:"host"`
	Port      int    `json:"port,omitempty"`
	KnownHost string `json:"knownHost"`
}

type fileLayout struct {
	Version     int      `json:"version"`
	Connections []record `json:"connections"`
}

func toRecord(s *Saved) record {
	c := s.Connection
	return record{
		Name: s.Name, Server: s.Server, Host: c.Host, Port: c.Port, APIPath: c.APIPath,
		TLSServerName: c.TLSServerName, SSLMode: string(c.SSLMode), CAData: c.CAData, Token: c.Token,
		ClientCertData: c.ClientCertData, ClientKeyData: c.ClientKeyData,
		DefaultNamespace: c.DefaultNamespace, Namespaces: c.Namespaces, MCP: s.MCP, AgentToken: s.AgentToken,
		SSH: tunnelRecord(c.Tunnel),
	}
}

func tunnelRecord(t *kube.Tunnel) *sshRecord {
	if t == nil {
		return nil
	}
	return &sshRecord{User: t.User, Host: t.Host, Port: t.Port, KnownHost: t.KnownHost}
}

func fromRecord(r record) Saved {
	kept := ""
	switch {
	case r.Keyring:
		kept = KeptInKeyring
	case !r.credentials().empty():
		kept = KeptInFile
	}
	return Saved{Name: r.Name, Server: r.Server, MCP: r.MCP, AgentToken: r.AgentToken, KeptIn: kept, Connection: kube.Connection{
		Host: r.Host, Port: r.Port, APIPath: r.APIPath, TLSServerName: r.TLSServerName,
		SSLMode: kube.SSLMode(r.SSLMode), CAData: r.CAData, Token: r.Token,
		ClientCertData: r.ClientCertData, ClientKeyData: r.ClientKeyData,
		DefaultNamespace: r.DefaultNamespace, Namespaces: r.Namespaces, User: r.User, Tunnel: r.SSH.tunnel(),
	}}
}

func (r *sshRecord) tunnel() *kube.Tunnel {
	if r == nil {
		return nil
	}
	return &kube.Tunnel{User: r.User, Host: r.Host, Port: r.Port, KnownHost: r.KnownHost}
}

// Store is the saved connections in one directory.
type Store struct {
	dir     string
	keyring Keyring // nil: credentials stay in the file
	// beforeRename runs after the temporary file is written and flushed and before it replaces the
	// old file: a test makes it fail to stand for a crash at the worst moment.
	beforeRename func(tmp string) error
}

// New opens the store in dir (the user's configuration directory for studioctl, such as
// ~/.config/studioctl). Nothing is read or created until a method needs it.
func New(dir string) *Store { return &Store{dir: dir} }

// Path is the file the connections live in.
func (s *Store) Path() string { return filepath.Join(s.dir, FileName) }

// List returns the saved connections, sorted by name, with their credentials (read from the
// keyring where they are kept there). No directory or no file means none.
func (s *Store) List() ([]Saved, error) {
	recs, err := s.read()
	if err != nil {
		return nil, err
	}
	out := make([]Saved, 0, len(recs))
	for _, r := range recs {
		if err := s.fromKeyring(&r); err != nil {
			return nil, err
		}
		out = append(out, fromRecord(r))
	}
	return out, nil
}

// Names returns the saved connections' names, sorted, without reading any credential (the
// keyring is not asked): for completion.
func (s *Store) Names() ([]string, error) {
	recs, err := s.read()
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(recs))
	for _, r := range recs {
		out = append(out, r.Name)
	}
	return out, nil
}

// Get returns the connection saved under name.
func (s *Store) Get(name string) (*Saved, error) {
	if !fault.IsDNS1123Label(name) {
		return nil, fault.Refusef(CodeName, sentenceName)
	}
	recs, err := s.read()
	if err != nil {
		return nil, err
	}
	for _, r := range recs {
		if r.Name == name {
			if err := s.fromKeyring(&r); err != nil {
				return nil, err
			}
			c := fromRecord(r)
			return &c, nil
		}
	}
	return nil, fault.Refusef(CodeUnknown, sentenceUnknown, name)
}

// Add saves a new connection. A name already saved is refused: remove it first. Its credentials
// go to the keyring when the store has one that takes them, else to the file; c.KeptIn says
// which.
func (s *Store) Add(c *Saved) error {
	if !fault.IsDNS1123Label(c.Name) {
		return fault.Refusef(CodeName, sentenceName)
	}
	return s.update(func(recs []record) ([]record, error) {
		for _, r := range recs {
			if r.Name == c.Name {
				return nil, fault.Refusef(CodeExists, sentenceExists, c.Name, c.Name)
			}
		}
		r := toRecord(c)
		// A keyring entry left by a connection of this name removed while the keyring was
		// away is overwritten here.
		s.toKeyring(&r)
		c.KeptIn = fromRecord(r).KeptIn
		return append(recs, r), nil
	})
}

// Remove deletes the connection saved under name.
func (s *Store) Remove(name string) error {
	if !fault.IsDNS1123Label(name) {
		return fault.Refusef(CodeName, sentenceName)
	}
	return s.update(func(recs []record) ([]record, error) {
		for i, r := range recs {
			if r.Name == name {
				if r.Keyring && s.keyring != nil {
					// Best effort: an entry the keyring keeps after all is overwritten by
					// the next Add of this name and names no server.
					s.keyring.Delete(KeyringService, name)
				}
				return append(recs[:i:i], recs[i+1:]...), nil
			}
		}
		return nil, fault.Refusef(CodeUnknown, sentenceUnknown, name)
	})
}

// SetMCP opts the connection saved under name in to studioctl mcp (on) or out of it.
func (s *Store) SetMCP(name string, on bool) error {
	if !fault.IsDNS1123Label(name) {
		return fault.Refusef(CodeName, sentenceName)
	}
	return s.update(func(recs []record) ([]record, error) {
		for i := range recs {
			if recs[i].Name == name {
				recs[i].MCP = on
				return recs, nil
			}
		}
		return nil, fault.Refusef(CodeUnknown, sentenceUnknown, name)
	})
}

// update reads, changes and rewrites the file under the store's lock, so two studioctl processes
// saving at once cannot lose each other's connection.
func (s *Store) update(change func([]record) ([]record, error)) error {
	if err := s.ensureDir(); err != nil {
		return err
	}
	unlock, err := lockDir(s.dir)
	if err != nil {
		return fault.Refusef(CodeStoreWrite, sentenceWrite, s.Path())
	}
	defer unlock()
	recs, err := s.read()
	if err != nil {
		return err
	}
	recs, err = change(recs)
	if err != nil {
		return err
	}
	sort.Slice(recs, func(i, j int) bool { return recs[i].Name < recs[j].Name })
	data, err := json.MarshalIndent(fileLayout{Version: formatVersion, Connections: recs}, "", "  ")
	if err != nil {
		return fault.Refusef(CodeStoreWrite, sentenceWrite, s.Path())
	}
	return s.writeAtomic(append(data, '\n'))
}

// read loads the file after checking the directory's and the file's modes and owner. A missing
// directory or file holds no connections.
func (s *Store) read() ([]record, error) {
	if s.dir == "" {
		return nil, fault.Refusef(CodeStoreNoDir, sentenceNoDir)
	}
	if err := checkPerm(s.dir, true); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	path := s.Path()
	if err := checkPerm(path, false); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fault.Refusef(CodeStoreRead, sentenceRead, s.dir)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, fault.Refusef(CodeStoreRead, sentenceRead, s.dir)
	}
	if len(data) > MaxFileBytes {
		return nil, fault.Refusef(CodeStoreRead, sentenceCorrupt, path)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var layout fileLayout
	if err := dec.Decode(&layout); err != nil || dec.More() || layout.Version != formatVersion {
		return nil, fault.Refusef(CodeStoreRead, sentenceCorrupt, path)
	}
	seen := map[string]bool{}
	for _, r := range layout.Connections {
		if !fault.IsDNS1123Label(r.Name) || seen[r.Name] {
			return nil, fault.Refusef(CodeStoreRead, sentenceCorrupt, path)
		}
		seen[r.Name] = true
	}
	return layout.Connections, nil
}

// ensureDir creates the directory 0700 when it is missing (its parents too), or checks it.
func (s *Store) ensureDir() error {
	if s.dir == "" {
		return fault.Refusef(CodeStoreNoDir, sentenceNoDir)
	}
	err := checkPerm(s.dir, true)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := os.MkdirAll(s.dir, 0o700); err != nil {
		return fault.Refusef(CodeStoreWrite, sentenceWrite, s.Path())
	}
	// MkdirAll's mode passes through the umask; the store's directory is 0700 whatever it is.
	if err := os.Chmod(s.dir, 0o700); err != nil {
		return fault.Refusef(CodeStoreWrite, sentenceWrite, s.Path())
	}
	return checkPerm(s.dir, true)
}

// writeAtomic writes data to a temporary 0600 file in the store's directory, flushes it, renames
// it over the connections file and flushes the directory. On any failure the temporary file is
// removed and the old file stands as it was.
func (s *Store) writeAtomic(data []byte) (err error) {
	path := s.Path()
	fail := func() error { return fault.Refusef(CodeStoreWrite, sentenceWrite, path) }
	tmp, err := os.CreateTemp(s.dir, ".connections-*.tmp")
	if err != nil {
		return fail()
	}
	tmpName := tmp.Name()
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmpName)
		}
	}()
	if err := tmp.Chmod(0o600); err != nil && runtime.GOOS != "windows" {
		return fail()
	}
	if _, err := tmp.Write(data); err != nil {
		return fail()
	}
	if err := tmp.Sync(); err != nil {
		return fail()
	}
	if err := tmp.Close(); err != nil {
		return fail()
	}
	if s.beforeRename != nil {
		if err := s.beforeRename(tmpName); err != nil {
			return fail()
		}
	}
	if err := os.Rename(tmpName, path); err != nil {
		return fail()
	}
	syncDir(s.dir)
	return nil
}

// syncDir flushes a directory so a rename in it survives a power loss. Where a directory cannot
// be opened for that (Windows), the rename is as durable as the system makes it.
func syncDir(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	d.Sync()
	d.Close()
}

// checkPerm refuses a directory or file that other users may read, write or (for a directory)
// enter, that another user owns, or that is a link or anything but a plain file or directory.
// A missing path is returned as an fs.ErrNotExist error.
func checkPerm(path string, dir bool) error {
	fi, err := os.Lstat(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return fault.Refusef(CodeStoreRead, sentenceRead, path)
	}
	if (dir && !fi.IsDir()) || (!dir && !fi.Mode().IsRegular()) {
		return fault.Refusef(CodeStorePerm, sentenceNotRegular, path)
	}
	if runtime.GOOS == "windows" {
		return nil // modes do not describe Windows ACLs; the user profile's ACL protects the file
	}
	if !ownedByMe(fi) {
		return fault.Refusef(CodeStorePerm, sentenceNotOwner, path)
	}
	perm := fi.Mode().Perm()
	if perm&0o077 != 0 {
		if dir {
			return fault.Refusef(CodeStorePerm, sentenceDirWide, path, uint32(perm), path)
		}
		return fault.Refusef(CodeStorePerm, sentenceFileWide, path, uint32(perm), path)
	}
	return nil
}

// String keeps a Saved out of logs by accident: it names the connection only.
func (s Saved) String() string { return fmt.Sprintf("saved connection %s", s.Name) }
