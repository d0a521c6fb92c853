package kube

import (
	"context"
	"errors"
	"io"
	"strings"

	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/policy"

	"github.com/studioctl/studioctl/fault"
)

// rawKey marks a request as get --raw's, so the guard admits it only through policy.CheckRaw.
type rawKey struct{}

func isRaw(ctx context.Context) bool { v, _ := ctx.Value(rawKey{}).(bool); return v }

// Raw reads one of policy.RawPaths whole, as the server wrote it (get --raw where nothing
// streams), at most limits.MaxRawBytes.
func (c *Client) Raw(ctx context.Context, path string) ([]byte, error) {
	body := []byte{}
	err := c.RawStream(ctx, path, func(b []byte) error {
		body = append(body, b...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return body, nil
}

// RawStream reads one of policy.RawPaths and hands each piece of the answer to each as it
// arrives, at most limits.MaxRawBytes in all. Any other path is refused here and again by the
// guard, before a socket opens.
func (c *Client) RawStream(ctx context.Context, path string, each func([]byte) error) error {
	if !policy.IsRawPath(path) {
		return fault.Refusef(fault.CodeRefusedRawPath, fault.SentenceRawPath, RawPathList(), path)
	}
	cl := &call{method: "GET", path: path, accept: acceptAny, what: "read " + path, cap: limits.MaxRawBytes}
	resp, cancel, err := c.send(context.WithValue(ctx, rawKey{}, true), cl)
	if err != nil {
		return err
	}
	defer cancel()
	defer resp.Body.Close()
	buf := make([]byte, limits.RawChunkBytes)
	for {
		n, err := resp.Body.Read(buf)
		if n > 0 {
			if err := each(buf[:n]); err != nil {
				return err
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return c.readError(ctx, cl, err)
		}
	}
}

// RawPathList names the paths get --raw reads, for sentences and help.
func RawPathList() string { return strings.Join(policy.RawPaths, ", ") }
