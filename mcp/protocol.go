package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/studioctl/studioctl/fault"
)

// The JSON-RPC answers the SDK gets wrong (issue 34): it answers a second initialize and a call
// before initialize with error code 0 (no JSON-RPC code), accepts any logging level, and over
// HTTP answers an unknown method or an id of null with a plain-text 400. Each is answered here
// with the JSON-RPC code that fits, in studioctl's words: -32600 (invalid request) for a request
// the session's state does not admit, as the MCP lifecycle allows only ping before initialize
// and one initialize a session; -32601 for a method this server does not serve; -32602 for a
// level that is not one of the RFC 5424 levels MCP names.

const (
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
)

// loggingLevels are the levels logging/setLevel takes (MCP's LoggingLevel, RFC 5424).
var loggingLevels = []string{"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}

// servedMethods are the requests the SDK's server answers before protocol 2026-07-28 (its
// serverMethodInfos); TestServedMethodsReachTheSDK holds the list to the SDK's. Over HTTP, a
// request for any other method is answered -32601 here, since the SDK answers it with plain text.
var servedMethods = []string{"initialize", "ping", "tools/list", "tools/call", "prompts/list", "prompts/get",
	"resources/list", "resources/templates/list", "resources/read", "resources/subscribe", "resources/unsubscribe",
	"logging/setLevel", "completion/complete", "server/discover", "subscriptions/listen"}

// protocolMiddleware answers, before the SDK's handler, a second initialize on a session and a
// logging level MCP does not define; both reach it on every transport.
func protocolMiddleware(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		switch method {
		case "initialize":
			if ss, ok := req.GetSession().(*sdk.ServerSession); ok && ss.InitializeParams() != nil {
				return nil, &jsonrpc.Error{Code: codeInvalidRequest, Message: sentenceInitializedAlready}
			}
		case "logging/setLevel":
			if p, ok := req.GetParams().(*sdk.SetLoggingLevelParams); ok && !slices.Contains(loggingLevels, string(p.Level)) {
				return nil, &jsonrpc.Error{Code: codeInvalidParams, Message: fault.Sentencef(sentenceLoggingLevel, string(p.Level))}
			}
		}
		return next(ctx, method, req)
	}
}

// frameRequest is a well-formed frame's method and id as checkFrame admitted them: call is
// whether it has an id (a request, not a notification).
type frameRequest struct {
	method string
	id     json.RawMessage
	params json.RawMessage
	call   bool
}

// readFrameRequest reads the method and id of a frame checkFrame admitted; ok is false for a
// client's answer, which has no method.
func readFrameRequest(frame []byte) (frameRequest, bool) {
	var req wireRequest
	if json.Unmarshal(bytes.TrimSpace(frame), &req) != nil || req.Method == nil {
		return frameRequest{}, false
	}
	var method string
	if json.Unmarshal(req.Method, &method) != nil {
		return frameRequest{}, false
	}
	id := usableID(req.ID)
	return frameRequest{method: method, id: id, params: req.Params, call: id != nil}, true
}

// stateAnswer is the error answer to a call the session does not admit in its state (before
// initialize), or to an initialize whose params the SDK could not read (it answers that with
// code 0), else nil.
func stateAnswer(r frameRequest, initialized bool) []byte {
	if bad := lifecycleAnswer(r, initialized); bad != nil {
		return bad
	}
	return initializeParamsAnswer(r)
}

// initializeParams is what the SDK reads of initialize's params, field for field; a value it
// reads is read here too.
type initializeParams struct {
	ProtocolVersion string              `json:"protocolVersion"`
	Capabilities    map[string]any      `json:"capabilities"`
	ClientInfo      *sdk.Implementation `json:"clientInfo"`
}

// initializeParamsAnswer is the -32602 answer to an initialize whose params are not an object
// of initialize's shape, else nil (missing params are the SDK's, which answers -32600).
func initializeParamsAnswer(r frameRequest) []byte {
	if !r.call || r.method != "initialize" || len(r.params) == 0 || string(r.params) == "null" {
		return nil
	}
	var p initializeParams
	if json.Unmarshal(r.params, &p) == nil {
		return nil
	}
	return errorAnswer(r.id, codeInvalidParams, sentenceInitializeParams)
}

// lifecycleAnswer is the error answer to a call the session does not admit before initialize
// (anything but initialize and ping), else nil.
func lifecycleAnswer(r frameRequest, initialized bool) []byte {
	if !r.call || initialized || r.method == "initialize" || r.method == "ping" {
		return nil
	}
	return errorAnswer(r.id, codeInvalidRequest, fault.Sentencef(sentenceNotInitialized, r.method))
}

// unknownMethodAnswer is the -32601 answer to a call of a method this server does not serve,
// else nil.
func unknownMethodAnswer(r frameRequest) []byte {
	if !r.call || slices.Contains(servedMethods, r.method) {
		return nil
	}
	return errorAnswer(r.id, codeMethodNotFound, fault.Sentencef(sentenceMethodNotFound, r.method))
}
