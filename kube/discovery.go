package kube

import (
	"context"
	"errors"
	"path/filepath"
	"time"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/kube/diskcache"
	"github.com/studioctl/studioctl/limits"
)

// The client's side of discovery: asking the server (or the caches) for it and keeping it;
// package discovery reads what the server answered.

// discoveryView lets the guard consult the client's discovery without a lock order problem:
// it reads the snapshot the client holds, and admits nothing when there is none.
type discoveryView struct{ c *Client }

func (v discoveryView) Lookup(group, version, resource, sub string) (bool, []string, bool) {
	v.c.discMu.Lock()
	d := v.c.disc
	v.c.discMu.Unlock()
	if d == nil {
		return false, nil, false
	}
	return d.Lookup(group, version, resource, sub)
}

// Discovery returns the server's discovery: from memory when younger than 10 minutes, else from
// the disk cache when younger than 10 minutes, else from the server (two requests). A server
// below the version floor is refused here, so every statement that resolves a kind is refused
// on it, decided once with the discovery it reads.
func (c *Client) Discovery(ctx context.Context) (*discovery.Discovery, error) {
	c.discMu.Lock()
	if c.disc != nil && c.opts.Now().Sub(c.discAt) < limits.DiscoveryTTL {
		d := c.disc
		c.discMu.Unlock()
		return d, d.Floor()
	}
	c.discMu.Unlock()
	if d, at, ok := c.readDiscoveryCache(); ok {
		c.setDiscovery(d, at, false)
		return d, d.Floor()
	}
	d, err := c.RefreshDiscovery(ctx)
	if err != nil {
		return nil, err
	}
	return d, d.Floor()
}

// RefreshDiscovery reads discovery from the server, whatever the caches hold.
func (c *Client) RefreshDiscovery(ctx context.Context) (*discovery.Discovery, error) {
	d := &discovery.Discovery{}
	var raw [2][]byte
	var ctypes [2]string
	for i, p := range []string{"/api", "/apis"} {
		what := sprintf("read the API's discovery at %s", p)
		accept := acceptDiscovery
		if c.opts.DiscoveryBeta {
			accept = acceptDiscoveryBeta
		}
		body, hdr, err := c.doHeader(ctx, &call{method: "GET", path: p, accept: accept, what: what})
		if err != nil {
			return nil, err
		}
		ctypes[i] = hdr.Get("Content-Type")
		if err := discovery.Parse(body, ctypes[i], d); err != nil {
			if errors.Is(err, discovery.ErrNotAggregated) {
				return nil, fault.Server(fault.CodeNotAggregated, 200, sentenceNotAggregated)
			}
			return nil, decodeError(what, err)
		}
		raw[i] = body
	}
	now := c.opts.Now()
	c.setDiscovery(d, now, true)
	c.writeDiscoveryCache(raw, ctypes, now)
	return d, nil
}

func (c *Client) setDiscovery(d *discovery.Discovery, at time.Time, fresh bool) {
	c.discMu.Lock()
	c.disc, c.discAt, c.discFresh = d, at, fresh
	c.discMu.Unlock()
}

func (c *Client) discoveryIsFresh() bool {
	c.discMu.Lock()
	defer c.discMu.Unlock()
	return c.discFresh
}

func (c *Client) cachePath() string {
	if c.opts.CacheDir == "" {
		return ""
	}
	return filepath.Join(c.opts.CacheDir, "discovery", c.identityHash()+".json")
}

func (c *Client) readDiscoveryCache() (*discovery.Discovery, time.Time, bool) {
	p := c.cachePath()
	if p == "" {
		return nil, time.Time{}, false
	}
	data, ok := diskcache.Read(p, 2*limits.MaxResponseBytes, filepath.Dir(p))
	if !ok {
		return nil, time.Time{}, false
	}
	return discovery.DecodeCache(data, c.ep.BaseURL(), c.opts.Now())
}

func (c *Client) writeDiscoveryCache(raw [2][]byte, ctypes [2]string, at time.Time) {
	p := c.cachePath()
	if p == "" {
		return
	}
	data, err := discovery.EncodeCache(c.ep.BaseURL(), at, raw, ctypes)
	if err != nil {
		return
	}
	diskcache.Write(p, data, filepath.Dir(p))
}
