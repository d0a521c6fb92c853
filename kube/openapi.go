package kube

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
	"sync"

	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/policy"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube/diskcache"
	"github.com/studioctl/studioctl/kube/openapi"
)

// OpenAPI v3, as explain reads it: GET /openapi/v3 (the index, which names each group version's
// document by a server-relative URL carrying a content hash), then one group version's document.
// The index's URL is never followed as given: studioctl checks that it names the document it asked
// for and carries only a hash, and builds the request from those parts. A document's URL with its
// hash names immutable content, so documents are kept per URL for the process (in memory, bounded)
// and on disk beside the discovery cache (0700 directory, 0600 files, validated when read back).

// openAPIIndex reads /openapi/v3 and returns the group versions it lists (api/v1, apis/apps/v1,
// ...) with their server-relative URLs, unchecked: OpenAPIDocument checks the one it follows (openapi.Hash).
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

// OpenAPIDocument reads the OpenAPI v3 document of one group version (group "" for the core
// group): the index, then the document from memory, the disk cache or the server.
func (c *Client) OpenAPIDocument(ctx context.Context, group, version string) (*openapi.Document, error) {
	gv := version
	if group != "" {
		gv = group + "/" + version
	}
	if (group != "" && !policy.IsDNSSubdomain(group)) || !policy.IsVersion(version) {
		return nil, fault.Refusef(codeRefusedRequest, sentenceOpenAPIBadGroup, gv)
	}
	key := openapi.DocKey(group, version)
	index, err := c.openAPIIndex(ctx)
	if err != nil {
		return nil, err
	}
	raw, ok := index[key]
	if !ok {
		return nil, fault.Server(codeOpenAPIMissing, 200, sprintf(sentenceOpenAPINoGV, gv))
	}
	hash, ok := openapi.Hash(key, raw)
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
	// Decoding checks the nesting cap and the JSON. A kept document decoded when it was kept; a
	// cache file that does not decode now is read again from the server, and only a document
	// that decodes is kept.
	var root map[string]any
	if ok {
		ok = decodeJSON(data, &root) == nil && root != nil
	}
	if !ok {
		cl := &call{method: "GET", path: path, accept: AcceptJSON, what: what, cap: limits.MaxExplainBytes}
		cl.set("hash", hash)
		if data, err = c.do(ctx, cl); err != nil {
			return nil, err
		}
		if err := decodeJSON(data, &root); err != nil || root == nil {
			return nil, decodeError(what, err)
		}
		c.writeOpenAPICache(id, data)
	}
	c.openAPIToMemory(id, data)
	return &openapi.Document{GroupVersion: gv, Root: root}, nil
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
	data, ok := diskcache.Read(p, limits.MaxExplainBytes+4096, filepath.Dir(p), filepath.Dir(filepath.Dir(p)))
	if !ok {
		return nil, false
	}
	return openapi.DecodeCache(data, c.ep.BaseURL(), id)
}

func (c *Client) writeOpenAPICache(id string, doc []byte) {
	p := c.openAPICachePath(id)
	if p == "" {
		return
	}
	data, err := openapi.EncodeCache(c.ep.BaseURL(), id, doc)
	if err != nil {
		return
	}
	dir := filepath.Dir(p)
	diskcache.Write(p, data, dir, filepath.Dir(dir))
}
