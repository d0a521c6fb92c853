package kube

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"time"

	"github.com/studioctl/studioctl/limits"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube/discovery"
)

// WatchEvent is one change seen during a watch, as a one-row Table or (a live watch of objects)
// as the object.
type WatchEvent struct {
	Type   string // ADDED, MODIFIED, DELETED
	Table  *Table
	Object map[string]any
}

// WatchTable watches a collection from resourceVersion for a bounded window, as Table rows. It is
// not live: the window ends after window (the server is asked to end it too), or when 8 MiB have
// been read, and the end of the window is not an error.
func (c *Client) WatchTable(ctx context.Context, r discovery.APIResource, s Scope, o ListOptions, resourceVersion string, window time.Duration, each func(WatchEvent) error) error {
	if err := checkScope(s, r); err != nil {
		return err
	}
	what := "watch " + r.GroupResource() + s.describe(r)
	cl := &call{method: "GET", path: collectionPath(r, s), accept: acceptTable, what: what, cap: limits.MaxWatchBytes}
	cl.set("watch", "true")
	if resourceVersion != "" {
		cl.set("resourceVersion", resourceVersion)
	}
	secs := int(window / time.Second)
	if secs < 1 {
		secs = 1
	}
	cl.set("timeoutSeconds", strconv.Itoa(secs))
	if o.LabelSelector != "" {
		cl.set("labelSelector", o.LabelSelector)
	}
	if o.FieldSelector != "" {
		cl.set("fieldSelector", o.FieldSelector)
	}
	if o.IncludeObject != "" {
		cl.set("includeObject", o.IncludeObject)
	}
	wctx, cancel := context.WithTimeout(ctx, window)
	defer cancel()
	resp, done, err := c.send(WithRequestTimeout(wctx, window+limits.DefaultConnectTimeout), cl)
	if err != nil {
		if wctx.Err() != nil && ctx.Err() == nil {
			return nil // the window closed before the server answered: nothing changed
		}
		return err
	}
	defer done()
	defer resp.Body.Close()
	dec := json.NewDecoder(resp.Body)
	dec.UseNumber()
	for {
		var ev struct {
			Type   string          `json:"type"`
			Object json.RawMessage `json:"object"`
		}
		err := dec.Decode(&ev)
		switch {
		case err == nil:
		case errors.Is(err, io.EOF), wctx.Err() != nil && ctx.Err() == nil:
			return nil
		case errors.Is(err, errBodyTooLarge):
			return nil // the window's byte cap ends it, like its time
		default:
			return c.readError(ctx, cl, err)
		}
		switch ev.Type {
		case "ADDED", "MODIFIED", "DELETED":
		case "BOOKMARK":
			continue
		case "ERROR":
			return fault.Server(fault.CodeGone, 410, sprintf(sentenceWatchExpired, what))
		default:
			return fault.Server(codeMalformed, 200, sprintf(sentenceMalformed, what))
		}
		t, err := decodeTable(ev.Object, r)
		if err != nil {
			return decodeError(what, err)
		}
		if err := each(WatchEvent{Type: ev.Type, Table: t}); err != nil {
			return err
		}
	}
}
