package openapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"github.com/studioctl/studioctl/limits"
)

// The disk cache: CacheDir/openapi/<identity>/<hash of the URL>.json, each file a header line
// (the server, the URL and the SHA-256 of the document) and then the document as the server sent
// it. A file is read back only when it and its directory are private to this user, its header names
// this server and URL, and the document matches its checksum.
type cacheHeader struct {
	Server string `json:"server"`
	URL    string `json:"url"`
	SHA256 string `json:"sha256"`
}

// EncodeCache is the cache file of one document: its header line, then the document.
func EncodeCache(server, url string, doc []byte) ([]byte, error) {
	sum := sha256.Sum256(doc)
	line, err := json.Marshal(cacheHeader{Server: server, URL: url, SHA256: hex.EncodeToString(sum[:])})
	if err != nil {
		return nil, err
	}
	return append(append(line, '\n'), doc...), nil
}

// DecodeCache gives back the document of a cache file when its header names server and url and
// the document matches its checksum. The reader decodes it under the nesting cap, as it decodes
// what the server sends, and asks the server again when it does not decode.
func DecodeCache(data []byte, server, url string) ([]byte, bool) {
	line, doc, ok := bytes.Cut(data, []byte{'\n'})
	if !ok || len(doc) > limits.MaxExplainBytes {
		return nil, false
	}
	var h cacheHeader
	if json.Unmarshal(line, &h) != nil || h.Server != server || h.URL != url {
		return nil, false
	}
	sum := sha256.Sum256(doc)
	if h.SHA256 != hex.EncodeToString(sum[:]) {
		return nil, false
	}
	return doc, true
}
