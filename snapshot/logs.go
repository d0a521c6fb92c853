package snapshot

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/redact"
)

// log answers a pod's log from the lines kept: the container asked for (or the pod's only one),
// the last tailLines, since a time, cut at limitBytes, with or without the timestamps. Asking for
// more lines than were kept answers what was kept, with a notice.
func (r *Reader) log(req *http.Request, path string, q url.Values) (*http.Response, error) {
	segs := strings.Split(strings.TrimPrefix(path, "/"), "/")
	if len(segs) != 7 || segs[0] != "api" || segs[2] != "namespaces" || segs[4] != "pods" {
		return nil, missing(lacksShape)
	}
	ns, pod := segs[3], segs[5]
	previous := q.Get("previous") == "true"
	container := q.Get("container")
	if container == redact.Masked {
		container = r.s.routing.DefaultContainer[ns+"/"+pod]
	}
	index, err := r.s.logIndex()
	if err != nil {
		return nil, err
	}
	if container == "" {
		var only []string
		prefix := logKey(ns, pod, "", false)
		for key := range index {
			if c, ok := strings.CutPrefix(key, prefix); ok && !strings.Contains(c, "/") {
				only = append(only, c)
			}
		}
		if len(only) != 1 {
			return r.podMissing(req, ns, pod, missing(lacksPodLog, ns, pod))
		}
		container = only[0]
	}
	f, ok := index[logKey(ns, pod, container, previous)]
	if !ok && previous {
		return r.podMissing(req, ns, pod, missing(lacksPreviousLog, container, ns, pod))
	}
	if !ok {
		return r.podMissing(req, ns, pod, missing(lacksLog, container, ns, pod))
	}
	le, err := readLog(f)
	if err != nil {
		return nil, err
	}
	lines := splitLines(le.Text)
	if since := sinceOf(q, r.s.Manifest.CapturedAt); !since.IsZero() {
		var kept []string
		for _, l := range lines {
			if t, err := time.Parse(time.RFC3339Nano, strings.SplitN(l, " ", 2)[0]); err != nil || !t.Before(since) {
				kept = append(kept, l)
			}
		}
		lines = kept
	}
	// The server's tail counts its log records (a long line may be two), so whether the log held
	// more than was kept is not known: asking for more than the capture asked for says so.
	if tail := q.Get("tailLines"); tail != "" {
		n, _ := strconv.Atoi(tail)
		if n > le.Lines {
			r.notice(fault.Sentencef(sentenceLogsShort, le.Lines, container, ns, pod, "--tail="+tail))
		}
		if n < len(lines) {
			lines = lines[len(lines)-n:]
		}
	} else {
		r.notice(fault.Sentencef(sentenceLogsShort, le.Lines, container, ns, pod, "the whole log"))
	}
	var b strings.Builder
	for _, l := range lines {
		if q.Get("timestamps") != "true" {
			if _, rest, ok := strings.Cut(l, " "); ok {
				l = rest
			} else {
				l = ""
			}
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	out := b.String()
	if n, err := strconv.Atoi(q.Get("limitBytes")); err == nil && n >= 0 && n < len(out) {
		out = out[:n]
	}
	return respond(req, 200, "text/plain", []byte(out)), nil
}

// podMissing answers 404 for a pod the snapshot does not hold, as the server would, and says what
// is missing for a pod it holds without that log.
func (r *Reader) podMissing(req *http.Request, ns, pod string, lacks error) (*http.Response, error) {
	kd, _ := r.s.kind("", "v1", "pods")
	if kd != nil && kd.State == StateCaptured && r.s.holdsNamespace(ns) {
		found := false
		err := kd.walk(req.Context(), pos{}, ns, func(_ pos, it item) bool {
			found = apivalue.MetaString(it.Meta, "name") == pod
			return !found
		})
		if err != nil {
			return nil, err
		}
		if !found {
			return status(req, http.StatusNotFound, "NotFound")
		}
	}
	return nil, lacks
}

func splitLines(text string) []string {
	text = strings.TrimSuffix(text, "\n")
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

// sinceOf is the earliest time a log request asks for, measured from the capture time.
func sinceOf(q url.Values, at time.Time) time.Time {
	if s := q.Get("sinceSeconds"); s != "" {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return at.Add(-time.Duration(n) * time.Second)
		}
	}
	if s := q.Get("sinceTime"); s != "" {
		if t, err := time.Parse(time.RFC3339, s); err == nil {
			return t
		}
	}
	return time.Time{}
}
