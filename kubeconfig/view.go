package kubeconfig

import (
	"bytes"
	"encoding/json"
	"sort"

	"github.com/studioctl/studioctl/fault"
	yaml "go.yaml.in/yaml/v3"
)

// What kubectl config view prints in place of a credential: DataOmitted for certificate and key
// data, Redacted for a token, a password, and (where kubectl would print them as written) an exec
// plugin's arguments and environment values and an auth provider's settings.
const (
	DataOmitted = "DATA+OMITTED"
	Redacted    = "REDACTED"
)

// viewKind is how a field of the view is read and printed.
type viewKind int

const (
	vString       viewKind = iota // a string, left out when empty
	vStringKept                   // a string kubectl prints even when empty
	vBool                         // true or false, left out when false
	vBoolKept                     // true or false, printed even when false
	vData                         // base64 data: DataOmitted when set
	vSecret                       // a credential string: Redacted when set
	vStrings                      // a list of strings, left out when empty
	vSecretList                   // a list kubectl prints even when absent (null), each value Redacted
	vAny                          // printed as written (extensions, as-user-extra)
	vExec                         // an exec plugin (viewSections["exec"])
	vEnv                          // an exec plugin's environment: names kept, values Redacted
	vAuthProvider                 // an auth provider: its name, and its settings' values Redacted
)

type viewField struct {
	name string
	kind viewKind
}

// viewSections are kubectl's v1 Config types, field by field in their order (the order -o json
// prints): a cluster, a user, a context and an exec plugin. A field not listed is dropped, as
// kubectl drops what its types do not hold.
var viewSections = map[string][]viewField{
	"cluster": {{"server", vStringKept}, {"tls-server-name", vString}, {"insecure-skip-tls-verify", vBool},
		{"certificate-authority", vString}, {"certificate-authority-data", vData}, {"proxy-url", vString},
		{"disable-compression", vBool}, {"extensions", vAny}},
	"user": {{"client-certificate", vString}, {"client-certificate-data", vData}, {"client-key", vString},
		{"client-key-data", vData}, {"token", vSecret}, {"tokenFile", vString}, {"as", vString}, {"as-uid", vString},
		{"as-groups", vStrings}, {"as-user-extra", vAny}, {"username", vString}, {"password", vSecret},
		{"auth-provider", vAuthProvider}, {"exec", vExec}, {"extensions", vAny}},
	"context": {{"cluster", vStringKept}, {"user", vStringKept}, {"namespace", vString}, {"extensions", vAny}},
	"exec": {{"command", vStringKept}, {"args", vSecretList}, {"env", vEnv}, {"apiVersion", vString},
		{"installHint", vString}, {"provideClusterInfo", vBoolKept}, {"interactiveMode", vString}},
}

// execInteractiveDefault is the interactiveMode kubectl gives an exec plugin that names none, by
// the plugin's apiVersion (the older two default to IfAvailable; v1 must say).
var execInteractiveDefault = map[any]string{
	"client.authentication.k8s.io/v1beta1":  "IfAvailable",
	"client.authentication.k8s.io/v1alpha1": "IfAvailable",
}

// viewLists are the Config's three named lists: the list's key and the key of each entry's body.
var viewLists = []struct{ list, body string }{
	{listClusters, fieldCluster}, {listUsers, fieldUser}, {listContexts, fieldContext},
}

// ViewFieldOrder is the key order of kubectl's -o json for the view, by path as printer.Docs'
// FieldOrder reads it.
func ViewFieldOrder() map[string][]string {
	names := func(section string) []string {
		var out []string
		for _, f := range viewSections[section] {
			out = append(out, f.name)
		}
		return out
	}
	order := map[string][]string{
		"":                           {"kind", "apiVersion", "preferences", listClusters, listUsers, listContexts, fieldCurrentContext, "extensions"},
		"users[].user.exec.env[]":    {"name", "value"},
		"users[].user.auth-provider": {"name", "config"},
		"users[].user.exec":          names("exec"),
		listClusters + "[].cluster":  names("cluster"),
		listUsers + "[].user":        names("user"),
		listContexts + "[].context":  names("context"),
		listClusters + "[]":          {"name", fieldCluster},
		listUsers + "[]":             {"name", fieldUser},
		listContexts + "[]":          {"name", fieldContext},
	}
	for _, l := range viewLists {
		order[l.list+"[]."+l.body+".extensions[]"] = []string{"name", "extension"}
	}
	return order
}

// View reads a list of files as ParseList does (the same strict reading, the same refusals) and
// answers the merged kubeconfig as kubectl config view prints it: its v1 layout, each entry the
// first file's that names it, sorted by name, and every credential replaced. With minify, only
// the context named (the current one when context is "") and its cluster and user are kept.
func View(files []Source, context string, minify bool) (map[string]any, error) {
	merged, err := ParseList(files)
	if err != nil {
		return nil, err
	}
	entries := viewEntries{listClusters: {}, listUsers: {}, listContexts: {}}
	for _, src := range files {
		doc, _, err := readDocuments(src.Data)
		if err != nil || doc == nil || len(doc.Content) != 1 {
			continue // ParseList has read every file; an empty one adds nothing
		}
		if err := viewFile(doc.Content[0], entries); err != nil {
			return nil, inFile(src.Path, err)
		}
	}
	current := merged.CurrentContext()
	if minify {
		if context != "" {
			current = context
		}
		if err := minifyView(entries, current); err != nil {
			return nil, err
		}
	}
	out := map[string]any{"kind": "Config", "apiVersion": "v1", fieldCurrentContext: current}
	for _, l := range viewLists {
		out[l.list] = namedList(entries[l.list], l.body)
	}
	return out, nil
}

// viewEntries are the entries of each named list (clusters, users, contexts), by name: the body
// of each, as printed.
type viewEntries map[string]map[string]map[string]any

// viewFile adds one file's entries to those the files before it left undefined.
func viewFile(top *yaml.Node, entries viewEntries) error {
	for _, l := range viewLists {
		list := lookup(top, l.list)
		if isNull(list) || list.Kind != yaml.SequenceNode {
			continue
		}
		for _, item := range list.Content {
			name, _ := readString(lookup(item, fieldName), fieldName)
			if _, seen := entries[l.list][name]; seen || name == "" {
				continue
			}
			body, err := viewBody(lookup(item, l.body), viewSections[l.body])
			if err != nil {
				return err
			}
			entries[l.list][name] = body
		}
	}
	return nil
}

// viewBody reads one entry's body by its section's fields.
func viewBody(n *yaml.Node, fields []viewField) (map[string]any, error) {
	out := map[string]any{}
	for _, f := range fields {
		v := lookup(n, f.name)
		if isNull(v) {
			switch f.kind {
			case vStringKept:
				out[f.name] = ""
			case vBoolKept:
				out[f.name] = false
			case vSecretList, vEnv:
				out[f.name] = nil
			}
			continue
		}
		val, keep, err := viewValue(v, f)
		if err != nil {
			return nil, err
		}
		if keep {
			out[f.name] = val
		}
	}
	return out, nil
}

// viewValue is one field's printed value, and whether it is printed at all.
func viewValue(v *yaml.Node, f viewField) (any, bool, error) {
	switch f.kind {
	case vString, vStringKept:
		s, err := readString(v, f.name)
		return s, s != "" || f.kind == vStringKept, err
	case vBool, vBoolKept:
		b, err := readBool(v, f.name)
		return b, b || f.kind == vBoolKept, err
	case vData:
		s, err := readString(v, f.name)
		return DataOmitted, s != "", err
	case vSecret:
		s, err := readString(v, f.name)
		return Redacted, s != "", err
	case vStrings, vSecretList:
		items, err := readList(v, f.name)
		if err != nil {
			return nil, false, err
		}
		out := make([]any, 0, len(items))
		for _, it := range items {
			s, err := readString(it, f.name)
			if err != nil {
				return nil, false, err
			}
			if f.kind == vSecretList {
				s = Redacted
			}
			out = append(out, s)
		}
		return out, len(out) > 0 || f.kind == vSecretList, nil
	case vExec:
		m, err := readMapping(v, f.name)
		if err != nil {
			return nil, false, err
		}
		body, err := viewBody(m, viewSections["exec"])
		if err == nil && body["interactiveMode"] == nil {
			if mode, ok := execInteractiveDefault[body["apiVersion"]]; ok {
				body["interactiveMode"] = mode
			}
		}
		return body, true, err
	case vEnv:
		return viewEnv(v)
	case vAuthProvider:
		return viewAuthProvider(v)
	}
	out, err := decodedJSON(v)
	if err != nil {
		return nil, false, refuse(CodeType, sentenceType, f.name, v.Line, v.Column, mustMapping)
	}
	return out, true, nil
}

// decodedJSON is a node as Go's JSON decoder would hold it (maps, lists, strings, booleans and
// json.Number), the values the printer writes, as kubectl reads the file through JSON too.
func decodedJSON(v *yaml.Node) (any, error) {
	var raw any
	if err := v.Decode(&raw); err != nil {
		return nil, err
	}
	data, err := json.Marshal(raw)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out any
	err = dec.Decode(&out)
	return out, err
}

// viewEnv keeps each variable's name and replaces its value.
func viewEnv(v *yaml.Node) (any, bool, error) {
	items, err := readList(v, "env")
	if err != nil {
		return nil, false, err
	}
	out := make([]any, 0, len(items))
	for _, it := range items {
		name, err := readString(lookup(it, fieldName), fieldName)
		if err != nil {
			return nil, false, err
		}
		out = append(out, map[string]any{"name": name, "value": Redacted})
	}
	return out, true, nil
}

// viewAuthProvider keeps the provider's name and replaces every setting's value.
func viewAuthProvider(v *yaml.Node) (any, bool, error) {
	m, err := readMapping(v, fieldAuthProvider)
	if err != nil {
		return nil, false, err
	}
	name, err := readString(lookup(m, fieldName), fieldName)
	if err != nil {
		return nil, false, err
	}
	var config any
	if c := lookup(m, "config"); !isNull(c) {
		cm, err := readMapping(c, "config")
		if err != nil {
			return nil, false, err
		}
		settings := map[string]any{}
		for i := 0; i+1 < len(cm.Content); i += 2 {
			settings[cm.Content[i].Value] = Redacted
		}
		config = settings
	}
	return map[string]any{"name": name, "config": config}, true, nil
}

// minifyView keeps the context named and its cluster and user, as kubectl's --minify does.
func minifyView(entries viewEntries, current string) error {
	if current == "" {
		return fault.Refusef(CodeMinify, sentenceMinifyNoCurrent)
	}
	ctx, ok := entries[listContexts][current]
	if !ok {
		return fault.Refusef(CodeMinify, sentenceMinifyMissing, "context", current)
	}
	keep := viewEntries{listContexts: {current: ctx}, listClusters: {}, listUsers: {}}
	for _, ref := range []struct{ list, field string }{{listClusters, fieldCluster}, {listUsers, fieldUser}} {
		name, _ := ctx[ref.field].(string)
		if name == "" {
			continue
		}
		body, ok := entries[ref.list][name]
		if !ok {
			return fault.Refusef(CodeMinify, sentenceMinifyMissing, ref.field, name)
		}
		keep[ref.list][name] = body
	}
	for k, v := range keep {
		entries[k] = v
	}
	return nil
}

// namedList is a list of {name, body} entries sorted by name, as kubectl's v1 conversion writes
// them; an empty list prints as null, as kubectl's does.
func namedList(entries map[string]map[string]any, body string) any {
	if len(entries) == 0 {
		return nil
	}
	names := make([]string, 0, len(entries))
	for name := range entries {
		names = append(names, name)
	}
	sort.Strings(names)
	out := make([]any, 0, len(names))
	for _, name := range names {
		out = append(out, map[string]any{"name": name, body: entries[name]})
	}
	return out
}

// ContextOf is a context's cluster, user and namespace, for config get-contexts.
func (f *File) ContextOf(name string) (cluster, user, namespace string, ok bool) {
	c, ok := f.contexts[name]
	if !ok {
		return "", "", "", false
	}
	return c.cluster, c.user, c.namespace, true
}
