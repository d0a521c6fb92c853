package kube

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"

	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/policy"

	"github.com/studioctl/studioctl/fault"
)

// OpenAPI v3, as explain reads it: GET /openapi/v3 (the index, which names each group version's
// document by a server-relative URL carrying a content hash), then one group version's document.
// The index's URL is never followed as given: studioctl checks that it names the document it asked
// for and carries only a hash, and builds the request from those parts. A document's URL with its
// hash names immutable content, so documents are kept per URL for the process (in memory, bounded)
// and on disk beside the discovery cache (0700 directory, 0600 files, validated when read back).

// OpenAPIDocument is one group version's OpenAPI v3 document, decoded with exact numbers. It is
// shared by every reader of the same document and must not be changed.
type OpenAPIDocument struct {
	GroupVersion string // "v1" or "apps/v1"
	Root         map[string]any
}

// openAPIDocKey is the index key of a group version: api/v1 or apis/GROUP/VERSION.
func openAPIDocKey(group, version string) string {
	if group == "" {
		return "api/" + version
	}
	return "apis/" + group + "/" + version
}

// openAPIIndex reads /openapi/v3 and returns the group versions it lists (api/v1, apis/apps/v1,
// ...) with their server-relative URLs, unchecked: OpenAPIDocument checks the one it follows.
func (c *Client) openAPIIndex(ctx context.Context) (map[string]string, error) {
	what := "read the server's OpenAPI index at /openapi/v3"
	body, err := c.do(ctx, &call{method: "GET", path: "/openapi/v3", accept: AcceptJSON, what: what, cap: limits.MaxExplainBytes,
		notFound: func() *fault.Error { return fault.Server(codeOpenAPIMissing, 404, sentenceOpenAPINoIndex) }})
	if err != nil {
		return nil, err
	}
	var idx struct {
		Paths map[string]struct {
			ServerRelativeURL string `json:"serverRelativeURL"`
		} `json:"paths"`
	}
	if err := decodeJSON(body, &idx); err != nil {
		return nil, decodeError(what, err)
	}
	out := make(map[string]string, len(idx.Paths))
	for k, v := range idx.Paths {
		out[k] = v.ServerRelativeURL
	}
	return out, nil
}

// openAPIHash checks the server-relative URL the index gives for key and returns its hash. The URL
// must be exactly /openapi/v3/KEY?hash=HEX: no scheme, host, user, fragment, other query key or
// other path, so what is sent is what studioctl composed.
func openAPIHash(key, raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Fragment != "" || u.Opaque != "" {
		return "", false
	}
	if u.Path != "/openapi/v3/"+key || (u.RawPath != "" && u.RawPath != u.Path) {
		return "", false
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil || len(q) != 1 || len(q["hash"]) != 1 {
		return "", false
	}
	h := q["hash"][0]
	if len(h) == 0 || len(h) > 256 {
		return "", false
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return "", false
		}
	}
	return h, true
}

// OpenAPIDocument reads the OpenAPI v3 document of one group version (group "" for the core
// group): the index, then the document from memory, the disk cache or the server.
func (c *Client) OpenAPIDocument(ctx context.Context, group, version string) (*OpenAPIDocument, error) {
	gv := version
	if group != "" {
		gv = group + "/" + version
	}
	if (group != "" && !policy.IsDNSSubdomain(group)) || !policy.IsVersion(version) {
		return nil, fault.Refusef(codeRefusedRequest, sentenceOpenAPIBadGroup, gv)
	}
	key := openAPIDocKey(group, version)
	index, err := c.openAPIIndex(ctx)
	if err != nil {
		return nil, err
	}
	raw, ok := index[key]
	if !ok {
		return nil, fault.Server(codeOpenAPIMissing, 200, sprintf(sentenceOpenAPINoGV, gv))
	}
	hash, ok := openAPIHash(key, raw)
	if !ok {
		return nil, fault.Server(codeOpenAPIURL, 200, sprintf(sentenceOpenAPIURL, gv))
	}
	path := "/openapi/v3/" + key
	id := path + "?hash=" + hash
	what := "read the OpenAPI document of " + gv
	data, ok := c.openAPIFromMemory(id)
	if !ok {
		data, ok = c.readOpenAPICache(id)
	}
	if !ok {
		cl := &call{method: "GET", path: path, accept: AcceptJSON, what: what, cap: limits.MaxExplainBytes}
		cl.set("hash", hash)
		data, err = c.do(ctx, cl)
		if err != nil {
			return nil, err
		}
		if err := CheckNesting(data, limits.MaxNesting); err != nil {
			return nil, decodeError(what, err)
		}
		if !json.Valid(data) {
			return nil, decodeError(what, nil)
		}
		c.writeOpenAPICache(id, data)
	}
	c.openAPIToMemory(id, data)
	var root map[string]any
	if err := decodeJSON(data, &root); err != nil || root == nil {
		return nil, decodeError(what, err)
	}
	return &OpenAPIDocument{GroupVersion: gv, Root: root}, nil
}

// The memory cache holds raw documents, at most openAPIMemoryBytes in all, per URL, for the life of
// one client (a session: one server, one identity); the oldest goes first. Raw bytes are decoded per
// statement, so no reader can change what another will read.
const openAPIMemoryBytes = 4 * limits.MaxExplainBytes

type openAPIMemory struct {
	sync.Mutex
	order []string
	docs  map[string][]byte
	size  int
}

// openAPIMemoryKey names a document for one server and identity (the discovery cache's hash of
// both), so a session never reads what another identity's session fetched.
func (c *Client) openAPIMemoryKey(id string) string {
	return c.identityHash() + " " + id
}

func (c *Client) openAPIFromMemory(id string) ([]byte, bool) {
	c.oapi.Lock()
	defer c.oapi.Unlock()
	d, ok := c.oapi.docs[c.openAPIMemoryKey(id)]
	return d, ok
}

func (c *Client) openAPIToMemory(id string, data []byte) {
	k := c.openAPIMemoryKey(id)
	m := &c.oapi
	m.Lock()
	defer m.Unlock()
	if m.docs == nil {
		m.docs = map[string][]byte{}
	}
	if _, ok := m.docs[k]; ok || len(data) > openAPIMemoryBytes {
		return
	}
	for m.size+len(data) > openAPIMemoryBytes && len(m.order) > 0 {
		old := m.order[0]
		m.order = m.order[1:]
		m.size -= len(m.docs[old])
		delete(m.docs, old)
	}
	m.docs[k] = data
	m.order = append(m.order, k)
	m.size += len(data)
}

// identityHash is the hash that names this server and identity in the caches: the discovery
// cache's file name, without its extension, or the same hash when no cache directory is set.
func (c *Client) identityHash() string {
	h := sha256.New()
	h.Write([]byte(c.ep.BaseURL()))
	h.Write([]byte{0})
	h.Write([]byte(c.ep.Token))
	if c.ep.TLS != nil {
		for _, cert := range c.ep.TLS.Certificates {
			for _, der := range cert.Certificate {
				h.Write(der)
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// The disk cache: CacheDir/openapi/<identity>/<hash of the URL>.json, each file a header line
// (the server, the URL and the SHA-256 of the document) and then the document as the server sent
// it. A file is read back only when it and its directory are private to this user, its header names
// this server and URL, and the document matches its checksum.
type openAPICacheHeader struct {
	Server string `json:"server"`
	URL    string `json:"url"`
	SHA256 string `json:"sha256"`
}

func (c *Client) openAPICachePath(id string) string {
	if c.opts.CacheDir == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(id))
	return filepath.Join(c.opts.CacheDir, "openapi", c.identityHash(), hex.EncodeToString(sum[:])[:40]+".json")
}

func (c *Client) readOpenAPICache(id string) ([]byte, bool) {
	p := c.openAPICachePath(id)
	if p == "" {
		return nil, false
	}
	for _, dir := range []string{filepath.Dir(p), filepath.Dir(filepath.Dir(p))} {
		if di, err := os.Lstat(dir); err != nil || !di.IsDir() || di.Mode().Perm()&0o077 != 0 {
			return nil, false
		}
	}
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm()&0o077 != 0 || fi.Size() > limits.MaxExplainBytes+4096 {
		return nil, false
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, false
	}
	line, doc, ok := bytes.Cut(data, []byte{'\n'})
	if !ok || len(doc) > limits.MaxExplainBytes {
		return nil, false
	}
	var h openAPICacheHeader
	if json.Unmarshal(line, &h) != nil || h.Server != c.ep.BaseURL() || h.URL != id {
		return nil, false
	}
	sum := sha256.Sum256(doc)
	if h.SHA256 != hex.EncodeToString(sum[:]) || CheckNesting(doc, limits.MaxNesting) != nil || !json.Valid(doc) {
		return nil, false
	}
	return doc, true
}

func (c *Client) writeOpenAPICache(id string, doc []byte) {
	p := c.openAPICachePath(id)
	if p == "" {
		return
	}
	sum := sha256.Sum256(doc)
	line, err := json.Marshal(openAPICacheHeader{Server: c.ep.BaseURL(), URL: id, SHA256: hex.EncodeToString(sum[:])})
	if err != nil {
		return
	}
	dir := filepath.Dir(p)
	writePrivateFile(p, append(append(line, '\n'), doc...), dir, filepath.Dir(dir))
}

// Resolve follows one local reference (#/components/schemas/NAME) within the document, one step,
// as kubectl's explain does; anything else (another document, a malformed reference, a path that
// does not lead to an object) resolves to nil. A reference that leads to another reference is
// returned as it is: callers guard their own walks against cycles.
func (d *OpenAPIDocument) Resolve(ref string) map[string]any {
	if !strings.HasPrefix(ref, "#") {
		return nil
	}
	u, err := url.Parse(ref)
	if err != nil || u.Scheme != "" || u.Host != "" || u.Path != "" || u.RawQuery != "" || u.Fragment == "" {
		return nil
	}
	cur := d.Root
	for _, k := range strings.Split(u.Fragment, "/") {
		if k == "" {
			continue
		}
		next, ok := cur[k].(map[string]any)
		if !ok {
			return nil
		}
		cur = next
	}
	return cur
}

// ResourceKind finds the group, version and kind the document gives a resource's operations, the
// way kubectl's explain does: the collection and object paths, cluster-scoped then namespaced, and
// each path's get, post, put, patch and delete operations in that order. It returns the
// x-kubernetes-group-version-kind object as the document holds it, or nil.
func (d *OpenAPIDocument) ResourceKind(group, version, resource string) map[string]any {
	prefix := "/api"
	if group != "" {
		prefix = "/apis/" + group
	}
	paths, _ := d.Root["paths"].(map[string]any)
	var gvk any
	for _, p := range []string{
		prefix + "/" + version + "/" + resource,
		prefix + "/" + version + "/" + resource + "/{name}",
		prefix + "/" + version + "/namespaces/{namespace}/" + resource,
		prefix + "/" + version + "/namespaces/{namespace}/" + resource + "/{name}",
	} {
		item, _ := paths[p].(map[string]any)
		if len(item) == 0 {
			continue
		}
		for _, method := range []string{"get", "post", "put", "patch", "delete"} {
			op, _ := item[method].(map[string]any)
			if len(op) == 0 {
				continue
			}
			gvk = op["x-kubernetes-group-version-kind"]
			if m, ok := gvk.(map[string]any); ok && len(m) > 0 {
				break
			}
		}
	}
	m, _ := gvk.(map[string]any)
	if len(m) == 0 {
		return nil
	}
	return m
}

// SchemaFor returns the first schema, in name order, whose x-kubernetes-group-version-kind list
// holds gvk, with its name.
func (d *OpenAPIDocument) SchemaFor(gvk map[string]any) (string, map[string]any, bool) {
	components, _ := d.Root["components"].(map[string]any)
	schemas, _ := components["schemas"].(map[string]any)
	names := make([]string, 0, len(schemas))
	for k := range schemas {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, name := range names {
		s, ok := schemas[name].(map[string]any)
		if !ok {
			continue
		}
		list, _ := s["x-kubernetes-group-version-kind"].([]any)
		for _, el := range list {
			if reflect.DeepEqual(el, any(gvk)) {
				return name, s, true
			}
		}
	}
	return "", nil, false
}
