package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strconv"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/studioctl/studioctl/limits"
)

// The stdio transport's frames. The SDK ends its stdio connection at the first frame it cannot
// decode, so one bad line from a client (not JSON, jsonrpc "1.0", a batch, a method that is not a
// string) stopped the server with no answer. Here every line is read first: a line that is not a
// JSON-RPC 2.0 request or notification is answered with the JSON-RPC error it deserves (-32700
// parse error, -32600 invalid request, with the request's id when it has a usable one, else null)
// and the server goes on; only well-formed lines reach the SDK. At the end of the input the
// server waits for the answers to the requests it read before it closes (bounded by callEnd), so
// a client that pipes its requests and closes loses none.

const (
	codeParseError     = -32700
	codeInvalidRequest = -32600

	// maxFrameBytes is the longest line read as one frame; a longer one is a parse error and the
	// rest of it is skipped.
	maxFrameBytes = limits.MCPFrameBytes
)

// ServeStream serves MCP over newline-delimited JSON-RPC on in and out until ctx ends or in does
// (the process's stdin and stdout for studioctl mcp).
func (s *Server) ServeStream(ctx context.Context, in io.Reader, out io.Writer) error {
	w := &lineWriter{out: out, pending: map[string]bool{}, inits: map[string]bool{}}
	pr, pw := io.Pipe()
	go func() {
		pw.CloseWithError(feedFrames(ctx, in, pw, w, s.opts.Deadline+5*time.Second))
	}()
	return s.sdk.Run(ctx, &sdk.IOTransport{Reader: pr, Writer: w})
}

// feedFrames copies each well-formed line of in to the SDK and answers the others itself. At the
// end of in it waits, at most wait, until every request it passed on has been answered.
func feedFrames(ctx context.Context, in io.Reader, sdkIn io.Writer, w *lineWriter, wait time.Duration) error {
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, tooLong, err := readFrame(r)
		if len(bytes.TrimSpace(line)) > 0 || tooLong {
			if werr := passFrame(ctx, line, tooLong, sdkIn, w); werr != nil {
				return werr
			}
		}
		if err != nil {
			w.waitAnswered(ctx, wait)
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
}

// passFrame answers a line that is no JSON-RPC request, or a call before initialize, and passes
// any other line to the SDK. An initialize is answered before the next line is read (the SDK
// answers it before it reads on too), so whether the session is initialized is known for it.
func passFrame(ctx context.Context, line []byte, tooLong bool, sdkIn io.Writer, w *lineWriter) error {
	bad := checkFrame(line, tooLong)
	req, isRequest := readFrameRequest(line)
	if bad == nil && isRequest {
		bad = stateAnswer(req, w.isInitialized())
	}
	if bad != nil {
		w.writeLine(bad)
		return nil
	}
	w.expect(line)
	if _, err := sdkIn.Write(append(line, '\n')); err != nil {
		return err
	}
	if req.call && req.method == "initialize" {
		w.waitAnswered(ctx, initializeWait)
	}
	return nil
}

// initializeWait bounds the wait for an initialize's answer; the SDK answers at once.
const initializeWait = 10 * time.Second

// readFrame reads one line without its end; a line past maxFrameBytes is read to its end and
// reported too long.
func readFrame(r *bufio.Reader) (line []byte, tooLong bool, err error) {
	for {
		chunk, isPrefix, rerr := r.ReadLine()
		if !tooLong {
			if len(line)+len(chunk) > maxFrameBytes {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if rerr != nil || !isPrefix {
			return line, tooLong, rerr
		}
	}
}

// wireRequest is what a line must be to reach the SDK.
type wireRequest struct {
	JSONRPC *string         `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  json.RawMessage `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}

// checkFrame is nil for a line the SDK may read, else the error answer to write.
func checkFrame(line []byte, tooLong bool) []byte {
	trimmed := bytes.TrimSpace(line)
	if tooLong || !json.Valid(trimmed) {
		return errorAnswer(nil, codeParseError, "Parse error: the line is not one JSON value")
	}
	if trimmed[0] != '{' {
		return errorAnswer(nil, codeInvalidRequest, "Invalid Request: a frame is one JSON object (batches are not served)")
	}
	var req wireRequest
	if err := json.Unmarshal(trimmed, &req); err != nil {
		return errorAnswer(nil, codeInvalidRequest, "Invalid Request: the object does not have JSON-RPC's shape")
	}
	id := usableID(req.ID)
	switch {
	case req.JSONRPC == nil || *req.JSONRPC != "2.0":
		return errorAnswer(id, codeInvalidRequest, `Invalid Request: jsonrpc must be "2.0"`)
	case req.Method == nil && (req.Result != nil || req.Error != nil):
		return nil // a client's answer to a server request
	case req.Method == nil || req.Method[0] != '"':
		return errorAnswer(id, codeInvalidRequest, "Invalid Request: method must be a string")
	case req.ID != nil && id == nil:
		return errorAnswer(nil, codeInvalidRequest, "Invalid Request: id must be a string or a number")
	}
	return nil
}

// usableID is a request's id when it is a string or a number, else nil (written as null).
func usableID(raw json.RawMessage) json.RawMessage {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] == 'n' || raw[0] == '{' || raw[0] == '[' || raw[0] == 't' || raw[0] == 'f' {
		return nil
	}
	return raw
}

// idKey is an id as the request and its answer both spell it: a number by its value (1.0 and 1
// are one id), a string as it is.
func idKey(raw json.RawMessage) string {
	if raw[0] == '"' {
		return string(raw)
	}
	if f, err := strconv.ParseFloat(string(raw), 64); err == nil {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return string(raw)
}

func errorAnswer(id json.RawMessage, code int, message string) []byte {
	if id == nil {
		id = json.RawMessage("null")
	}
	out, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id,
		"error": map[string]any{"code": code, "message": message}})
	return out
}

// lineWriter writes whole lines to out, one at a time, so an error answer never lands inside one
// the SDK is writing; it also counts the requests passed on that have no answer yet.
type lineWriter struct {
	mu      sync.Mutex
	out     io.Writer
	partial []byte
	pending map[string]bool // ids of requests passed on and not yet answered
	changed chan struct{}
	// inits are the ids of initialize requests passed on; initialized is set when one of them
	// is answered with a result.
	inits       map[string]bool
	initialized bool
}

// isInitialized reports whether an initialize was answered with a result.
func (w *lineWriter) isInitialized() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.initialized
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.partial = append(w.partial, p...)
	for {
		i := bytes.IndexByte(w.partial, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := w.partial[:i+1]
		if _, err := w.out.Write(line); err != nil {
			return 0, err
		}
		w.answered(line)
		w.partial = append(w.partial[:0], w.partial[i+1:]...)
	}
}

func (w *lineWriter) Close() error { return nil }

// writeLine writes one line of studioctl's own.
func (w *lineWriter) writeLine(line []byte) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.out.Write(append(line, '\n'))
}

// expect notes a request passed on (one with an id).
func (w *lineWriter) expect(line []byte) {
	var req wireRequest
	if json.Unmarshal(line, &req) != nil || req.Method == nil || usableID(req.ID) == nil {
		return
	}
	key := idKey(usableID(req.ID))
	w.mu.Lock()
	w.pending[key] = true
	if string(req.Method) == `"initialize"` {
		w.inits[key] = true
	}
	w.mu.Unlock()
}

// answered crosses off the request a line answers (called with mu held).
func (w *lineWriter) answered(line []byte) {
	var ans wireRequest
	if json.Unmarshal(line, &ans) != nil || ans.Method != nil {
		return
	}
	if id := usableID(ans.ID); id != nil && w.inits[idKey(id)] && ans.Result != nil {
		w.initialized = true
	}
	if id := usableID(ans.ID); id != nil && w.pending[idKey(id)] {
		delete(w.pending, idKey(id))
		if w.changed != nil {
			close(w.changed)
			w.changed = nil
		}
	}
}

// waitAnswered waits until no request passed on is unanswered, ctx ends or wait passes.
func (w *lineWriter) waitAnswered(ctx context.Context, wait time.Duration) {
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		w.mu.Lock()
		if len(w.pending) == 0 {
			w.mu.Unlock()
			return
		}
		if w.changed == nil {
			w.changed = make(chan struct{})
		}
		ch := w.changed
		w.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return
		case <-timer.C:
			return
		}
	}
}
