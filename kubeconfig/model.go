package kubeconfig

import (
	"encoding/base64"
	"sort"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// File is a kubeconfig that passed Parse. It keeps what an import can use and, for every setting
// that is never imported, only the fact that it was set. It holds credentials: it has no String
// method and no exported field, so it cannot be printed by accident.
type File struct {
	clusters  map[string]*cluster
	users     map[string]*user
	contexts  map[string]*kcontext
	current   string
	currentAt pos
}

// pos is a line and a column, both from 1, and the path of the file they are in when the entry
// came from a list of files (ParseList); "" for a file read alone.
type pos struct {
	line, col int
	file      string
}

func at(n *yaml.Node) pos { return pos{line: n.Line, col: n.Column} }

type cluster struct {
	at            pos // the entry
	server        string
	serverAt      pos
	caData        []byte
	tlsServerName string
	insecure      bool
	notImported   map[string]bool
}

type user struct {
	token       string
	certData    []byte
	keyData     []byte
	plugin      bool // exec or auth-provider is set
	notImported map[string]bool
}

type kcontext struct {
	at        pos
	cluster   string
	user      string
	namespace string
}

// Contexts are the names of the file's contexts, sorted.
func (f *File) Contexts() []string {
	names := make([]string, 0, len(f.contexts))
	for name := range f.contexts {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// CurrentContext is the file's current-context, or "" when it sets none. It may name a context
// the file does not define; Import says so.
func (f *File) CurrentContext() string { return f.current }

// Settings a cluster or user may carry that are never imported. disable-compression and
// extensions are not here: they are ignored without a notice.
var (
	clusterNotImported = []string{fieldCAFile, fieldProxyURL}
	userNotImported    = []string{
		fieldExec, fieldAuthProvider, fieldClientCertFile, fieldClientKeyFile, fieldTokenFile,
		fieldTokenFileDash, fieldUsername, fieldPassword, fieldAs, fieldAsUID, fieldAsGroups, fieldAsUserExtra,
	}
)

func decodeFile(top *yaml.Node) (*File, error) {
	f := &File{
		clusters: map[string]*cluster{},
		users:    map[string]*user{},
		contexts: map[string]*kcontext{},
	}
	err := readNamed(lookup(top, listClusters), listClusters, fieldCluster, func(name string, entry, body *yaml.Node) error {
		c, err := decodeCluster(entry, body)
		f.clusters[name] = c
		return err
	})
	if err != nil {
		return nil, err
	}
	err = readNamed(lookup(top, listUsers), listUsers, fieldUser, func(name string, _, body *yaml.Node) error {
		u, err := decodeUser(body)
		f.users[name] = u
		return err
	})
	if err != nil {
		return nil, err
	}
	err = readNamed(lookup(top, listContexts), listContexts, fieldContext, func(name string, entry, body *yaml.Node) error {
		c, err := decodeContext(entry, body)
		f.contexts[name] = c
		return err
	})
	if err != nil {
		return nil, err
	}
	cur := lookup(top, fieldCurrentContext)
	if f.current, err = readString(cur, fieldCurrentContext); err != nil {
		return nil, err
	}
	if cur != nil {
		f.currentAt = at(cur)
	}
	return f, nil
}

func decodeCluster(entry, body *yaml.Node) (*cluster, error) {
	c := &cluster{at: at(entry), serverAt: at(entry)}
	if body == nil {
		return c, nil
	}
	var err error
	server := lookup(body, fieldServer)
	if c.server, err = readString(server, fieldServer); err != nil {
		return nil, err
	}
	if server != nil {
		c.serverAt = at(server)
	}
	if c.caData, err = readBase64(lookup(body, fieldCAData), fieldCAData); err != nil {
		return nil, err
	}
	if c.tlsServerName, err = readString(lookup(body, fieldTLSServerName), fieldTLSServerName); err != nil {
		return nil, err
	}
	if c.insecure, err = readBool(lookup(body, fieldInsecure), fieldInsecure); err != nil {
		return nil, err
	}
	c.notImported = setFields(body, clusterNotImported)
	return c, nil
}

func decodeUser(body *yaml.Node) (*user, error) {
	u := &user{}
	if body == nil {
		return u, nil
	}
	var err error
	if u.token, err = readString(lookup(body, fieldToken), fieldToken); err != nil {
		return nil, err
	}
	if u.certData, err = readBase64(lookup(body, fieldClientCertData), fieldClientCertData); err != nil {
		return nil, err
	}
	if u.keyData, err = readBase64(lookup(body, fieldClientKeyData), fieldClientKeyData); err != nil {
		return nil, err
	}
	u.notImported = setFields(body, userNotImported)
	u.plugin = u.notImported[fieldExec] || u.notImported[fieldAuthProvider]
	return u, nil
}

func decodeContext(entry, body *yaml.Node) (*kcontext, error) {
	c := &kcontext{at: at(entry)}
	if body == nil {
		return c, nil
	}
	var err error
	if c.cluster, err = readString(lookup(body, fieldCluster), fieldCluster); err != nil {
		return nil, err
	}
	if c.user, err = readString(lookup(body, fieldUser), fieldUser); err != nil {
		return nil, err
	}
	if c.namespace, err = readString(lookup(body, fieldNamespace), fieldNamespace); err != nil {
		return nil, err
	}
	return c, nil
}

// readNamed walks a list of {name: ..., <field>: {...}} entries, refusing an entry that is not a
// mapping, has no name, or shares its name with an earlier entry.
func readNamed(list *yaml.Node, listName, field string, each func(name string, entry, body *yaml.Node) error) error {
	items, err := readList(list, listName)
	if err != nil {
		return err
	}
	seen := map[string]*yaml.Node{}
	for _, item := range items {
		if item.Kind != yaml.MappingNode {
			return refuse(CodeType, sentenceType, listName, item.Line, item.Column, mustListOfMappings)
		}
		name, err := readString(lookup(item, fieldName), fieldName)
		if err != nil {
			return err
		}
		if name == "" {
			return refuse(CodeMissingName, sentenceMissingName, listName, item.Line, item.Column)
		}
		if first, dup := seen[name]; dup {
			return refuse(CodeDuplicateName, sentenceDuplicateName, listName, first.Line, first.Column, item.Line, item.Column)
		}
		seen[name] = item
		body, err := readMapping(lookup(item, field), field)
		if err != nil {
			return err
		}
		if err := each(name, item, body); err != nil {
			return err
		}
	}
	return nil
}

// lookup is the value of key in mapping m, or nil. Parse has refused duplicate keys, so there is
// at most one.
func lookup(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key && m.Content[i].Tag != "!!null" {
			return m.Content[i+1]
		}
	}
	return nil
}

func isNull(n *yaml.Node) bool { return n == nil || (n.Kind == yaml.ScalarNode && n.Tag == "!!null") }

// readString takes any scalar as written, as kubectl does for a string field; null is "".
func readString(n *yaml.Node, field string) (string, error) {
	if isNull(n) {
		return "", nil
	}
	if n.Kind != yaml.ScalarNode {
		return "", refuse(CodeType, sentenceType, field, n.Line, n.Column, mustString)
	}
	return n.Value, nil
}

// readBool takes true or false only: a yes, an on or a quoted "true" is refused rather than read
// one way here and another way elsewhere.
func readBool(n *yaml.Node, field string) (bool, error) {
	if isNull(n) {
		return false, nil
	}
	if n.Kind == yaml.ScalarNode && n.Tag == "!!bool" {
		switch strings.ToLower(n.Value) {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
	}
	return false, refuse(CodeType, sentenceType, field, n.Line, n.Column, mustBool)
}

// readBase64 decodes a *-data field. Line breaks inside the text are allowed, as in a literal
// block scalar; anything else that is not standard base64 is refused.
func readBase64(n *yaml.Node, field string) ([]byte, error) {
	s, err := readString(n, field)
	if err != nil || s == "" {
		return nil, err
	}
	s = strings.NewReplacer("\r", "", "\n", "").Replace(s)
	out, decErr := base64.StdEncoding.DecodeString(s)
	if decErr != nil {
		return nil, refuse(CodeBase64, sentenceBase64, field, n.Line, n.Column)
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

func readList(n *yaml.Node, field string) ([]*yaml.Node, error) {
	if isNull(n) {
		return nil, nil
	}
	if n.Kind != yaml.SequenceNode {
		return nil, refuse(CodeType, sentenceType, field, n.Line, n.Column, mustList)
	}
	return n.Content, nil
}

func readMapping(n *yaml.Node, field string) (*yaml.Node, error) {
	if isNull(n) {
		return nil, nil
	}
	if n.Kind != yaml.MappingNode {
		return nil, refuse(CodeType, sentenceType, field, n.Line, n.Column, mustMapping)
	}
	return n, nil
}

// setFields records which of the named settings hold something. A setting that holds nothing
// (null, "", [] or {}) changes nothing and is not named.
func setFields(body *yaml.Node, names []string) map[string]bool {
	set := map[string]bool{}
	for _, name := range names {
		n := lookup(body, name)
		switch {
		case isNull(n):
		case n.Kind == yaml.ScalarNode && n.Value == "":
		case (n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode) && len(n.Content) == 0:
		default:
			set[name] = true
		}
	}
	return set
}
