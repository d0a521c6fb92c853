package discovery

import (
	"encoding/json"
	"time"

	"github.com/studioctl/studioctl/limits"
)

// The disk cache: one directory per server and identity (a hash, so neither the address nor the
// credential is written in a name), 0700, holding 0600 files. What is read back is parsed by the
// same strict reader as a server answer and can only narrow the allowlist (keepReadVerbs).
type cacheFile struct {
	Server    string    `json:"server"`
	FetchedAt time.Time `json:"fetchedAt"`
	API       string    `json:"api"`
	APIType   string    `json:"apiContentType"`
	APIs      string    `json:"apis"`
	APIsType  string    `json:"apisContentType"`
}

// EncodeCache is the cache file of server's two discovery answers (/api and /apis, with their
// content types) fetched at at.
func EncodeCache(server string, at time.Time, raw [2][]byte, ctypes [2]string) ([]byte, error) {
	return json.Marshal(cacheFile{Server: server, FetchedAt: at, API: string(raw[0]), APIType: ctypes[0], APIs: string(raw[1]), APIsType: ctypes[1]})
}

// DecodeCache reads a cache file back for server: a file of another server, one fetched
// limits.DiscoveryTTL or more before now (or in the future), or answers the strict reader refuses
// read as absent.
func DecodeCache(data []byte, server string, now time.Time) (*Discovery, time.Time, bool) {
	var f cacheFile
	if json.Unmarshal(data, &f) != nil || f.Server != server {
		return nil, time.Time{}, false
	}
	age := now.Sub(f.FetchedAt)
	if age < 0 || age >= limits.DiscoveryTTL {
		return nil, time.Time{}, false
	}
	d := &Discovery{}
	if Parse([]byte(f.API), f.APIType, d) != nil || Parse([]byte(f.APIs), f.APIsType, d) != nil {
		return nil, time.Time{}, false
	}
	return d, f.FetchedAt, true
}
