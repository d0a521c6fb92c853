package kube

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"

	"github.com/studioctl/studioctl/limits"

	"github.com/studioctl/studioctl/fault"
)

// LogOptions are the query of one pod log request, as kubectl's PodLogOptions sends them. A zero
// value leaves its key out; TailLines is sent when HasTail is set, LimitBytes when above 0.
type LogOptions struct {
	Container    string
	HasTail      bool
	TailLines    int64
	SinceSeconds int64
	SinceTime    string // RFC 3339, UTC, second precision (what metav1.Time writes)
	Timestamps   bool
	LimitBytes   int64
	Previous     bool
}

// LogStream is what one pod log request read: the bytes, cut at limits.MaxLogStreamBytes when the log
// was longer (Truncated).
type LogStream struct {
	Data      []byte
	Truncated bool
}

// PodLog reads one container's log of a pod with the JSON Accept, which real servers answer with
// text/plain (a text/plain Accept is refused with 406 by some). The body is capped at
// limits.MaxLogStreamBytes: a longer log is cut there and marked Truncated, never failed.
func (c *Client) PodLog(ctx context.Context, ns, pod string, o LogOptions) (*LogStream, error) {
	cl, err := c.logCall(ns, pod, o)
	if err != nil {
		return nil, err
	}
	resp, cancel, err := c.send(ctx, cl)
	if err != nil {
		return nil, logSendError(err, o, pod, ns)
	}
	defer cancel()
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if errors.Is(err, errBodyTooLarge) {
		return &LogStream{Data: data, Truncated: true}, nil
	}
	if err != nil {
		return nil, c.readError(ctx, cl, err)
	}
	return &LogStream{Data: data}, nil
}

// logCall builds one log request from checked parts.
func (c *Client) logCall(ns, pod string, o LogOptions) (*call, error) {
	what := sprintf(sentenceLogWhat, o.Container, pod, ns)
	if o.Previous {
		what = sprintf(sentenceLogWhatPrevious, o.Container, pod, ns)
	}
	if err := checkName(what, pod); err != nil {
		return nil, err
	}
	if !fault.IsDNS1123Label(ns) {
		return nil, fault.Refusef(fault.CodeRefusedName, sentenceBadNamespace)
	}
	cl := &call{
		method: "GET", path: "/api/v1/namespaces/" + ns + "/pods/" + pod + "/log", accept: AcceptJSON,
		what: what, cap: limits.MaxLogStreamBytes,
		notFound: func() *fault.Error {
			return fault.Server(fault.CodeNotFound, http.StatusNotFound, sprintf(sentenceLogPodNotFoundNS, pod, ns))
		},
	}
	// Keys in the order url.Values.Encode writes them, as kubectl's request does (follow, when
	// set, is added after: FollowLog sets it).
	if o.Container != "" {
		cl.set("container", o.Container)
	}
	if o.LimitBytes > 0 {
		cl.set("limitBytes", strconv.FormatInt(o.LimitBytes, 10))
	}
	if o.Previous {
		cl.set("previous", "true")
	}
	if o.SinceSeconds > 0 {
		cl.set("sinceSeconds", strconv.FormatInt(o.SinceSeconds, 10))
	}
	if o.SinceTime != "" {
		cl.set("sinceTime", o.SinceTime)
	}
	if o.HasTail {
		cl.set("tailLines", strconv.FormatInt(o.TailLines, 10))
	}
	if o.Timestamps {
		cl.set("timestamps", "true")
	}
	return cl, nil
}

// logSendError names a 400 as the log's own sentence.
func logSendError(err error, o LogOptions, pod, ns string) error {
	if e, ok := fault.As(err); ok && e.Status == http.StatusBadRequest {
		return fault.Server(codeLogBadRequest, http.StatusBadRequest, sprintf(sentenceLogBadRequest, o.Container, pod, ns))
	}
	return err
}
