package snapshot

import (
	"context"
	"net/http"
	"strings"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/policy"
	"github.com/studioctl/studioctl/record"
)

// get --raw's answers (issue 30). A capture reads each of policy.RawPaths as get --raw does and
// keeps the bytes the server wrote, each at most limits.MaxRawBytes and all together at most
// limits.SnapshotMaxRawBytes, as exchanges of answers.json asked for with any form (Accept */*);
// the manifest's raw lists the paths kept. The recorder would keep a JSON answer decoded and
// written again (compacted, its keys sorted), which is not what the server printed, so the
// capture keeps the bytes it read itself. The reader answers a get --raw request (Accept */* at
// one of the paths) from them, byte for byte.
//
// An older reader finds these exchanges as it finds any other (same method, path and Accept), so
// a snapshot that holds them still opens there and answers get --raw the same way.

// rawAccept is the Accept header get --raw (and the readiness check) sends.
const rawAccept = "*/*"

// captureRaw reads get --raw's paths through the session (the guard admits them as it admits
// get --raw's). A path the server does not answer, or one past the caps, is left out: the
// reader then says the snapshot holds no answer for it.
func (cp *capture) captureRaw(ctx context.Context) (map[string][]byte, error) {
	raw := map[string][]byte{}
	total := 0
	for _, p := range policy.RawPaths {
		b, err := cp.c.Raw(ctx, p)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			continue
		}
		if total+len(b) > limits.SnapshotMaxRawBytes {
			continue
		}
		total += len(b)
		raw[p] = b
		cp.m.Raw = append(cp.m.Raw, p)
	}
	return raw, nil
}

// isRawExchange tells the recorder's copy of a get --raw answer (or the readiness check's, which
// asks the same way) from the fixed answers the reads themselves need.
func isRawExchange(e *record.Exchange) bool {
	return e.Method == "GET" && e.Accept == rawAccept && policy.IsRawPath(e.Path)
}

// rawAnswer is the exchange kept for path: the recorder's (its status and content type) with the
// server's own bytes; nil when the capture read none, or when another exchange already holds it.
func rawAnswer(e *record.Exchange, raw map[string][]byte, kept map[string]bool) *record.Exchange {
	b, ok := raw[e.Path]
	if !ok || kept[e.Path] {
		return nil
	}
	kept[e.Path] = true
	out := *e
	out.Body = string(b)
	return &out
}

// raw answers a get --raw request. A snapshot taken before get --raw's answers were kept (the
// demo's) serves the answer it kept for studioctl's own read of the path: as the server wrote it
// when it was kept as text (the readiness check, the OpenAPI index), else rebuilt from its
// decoded JSON (the version), which a notice says.
func (r *Reader) raw(req *http.Request, path string) (*http.Response, error) {
	if e := findAnswer(r.s.answers, path, rawAccept); e != nil {
		return respond(req, e.Status, e.ContentType, []byte(e.Body)), nil
	}
	if len(r.s.Manifest.Raw) > 0 {
		return nil, missing(lacksRaw, path)
	}
	answers := r.s.answers
	if strings.HasPrefix(path, "/openapi/") {
		answers = r.s.openAPIAnswers()
	}
	e := findAnswer(answers, path, kube.AcceptJSON)
	if e == nil {
		return nil, missing(lacksRawOlder, path)
	}
	if strings.Contains(e.ContentType, "json") {
		r.notice(fault.Sentencef(sentenceRawRebuilt, path))
	}
	return respond(req, e.Status, e.ContentType, []byte(e.Body)), nil
}

// findAnswer is the GET of path asked for with accept, with no query, among answers.
func findAnswer(answers []*record.Exchange, path, accept string) *record.Exchange {
	for _, e := range answers {
		if e.Method == "GET" && e.Path == path && e.Query == "" && e.Accept == accept {
			return e
		}
	}
	return nil
}
