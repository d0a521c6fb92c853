// Package record keeps what a real API server answered, Secret values stripped, and replays it:
// recordings prove which requests a statement makes and serve the demo. A recorder and a replayer
// sit beneath the allowlist's guard, never beside it.
package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/redact"
	"github.com/studioctl/studioctl/sanitize"
)

// A Recording holds what a real API server answered, so statements can be replayed without a
// server: in tests (which then also prove which requests a statement makes), in demos and in
// offline audits of a captured cluster. It never holds a credential: the recorder sees requests
// below the guard, writes no header but Accept, and strips Secret values from every body.
type Recording struct {
	Server     string    `json:"server"`     // the server's gitVersion at capture
	CapturedAt time.Time `json:"capturedAt"` // the clock replay runs at, so ages read as they did
	Identity   string    `json:"identity"`   // which test identity made the requests (admin, view, none)
	// DiscoveryBeta records that discovery was asked for its v2beta1 form first; a replay asks
	// the same way.
	DiscoveryBeta bool        `json:"discoveryBeta,omitempty"`
	Exchanges     []*Exchange `json:"exchanges"`
}

// Exchange is one request and its answer. Path is below the connection's API path.
type Exchange struct {
	Method      string          `json:"method"`
	Path        string          `json:"path"`
	Query       string          `json:"query,omitempty"`
	Accept      string          `json:"accept"`
	RequestBody json.RawMessage `json:"requestBody,omitempty"`
	Status      int             `json:"status"`
	ContentType string          `json:"contentType,omitempty"`
	Body        string          `json:"body,omitempty"`
	// BodyRef names the body in the set's body store (bodies.go) where a compacted file keeps
	// it; loading the file puts the body back.
	BodyRef string `json:"bodyRef,omitempty"`

	group string // the recorder's group when the exchange was made (SaveGroups)
}

func (e *Exchange) key() string {
	return e.Method + " " + e.Path + "?" + e.Query + " " + e.Accept + " " + CompactJSON(e.RequestBody)
}

// CompactJSON is a request body as a key compares it: compacted JSON, or the bytes as they are
// when they are not JSON.
func CompactJSON(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	var buf bytes.Buffer
	if json.Compact(&buf, b) != nil {
		return string(b)
	}
	return buf.String()
}

// LoadRecording reads a recording file, or a directory of group files (see LoadDir).
func LoadRecording(path string) (*Recording, error) {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return LoadDir(path)
	}
	data, err := readCapped(path)
	if err != nil {
		return nil, err
	}
	rec, err := ParseRecording(data)
	if err != nil {
		return nil, err
	}
	return rec, resolveBodies(filepath.Dir(path), rec)
}

// errNotRecording is a file a recording cannot be: not a regular file (a device such as
// /dev/zero would never end), or past limits.RecordingMaxBytes.
var errNotRecording = fmt.Errorf("record: not a regular file under the recording size cap: %w", fs.ErrInvalid)

// readCapped reads a recording file whole, refusing one that is not a regular file or passes
// limits.RecordingMaxBytes (issue 32 item 2: --replay /dev/zero read until memory ran out).
func readCapped(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > limits.RecordingMaxBytes {
		return nil, errNotRecording
	}
	data, err := io.ReadAll(io.LimitReader(f, limits.RecordingMaxBytes+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limits.RecordingMaxBytes {
		return nil, errNotRecording
	}
	return data, nil
}

// ParseRecording reads a recording from its JSON bytes. A recording is a file anyone can hand
// over, so the fields studioctl may print as they are (the server's version, the identity) are
// made safe for a terminal and cut here, as a sentence's values are; the recorded answers go
// through the decoder and the Writer like a live server's.
func ParseRecording(data []byte) (*Recording, error) {
	var r Recording
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, err
	}
	r.Server = fault.CutValue(sanitize.String(r.Server))
	r.Identity = fault.CutValue(sanitize.String(r.Identity))
	return &r, nil
}

// Notice is the one line printed on stderr before replayed answers: which server the recording
// holds and when it was captured, through the sentence formatter.
func (r *Recording) Notice() string {
	return fault.Sentencef(sentenceReplayNotice, r.Server, r.CapturedAt.UTC().Format("2006-01-02 15:04 MST"))
}

// Save writes the recording sorted by request, so a new capture diffs cleanly against the old.
func (r *Recording) Save(path string) error {
	sort.SliceStable(r.Exchanges, func(i, j int) bool { return r.Exchanges[i].key() < r.Exchanges[j].key() })
	data, err := json.MarshalIndent(r, "", " ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

// ReplayHost is the address a replayed connection names; it is never dialled.
const ReplayHost = "replay.studioctl.invalid"

// ReplayEndpoint is the endpoint a replay runs against.
func ReplayEndpoint(namespace string) *kube.Endpoint {
	ep, err := kube.Connection{Host: ReplayHost, Port: 443, Token: "replay", DefaultNamespace: namespace}.Validate(kube.Switches{})
	if err != nil {
		panic(err) // the literal above always validates
	}
	return ep
}

// Replayer answers requests from a recording. A request with no recording fails, so a replay
// proves which requests a statement makes; Missed lists them for a test to report.
// The same request asked twice is answered in the order it was recorded (the server's answer can
// change between the two, an age for one), and the last answer again once they run out.
type Replayer struct {
	rec    *Recording
	byKey  map[string][]*Exchange
	next   map[string]int
	mu     sync.Mutex
	missed []string
}

// NewReplayer indexes a recording.
func NewReplayer(rec *Recording) *Replayer {
	p := &Replayer{rec: rec, byKey: map[string][]*Exchange{}, next: map[string]int{}}
	for _, e := range rec.Exchanges {
		p.byKey[e.key()] = append(p.byKey[e.key()], e)
	}
	return p
}

// ErrNoRecording is returned for a request the recording does not hold.
var ErrNoRecording = fault.ErrNoRecording

// RoundTrip answers from the recording, or fails with ErrNoRecording.
func (p *Replayer) RoundTrip(req *http.Request) (*http.Response, error) {
	ex, err := exchangeFor(req)
	if err != nil {
		return nil, err
	}
	k := ex.key()
	p.mu.Lock()
	answers, ok := p.byKey[k]
	var found *Exchange
	if ok {
		i := p.next[k]
		if i >= len(answers) {
			i = len(answers) - 1
		}
		found = answers[i]
		p.next[k] = i + 1
	} else {
		p.missed = append(p.missed, k)
	}
	p.mu.Unlock()
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrNoRecording, k)
	}
	if found.BodyRef != "" {
		// Parsed from bytes alone, a compacted file has no store to read its bodies from.
		return nil, fmt.Errorf("%w: %s names its answer in a body store that was not read", ErrNoRecording, k)
	}
	h := http.Header{}
	if found.ContentType != "" {
		h.Set("Content-Type", found.ContentType)
	}
	return &http.Response{
		StatusCode: found.Status, Status: kube.StatusLine(found.Status), Header: h,
		Body: io.NopCloser(strings.NewReader(found.Body)), ContentLength: int64(len(found.Body)),
		Request: req, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
	}, nil
}

// Missed lists the requests that found no recording.
func (p *Replayer) Missed() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.missed...)
}

// Recording is the recording being replayed.
func (p *Replayer) Recording() *Recording { return p.rec }

func exchangeFor(req *http.Request) (*Exchange, error) {
	ex := &Exchange{Method: req.Method, Path: req.URL.Path, Query: req.URL.RawQuery, Accept: req.Header.Get("Accept")}
	if req.Body != nil && req.Body != http.NoBody {
		b, err := io.ReadAll(io.LimitReader(req.Body, kube.MaxRequestBody))
		if err != nil {
			return nil, err
		}
		ex.RequestBody = b
	}
	return ex, nil
}

// Recorder passes requests to a real transport and keeps each exchange, with Secret values
// stripped from every body before it is kept.
type Recorder struct {
	Base    http.RoundTripper
	APIPath string
	// Keep, when set, chooses which exchanges are kept (by method and path below the API path);
	// the others pass through unread. A snapshot keeps only the fixed answers this way.
	Keep  func(method, path string) bool
	mu    sync.Mutex
	group string
	Rec   Recording
}

// Exchanges is a copy of the exchanges kept so far.
func (r *Recorder) Exchanges() []*Exchange {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]*Exchange(nil), r.Rec.Exchanges...)
}

// SetGroup files the exchanges made from now on under group (see Recording.SaveGroups).
func (r *Recorder) SetGroup(group string) {
	r.mu.Lock()
	r.group = group
	r.mu.Unlock()
}

// Layer puts the recorder on a real transport; it is kube.Options.Layer's shape, so the client
// places it beneath its guard.
func (r *Recorder) Layer(base http.RoundTripper, apiPath string) http.RoundTripper {
	r.Base, r.APIPath = base, apiPath
	return r
}

// RoundTrip sends the request on and keeps the exchange, Secret values stripped.
func (r *Recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	if r.Keep != nil && !r.Keep(req.Method, strings.TrimPrefix(req.URL.Path, r.APIPath)) {
		return r.Base.RoundTrip(req)
	}
	ex, err := exchangeFor(req)
	if err != nil {
		return nil, err
	}
	ex.Path = strings.TrimPrefix(ex.Path, r.APIPath)
	if ex.RequestBody != nil {
		req.Body = io.NopCloser(bytes.NewReader(ex.RequestBody))
	}
	resp, err := r.Base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	// A watch ends when its window closes, mid-body: what arrived until then is its answer, and
	// is what a replay gives back.
	body, err := io.ReadAll(io.LimitReader(resp.Body, limits.MaxResponseBytes+1))
	resp.Body.Close()
	if err != nil && req.URL.Query().Get("watch") == "" {
		return nil, err
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	ex.Status = resp.StatusCode
	ex.ContentType = resp.Header.Get("Content-Type")
	ex.Body = string(scrubForRecording(ex.Path, ex.ContentType, body))
	r.mu.Lock()
	ex.group = r.group
	r.Rec.Exchanges = append(r.Rec.Exchanges, ex)
	r.mu.Unlock()
	return resp, nil
}

// scrubForRecording applies people-mode stripping to a JSON body, or to each document of a stream
// (a watch answers one event after another), so no Secret value is ever written to a recording,
// whatever request it answered. A body about core secrets that cannot be read as JSON is not kept
// at all; any other that is not JSON (a log) is kept as it came.
func scrubForRecording(path, contentType string, body []byte) []byte {
	secrets := strings.HasSuffix(path, "/secrets") || strings.Contains(path, "/secrets/")
	if !secrets && !strings.Contains(contentType, "json") {
		return body // a log is text/plain, and a JSON-looking log line stays as it was written
	}
	if apivalue.CheckNesting(body, limits.MaxNesting) != nil {
		if secrets {
			return nil
		}
		return body
	}
	out, docs, bad, ok := eachDocument(body, func(v any) { peopleAny(v, secrets) })
	switch {
	case bad && secrets:
		return nil
	case bad:
		return body
	case !ok:
		return nil
	case docs == 0:
		return body
	}
	return out
}

// eachDocument decodes a JSON body, or each document of a stream, with exact numbers, hands it
// to fn and writes it back compacted, one document a line. bad is true when the body does not
// read as JSON; ok is false when a document could not be written back.
func eachDocument(body []byte, fn func(any)) (out []byte, docs int, bad, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var buf bytes.Buffer
	for ; ; docs++ {
		var v any
		err := dec.Decode(&v)
		if errors.Is(err, io.EOF) {
			return buf.Bytes(), docs, false, true
		}
		if err != nil {
			return nil, docs, true, false
		}
		fn(v)
		data, err := json.Marshal(v)
		if err != nil {
			return nil, docs, false, false
		}
		if docs > 0 {
			buf.WriteByte('\n')
		}
		buf.Write(data)
	}
}

// peopleAny strips an answer about to be written to a recording; secrets marks an answer to a
// request for core secrets, whose items carry no kind of their own.
func peopleAny(v any, secrets bool) {
	if secrets {
		redact.SecretAnswer(v)
		return
	}
	redact.PeopleAny(v)
}
