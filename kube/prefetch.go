package kube

import (
	"bytes"
	"context"
	"encoding/json"
)

// A walk that prints each page as it arrives asks for page N+1 as soon as page N's body is in,
// before page N is decoded and printed: on a 20,000-pod list the server encodes the next 500
// objects while studioctl decodes, masks and prints these, instead of each side waiting for the
// other. At most one page is ever ahead, so memory stays at two pages' bytes. The request is the
// one the walk would send next, built by the same pageCall and sent through the same guard.

// prefetched is one page asked for ahead of its turn.
type prefetched struct {
	cont   string // the continue token it was asked with
	done   chan struct{}
	body   []byte
	err    error
	cancel context.CancelFunc
}

// prefetch sends cl in the background; cont is the token it carries.
func (c *Client) prefetch(ctx context.Context, cl *call, cont string) *prefetched {
	ctx, cancel := context.WithCancel(ctx)
	p := &prefetched{cont: cont, done: make(chan struct{}), cancel: cancel}
	go func() {
		defer close(p.done)
		p.body, p.err = c.do(ctx, cl)
	}()
	return p
}

// wait answers the page once it is read.
func (p *prefetched) wait() ([]byte, error) {
	<-p.done
	p.cancel()
	return p.body, p.err
}

// drop abandons a page the walk will not read (it ended early, or failed) and waits for its
// request to end, so nothing outlives the walk. A nil page is nothing to drop.
func (p *prefetched) drop() {
	if p == nil {
		return
	}
	p.cancel()
	<-p.done
}

// peekContinue reads a list's (or a Table's) continue token from the keys before its items or
// rows, without decoding them; servers write metadata first. A page that does not is simply not
// read ahead ("").
func peekContinue(body []byte) string {
	dec := json.NewDecoder(bytes.NewReader(body))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return ""
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return ""
		}
		switch key {
		case "metadata":
			var md struct {
				Continue string `json:"continue"`
			}
			if dec.Decode(&md) != nil {
				return ""
			}
			return md.Continue
		case "items", "rows":
			return ""
		default:
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return ""
			}
		}
	}
	return ""
}
