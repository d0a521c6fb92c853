package snapshot

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/jsonw"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/policy"
	"github.com/studioctl/studioctl/record"
)

// Reader answers a session's requests from a snapshot, as the live server would, below the guard
// (kube.Options.Transport), where a recording's replayer sits. Lists and Tables are filtered on the
// captured objects (names, namespaces, label and field selectors) and paged; a request it cannot
// answer fails with a fault.Missing that says what the snapshot lacks.
type Reader struct {
	s *Snapshot
	// Notice, when set, receives the notices a reader has for the person (a log asked for more
	// lines than were kept), each once.
	Notice func(string)
	mu     sync.Mutex
	told   map[string]bool
}

// NewReader answers from s.
func NewReader(s *Snapshot) *Reader { return &Reader{s: s, told: map[string]bool{}} }

// Snapshot is the snapshot answered from.
func (r *Reader) Snapshot() *Snapshot { return r.s }

func (r *Reader) notice(n string) {
	if r.Notice == nil {
		return
	}
	r.mu.Lock()
	first := !r.told[n]
	r.told[n] = true
	r.mu.Unlock()
	if first {
		r.Notice(n)
	}
}

// RoundTrip answers one request.
func (r *Reader) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil && req.Body != http.NoBody {
		b, err := io.ReadAll(io.LimitReader(req.Body, kube.MaxRequestBody))
		if err != nil {
			return nil, err
		}
		body = b
	}
	path, q := req.URL.Path, req.URL.Query()
	if req.Method == "POST" {
		return r.review(req, path, body)
	}
	switch {
	case req.Method == "GET" && req.Header.Get("Accept") == rawAccept && policy.IsRawPath(path):
		// get --raw's request (the readiness check asks the same way, for the same bytes)
		return r.raw(req, path)
	case path == "/version" || path == "/api" || path == "/apis" || path == "/readyz" || strings.HasPrefix(path, "/openapi/"):
		return r.fixed(req, body, path)
	case strings.HasSuffix(path, "/log"):
		return r.log(req, path, q)
	}
	p, ok := parseResourcePath(path)
	if !ok {
		return nil, missing(lacksShape)
	}
	return r.resource(req, p, q)
}

// fixed answers from the answers kept at capture (version, discovery, OpenAPI, whoami).
func (r *Reader) fixed(req *http.Request, body []byte, path string) (*http.Response, error) {
	answers := r.s.answers
	if strings.HasPrefix(path, "/openapi/") {
		answers = r.s.openAPIAnswers()
	}
	for _, e := range answers {
		if e.Method == req.Method && e.Path == path && e.Query == req.URL.RawQuery && e.Accept == req.Header.Get("Accept") &&
			record.CompactJSON(e.RequestBody) == record.CompactJSON(body) {
			return respond(req, e.Status, e.ContentType, []byte(e.Body)), nil
		}
	}
	switch {
	case strings.HasPrefix(path, "/openapi/v3/"):
		return nil, missing(lacksOpenAPIDoc, strings.TrimPrefix(path, "/openapi/v3/"))
	case strings.HasPrefix(path, "/openapi/"):
		return nil, missing(lacksOpenAPIIndex)
	}
	return nil, missing(lacksFixed, path)
}

// respond builds an answer as net/http would hand it over.
func respond(req *http.Request, status int, contentType string, body []byte) *http.Response {
	h := http.Header{}
	if contentType != "" {
		h.Set("Content-Type", contentType)
	}
	return &http.Response{
		StatusCode: status, Status: kube.StatusLine(status), Header: h,
		Body: io.NopCloser(bytes.NewReader(body)), ContentLength: int64(len(body)),
		Request: req, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
	}
}

func respondJSON(req *http.Request, status int, v any) (*http.Response, error) {
	// A Table or a list built from decoded items is written without the reflection encoder
	// (internal/jsonw); anything else (a struct) by it.
	b, ok := jsonw.Writer{Raw: true}.Append(nil, v, "", "")
	if !ok {
		var err error
		if b, err = json.Marshal(v); err != nil {
			return nil, err
		}
	}
	return respond(req, status, "application/json", b), nil
}

// status is the Status object a server answers an error with; studioctl reads only its code.
func status(req *http.Request, code int, reason string) (*http.Response, error) {
	return respondJSON(req, code, map[string]any{"kind": "Status", "apiVersion": "v1", "status": "Failure", "reason": reason, "code": code})
}

// resourcePath is a collection or object path, parsed.
type resourcePath struct {
	group, version, resource, namespace, name string
}

func parseResourcePath(path string) (resourcePath, bool) {
	var p resourcePath
	segs := strings.Split(strings.TrimPrefix(path, "/"), "/")
	switch {
	case len(segs) >= 3 && segs[0] == "api":
		p.version, segs = segs[1], segs[2:]
	case len(segs) >= 4 && segs[0] == "apis":
		p.group, p.version, segs = segs[1], segs[2], segs[3:]
	default:
		return p, false
	}
	if len(segs) >= 3 && segs[0] == "namespaces" {
		p.namespace, segs = segs[1], segs[2:]
	}
	switch len(segs) {
	case 1:
		p.resource = segs[0]
	case 2:
		p.resource, p.name = segs[0], segs[1]
	default:
		return p, false
	}
	return p, true
}

// resource answers a list, a get or a watch of a kind, as objects or as a Table.
func (r *Reader) resource(req *http.Request, p resourcePath, q url.Values) (*http.Response, error) {
	kd, other := r.s.kind(p.group, p.version, p.resource)
	what := (discovery.APIResource{Group: p.group, Resource: p.resource}).GroupResource()
	switch {
	case kd == nil && other != "":
		return nil, missing(lacksVersion, what, p.version, other)
	case kd == nil:
		return nil, missing(lacksKind, what)
	case kd.State == StateLocked:
		return status(req, http.StatusForbidden, "Forbidden")
	case kd.State == StateCut:
		return nil, missing(lacksCut, what, kd.Reason)
	case kd.State != StateCaptured:
		return nil, missing(lacksFailed, what)
	}
	if kd.Namespaced && p.namespace != "" && !r.s.holdsNamespace(p.namespace) {
		return nil, missing(lacksNamespace, p.namespace)
	}
	r.noticeCut(kd, p)
	table := strings.Contains(req.Header.Get("Accept"), "as=Table")
	ns := ""
	if kd.Namespaced {
		ns = p.namespace
	}
	if p.name != "" {
		return r.getOne(req, kd, p, ns, table, q.Get("includeObject"))
	}
	sel, bad := apivalue.ParseLabelSelector(q.Get("labelSelector"))
	if bad != nil {
		return status(req, http.StatusBadRequest, "BadRequest")
	}
	fields, err := parseFieldSelector(q.Get("fieldSelector"), kd.Kind)
	if err != nil {
		return status(req, http.StatusBadRequest, "BadRequest")
	}
	match := func(it item) bool {
		if !sel.Matches(labelsOf(it.Meta)) {
			return false
		}
		// A field selector may read the spec or status: only then is the object decoded.
		return len(fields) == 0 || fields.matches(kd.object(it))
	}
	if q.Get("watch") != "" {
		if rv := q.Get("resourceVersion"); rv != "" && rv != "0" {
			return nil, fault.ErrReplayEnd // a watch from the list's version: nothing changed after the capture
		}
		return r.watch(req, kd, ns, match, table, q.Get("includeObject"))
	}
	from, ok := parseToken(q.Get("continue"), len(kd.files))
	if !ok {
		return status(req, http.StatusGone, "Expired")
	}
	size := pageSize(q.Get("limit"))
	var page []item
	next := ""
	err = kd.walk(req.Context(), from, ns, func(at pos, it item) bool {
		if !match(it) {
			return true
		}
		if len(page) == size {
			next = at.token()
			return false
		}
		page = append(page, it)
		return true
	})
	if err != nil {
		return nil, err
	}
	if table {
		columns, err := kd.cols()
		if err != nil {
			return nil, err
		}
		return respondJSON(req, 200, kd.tableOf(columns, page, q.Get("includeObject"), next, "1"))
	}
	return respond(req, 200, "application/json", kd.listBody(page, next)), nil
}

// listBody is a List answer of page: each object's stored bytes passed on as they are (they were
// stripped and masked at capture), so a page is never decoded whole; a kind whose objects change
// when decoded (restoreRoute) has each decoded and encoded again, one at a time.
func (k *kindData) listBody(page []item, next string) []byte {
	head, _ := json.Marshal(map[string]any{"kind": k.Kind.Kind + "List", "apiVersion": k.Ref().GroupVersion(),
		"metadata": map[string]any{"resourceVersion": "1", "continue": next}})
	var b bytes.Buffer
	b.Write(head[:len(head)-1]) // the object, open
	b.WriteString(`,"items":[`)
	for i, it := range page {
		if i > 0 {
			b.WriteByte(',')
		}
		if k.restoresRoutes() {
			data, _ := json.Marshal(k.object(it))
			b.Write(data)
			continue
		}
		b.Write(it.raw)
	}
	b.WriteString("]}")
	return b.Bytes()
}

// getOne answers a get of one object: found by name in its namespace, or (a machine-mode
// snapshot's Secret, whose name was masked) by the UID kept under the name's hash.
func (r *Reader) getOne(req *http.Request, kd *kindData, p resourcePath, ns string, table bool, include string) (*http.Response, error) {
	uid := ""
	if apivalue.CoreSecrets(kd.Group, kd.Resource) {
		uid = r.s.routing.SecretUIDs[secretKey(p.namespace, p.name)]
	}
	var found, byUID *item
	err := kd.walk(req.Context(), pos{}, ns, func(_ pos, it item) bool {
		if apivalue.MetaString(it.Meta, "name") == p.name {
			found = &it
			return false
		}
		if uid != "" && byUID == nil && apivalue.MetaString(it.Meta, "uid") == uid {
			byUID = &it
		}
		return true
	})
	if err != nil {
		return nil, err
	}
	if found == nil {
		found = byUID
	}
	if found == nil {
		return status(req, http.StatusNotFound, "NotFound")
	}
	if !table {
		return respondJSON(req, 200, kd.object(*found))
	}
	columns, err := kd.cols()
	if err != nil {
		return nil, err
	}
	return respondJSON(req, 200, kd.tableOf(columns, []item{*found}, include, "", ""))
}

// holdsNamespace reports whether the capture covered ns.
func (s *Snapshot) holdsNamespace(ns string) bool {
	return len(s.Manifest.Namespaces) == 0 || slices.Contains(s.Manifest.Namespaces, ns)
}

// pageSize is the page a list asks for: its limit, at most limits.PageSize.
func pageSize(limit string) int {
	size := limits.PageSize
	if n, err := strconv.Atoi(limit); err == nil && n > 0 && n < size {
		size = n
	}
	return size
}

// tableOf is the server's Table for items: the captured cells, and each object whole, as its
// metadata (the server's default) or not at all.
func (k *kindData) tableOf(columns []kube.Column, items []item, include, next, rv string) map[string]any {
	rows := make([]any, len(items))
	for i, it := range items {
		row := map[string]any{"cells": it.Cells}
		switch include {
		case "None":
		case "Object":
			row["object"] = k.object(it)
		default:
			row["object"] = map[string]any{"kind": "PartialObjectMetadata", "apiVersion": "meta.k8s.io/v1", "metadata": apivalue.Meta(it.Meta)}
		}
		rows[i] = row
	}
	md := map[string]any{"continue": next}
	if rv != "" {
		md["resourceVersion"] = rv
	}
	// The columns are written once as JSON, so that the whole Table is values the JSON writer
	// takes (respondJSON).
	cols, err := json.Marshal(columns)
	if err != nil {
		cols = []byte("[]")
	}
	return map[string]any{"kind": "Table", "apiVersion": "meta.k8s.io/v1", "metadata": md, "columnDefinitions": json.RawMessage(cols), "rows": rows}
}

// watch answers a watch from the start with the captured list, each object ADDED, then a clean
// end; a watch from a version (a live statement going on after its list) ends with
// fault.ErrReplayEnd. The events are written as the kind's entries are walked, through a pipe, so
// the answer is never held whole.
func (r *Reader) watch(req *http.Request, kd *kindData, ns string, match func(item) bool, table bool, include string) (*http.Response, error) {
	columns, err := kd.cols()
	if err != nil {
		return nil, err
	}
	pr, pw := io.Pipe()
	go func() {
		enc := json.NewEncoder(pw)
		var werr error
		err := kd.walk(req.Context(), pos{}, ns, func(_ pos, it item) bool {
			if !match(it) {
				return true
			}
			var obj any
			if table {
				obj = kd.tableOf(columns, []item{it}, include, "", "")
			} else {
				obj = kd.object(it)
			}
			werr = enc.Encode(map[string]any{"type": "ADDED", "object": obj})
			return werr == nil
		})
		if err == nil {
			err = werr
		}
		pw.CloseWithError(err)
	}()
	resp := respond(req, 200, "application/json", nil)
	resp.Body, resp.ContentLength = pr, -1
	return resp, nil
}

func labelsOf(obj map[string]any) map[string]string { return apivalue.MetaStrings(obj, "labels") }

// noticeCut tells the person, once, that the namespaces a read covers had their share of the kind
// cut at the capture's --max-rows: how many were kept and left out.
func (r *Reader) noticeCut(kd *kindData, p resourcePath) {
	what := (discovery.APIResource{Group: p.group, Resource: p.resource}).GroupResource()
	max := r.s.Manifest.MaxRows
	if p.namespace != "" || !kd.Namespaced {
		for _, c := range kd.Cut {
			if c.Namespace == p.namespace {
				r.notice(fault.Sentencef(sentenceCutOne, c.Kept, c.Kept+c.Left, what, c.Namespace, max))
			}
		}
		return
	}
	if len(kd.Cut) == 0 {
		return
	}
	left := 0
	for _, c := range kd.Cut {
		left += c.Left
	}
	r.notice(fault.Sentencef(sentenceCutAll, left, what, max, len(kd.Cut), kd.Cut[0].Namespace))
}
